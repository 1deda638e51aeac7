import { asc, eq, inArray } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.ts'
import {
  cmsFileTranslations,
  cmsFiles,
  cmsPageTranslations,
  cmsPages,
  cmsSnippetTranslations,
  cmsSnippets,
} from '../../db/schema.ts'

/** One language of a page as an operator writes it (missing fields are stored empty). */
export interface PageTranslationRow {
  title: string
  content: string
  description?: string
  keywords?: string
  json?: string
}

/** The data access of the CMS: pages, snippets and files with their translations. */
export class CmsRepository {
  constructor(private db: Database) {}

  // ── Writes (in the operator's transaction) ────────────────────────────────────────────────

  /** Sets `published` when given and touches the page; its id, undefined when no page has the slug. */
  async updatePage(tx: Executor, slug: string, published: boolean | null): Promise<number | undefined> {
    const [page] = await tx.query<{ id: number }>(
      `UPDATE cms_pages SET published = coalesce($2, published), updated_at = now()
         WHERE slug = $1 RETURNING id`,
      [slug, published],
    )
    return page?.id
  }

  async upsertPageTranslation(
    tx: Executor,
    pageId: number,
    locale: string,
    t: PageTranslationRow,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO cms_page_translations (page_id, locale, title, content, description, keywords, json)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (page_id, locale) DO UPDATE SET title = excluded.title, content = excluded.content,
             description = excluded.description, keywords = excluded.keywords, json = excluded.json`,
      [pageId, locale, t.title, t.content, t.description ?? '', t.keywords ?? '', t.json ?? ''],
    )
  }

  async snippetExists(tx: Executor, id: string): Promise<boolean> {
    const [snippet] = await tx.query('SELECT 1 FROM cms_snippets WHERE id = $1', [id])
    return snippet !== undefined
  }

  async upsertSnippetTranslation(tx: Executor, id: string, locale: string, content: string): Promise<void> {
    await tx.query(
      `INSERT INTO cms_snippet_translations (snippet_id, locale, content) VALUES ($1, $2, $3)
           ON CONFLICT (snippet_id, locale) DO UPDATE SET content = excluded.content`,
      [id, locale, content],
    )
  }

  async fileExists(tx: Executor, id: string): Promise<boolean> {
    const [file] = await tx.query('SELECT 1 FROM cms_files WHERE id = $1', [id])
    return file !== undefined
  }

  async upsertFileTranslation(tx: Executor, id: string, locale: string, description: string): Promise<void> {
    await tx.query(
      `INSERT INTO cms_file_translations (file_id, locale, description) VALUES ($1, $2, $3)
           ON CONFLICT (file_id, locale) DO UPDATE SET description = excluded.description`,
      [id, locale, description],
    )
  }

  // ── Reads ─────────────────────────────────────────────────────────────────────────────────

  /** Published pages by position. */
  async publishedPages() {
    return this.db.orm
      .select()
      .from(cmsPages)
      .where(eq(cmsPages.published, true))
      .orderBy(asc(cmsPages.position), asc(cmsPages.id))
  }

  /** The titles of these pages in every language. */
  async pageTitles(pageIds: number[]) {
    return this.db.orm
      .select({
        pageId: cmsPageTranslations.pageId,
        locale: cmsPageTranslations.locale,
        title: cmsPageTranslations.title,
      })
      .from(cmsPageTranslations)
      .where(inArray(cmsPageTranslations.pageId, pageIds))
  }

  async findPageBySlug(slug: string) {
    const [page] = await this.db.orm.select().from(cmsPages).where(eq(cmsPages.slug, slug))
    return page
  }

  async pageTranslations(pageId: number) {
    return this.db.orm.select().from(cmsPageTranslations).where(eq(cmsPageTranslations.pageId, pageId))
  }

  async snippets() {
    return this.db.orm.select().from(cmsSnippets).orderBy(asc(cmsSnippets.id))
  }

  async snippetTranslations() {
    return this.db.orm.select().from(cmsSnippetTranslations)
  }

  async files() {
    return this.db.orm.select().from(cmsFiles).orderBy(asc(cmsFiles.position))
  }

  async fileTranslations() {
    return this.db.orm.select().from(cmsFileTranslations)
  }
}
