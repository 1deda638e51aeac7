import type { Executor } from '../../../db/client.ts'
import type { PageTranslationRow } from '../repository.ts'

export interface AdminPageRow {
  id: number
  slug: string
  parent_id: number | null
  categories: string[]
  position: number
  published: boolean
  updated_at: Date
  title: string
  locales: string[]
}

export interface AdminPageTranslationRow extends Required<PageTranslationRow> {
  locale: string
}

export interface AdminSnippetRow {
  id: string
  categories: string[]
  translations: Record<string, string>
}

export interface AdminFileRow {
  id: string
  url: string
  categories: string[]
  position: number
  translations: Record<string, string>
}

export interface ContentFilter {
  q?: string
  category?: string
  published?: boolean
}

/** The columns each list sorts by (whitelisted: the names are written into the SQL). */
export const PAGE_ORDER = { slug: 'p.slug', position: 'p.position', updated_at: 'p.updated_at', id: 'p.id' }
export const SNIPPET_ORDER = { id: 's.id' }
export const FILE_ORDER = { id: 'f.id', position: 'f.position' }

const like = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function clauses(alias: string, filter: ContentFilter, text: (n: string) => string) {
  const params: unknown[] = []
  const where = ['true']
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value)
    where.push(sql(`$${params.length}`))
  }
  if (filter.q?.trim()) add(text, like(filter.q))
  if (filter.category) add((n) => `${n}::text = ANY(${alias}.categories)`, filter.category)
  if (filter.published !== undefined) add((n) => `${alias}.published = ${n}`, filter.published)
  return { sql: where.join(' AND '), params }
}

const pageText = (n: string) =>
  `(p.slug ILIKE ${n} OR EXISTS (SELECT 1 FROM cms_page_translations t WHERE t.page_id = p.id AND t.title ILIKE ${n}))`
const snippetText = (n: string) => `s.id ILIKE ${n}`
const fileText = (n: string) => `(f.id ILIKE ${n} OR f.url ILIKE ${n})`

const PAGE_COLUMNS = `p.id, p.slug, p.parent_id, p.categories, p.position, p.published, p.updated_at,
  coalesce((SELECT t.title FROM cms_page_translations t WHERE t.page_id = p.id ORDER BY t.locale <> 'en', t.locale LIMIT 1), '') AS title,
  coalesce((SELECT array_agg(t.locale ORDER BY t.locale) FROM cms_page_translations t WHERE t.page_id = p.id), '{}') AS locales`
const SNIPPET_COLUMNS = `s.id, s.categories,
  (SELECT coalesce(jsonb_object_agg(t.locale, t.content), '{}') FROM cms_snippet_translations t WHERE t.snippet_id = s.id) AS translations`
const FILE_COLUMNS = `f.id, f.url, f.categories, f.position,
  (SELECT coalesce(jsonb_object_agg(t.locale, t.description), '{}') FROM cms_file_translations t WHERE t.file_id = f.id) AS translations`

type Page = { sort: string; direction: 'asc' | 'desc'; limit: number | null; offset: number }
const orderBy = (column: string, direction: 'asc' | 'desc', key: string) =>
  `ORDER BY ${column} ${direction === 'desc' ? 'DESC' : 'ASC'}, ${key}`

/** The back office's reads and writes of the CMS (the player's reads are in repository.ts). */
export class ContentAdminRepository {
  // ── Pages ──

  async countPages(ex: Executor, filter: ContentFilter): Promise<number> {
    const { sql, params } = clauses('p', filter, pageText)
    const [row] = await ex.query<{ n: bigint }>(`SELECT count(*) AS n FROM cms_pages p WHERE ${sql}`, params)
    return Number(row!.n)
  }

