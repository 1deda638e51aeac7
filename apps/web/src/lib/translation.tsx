import { cloneElement, createContext, Fragment, useContext, type ReactElement, type ReactNode } from 'react'
import type { I18n, TOptions } from './i18n.ts'

const I18nContext = createContext<I18n | null>(null)

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
}

/** `const { t, i18n } = useTranslation()` as with react-i18next (one namespace, no suspense). */
export function useTranslation(): { t: I18n['t']; i18n: I18n } {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useTranslation needs an I18nProvider')
  return { t: i18n.t, i18n }
}

const TAG = /<(\w+)>(.*?)<\/\1>/gs

/**
 * A translation with elements inside, as react-i18next's `<Trans>`: `Read our <policy>cookie policy</policy>.`
 * with `components={{ policy: <Link to="/cookie-policy" /> }}` renders the link around its translated text.
 */
export function Trans({
  i18nKey,
  values,
  components = {},
}: {
  i18nKey: string
  values?: TOptions
  components?: Record<string, ReactElement<{ children?: ReactNode }>>
}) {
  const { t } = useTranslation()
  const text = t(i18nKey, values)
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match
    if (match.index > last) parts.push(text.slice(last, match.index))
    const element = components[name!]
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : inner)
    last = match.index + whole.length
  }
  if (last < text.length) parts.push(text.slice(last))
  return <Fragment>{parts}</Fragment>
}
