import {
  localeFallbacks,
  type CmsFile,
  type CmsPage,
  type CmsSnippet,
  type Locale,
  type PageConfig,
} from '@aurum/shared'
import type { Database } from '../../db/client.ts'
import { ExpiringCache } from '../../lib/cache.ts'
import type { CacheBus } from '../../lib/cache-bus.ts'
import { CmsRepository, type PageTranslationRow } from './repository.ts'

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
export type PageTranslationChange = PageTranslationRow

/** The cache key prefix of one page in every language (a slug may hold any character but `%`-escapes). */
export const pageKey = (path: string) => `page:${encodeURIComponent(path)}:`

/**
 * CMS content, cached per language for a minute. Every change goes through the methods below,
 * which drop the cached entries on every node once the change has committed (lib/cache-bus.ts);
 * the server renders' caches of `/api/cms/*` answers and guest pages listen too (plugins/ssr.ts).
 */
export class CmsService {
  private cache = new ExpiringCache(60_000, 1000)
  private repo: CmsRepository

  constructor(
    private db: Database,
    private caches: CacheBus,
  ) {
    this.repo = new CmsRepository(db)
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
      const pageId = await this.repo.updatePage(tx, path, change.published ?? null)
      if (pageId === undefined) return false
      for (const [locale, t] of Object.entries(change.translations ?? {})) {
        if (!t) continue
        await this.repo.upsertPageTranslation(tx, pageId, locale, t)
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
      if (!(await this.repo.snippetExists(tx, id))) return false
      for (const [locale, content] of Object.entries(contents)) {
        if (content === undefined) continue
        await this.repo.upsertSnippetTranslation(tx, id, locale, content)
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
      if (!(await this.repo.fileExists(tx, id))) return false
      for (const [locale, description] of Object.entries(descriptions)) {
        if (description === undefined) continue
        await this.repo.upsertFileTranslation(tx, id, locale, description)
      }
      return true
    })
    if (found) await this.caches.invalidate({ scope: 'cms', keys: ['files:'] })
    return found
  }

  /** The tree of static pages, for routing and the footer. */
  pages(locale: Locale): Promise<PageConfig[]> {
    return this.cache.get(`pages:${locale}`, async () => {
      const pages = await this.repo.publishedPages()
      const visible = pages.filter((p) => !p.categories.includes(SEO_CATEGORY))
      if (!visible.length) return []
      const translations = groupBy(await this.repo.pageTitles(visible.map((p) => p.id)), (t) => t.pageId)
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
      const page = await this.repo.findPageBySlug(path)
      if (!page || !page.published) return undefined
      return renderPage(page, await this.repo.pageTranslations(page.id), locale)
    })
  }

  snippets(locale: Locale): Promise<CmsSnippet[]> {
    return this.cache.get(`snippets:${locale}`, async () => {
      const snippets = await this.repo.snippets()
      const translations = groupBy(await this.repo.snippetTranslations(), (t) => t.snippetId)
      return snippets.flatMap((s) => {
        const t = pick(translations.get(s.id) ?? [], locale)
        return t ? [{ id: s.id, content: t.content, categories: s.categories }] : []
      })
    })
  }

  files(locale: Locale): Promise<CmsFile[]> {
    return this.cache.get(`files:${locale}`, async () => {
      const files = await this.repo.files()
      const translations = groupBy(await this.repo.fileTranslations(), (t) => t.fileId)
      return files.map((f) => ({
        id: f.id,
        url: f.url,
        description: pick(translations.get(f.id) ?? [], locale)?.description ?? '',
        categories: f.categories,
      }))
    })
  }
}

/**
 * A page as a player reads it in `locale`, from its translations (the back office's preview renders
 * drafts with it too); undefined when no translation serves the language.
 */
export function renderPage(
  page: { id: number; slug: string; categories: string[] },
  rows: Array<PageTranslationRow & { locale: string }>,
  locale: Locale,
): CmsPage | undefined {
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
      keywords: t.keywords ?? '',
      description: t.description ?? '',
      'content-main': t.content,
      json: t.json ?? '',
    },
  }
}
