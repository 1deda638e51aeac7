// Imported by vite.config.ts, which loads no workspace package's TypeScript: types only from there.
import type { Messages } from '@aurum/shared/i18n'

const lookup = (bundle: Messages, key: string): string | undefined => {
  let node: string | Messages | undefined = bundle
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** `localeFallbacks` of @aurum/shared/locales, given the languages there are (the test compares them). */
export function fallbackChain(locale: string, languages: readonly string[]): string[] {
  const base = locale.split('-')[0]!
  const chain = [locale]
  if (base !== locale && languages.includes(base)) chain.push(base)
  if (!chain.includes('en')) chain.push('en')
  return chain
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/**
 * A language's bundle without the messages its fallbacks already give (en-CA ships the 55 of its
 * 1,199 messages that differ from en, not a second copy of en: 18 KB gzipped less on every page for
 * an en-CA, en-AU, en-IE or en-NZ visitor). The translator looks a key up along the chain (the
 * language, then its fallbacks), so a message it finds further down the chain reads the same.
 * Plural forms and the keys that have them stay whole: the translator picks a plural form within
 * one bundle before it moves down the chain.
 */
export function localeDelta(bundle: Messages, fallbacks: readonly Messages[]): Messages {
  const inherited = (key: string) => {
    for (const fallback of fallbacks) {
      const text = lookup(fallback, key)
      if (text !== undefined) return text
    }
    return undefined
  }
  const hasPlurals = (node: Messages, key: string) =>
    Object.keys(node).some((k) => k.startsWith(`${key}_`) && PLURAL_SUFFIX.test(k))
  const prune = (node: Messages, prefix: string, siblings: Messages[]): Messages => {
    const kept: Messages = {}
    for (const [key, value] of Object.entries(node)) {
      const dotted = `${prefix}${key}`
      if (typeof value !== 'string') {
        const children = siblings.flatMap((s) => (typeof s[key] === 'object' ? [s[key]] : []))
        const child = prune(value, `${dotted}.`, children)
        if (Object.keys(child).length > 0) kept[key] = child
        continue
      }
      const plural = PLURAL_SUFFIX.test(key) || [node, ...siblings].some((n) => hasPlurals(n, key))
      if (plural || inherited(dotted) !== value) kept[key] = value
    }
    return kept
  }
  return prune(bundle, '', [...fallbacks])
}
