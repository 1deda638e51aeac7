import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES, localeFallbacks, type Locale } from '@aurum/shared/locales'
import type { Messages } from '@aurum/shared/i18n'
import { createI18n } from './i18n.ts'
import { fallbackChain, localeDelta } from './locale-delta.ts'

const dir = path.resolve(import.meta.dirname, '../../../../packages/shared/src/locales')
const read = (locale: Locale) =>
  JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Messages

const keysOf = (node: Messages, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`),
  )

describe('language bundles without what their fallbacks give', () => {
  it('translate every key of every language as the whole bundles do, plural forms included', () => {
    for (const locale of LOCALES) {
      const chain = localeFallbacks(locale)
      const whole = Object.fromEntries(chain.map((l) => [l, read(l)]))
      const [, ...rest] = chain
      const delta = {
        ...whole,
        [locale]: localeDelta(
          whole[locale]!,
          rest.map((l) => whole[l]!),
        ),
      }
      const a = createI18n(locale, whole)
      const b = createI18n(locale, delta)
      const keys = new Set(chain.flatMap((l) => keysOf(whole[l]!)))
      for (const key of keys) {
        const base = key.replace(/_(zero|one|two|few|many|other)$/, '')
        expect([locale, key, b.t(key)]).toEqual([locale, key, a.t(key)])
        for (const count of [0, 1, 2, 5, 21, 1.5])
          expect([locale, base, count, b.t(base, { count })]).toEqual([
            locale,
            base,
            count,
            a.t(base, { count }),
          ])
      }
    }
  })

  it('follows the fallback chain of @aurum/shared', () => {
    for (const locale of LOCALES) expect(fallbackChain(locale, LOCALES)).toEqual(localeFallbacks(locale))
  })

  it('drops what the fallback says alike, keeps what differs and the plural families', () => {
    const en = { a: 'A', b: 'B', n: { x: 'X', y: 'Y' }, c_one: 'one', c_other: 'many', d: 'D' }
    const ca = { a: 'A', b: 'Bee', n: { x: 'X' }, c_one: 'one', c_other: 'lots', d: 'D', d_one: 'a D' }
    expect(localeDelta(ca, [en])).toEqual({ b: 'Bee', c_one: 'one', c_other: 'lots', d: 'D', d_one: 'a D' })
  })
})
