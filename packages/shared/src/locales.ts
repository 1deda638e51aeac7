/** Interface languages (spec §2) and the per-country defaults of spec §9. */
export const LOCALES = [
  'en',
  'de',
  'en-AU',
  'en-CA',
  'en-IE',
  'en-NZ',
  'es-MX',
  'et',
  'fi',
  'fr-CA',
  'ja',
  'no',
  'pt-BR',
] as const
export type Locale = (typeof LOCALES)[number]

/** Language used when neither the country nor the URL says otherwise (spec §9). */
export const DEFAULT_LOCALE: Locale = 'en-CA'

/** Language a visitor from a given country gets by default (spec §9). */
export const COUNTRY_LOCALES: Readonly<Record<string, Locale>> = {
  AU: 'en-AU',
  DE: 'de',
  BR: 'pt-BR',
  NZ: 'en-NZ',
}

/** Where a translation is missing, a regional variant falls back to its base language, then to en. */
export function localeFallbacks(locale: Locale): Locale[] {
  const base = locale.split('-')[0] as Locale
  const chain: Locale[] = [locale]
  if (base !== locale && (LOCALES as readonly string[]).includes(base)) chain.push(base)
  if (!chain.includes('en')) chain.push('en')
  return chain
}

const byLowercase = new Map<string, Locale>(LOCALES.map((l) => [l.toLowerCase(), l]))

/** Case-insensitive lookup of a locale code; `undefined` when it is not an interface language. */
export function toLocale(value: string | undefined | null): Locale | undefined {
  if (!value) return undefined
  return byLowercase.get(value.toLowerCase())
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function defaultLocaleFor(country: string | undefined | null): Locale {
  return (country && COUNTRY_LOCALES[country.toUpperCase()]) || DEFAULT_LOCALE
}

/** The URL prefix of a language: lower case, e.g. `pt-br`. */
export function localePrefix(locale: Locale): string {
  return locale.toLowerCase()
}

/**
 * Picks the best interface language from an Accept-Language header,
 * e.g. `de-AT,de;q=0.9,en;q=0.8` gives `de`.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 }
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { tag } of ranked) {
    const exact = toLocale(tag)
    if (exact) return exact
    const base = toLocale(tag.split('-')[0])
    if (base) return base
  }
  return undefined
}
