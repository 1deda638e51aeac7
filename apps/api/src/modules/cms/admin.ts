import crypto from 'node:crypto'
import { localeFallbacks, type Locale } from '@aurum/shared'
import type {
  AdminFile,
  AdminFileCreateBody,
  AdminFileUpdateBody,
  AdminPage,
  AdminPageCreateBody,
  AdminPageUpdateBody,
  AdminPreview,
  AdminPreviewBody,
  AdminSnippet,
  AdminSnippetCreateBody,
  AdminSnippetUpdateBody,
} from '@aurum/shared/contracts/admin-content'
import type { Database, Executor } from '../../db/client.ts'
import type { CacheBus, CacheInvalidation } from '../../lib/cache-bus.ts'
import { AppError } from '../../lib/errors.ts'
import type { AuditLog, StaffContext } from '../audit/service.ts'
import {
  ContentAdminRepository,
  FILE_ORDER,
  PAGE_ORDER,
  SNIPPET_ORDER,
  type AdminPageRow,
  type AdminPageTranslationRow,
  type ContentFilter,
} from './admin-data/repository.ts'
import { CmsRepository } from './repository.ts'
import { pageKey, renderPage } from './service.ts'
import { checkImage, type ImageType } from './images.ts'

export type { ContentFilter } from './admin-data/repository.ts'

/** The address an uploaded image is served at (plugins of the app: GET /files/uploads/:name). */
export const UPLOADS_PATH = '/files/uploads/'
const EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
}

export interface ListPage<S extends string> {
  sort: S
  direction: 'asc' | 'desc'
  page: number
  perPage: number | null
}

const offsetOf = (p: ListPage<string>) => (p.perPage === null ? 0 : (p.page - 1) * p.perPage)

function presentPage(row: AdminPageRow) {
  return {
    id: row.id,
    slug: row.slug,
    parent_id: row.parent_id,
    categories: row.categories,
    position: row.position,
    published: row.published,
    updated_at: new Date(row.updated_at).toISOString(),
    title: row.title,
    locales: row.locales,
  }
}

function withTranslations(row: AdminPageRow, translations: AdminPageTranslationRow[]): AdminPage {
  return {
    ...presentPage(row),
    translations: Object.fromEntries(translations.map(({ locale, ...t }) => [locale, t] as const)),
  }
}

/** The fields of `after` that differ from `before`, each side, for an audit entry (translations per language). */
function changes(beforeValue: object, afterValue: object) {
  const before = beforeValue as Record<string, unknown>
  const after = afterValue as Record<string, unknown>
  const b: Record<string, unknown> = {}
  const a: Record<string, unknown> = {}
  for (const key of Object.keys(after)) {
    if (key === 'translations') {
      const bt = (before.translations ?? {}) as Record<string, unknown>
      const at = (after.translations ?? {}) as Record<string, unknown>
      const locales = Object.keys(at).filter((l) => JSON.stringify(bt[l]) !== JSON.stringify(at[l]))
      if (locales.length) {
        b.translations = Object.fromEntries(locales.map((l) => [l, bt[l] ?? null]))
        a.translations = Object.fromEntries(locales.map((l) => [l, at[l]]))
      }
    } else if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key]
      a[key] = after[key]
    }
  }
  return { before: b, after: a, changed: Object.keys(a).length > 0 }
}

const without = <T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)) as Omit<T, K>

/**
 * The back office's CMS (docs/backoffice.md "Content"): pages, snippets and files (banners) in
 * every language. Every change is written with its audit entry (before and after, only what
 * changed) in one transaction, and once it committed the cached answers of the player's api are
 * dropped on every node through the cache bus (lib/cache-bus.ts), which the server renders' caches
 * hear too. A preview renders a draft as the player's api would answer it, writing nothing.
 */
export class ContentAdmin {
  private repo = new ContentAdminRepository()
  private cms: CmsRepository

  constructor(
    private db: Database,
    private caches: CacheBus,
    private audit: AuditLog,
  ) {
    this.cms = new CmsRepository(db)
  }

  private async committed(message: CacheInvalidation) {
    await this.caches.invalidate(message)
  }

  // ── Pages ──────────────────────────────────────────────────────────────────────────────────

  async listPages(filter: ContentFilter, page: ListPage<keyof typeof PAGE_ORDER>) {
    const [total, rows] = await Promise.all([
      this.repo.countPages(this.db, filter),
      this.repo.pages(this.db, filter, {
        sort: PAGE_ORDER[page.sort],
        direction: page.direction,
        limit: page.perPage,
        offset: offsetOf(page),
      }),
    ])
    return { total, data: rows.map(presentPage) }
  }

