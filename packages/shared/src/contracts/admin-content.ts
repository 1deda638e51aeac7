// The back office's content screen (issue 22, docs/backoffice.md "Content"): CMS pages, snippets and
// files (banners are files in the category `banner` and their slider's, with JSON text per
// language) in every language, an image upload for banners and a preview that renders a draft as
// a player would see it. The api validates and serialises with these schemas.
import { z } from 'zod'
import { LOCALES } from '../locales.ts'
import { localeParam } from './common.ts'
import { file, page, pagePath, snippet } from './cms.ts'

/** Largest image the banner upload takes. */
export const CONTENT_IMAGE_MAX_BYTES = 1024 * 1024
/** The image types the upload takes (recognised by their first bytes, not by the header alone). */
export const CONTENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const
/** Largest page of the content lists. */
export const CONTENT_MAX_PER_PAGE = 200

const slugText = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validation.invalid')
const category = z
  .string()
  .max(50)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validation.invalid')
const categories = z.array(category).max(20)

/** Text in some of the 13 languages: a language left out keeps what it had (or falls back to en). */
const perLocale = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(LOCALES), value)

const html = z.string().max(200_000)

export const pageTranslationBody = z.strictObject({
  title: z.string().trim().min(1).max(200),
  content: html,
  description: z.string().max(1000).optional(),
  keywords: z.string().max(1000).optional(),
  json: z.string().max(20_000).optional(),
})

/** A banner's text in one language: JSON, as the player's slider reads it. */
const bannerJson = z
  .string()
  .max(20_000)
  .refine((text) => {
    if (text === '') return true
    try {
      const value: unknown = JSON.parse(text)
      return typeof value === 'object' && value !== null && !Array.isArray(value)
    } catch {
      return false
    }
  }, 'validation.json')

const pagingQuery = {
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .pipe(z.coerce.number<string>().int().min(1))
    .optional(),
  per_page: z
    .string()
    .regex(/^\d{1,4}$/)
    .pipe(z.coerce.number<string>().int().min(1).max(CONTENT_MAX_PER_PAGE))
    .optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  q: z.string().max(100).optional().describe('Part of the id or slug, or of the English title'),
  category: category.optional(),
}

export const PAGE_SORTS = ['slug', 'position', 'updated_at', 'id'] as const
export const adminPagesQuery = z.strictObject({
  ...pagingQuery,
  sort: z.enum(PAGE_SORTS).optional(),
  published: z.enum(['true', 'false']).optional(),
})
export type AdminPagesQuery = z.infer<typeof adminPagesQuery>
export const adminPagesCsvQuery = adminPagesQuery.omit({ page: true, per_page: true })

export const SNIPPET_SORTS = ['id'] as const
export const adminSnippetsQuery = z.strictObject({ ...pagingQuery, sort: z.enum(SNIPPET_SORTS).optional() })
export type AdminSnippetsQuery = z.infer<typeof adminSnippetsQuery>
export const adminSnippetsCsvQuery = adminSnippetsQuery.omit({ page: true, per_page: true })

export const FILE_SORTS = ['id', 'position'] as const
export const adminFilesQuery = z.strictObject({ ...pagingQuery, sort: z.enum(FILE_SORTS).optional() })
export type AdminFilesQuery = z.infer<typeof adminFilesQuery>
export const adminFilesCsvQuery = adminFilesQuery.omit({ page: true, per_page: true })

const pageInfo = z.object({ page: z.number(), per_page: z.number(), total_count: z.number() })

// ── Pages ────────────────────────────────────────────────────────────────────────────────────

const pageTranslation = z.object({
  title: z.string(),
  content: z.string(),
  description: z.string(),
  keywords: z.string(),
  json: z.string(),
})

export const adminPageSummary = z.object({
  id: z.number(),
  slug: z.string(),
  parent_id: z.number().nullable(),
  categories: z.array(z.string()),
  position: z.number(),
  published: z.boolean(),
  updated_at: z.string(),
  title: z.string().describe('The English title (the first one written when there is none)'),
  locales: z.array(z.string()).describe('The languages the page is written in'),
})
export const adminPage = adminPageSummary.extend({
  translations: z.record(z.string(), pageTranslation),
})
export type AdminPage = z.infer<typeof adminPage>
export const adminPagesPage = z.object({ data: z.array(adminPageSummary), pagination: pageInfo })

