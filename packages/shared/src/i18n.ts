import { localeFallbacks, type Locale } from './locales.ts'

export type Messages = { [key: string]: string | Messages }

/** Looks up a dotted key such as `validation.required` in a nested bundle. */
export function lookup(bundle: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = bundle
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** i18next-style interpolation: `{{name}}`. */
export function interpolate(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  )
}

/** Translates with the fallback chain of the language (en-AU, then en); the key itself when nothing has it. */
export function translate(
  bundles: Partial<Record<Locale, Messages>>,
  locale: Locale,
  key: string,
  vars?: Record<string, string | number>,
): string {
  for (const l of localeFallbacks(locale)) {
    const text = lookup(bundles[l], key)
    if (text !== undefined) return interpolate(text, vars)
  }
  return key
}

/** All dotted keys of a bundle, for key-parity checks. */
export function flattenKeys(bundle: Messages, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : flattenKeys(v, `${prefix}${k}.`),
  )
}

/**
 * Plural form index of spec §9 for the four-form ("Russian") rule:
 * 0 → first; ending in 1 but not 11–19 → second; ending in 2–4 (not 12–14) → third;
 * the rest → fourth. With up to three forms configured: 0 → first, ending in 1 → second,
 * everything else → third.
 */
export function russianPluralIndex(n: number, forms: number): number {
  const abs = Math.abs(Math.trunc(n))
  if (abs === 0) return 0
  const mod10 = abs % 10
  const teen = abs % 100 > 10 && abs % 100 < 20
  if (!teen && mod10 === 1) return 1
  if (forms < 4) return 2
  if (!teen && mod10 >= 2 && mod10 <= 4) return 2
  return 3
}

/** The other rule of spec §9: forms for 1, for 2–4, and for 5–20 (and everything else). */
export function slavicPluralIndex(n: number): number {
  const abs = Math.abs(Math.trunc(n))
  if (abs === 1) return 0
  if (abs >= 2 && abs <= 4) return 1
  return 2
}