  async pages(ex: Executor, filter: ContentFilter, page: Page): Promise<AdminPageRow[]> {
    const { sql, params } = clauses('p', filter, pageText)
    const n = params.length
    return ex.query<AdminPageRow>(
      `SELECT ${PAGE_COLUMNS} FROM cms_pages p WHERE ${sql}
       ${orderBy(page.sort, page.direction, 'p.id')} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, page.limit, page.offset],
    )
  }

  async pageById(ex: Executor, id: number, lock = false): Promise<AdminPageRow | undefined> {
    if (lock) await ex.query('SELECT 1 FROM cms_pages WHERE id = $1 FOR UPDATE', [id])
    const [row] = await ex.query<AdminPageRow>(`SELECT ${PAGE_COLUMNS} FROM cms_pages p WHERE p.id = $1`, [
      id,
    ])
    return row
  }

  async pageBySlug(ex: Executor, slug: string): Promise<AdminPageRow | undefined> {
    const [row] = await ex.query<AdminPageRow>(`SELECT ${PAGE_COLUMNS} FROM cms_pages p WHERE p.slug = $1`, [
      slug,
    ])
    return row
  }

  async pageTranslations(ex: Executor, id: number): Promise<AdminPageTranslationRow[]> {
    return ex.query<AdminPageTranslationRow>(
      `SELECT locale, title, content, description, keywords, json FROM cms_page_translations
       WHERE page_id = $1 ORDER BY locale`,
      [id],
    )
  }

  /** The new page's id; undefined when the slug is taken. */
  async insertPage(
    tx: Executor,
    page: {
      slug: string
      parentId: number | null
      categories: string[]
      position: number
      published: boolean
    },
  ): Promise<number | undefined> {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO cms_pages (slug, parent_id, categories, position, published) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (slug) DO NOTHING RETURNING id`,
      [page.slug, page.parentId, page.categories, page.position, page.published],
    )
    return row?.id
  }

  async updatePage(
    tx: Executor,
    id: number,
    page: { parentId: number | null; categories: string[]; position: number; published: boolean },
  ): Promise<void> {
    await tx.query(
      `UPDATE cms_pages SET parent_id = $2, categories = $3, position = $4, published = $5, updated_at = now()
       WHERE id = $1`,
      [id, page.parentId, page.categories, page.position, page.published],
    )
  }

  async pageHasChildren(ex: Executor, id: number): Promise<boolean> {
    const [row] = await ex.query('SELECT 1 FROM cms_pages WHERE parent_id = $1 LIMIT 1', [id])
    return row !== undefined
  }

  /** Whether `parentId` is `id` or one of its descendants (a page cannot be its own ancestor). */
  async wouldCycle(ex: Executor, id: number, parentId: number): Promise<boolean> {
    const [row] = await ex.query(
      `WITH RECURSIVE up(id, parent_id) AS (
         SELECT id, parent_id FROM cms_pages WHERE id = $2
         UNION ALL SELECT p.id, p.parent_id FROM cms_pages p JOIN up ON p.id = up.parent_id
       ) SELECT 1 FROM up WHERE id = $1 LIMIT 1`,
      [id, parentId],
    )
    return row !== undefined
  }

  async deletePage(tx: Executor, id: number): Promise<void> {
    await tx.query('DELETE FROM cms_pages WHERE id = $1', [id])
  }

  // ── Snippets ──

