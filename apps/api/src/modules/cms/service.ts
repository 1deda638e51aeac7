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
import type { CacheBus } from '../../lib/cache-bus.ts'

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

/** What an operator may change of a page in one language. */
export interface PageTranslationChange {
  title: string
  content: string
  description?: string
  keywords?: string
  json?: string
}

/** The cache key prefix of one page in every language (a slug may hold any character but `%`-escapes). */
const pageKey = (path: string) => `page:${encodeURIComponent(path)}:`

/**
 * CMS content, cached per language for a minute. Every change goes through the methods below,
 * which drop the cached entries on every node once the change has committed (lib/cache-bus.ts);
 * the server renders' caches of `/api/cms/*` answers and guest pages listen too (plugins/ssr.ts).
 */
export class CmsService {
  private cache = new ExpiringCache(60_000, 1000)

  constructor(
    private db: Database,
    private caches: CacheBus,
  ) {
    caches.subscribe((message) => {
      if (message.scope === 'cms') this.cache.drop(message.keys)
    })
  }

  /**
   * Publishes or withdraws a page and writes its translations (a language not named keeps its
   * own). False when no page has the path.
   */
  async updatePage(
    path: string,
    change: { published?: boolean; translations?: Partial<Record<Locale, PageTranslationChange>> },
  ): Promise<boolean> {
    const found = await this.db.transaction(async (tx) => {
      const [page] = await tx.query<{ id: number }>(
        `UPDATE cms_pages SET published = coalesce($2, published), updated_at = now()
         WHERE slug = $1 RETURNING id`,
        [path, change.published ?? null],
      )
      if (!page) return false
      for (const [locale, t] of Object.entries(change.translations ?? {})) {
        if (!t) continue
        await tx.query(
          `INSERT INTO cms_page_translations (page_id, locale, title, content, description, keywords, json)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (page_id, locale) DO UPDATE SET title = excluded.title, content = excluded.content,
             description = excluded.description, keywords = excluded.keywords, json = excluded.json`,
          [page.id, locale, t.title, t.content, t.description ?? '', t.keywords ?? '', t.json ?? ''],
        )
      }
      return true
    })
    // The tree of pages carries their titles and leaves out unpublished ones.
    if (found) await this.caches.invalidate({ scope: 'cms', keys: [pageKey(path), 'pages:'] })
    return found
  }

  /** Writes a snippet's text in the languages given. False when there is no such snippet. */
  async updateSnippet(id: string, contents: Partial<Record<Locale, string>>): Promise<boolean> {
    const found = await this.db.transaction(async (tx) => {
      const [snippet] = await tx.query('SELECT 1 FROM cms_snippets WHERE id = $1', [id])
      if (!snippet) return false
      for (const [locale, content] of Object.entries(contents)) {
        if (content === undefined) continue
        await tx.query(
          `INSERT INTO cms_snippet_translations (snippet_id, locale, content) VALUES ($1, $2, $3)
           ON CONFLICT (snippet_id, locale) DO UPDATE SET content = excluded.content`,
          [id, locale, content],
        )
      }
      return true
    })
    if (found) await this.caches.invalidate({ scope: 'cms', keys: ['snippets:'] })
    return found
  }

  /**
   * Writes a file's description (a banner's JSON) in the languages given. False when there is no
   * such file.
   */
  async updateFile(id: string, descriptions: Partial<Record<Locale, string>>): Promise<boolean> {
    const found = await this.db.transaction(async (tx) => {
      const [file] = await tx.query('SELECT 1 FROM cms_files WHERE id = $1', [id])
      if (!file) return false
      for (const [locale, description] of Object.entries(descriptions)) {
        if (description === undefined) continue
        await tx.query(
          `INSERT INTO cms_file_translations (file_id, locale, description) VALUES ($1, $2, $3)
           ON CONFLICT (file_id, locale) DO UPDATE SET description = excluded.description`,
          [id, locale, description],
        )
      }
      return true
    })
    if (found) await this.caches.invalidate({ scope: 'cms', keys: ['files:'] })
    return found
  }

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
    return this.cache.get(`${pageKey(path)}${locale}`, async () => {
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
