import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LOCALES, localeFallbacks, type Locale, type Messages } from '@aurum/shared'

const bundles = import.meta.glob<{ default: Messages }>('../../../../packages/shared/src/locales/*.json')

function bundleLoader(locale: Locale) {
  const load = bundles[`../../../../packages/shared/src/locales/${locale}.json`]
  // Spec §8: a missing locale file is a module-not-found error.
  if (!load) throw new Error(`Cannot find module './locales/${locale}.json'`)
  return load
}

/** Loads the bundles a language needs (itself and its fallbacks, e.g. en-AU then en). */
export async function loadMessages(locale: Locale): Promise<Partial<Record<Locale, Messages>>> {
  const chain = localeFallbacks(locale)
  const loaded = await Promise.all(chain.map(async (l) => [l, (await bundleLoader(l)()).default] as const))
  return Object.fromEntries(loaded)
}

/** A fresh i18next instance per render on the server, one in the browser; initialised synchronously. */
export function createI18n(locale: Locale, messages: Partial<Record<Locale, Messages>>): I18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    lng: locale,
    // A fixed chain per instance (and no region stripping): i18next resolves a fallback
    // function on every t() call, about four times slower on server renders.
    fallbackLng: localeFallbacks(locale).slice(1),
    load: 'currentOnly',
    supportedLngs: [...LOCALES],
    resources: Object.fromEntries(Object.entries(messages).map(([l, m]) => [l, { translation: m }])),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  })
  return instance
}