  async getPage(id: number, ex: Executor = this.db): Promise<AdminPage | undefined> {
    const row = await this.repo.pageById(ex, id)
    return row && withTranslations(row, await this.repo.pageTranslations(ex, id))
  }

  async createPage(ctx: StaffContext, body: AdminPageCreateBody): Promise<AdminPage> {
    const page = await this.db.transaction(async (tx) => {
      if (body.parent_id != null && !(await this.repo.pageById(tx, body.parent_id)))
        throw new AppError('validation_failed', 422, { parent_id: ['validation.invalid'] })
      const id = await this.repo.insertPage(tx, {
        slug: body.slug,
        parentId: body.parent_id ?? null,
        categories: body.categories ?? [],
        position: body.position ?? 0,
        published: body.published ?? false,
      })
      if (id === undefined) throw new AppError('validation_failed', 422, { slug: ['validation.taken'] })
      for (const [locale, t] of Object.entries(body.translations)) {
        if (t) await this.cms.upsertPageTranslation(tx, id, locale, t)
      }
      const created = (await this.getPage(id, tx))!
      await this.audit.record(tx, {
        actor: ctx.actor,
        action: 'content.page.created',
        target: { type: 'cms_page', id: created.slug },
        after: without(created, 'updated_at'),
        request: ctx.request,
      })
      return created
    })
    await this.committed({ scope: 'cms', keys: [pageKey(page.slug), 'pages:'] })
    return page
  }

  async updatePage(ctx: StaffContext, id: number, body: AdminPageUpdateBody): Promise<AdminPage | undefined> {
    const result = await this.db.transaction(async (tx) => {
      const row = await this.repo.pageById(tx, id, true)
      if (!row) return undefined
      const before = (await this.getPage(id, tx))!
      const parentId = body.parent_id === undefined ? row.parent_id : body.parent_id
      if (parentId !== null && parentId !== row.parent_id) {
        if (!(await this.repo.pageById(tx, parentId)) || (await this.repo.wouldCycle(tx, id, parentId)))
          throw new AppError('validation_failed', 422, { parent_id: ['validation.invalid'] })
      }
      await this.repo.updatePage(tx, id, {
        parentId,
        categories: body.categories ?? row.categories,
        position: body.position ?? row.position,
        published: body.published ?? row.published,
      })
      for (const [locale, t] of Object.entries(body.translations ?? {})) {
        if (t) await this.cms.upsertPageTranslation(tx, id, locale, t)
      }
      const after = (await this.getPage(id, tx))!
      const diff = changes(without(before, 'updated_at'), without(after, 'updated_at'))
      if (diff.changed) {
        await this.audit.record(tx, {
          actor: ctx.actor,
          action: 'content.page.updated',
          target: { type: 'cms_page', id: row.slug },
          before: diff.before,
          after: diff.after,
          request: ctx.request,
        })
      }
      return after
    })
    if (result) await this.committed({ scope: 'cms', keys: [pageKey(result.slug), 'pages:'] })
    return result
  }

  /** Deletes a page and its translations; a page with sub-pages is refused (delete or move them first). */
  async deletePage(ctx: StaffContext, id: number): Promise<boolean> {
    const slug = await this.db.transaction(async (tx) => {
      const row = await this.repo.pageById(tx, id, true)
      if (!row) return undefined
      if (await this.repo.pageHasChildren(tx, id)) throw new AppError('page_has_children', 422)
      const before = (await this.getPage(id, tx))!
      await this.repo.deletePage(tx, id)
      await this.audit.record(tx, {
        actor: ctx.actor,
        action: 'content.page.deleted',
        target: { type: 'cms_page', id: row.slug },
        before: without(before, 'updated_at'),
        request: ctx.request,
      })
      return row.slug
    })
    if (slug === undefined) return false
    await this.committed({ scope: 'cms', keys: [pageKey(slug), 'pages:'] })
    return true
  }

  // ── Snippets ───────────────────────────────────────────────────────────────────────────────

  async listSnippets(filter: ContentFilter, page: ListPage<keyof typeof SNIPPET_ORDER>) {
    const [total, data] = await Promise.all([
      this.repo.countSnippets(this.db, filter),
      this.repo.snippets(this.db, filter, {
        sort: SNIPPET_ORDER[page.sort],
        direction: page.direction,
        limit: page.perPage,
        offset: offsetOf(page),
      }),
    ])
    return { total, data }
  }

  getSnippet(id: string): Promise<AdminSnippet | undefined> {
    return this.repo.snippetById(this.db, id)
  }

