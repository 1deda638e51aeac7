import { asc, eq, inArray } from 'drizzle-orm'
import {
  localeFallbacks,
  type CmsFile,
  type CmsPage,
  type CmsSnippet,
  type Locale,
  type PageConfig,
} from '@aurum/shared'
import type { Database } from '../../db/client.ts'
import {
  cmsFileTranslations,
  cmsFiles,
  cmsPageTranslations,
  cmsPages,
  cmsSnippetTranslations,
  cmsSnippets,
} from '../../db/schema.ts'
import { ExpiringCache } from '../../lib/cache.ts'

/** Pages in this category carry SEO meta for an app route; they are not static pages. */
const SEO_CATEGORY = 'seo'

/** Picks the translation for the locale, falling back along en-AU → en. */
function pick<T extends { locale: string }>(rows: T[], locale: Locale): T | undefined {
  for (const l of localeFallbacks(locale)) {
    const row = rows.find((r) => r.locale === l)
    if (row) return row
  }
  return rows[0]
}

/**
 * The translation in the locale's own language only (en-AU may take en, ja may not). SEO meta of
 * an app route uses it: without meta in the language the app's own translated title applies, not
 * an English one.
 */
function pickSameLanguage<T extends { locale: string }>(rows: T[], locale: Locale): T | undefined {
  const language = locale.split('-')[0]
  return pick(
    rows.filter((r) => r.locale.split('-')[0] === language),
    locale,
  )
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = map.get(k)
    if (list) list.push(row)
    else map.set(k, [row])
  }
  return map
}

export class CmsService {
  private cache = new ExpiringCache(60_000, 1000)

  constructor(private db: Database) {}

  /** The tree of static pages, for routing and the footer. */
  pages(locale: Locale): Promise<PageConfig[]> {
    return this.cache.get(`pages:${locale}`, async () => {
      const pages = await this.db.orm
        .select()
        .from(cmsPages)
        .where(eq(cmsPages.published, true))
        .orderBy(asc(cmsPages.position), asc(cmsPages.id))
      const visible = pages.filter((p) => !p.categories.includes(SEO_CATEGORY))
      if (!visible.length) return []
      const translations = groupBy(
        await this.db.orm
          .select({
            pageId: cmsPageTranslations.pageId,
            locale: cmsPageTranslations.locale,
            title: cmsPageTranslations.title,
          })
          .from(cmsPageTranslations)
          .where(
            inArray(
              cmsPageTranslations.pageId,
              visible.map((p) => p.id),
            ),
          ),
        (t) => t.pageId,
      )
      const nodes = new Map<number, PageConfig>()
      for (const p of visible) {
        const title = pick(translations.get(p.id) ?? [], locale)?.title
        if (title === undefined) continue
        nodes.set(p.id, {
          id: String(p.id),
          path: p.slug,
          title,
          layout: 'default',
          categories: p.categories,
          children: [],
        })
      }
      const roots: PageConfig[] = []
      for (const p of visible) {
        const node = nodes.get(p.id)
        if (!node) continue
        const parent = p.parentId === null ? undefined : nodes.get(p.parentId)
        ;(parent ? parent.children : roots).push(node)
      }
      return roots
    })
  }

  /** One page by path (the slug, which may contain slashes); `undefined` when there is none. */
  page(path: string, locale: Locale): Promise<CmsPage | undefined> {
    return this.cache.get(`page:${locale}:${path}`, async () => {
      const [page] = await this.db.orm.select().from(cmsPages).where(eq(cmsPages.slug, path))
      if (!page || !page.published) return undefined
      const rows = await this.db.orm
        .select()
        .from(cmsPageTranslations)
        .where(eq(cmsPageTranslations.pageId, page.id))
      const t = page.categories.includes(SEO_CATEGORY) ? pickSameLanguage(rows, locale) : pick(rows, locale)
      if (!t) return undefined
      return {
        id: String(page.id),
        path: page.slug,
        title: t.title,
        content: t.content,
        layout: 'default',
        categories: page.categories,
        blocks: {
          title: t.title,
          keywords: t.keywords,
          description: t.description,
          'content-main': t.content,
          json: t.json,
        },
      }
    })
  }

  snippets(locale: Locale): Promise<CmsSnippet[]> {
    return this.cache.get(`snippets:${locale}`, async () => {
      const snippets = await this.db.orm.select().from(cmsSnippets).orderBy(asc(cmsSnippets.id))
      const translations = groupBy(
        await this.db.orm.select().from(cmsSnippetTranslations),
        (t) => t.snippetId,
      )
      return snippets.flatMap((s) => {
        const t = pick(translations.get(s.id) ?? [], locale)
        return t ? [{ id: s.id, content: t.content, categories: s.categories }] : []
      })
    })
  }

  files(locale: Locale): Promise<CmsFile[]> {
    return this.cache.get(`files:${locale}`, async () => {
      const files = await this.db.orm.select().from(cmsFiles).orderBy(asc(cmsFiles.position))
      const translations = groupBy(await this.db.orm.select().from(cmsFileTranslations), (t) => t.fileId)
      return files.map((f) => ({
        id: f.id,
        url: f.url,
        description: pick(translations.get(f.id) ?? [], locale)?.description ?? '',
        categories: f.categories,
      }))
    })
  }
}
