import { useId } from 'react'
import { useTranslation } from '../../lib/translation.tsx'
import { useLocation } from 'react-router'
import { COOKIES, LOCALES, toLocale } from '@aurum/shared'
import { useServices } from '../../lib/services.tsx'
import { useLocales } from '../../features/info/api/get-locales.ts'
import { writeCookie } from '../../lib/cookies.ts'
import { localizedPath } from '../url.ts'
import styles from './layout.module.css'

/** Switching language changes the URL prefix (a full page load: the router base changes) and the locale cookie. */
export function LanguageSwitcher() {
  const { t } = useTranslation()
  const { env } = useServices()
  const location = useLocation()
  const id = useId()
  const locales = useLocales().data
  const options = locales ?? LOCALES.map((code) => ({ code, name_in_locale: code }))
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t('footer.language')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={env.locale}
        onChange={(event) => {
          const locale = toLocale(event.target.value)
          if (!locale) return
          writeCookie(COOKIES.locale, locale, COOKIES.cookiesAcceptedMaxAgeSeconds)
          window.location.assign(
            localizedPath(location.pathname, locale, env.defaultLocale, env.restricted) + location.search,
          )
        }}
      >
        {options.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name_in_locale}
          </option>
        ))}
      </select>
    </>
  )
}