  async createSnippet(ctx: StaffContext, body: AdminSnippetCreateBody): Promise<AdminSnippet> {
    const snippet = await this.db.transaction(async (tx) => {
      if (!(await this.repo.insertSnippet(tx, body.id, body.categories ?? [])))
        throw new AppError('validation_failed', 422, { id: ['validation.taken'] })
      for (const [locale, content] of Object.entries(body.translations)) {
        if (content !== undefined) await this.cms.upsertSnippetTranslation(tx, body.id, locale, content)
      }
      const created = (await this.repo.snippetById(tx, body.id))!
      await this.audit.record(tx, {
        actor: ctx.actor,
        action: 'content.snippet.created',
        target: { type: 'cms_snippet', id: body.id },
        after: created,
        request: ctx.request,
      })
      return created
    })
    await this.committed({ scope: 'cms', keys: ['snippets:'] })
    return snippet
  }

  async updateSnippet(
    ctx: StaffContext,
    id: string,
    body: AdminSnippetUpdateBody,
  ): Promise<AdminSnippet | undefined> {
    const snippet = await this.db.transaction(async (tx) => {
      const before = await this.repo.snippetById(tx, id, true)
      if (!before) return undefined
      if (body.categories) await this.repo.setSnippetCategories(tx, id, body.categories)
      for (const [locale, content] of Object.entries(body.translations ?? {})) {
        if (content !== undefined) await this.cms.upsertSnippetTranslation(tx, id, locale, content)
      }
      const after = (await this.repo.snippetById(tx, id))!
      const diff = changes(before, after)
      if (diff.changed) {
        await this.audit.record(tx, {
          actor: ctx.actor,
          action: 'content.snippet.updated',
          target: { type: 'cms_snippet', id },
          before: diff.before,
          after: diff.after,
          request: ctx.request,
        })
      }
      return after
    })
    if (snippet) await this.committed({ scope: 'cms', keys: ['snippets:'] })
    return snippet
  }

  async deleteSnippet(ctx: StaffContext, id: string): Promise<boolean> {
    const deleted = await this.db.transaction(async (tx) => {
      const before = await this.repo.snippetById(tx, id, true)
      if (!before) return false
      await this.repo.deleteSnippet(tx, id)
      await this.audit.record(tx, {
        actor: ctx.actor,
        action: 'content.snippet.deleted',
        target: { type: 'cms_snippet', id },
        before,
        request: ctx.request,
      })
      return true
    })
    if (deleted) await this.committed({ scope: 'cms', keys: ['snippets:'] })
    return deleted
  }

  // ── Files and banners ──────────────────────────────────────────────────────────────────────

  async listFiles(filter: ContentFilter, page: ListPage<keyof typeof FILE_ORDER>) {
    const [total, data] = await Promise.all([
      this.repo.countFiles(this.db, filter),
      this.repo.files(this.db, filter, {
        sort: FILE_ORDER[page.sort],
        direction: page.direction,
        limit: page.perPage,
        offset: offsetOf(page),
      }),
    ])
    return { total, data }
  }

  getFile(id: string): Promise<AdminFile | undefined> {
    return this.repo.fileById(this.db, id)
  }

  /** An upload's address must name an image that was uploaded. */
  private async checkUrl(tx: Executor, url: string): Promise<void> {
    if (!url.startsWith(UPLOADS_PATH)) return
    const name = url.slice(UPLOADS_PATH.length).split('?')[0]!
    if (!(await this.repo.uploadExists(tx, name)))
      throw new AppError('validation_failed', 422, { url: ['validation.invalid'] })
  }

  async createFile(ctx: StaffContext, body: AdminFileCreateBody): Promise<AdminFile> {
    const file = await this.db.transaction(async (tx) => {
      await this.checkUrl(tx, body.url)
      const inserted = await this.repo.insertFile(tx, {
        id: body.id,
        url: body.url,
        categories: body.categories ?? [],
        position: body.position ?? 0,
      })
      if (!inserted) throw new AppError('validation_failed', 422, { id: ['validation.taken'] })
      for (const [locale, description] of Object.entries(body.translations ?? {})) {
        if (description !== undefined) await this.cms.upsertFileTranslation(tx, body.id, locale, description)
      }
      const created = (await this.repo.fileById(tx, body.id))!
      await this.audit.record(tx, {
        actor: ctx.actor,
        action: 'content.file.created',
        target: { type: 'cms_file', id: body.id },
        after: created,
        request: ctx.request,
      })
      return created
    })
    await this.committed({ scope: 'cms', keys: ['files:'] })
    return file
  }

