import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { flattenKeys, type Messages } from '@aurum/shared/i18n'
import { LOCALES } from '@aurum/shared/locales'

/** The back office's messages (src/locales): every language complete, the same keys and placeholders. */
const dir = path.join(import.meta.dirname, 'locales')
const load = (locale: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Messages
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

function strings(bundle: Messages, prefix = ''): Array<[string, string]> {
  return Object.entries(bundle).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : strings(v, `${prefix}${k}.`),
  )
}

describe('back-office messages', () => {
  const english = load('en')
  const keys = flattenKeys(english).sort()
  const source = new Map(strings(english))

  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s has every key of en, no other, with the same placeholders',
    (locale) => {
      const bundle = load(locale)
      expect(flattenKeys(bundle).sort()).toEqual(keys)
      for (const [key, text] of strings(bundle)) {
        expect(text.trim(), key).not.toBe('')
        expect(placeholders(text), key).toEqual(placeholders(source.get(key)!))
      }
    },
  )

  it('has a file per interface language and no other', () => {
    expect(
      fs
        .readdirSync(dir)
        .map((f) => f.replace(/\.json$/, ''))
        .sort(),
    ).toEqual([...LOCALES].sort())
  })

  it('uses only keys that exist in the source code', () => {
    // Every t('…') with a literal key names a message; keys built at run time are listed by prefix.
    const src = path.join(import.meta.dirname)
    const files = fs.readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f))
    const used = new Set<string>()
    for (const file of files) {
      const code = fs.readFileSync(path.join(src, file), 'utf8')
      for (const m of code.matchAll(/\bt\(\s*'([a-z0-9_.-]+)'/gi)) used.add(m[1]!)
      for (const m of code.matchAll(/label: '([a-z0-9_.-]+)'/gi)) used.add(m[1]!)
    }
    expect([...used].filter((key) => !source.has(key))).toEqual([])
  })
})
