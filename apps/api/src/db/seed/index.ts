import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Database } from '../client.ts'
import { LOCALES, type Locale } from '@aurum/shared'
import * as ref from './reference-data.ts'
import { syncCatalogue } from '../../modules/games/catalogue.ts'
import { catalogueEntries, PROVIDER_TITLES } from '../../modules/games/source.ts'

export const CONTENT_DIR = path.join(import.meta.dirname, 'content')
export const FILES_DIR = path.join(CONTENT_DIR, 'files')
/**
 * Languages the seeded CMS content may be written in: every interface language. A text missing in one
 * falls back along en-AU → en when the api answers.
 */
const CONTENT_LOCALES = LOCALES
type Localized = Partial<Record<Locale, string>> & { en: string }

interface PageManifest {
  slug: string
  categories: string[]
  meta: Record<string, { title: string; description: string; keywords: string }>
}
interface SnippetSeed {
  id: string
  categories: string[]
  content: Localized
}
interface BannerSeed {
  id: string
  slider: string
  image: string
  link: string
  /** Paths that must be mounted in the web app, besides the link, for the banner to show. */
  requires?: string[]
  groups: number[]
  title: Localized
  text: Localized
  button: Localized
}

const readJson = async <T>(file: string): Promise<T> =>
  JSON.parse(await fs.readFile(path.join(CONTENT_DIR, file), 'utf8')) as T

/**
 * Idempotent seed of reference data and CMS content. Reference rows are upserted;
 * CMS content from the repository is the source of truth for the seeded ids.
 */
export async function seed(db: Database): Promise<void> {
  await seedReference(db)
  await seedPages(db)
  await seedSnippets(db)
  await seedFiles(db)
  // The lobby lists the game server's games (apps/games, @aurum/games-math).
  await syncCatalogue(
    db,
    catalogueEntries(),
    PROVIDER_TITLES,
    ref.currencies.map((c) => c.code),
  )
}

async function seedReference(db: Database) {
  for (const c of ref.currencies) {
    await db.query(
      `INSERT INTO currencies (code, symbol, subunits_to_unit, position) VALUES ($1, $2, $3, $4)
       ON CONFLICT (code) DO UPDATE SET symbol = excluded.symbol, subunits_to_unit = excluded.subunits_to_unit, position = excluded.position`,
      [c.code, c.symbol, c.subunitsToUnit.toString(), c.position],
    )
  }
  await db.query(
    `INSERT INTO countries (code, default_currency)
     SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (code) DO UPDATE SET default_currency = excluded.default_currency`,
    [ref.countries.map((c) => c.code), ref.countries.map((c) => c.defaultCurrency)],
  )
  for (const l of ref.locales) {
    await db.query(
      `INSERT INTO locales (code, position) VALUES ($1, $2) ON CONFLICT (code) DO UPDATE SET position = excluded.position`,
      [l.code, l.position],
    )
  }
  for (const s of ref.statuses) {
    await db.query(
      `INSERT INTO statuses (id, name, writable, min_points, max_points, position) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, min_points = excluded.min_points,
         max_points = excluded.max_points, position = excluded.position`,
      [s.id, s.name, s.writable, s.minPoints.toString(), s.maxPoints?.toString() ?? null, s.position],
    )
  }
  for (const g of ref.groupsCatalog) {
    await db.query(
      `INSERT INTO user_groups_catalog (id, name, writable) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, writable = excluded.writable`,
      [g.id, g.name, g.writable],
    )
  }
  for (const [key, value] of Object.entries(ref.projectSettings)) {
    await db.query(
      `INSERT INTO project_settings (key, value) VALUES ($1, $2::jsonb)
       ON CONFLICT (key) DO NOTHING`,
      [key, JSON.stringify(value)],
    )
  }
  for (const [from, quotes] of Object.entries(ref.cryptoRates)) {
    for (const [to, rate] of Object.entries(quotes)) {
      await db.query(
        `INSERT INTO crypto_exchange_rates (from_currency, to_currency, exchange_rate, fee) VALUES ($1, $2, $3, $4)
         ON CONFLICT (from_currency, to_currency) DO NOTHING`,
        [from, to, rate, ref.CRYPTO_EXCHANGE_FEE],
      )
    }
  }
}

