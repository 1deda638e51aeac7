import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { flattenKeys, russianPluralIndex, slavicPluralIndex, translate, type Messages } from './i18n.ts'
import { LOCALES } from './locales.ts'

const dir = path.join(import.meta.dirname, 'locales')
const bundles = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as Messages]),
)
const PLURAL = /_(zero|one|two|few|many|other)$/
const baseKeys = (m: Messages) => [...new Set(flattenKeys(m).map((k) => k.replace(PLURAL, '')))].sort()

describe('translation bundles', () => {
  it('exist for all 13 interface languages', () => {
    expect(
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(LOCALES.map((l) => `${l}.json`).sort())
  })

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the keys of en', (locale) => {
    expect(baseKeys(bundles[locale]!)).toEqual(baseKeys(bundles.en!))
  })

  it.each(LOCALES)('%s has every plural form its language needs', (locale) => {
    const keys = flattenKeys(bundles[locale]!)
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
    const plural = [...new Set(keys.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))]
    for (const base of plural) {
      for (const category of categories) {
        if (category === 'zero' || category === 'two') continue
        if (category === 'many' && !['fr', 'es', 'pt', 'it'].some((p) => locale.startsWith(p))) continue
        expect(keys, `${locale}: ${base}_${category}`).toContain(`${base}_${category}`)
      }
    }
  })

  it.each(LOCALES.filter((l) => l !== 'en'))('%s keeps every placeholder of en', (locale) => {
    const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g) ?? []).sort()
    for (const key of flattenKeys(bundles.en!)) {
      const base = key.replace(PLURAL, '')
      const translated = flattenKeys(bundles[locale]!).find(
        (k) => k === key || k.replace(PLURAL, '') === base,
      )
      const en = translate(bundles, 'en', key)
      const other = translate(bundles, locale, translated ?? key)
      expect(placeholders(other), `${locale}: ${key}`).toEqual(placeholders(en))
    }
  })

  it('no bundle has an empty string', () => {
    for (const l of LOCALES) {
      for (const key of flattenKeys(bundles[l]!))
        expect(translate(bundles, l, key).trim(), `${l}: ${key}`).not.toBe('')
    }
  })
})

describe('translate', () => {
  it('falls back from a regional variant to its base language, then to en, then to the key', () => {
    const b = { en: { a: 'A', b: 'B {{n}}' }, de: { a: 'Ä' } }
    expect(translate(b, 'de', 'a')).toBe('Ä')
    expect(translate(b, 'de', 'b', { n: 2 })).toBe('B 2')
    expect(translate(b, 'en-AU', 'a')).toBe('A')
    expect(translate(b, 'de', 'missing.key')).toBe('missing.key')
  })
})

describe('plural rules of spec §9', () => {
  it('four-form rule: 0, ending in 1 (not 11–19), ending in 2–4, the rest', () => {
    const form = (n: number) => russianPluralIndex(n, 4)
    expect(form(0)).toBe(0)
    expect([1, 21, 31, 101].map(form)).toEqual([1, 1, 1, 1])
    expect([2, 3, 4, 22, 34].map(form)).toEqual([2, 2, 2, 2, 2])
    expect([5, 11, 12, 14, 19, 20, 25, 111, 112].map(form)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 3])
  })

  it('with three forms configured: 0, ending in 1, everything else', () => {
    const form = (n: number) => russianPluralIndex(n, 3)
    expect([0, 1, 21, 2, 5, 11].map(form)).toEqual([0, 1, 1, 2, 2, 2])
  })

  it('the other rule: 1, 2–4, 5–20', () => {
    expect([1, 2, 3, 4, 5, 11, 20].map(slavicPluralIndex)).toEqual([0, 1, 1, 1, 2, 2, 2])
  })
})
