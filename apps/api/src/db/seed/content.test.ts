import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cmsTextProblems, LOCALES } from '@aurum/shared'
import { CONTENT_DIR } from './index.ts'

/**
 * The seeded CMS content: snippets, banners and SEO meta exist in every interface language (the
 * English variants may fall back to en), and money is written as `{{amount:N}}` tokens only.
 */
const REQUIRED = LOCALES.filter((l) => !l.startsWith('en-'))
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, file), 'utf8'))

type Texts = Record<string, string>
const snippets = readJson('snippets.json') as Array<{ id: string; content: Texts }>
const banners = readJson('banners.json') as Array<{ id: string; title: Texts; text: Texts; button: Texts }>
type Meta = Record<string, { title: string; description: string; keywords: string }>
const seo = readJson('seo.json') as Array<{ slug: string; meta: Meta }>
const pages = readJson('pages.json') as Array<{ slug: string; meta: Meta }>

/** Every localised text: [where, locale, text]. */
const entries: Array<[string, Texts]> = [
  ...snippets.map((s): [string, Texts] => [`snippet ${s.id}`, s.content]),
  ...banners.flatMap((b) =>
    (['title', 'text', 'button'] as const).map((f): [string, Texts] => [`banner ${b.id} ${f}`, b[f]]),
  ),
  ...seo.flatMap((p) =>
    (['title', 'description', 'keywords'] as const).map((f): [string, Texts] => [
      `${p.slug} ${f}`,
      Object.fromEntries(Object.entries(p.meta).map(([l, m]) => [l, m[f]])),
    ]),
  ),
]

describe('seeded CMS content', () => {
  it('has every snippet, banner and SEO entry in all required languages, and no others', () => {
    expect(entries.length).toBeGreaterThan(30)
    for (const [where, texts] of entries) {
      expect(Object.keys(texts).sort(), where).toEqual(expect.arrayContaining([...REQUIRED].sort()))
      for (const [locale, text] of Object.entries(texts)) {
        expect(LOCALES, `${where}: ${locale}`).toContain(locale)
        expect(text.trim().length, `${where} (${locale})`).toBeGreaterThan(0)
      }
    }
  })

  it('translates rather than copies: a text other than en differs from en unless it is a name', () => {
    const copies = entries.flatMap(([where, texts]) =>
      REQUIRED.filter((l) => l !== 'en' && texts[l] === texts.en && texts.en!.length > 24).map(
        (l) => `${where} (${l})`,
      ),
    )
    expect(copies).toEqual([])
  })

  it('writes money as amount tokens that parse, in snippets, banners, SEO and page meta', () => {
    const pageMeta = pages.flatMap((p) =>
      Object.entries(p.meta).flatMap(([l, m]) => [
        [`${p.slug} (${l}) title`, m.title],
        [`${p.slug} (${l}) description`, m.description],
      ]),
    )
    const problems = [
      ...entries.flatMap(([where, texts]) => Object.entries(texts).map(([l, t]) => [`${where} (${l})`, t])),
      ...pageMeta,
    ].flatMap(([where, text]) => cmsTextProblems(text!).map((p) => `${where}: ${p}`))
    expect(problems).toEqual([])
    expect(JSON.stringify(banners)).toContain('{{amount:500}}')
  })

  it('promises only games the casino has: no baccarat, live blackjack or thousands of slots', () => {
    const claims = /baccarat|live blackjack|thousands of|Tausende|live dealer/i
    const english = entries
      .filter(([where]) => !where.startsWith('banner '))
      .map(([where, t]) => [where, t.en!])
    expect(english.filter(([, text]) => claims.test(text!)).map(([where]) => where)).toEqual([])
    const all = entries.flatMap(([, texts]) => Object.values(texts)).join('\n')
    expect(all).not.toMatch(/baccarat|Baccarat|bakkarat|バカラ/)
  })
})