/** Static pages, then SEO meta of app routes (category `seo`, no content). */
async function seedPages(db: Database) {
  const seo = (await readJson<Array<Omit<PageManifest, 'categories'>>>('seo.json')).map((p) => ({
    ...p,
    categories: ['seo'],
  }))
  const manifest = [...(await readJson<PageManifest[]>('pages.json')), ...seo]
  for (const [position, page] of manifest.entries()) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO cms_pages (slug, categories, position) VALUES ($1, $2, $3)
       ON CONFLICT (slug) DO UPDATE SET categories = excluded.categories, position = excluded.position, updated_at = now()
       RETURNING id`,
      [page.slug, page.categories, position],
    )
    for (const locale of CONTENT_LOCALES) {
      // A page's meta sits in pages.json, or in pages/<slug>/<locale>.json next to its HTML.
      const metaFile = path.join(CONTENT_DIR, 'pages', page.slug, `${locale}.json`)
      const meta =
        page.meta[locale] ??
        (await fs
          .readFile(metaFile, 'utf8')
          .then((text) => JSON.parse(text) as PageManifest['meta'][string])
          .catch(() => undefined))
      const file = path.join(CONTENT_DIR, 'pages', page.slug, `${locale}.html`)
      const content = page.categories.includes('seo')
        ? ''
        : await fs.readFile(file, 'utf8').catch(() => undefined)
      if (!meta || content === undefined) continue
      await db.query(
        `INSERT INTO cms_page_translations (page_id, locale, title, content, description, keywords)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (page_id, locale) DO UPDATE SET title = excluded.title, content = excluded.content,
           description = excluded.description, keywords = excluded.keywords`,
        [row!.id, locale, meta.title, content.trim(), meta.description, meta.keywords],
      )
    }
  }
}

async function seedSnippets(db: Database) {
  const snippets = await readJson<SnippetSeed[]>('snippets.json')
  for (const s of snippets) {
    await db.query(
      `INSERT INTO cms_snippets (id, categories) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET categories = excluded.categories`,
      [s.id, s.categories],
    )
    for (const [locale, content] of Object.entries(s.content)) {
      await db.query(
        `INSERT INTO cms_snippet_translations (snippet_id, locale, content) VALUES ($1, $2, $3)
         ON CONFLICT (snippet_id, locale) DO UPDATE SET content = excluded.content`,
        [s.id, locale, content],
      )
    }
  }
}

/** Banners are CMS files in the category of their slider, with their texts as JSON in the description. */
async function seedFiles(db: Database) {
  const banners = await readJson<BannerSeed[]>('banners.json')
  const names = (await fs.readdir(FILES_DIR)).filter((f) => f.endsWith('.svg')).sort()
  const bannerByImage = new Map(banners.map((b) => [b.image, b]))
  // Banners keep the order of banners.json; illustrations follow.
  const order = (name: string) => {
    const index = banners.findIndex((b) => b.image === name)
    return index === -1 ? banners.length + names.indexOf(name) : index
  }
  for (const name of names) {
    const position = order(name)
    const bytes = await fs.readFile(path.join(FILES_DIR, name))
    const version = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 10)
    const banner = bannerByImage.get(name)
    const id = banner ? `banner-${banner.id}` : name.replace(/\.svg$/, '')
    const categories = banner ? ['banner', banner.slider] : ['illustration']
    await db.query(
      `INSERT INTO cms_files (id, url, categories, position) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET url = excluded.url, categories = excluded.categories, position = excluded.position`,
      [id, `/files/${name}?v=${version}`, categories, position],
    )
    for (const locale of CONTENT_LOCALES) {
      const description = banner
        ? JSON.stringify({
            title: banner.title[locale] ?? banner.title.en,
            text: banner.text[locale] ?? banner.text.en,
            button: banner.button[locale] ?? banner.button.en,
            link: banner.link,
            groups: banner.groups,
            ...(banner.requires ? { requires: banner.requires } : {}),
          })
        : ''
      await db.query(
        `INSERT INTO cms_file_translations (file_id, locale, description) VALUES ($1, $2, $3)
         ON CONFLICT (file_id, locale) DO UPDATE SET description = excluded.description`,
        [id, locale, description],
      )
    }
  }
}