export const adminPageCreateBody = z.strictObject({
  slug: pagePath,
  parent_id: z.number().int().positive().nullable().optional(),
  categories: categories.optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
  published: z.boolean().optional(),
  translations: perLocale(pageTranslationBody).refine(
    (t) => t.en !== undefined,
    'validation.english_required',
  ),
})
export type AdminPageCreateBody = z.infer<typeof adminPageCreateBody>

export const adminPageUpdateBody = z
  .strictObject({
    parent_id: z.number().int().positive().nullable().optional(),
    categories: categories.optional(),
    position: z.number().int().min(0).max(1_000_000).optional(),
    published: z.boolean().optional(),
    translations: perLocale(pageTranslationBody).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'validation.nothing_to_change')
export type AdminPageUpdateBody = z.infer<typeof adminPageUpdateBody>

// ── Snippets ─────────────────────────────────────────────────────────────────────────────────

export const adminSnippet = z.object({
  id: z.string(),
  categories: z.array(z.string()),
  translations: z.record(z.string(), z.string()),
})
export type AdminSnippet = z.infer<typeof adminSnippet>
export const adminSnippetsPage = z.object({ data: z.array(adminSnippet), pagination: pageInfo })

export const adminSnippetCreateBody = z.strictObject({
  id: slugText,
  categories: categories.optional(),
  translations: perLocale(html).refine((t) => t.en !== undefined, 'validation.english_required'),
})
export const adminSnippetUpdateBody = z
  .strictObject({ categories: categories.optional(), translations: perLocale(html).optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'validation.nothing_to_change')
export type AdminSnippetCreateBody = z.infer<typeof adminSnippetCreateBody>
export type AdminSnippetUpdateBody = z.infer<typeof adminSnippetUpdateBody>

// ── Files and banners ────────────────────────────────────────────────────────────────────────

export const adminFile = z.object({
  id: z.string(),
  url: z.string(),
  categories: z.array(z.string()).describe('Banners: `banner` and their slider (`index-top`, `promo`…)'),
  position: z.number(),
  translations: z.record(z.string(), z.string()).describe('Per language: a banner’s JSON text'),
})
export type AdminFile = z.infer<typeof adminFile>
export const adminFilesPage = z.object({ data: z.array(adminFile), pagination: pageInfo })

/** A new file starts with an image uploaded before (its `url` from the upload) or one of the seed's. */
const fileUrl = z
  .string()
  .max(300)
  .regex(/^\/files\/[A-Za-z0-9._/-]+(\?v=[0-9a-f]{1,64})?$/, 'validation.invalid')

export const adminFileCreateBody = z.strictObject({
  id: slugText,
  url: fileUrl,
  categories: categories.optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
  translations: perLocale(bannerJson).optional(),
})
export const adminFileUpdateBody = z
  .strictObject({
    url: fileUrl.optional(),
    categories: categories.optional(),
    position: z.number().int().min(0).max(1_000_000).optional(),
    translations: perLocale(bannerJson).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'validation.nothing_to_change')
export type AdminFileCreateBody = z.infer<typeof adminFileCreateBody>
export type AdminFileUpdateBody = z.infer<typeof adminFileUpdateBody>

/** An uploaded image: its address, to put in a file's `url`. */
export const adminUpload = z.object({
  url: z.string(),
  content_type: z.enum(CONTENT_IMAGE_TYPES),
  bytes: z.number(),
})

// ── Preview ──────────────────────────────────────────────────────────────────────────────────

/**
 * A draft shown as the player's endpoint would answer it, in one language, without writing
 * anything: a page (an unpublished one too), a snippet or a file, with the fields given replacing
 * the stored ones (a new one needs all of them).
 */
export const adminPreviewBody = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('page'),
    locale: localeParam,
    slug: pagePath,
    categories: categories.optional(),
    translation: pageTranslationBody.partial().optional(),
  }),
  z.strictObject({
    kind: z.literal('snippet'),
    locale: localeParam,
    id: slugText,
    categories: categories.optional(),
    content: html.optional(),
  }),
  z.strictObject({
    kind: z.literal('file'),
    locale: localeParam,
    id: slugText,
    url: fileUrl.optional(),
    categories: categories.optional(),
    description: bannerJson.optional(),
  }),
])
export type AdminPreviewBody = z.infer<typeof adminPreviewBody>
export const adminPreview = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), page }),
  z.object({ kind: z.literal('snippet'), snippet }),
  z.object({ kind: z.literal('file'), file }),
])
export type AdminPreview = z.infer<typeof adminPreview>

export const slugParam = z.strictObject({ id: slugText })
