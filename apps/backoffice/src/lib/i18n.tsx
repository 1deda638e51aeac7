import { createContext, useContext, type ReactNode } from 'react'
import { translate, type Messages } from '@aurum/shared/i18n'
import {
  LOCALES,
  localeFallbacks,
  localeFromAcceptLanguage,
  toLocale,
  type Locale,
} from '@aurum/shared/locales'
import { setApiLanguage } from './http.ts'

/**
 * The back office's own messages (src/locales/<locale>.json, all 13 languages, key parity checked by
 * locales.test.ts), loaded per language as separate chunks with their fallbacks (fr-CA then en).
 */
const bundles = import.meta.glob<Messages>('../locales/*.json', { import: 'default' })

export const LOCALE_STORAGE_KEY = 'aurum-backoffice-locale'

export interface I18n {
  locale: Locale
  t: (key: string, vars?: Record<string, string | number>) => string
}

/** The language chosen in this browser, or the browser's own, or the default. */
export function preferredLocale(): Locale {
  const stored = toLocale(globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY))
  if (stored) return stored
  return localeFromAcceptLanguage(globalThis.navigator?.languages?.join(',')) ?? 'en-CA'
}

export async function loadI18n(locale: Locale): Promise<I18n> {
  const loaded: Partial<Record<Locale, Messages>> = {}
  await Promise.all(
    localeFallbacks(locale).map(async (l) => {
      const load = bundles[`../locales/${l}.json`]
      if (load) loaded[l] = await load()
    }),
  )
  setApiLanguage(locale)
  document.documentElement.lang = locale
  return { locale, t: (key, vars) => translate(loaded, locale, key, vars) }
}

export const LANGUAGES: readonly Locale[] = LOCALES

const I18nContext = createContext<I18n | null>(null)

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useI18n needs an I18nProvider')
  return i18n
}
