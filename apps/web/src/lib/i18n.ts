import { localeFallbacks, type Locale } from '@aurum/shared/locales'
import { lookup, type Messages } from '@aurum/shared/i18n'

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

/** Options of `t`: `{{name}}` values, `count` (picks the plural form) and `defaultValue`. */
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>
export type TFunction = (key: string, options?: TOptions) => string
export interface I18n {
  readonly language: Locale
  readonly t: TFunction
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g

/**
 * The translator of the web app (the subset of i18next it used, without its ~15 KB): dotted keys, the
 * language's fallback chain (en-AU, then en), `{{name}}` values (unknown ones stay as written), plural
 * forms by CLDR category (`key_one`, `key_many`, `key_other`, and `key_zero` for 0 when present) chosen
 * per language of the chain, `defaultValue`, and the key itself when nothing has it.
 */
export function createI18n(locale: Locale, messages: Partial<Record<Locale, Messages>>): I18n {
  const chain = localeFallbacks(locale).map((l) => ({
    bundle: messages[l],
    plural: new Intl.PluralRules(l),
  }))
  // Most calls are a bare key: looked up once per instance (a server render's instance serves every
  // render of its language, and bundles never change).
  const bare = new Map<string, string>()
  const t: TFunction = (key, options) => {
    if (!options) {
      let text = bare.get(key)
      if (text === undefined) {
        text = translate(key)
        if (bare.size < 10_000) bare.set(key, text)
      }
      return text
    }
    return translate(key, options)
  }
  const translate = (key: string, options?: TOptions): string => {
    const count = options?.count
    let text: string | undefined
    for (const { bundle, plural } of chain) {
      if (!bundle) continue
      if (typeof count === 'number') {
        text =
          (count === 0 ? lookup(bundle, `${key}_zero`) : undefined) ??
          lookup(bundle, `${key}_${plural.select(count)}`)
      }
      text ??= lookup(bundle, key)
      if (text !== undefined) break
    }
    text ??= options?.defaultValue ?? key
    if (!options || !text.includes('{{')) return text
    return text.replace(PLACEHOLDER, (match, name: string) => {
      const value = options[name]
      return value === undefined || value === null ? match : `${value as string | number}`
    })
  }
  return { language: locale, t }
}