  async updateFile(ctx: StaffContext, id: string, body: AdminFileUpdateBody): Promise<AdminFile | undefined> {
    const file = await this.db.transaction(async (tx) => {
      const before = await this.repo.fileById(tx, id, true)
      if (!before) return undefined
      if (body.url !== undefined) await this.checkUrl(tx, body.url)
      await this.repo.updateFile(tx, id, {
        url: body.url ?? before.url,
        categories: body.categories ?? before.categories,
        position: body.position ?? before.position,
      })
      for (const [locale, description] of Object.entries(body.translations ?? {})) {
        if (description !== undefined) await this.cms.upsertFileTranslation(tx, id, locale, description)
      }
      const after = (await this.repo.fileById(tx, id))!
      const diff = changes(before, after)
      if (diff.changed) {
        await this.audit.record(tx, {
          actor: ctx.actor,
          action: 'content.file.updated',
          target: { type: 'cms_file', id },
          before: diff.before,
          after: diff.after,
          request: ctx.request,
        })
      }
      return after
    })
    if (file) await this.committed({ scope: 'cms', keys: ['files:'] })
    return file
  }

  async deleteFile(ctx: StaffContext, id: string): Promise<boolean> {
    const deleted = await this.db.transaction(async (tx) => {
      const before = await this.repo.fileById(tx, id, true)
      if (!before) return false
      await this.repo.deleteFile(tx, id)
      await this.audit.record(tx, {
        actor: ctx.actor,
        action: 'content.file.deleted',
        target: { type: 'cms_file', id },
        before,
        request: ctx.request,
      })
      return true
    })
    if (deleted) await this.committed({ scope: 'cms', keys: ['files:'] })
    return deleted
  }

  /**
   * Stores an image for a banner (PNG, JPEG, WebP, or SVG without scripts, recognised by its
   * bytes) under the SHA-256 of its bytes; answers its address, for a file's `url`. The same image
   * twice is one upload. Audited (`content.upload.created`, its name, type and size).
   */
  async upload(ctx: StaffContext, bytes: Buffer) {
    const type = checkImage(bytes)
    const name = `${crypto.createHash('sha256').update(bytes).digest('hex')}.${EXTENSIONS[type]}`
    await this.db.transaction(async (tx) => {
      await this.repo.insertUpload(tx, name, type, bytes)
      await this.audit.record(tx, {
        actor: ctx.actor,
        action: 'content.upload.created',
        target: { type: 'cms_upload', id: name },
        after: { name, content_type: type, bytes: bytes.length },
        request: ctx.request,
      })
    })
    return { url: `${UPLOADS_PATH}${name}`, content_type: type, bytes: bytes.length }
  }

  /** An uploaded image by its name, for players' browsers. */
  uploaded(name: string) {
    return this.repo.upload(this.db, name)
  }

  // ── Preview ────────────────────────────────────────────────────────────────────────────────

  /**
   * A draft as the player's api would answer it in `locale`, whether or not the stored one is
   * published; nothing is written. The draft's fields replace the stored ones in that language.
   */
  async preview(body: AdminPreviewBody): Promise<AdminPreview | undefined> {
    const locale = body.locale as Locale
    if (body.kind === 'page') {
      const row = await this.repo.pageBySlug(this.db, body.slug)
      const rows = row ? await this.repo.pageTranslations(this.db, row.id) : []
      if (body.translation) {
        const own = rows.find((r) => r.locale === locale)
        const base = own ?? { title: '', content: '', description: '', keywords: '', json: '' }
        const merged = { ...base, ...body.translation, locale }
        rows.splice(own ? rows.indexOf(own) : rows.length, own ? 1 : 0, merged)
      }
      if (!row && !body.translation) return undefined
      const page = renderPage(
        { id: row?.id ?? 0, slug: body.slug, categories: body.categories ?? row?.categories ?? [] },
        rows,
        locale,
      )
      return page && { kind: 'page', page }
    }
    if (body.kind === 'snippet') {
      const stored = await this.repo.snippetById(this.db, body.id)
      if (!stored && body.content === undefined) return undefined
      const content = body.content ?? pickText(stored?.translations ?? {}, locale)
      return {
        kind: 'snippet',
        snippet: { id: body.id, content, categories: body.categories ?? stored?.categories ?? [] },
      }
    }
    const stored = await this.repo.fileById(this.db, body.id)
    if (!stored && body.url === undefined) return undefined
    return {
      kind: 'file',
      file: {
        id: body.id,
        url: body.url ?? stored!.url,
        description: body.description ?? pickText(stored?.translations ?? {}, locale),
        categories: body.categories ?? stored?.categories ?? [],
      },
    }
  }
}

/** The text of a language as the player's api picks it: its own, then en-AU → en, then any. */
function pickText(texts: Record<string, string>, locale: Locale): string {
  for (const l of localeFallbacks(locale)) if (texts[l] !== undefined) return texts[l]
  return Object.values(texts)[0] ?? ''
}