  async countSnippets(ex: Executor, filter: ContentFilter): Promise<number> {
    const { sql, params } = clauses('s', filter, snippetText)
    const [row] = await ex.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM cms_snippets s WHERE ${sql}`,
      params,
    )
    return Number(row!.n)
  }

  async snippets(ex: Executor, filter: ContentFilter, page: Page): Promise<AdminSnippetRow[]> {
    const { sql, params } = clauses('s', filter, snippetText)
    const n = params.length
    return ex.query<AdminSnippetRow>(
      `SELECT ${SNIPPET_COLUMNS} FROM cms_snippets s WHERE ${sql}
       ${orderBy(page.sort, page.direction, 's.id')} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, page.limit, page.offset],
    )
  }

  async snippetById(ex: Executor, id: string, lock = false): Promise<AdminSnippetRow | undefined> {
    if (lock) await ex.query('SELECT 1 FROM cms_snippets WHERE id = $1 FOR UPDATE', [id])
    const [row] = await ex.query<AdminSnippetRow>(
      `SELECT ${SNIPPET_COLUMNS} FROM cms_snippets s WHERE s.id = $1`,
      [id],
    )
    return row
  }

  async insertSnippet(tx: Executor, id: string, categories: string[]): Promise<boolean> {
    const rows = await tx.query(
      'INSERT INTO cms_snippets (id, categories) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id',
      [id, categories],
    )
    return rows.length > 0
  }

  async setSnippetCategories(tx: Executor, id: string, categories: string[]): Promise<void> {
    await tx.query('UPDATE cms_snippets SET categories = $2 WHERE id = $1', [id, categories])
  }

  async deleteSnippet(tx: Executor, id: string): Promise<void> {
    await tx.query('DELETE FROM cms_snippets WHERE id = $1', [id])
  }

  // ── Files ──

  async countFiles(ex: Executor, filter: ContentFilter): Promise<number> {
    const { sql, params } = clauses('f', filter, fileText)
    const [row] = await ex.query<{ n: bigint }>(`SELECT count(*) AS n FROM cms_files f WHERE ${sql}`, params)
    return Number(row!.n)
  }

  async files(ex: Executor, filter: ContentFilter, page: Page): Promise<AdminFileRow[]> {
    const { sql, params } = clauses('f', filter, fileText)
    const n = params.length
    return ex.query<AdminFileRow>(
      `SELECT ${FILE_COLUMNS} FROM cms_files f WHERE ${sql}
       ${orderBy(page.sort, page.direction, 'f.id')} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, page.limit, page.offset],
    )
  }

  async fileById(ex: Executor, id: string, lock = false): Promise<AdminFileRow | undefined> {
    if (lock) await ex.query('SELECT 1 FROM cms_files WHERE id = $1 FOR UPDATE', [id])
    const [row] = await ex.query<AdminFileRow>(`SELECT ${FILE_COLUMNS} FROM cms_files f WHERE f.id = $1`, [
      id,
    ])
    return row
  }

  async insertFile(
    tx: Executor,
    file: { id: string; url: string; categories: string[]; position: number },
  ): Promise<boolean> {
    const rows = await tx.query(
      `INSERT INTO cms_files (id, url, categories, position) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [file.id, file.url, file.categories, file.position],
    )
    return rows.length > 0
  }

  async updateFile(
    tx: Executor,
    id: string,
    file: { url: string; categories: string[]; position: number },
  ): Promise<void> {
    await tx.query('UPDATE cms_files SET url = $2, categories = $3, position = $4 WHERE id = $1', [
      id,
      file.url,
      file.categories,
      file.position,
    ])
  }

  async deleteFile(tx: Executor, id: string): Promise<void> {
    await tx.query('DELETE FROM cms_files WHERE id = $1', [id])
  }

  // ── Uploads ──

  async insertUpload(tx: Executor, name: string, contentType: string, bytes: Buffer): Promise<void> {
    await tx.query(
      `INSERT INTO cms_uploads (name, content_type, bytes) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
      [name, contentType, bytes],
    )
  }

  async upload(ex: Executor, name: string): Promise<{ content_type: string; bytes: Uint8Array } | undefined> {
    const [row] = await ex.query<{ content_type: string; bytes: Uint8Array }>(
      'SELECT content_type, bytes FROM cms_uploads WHERE name = $1',
      [name],
    )
    return row
  }

  /** Whether a file's address names an upload that exists (or is not an upload's at all). */
  async uploadExists(ex: Executor, name: string): Promise<boolean> {
    const [row] = await ex.query('SELECT 1 FROM cms_uploads WHERE name = $1', [name])
    return row !== undefined
  }
}
