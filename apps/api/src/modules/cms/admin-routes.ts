import { z } from 'zod'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminFile,
  adminFileCreateBody,
  adminFilesCsvQuery,
  adminFilesPage,
  adminFilesQuery,
  adminFileUpdateBody,
  adminPage,
  adminPageCreateBody,
  adminPagesCsvQuery,
  adminPagesPage,
  adminPagesQuery,
  adminPageUpdateBody,
  adminPreview,
  adminPreviewBody,
  adminSnippet,
  adminSnippetCreateBody,
  adminSnippetsCsvQuery,
  adminSnippetsPage,
  adminSnippetsQuery,
  adminSnippetUpdateBody,
  adminUpload,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_TYPES,
  slugParam,
} from '@aurum/shared/contracts/admin-content'
import { idParam } from '@aurum/shared/contracts/common'
import { AppError } from '../../lib/errors.ts'
import { csvLine, csvText, csvValue } from '../../lib/csv.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { requireStaff } from '../../plugins/staff-session.ts'
import { staffContext } from '../audit/service.ts'
import type { ContentAdmin, ContentFilter } from './admin.ts'

const denied = { 401: errorResponse, 403: errorResponse }
const notFound = () => new AppError('not_found', 404)
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store')

const filterOf = (q: { q?: string; category?: string; published?: 'true' | 'false' }): ContentFilter => ({
  q: q.q,
  category: q.category,
  published: q.published === undefined ? undefined : q.published === 'true',
})

function sendCsv(typed: FastifyReply, name: string, columns: string[], rows: string[][]) {
  const reply: FastifyReply = typed
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .type('text/csv; charset=utf-8')
    .send(csvLine(columns) + rows.map(csvLine).join(''))
}

const json = (value: unknown) => csvText(JSON.stringify(value))

/**
 * The back office's content screen (docs/backoffice.md "Content"): content:view reads and previews,
 * content:edit creates, changes, deletes and uploads. The player's api (routes.ts) shows a change
 * on every node within a second (the cache bus).
 */
export const adminContentRoutes: FastifyPluginAsyncZod<{ content: ContentAdmin }> = async (
  app,
  { content },
) => {
  const tags = ['admin']
  const view = { access: 'content:view' } as const
  const edit = { access: 'content:edit' } as const
  const ctxOf = (request: Parameters<typeof requireStaff>[0]) =>
    staffContext(requireStaff(request), request.ctx)

  // ── Pages ──

  app.get(
    '/api/admin/content/pages',
    {
      schema: {
        tags,
        summary: 'CMS pages (SEO meta of app routes included), filtered, sorted and paged',
        querystring: adminPagesQuery,
        response: { 200: adminPagesPage, ...denied, ...errorResponses },
      },
      config: view,
    },
    async (request, reply) => {
      noStore(reply)
      const { page = 1, per_page: perPage = 50, sort = 'position', direction = 'asc' } = request.query
      const { data, total } = await content.listPages(filterOf(request.query), {
        sort,
        direction,
        page,
        perPage,
      })
      return { data, pagination: { page, per_page: perPage, total_count: total } }
    },
  )

  app.get(
    '/api/admin/content/pages.csv',
    {
      schema: {
        tags,
        summary: 'The pages the filters find, as CSV',
        querystring: adminPagesCsvQuery,
        response: { ...denied, ...errorResponses },
      },
      config: view,
    },
    async (request, reply) => {
      const { sort = 'position', direction = 'asc' } = request.query
      const { data } = await content.listPages(filterOf(request.query), {
        sort,
        direction,
        page: 1,
        perPage: null,
      })
      return sendCsv(
        reply,
        'pages',
        ['id', 'slug', 'title', 'parent_id', 'categories', 'position', 'published', 'locales', 'updated_at'],
        data.map((p) => [
          csvValue(p.id),
          csvText(p.slug),
          csvText(p.title),
          csvValue(p.parent_id),
          csvText(p.categories.join(' ')),
          csvValue(p.position),
          csvValue(String(p.published)),
          csvText(p.locales.join(' ')),
          csvText(p.updated_at),
        ]),
      )
    },
  )

  app.get(
    '/api/admin/content/pages/:id',
    {
      schema: {
        tags,
        summary: 'A page with its text in every language written',
        params: idParam,
        response: { 200: adminPage, 404: errorResponse, ...denied, ...errorResponses },
      },
      config: view,
    },
    async (request, reply) => {
      noStore(reply)
      return (await content.getPage(request.params.id)) ?? Promise.reject(notFound())
    },
  )

  app.post(
    '/api/admin/content/pages',
    {
      schema: {
        tags,
        summary: 'Creates a page (unpublished unless `published`); English is required',
        body: adminPageCreateBody,
        response: { 201: adminPage, ...denied, ...errorResponses },
      },
      config: edit,
    },
    async (request, reply) => reply.status(201).send(await content.createPage(ctxOf(request), request.body)),
  )

  app.patch(
    '/api/admin/content/pages/:id',
    {
      schema: {
        tags,
        summary: 'Changes a page: publishes or withdraws it, moves it, or writes some of its languages',
        description: 'A language left out keeps its text. The slug does not change (links point to it).',
        params: idParam,
        body: adminPageUpdateBody,
        response: { 200: adminPage, 404: errorResponse, ...denied, ...errorResponses },
      },
      config: edit,
    },
    async (request) =>
      (await content.updatePage(ctxOf(request), request.params.id, request.body)) ??
      Promise.reject(notFound()),
  )

  app.delete(
    '/api/admin/content/pages/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a page and its translations (one with sub-pages is refused: page_has_children)',
        params: idParam,
        response: { 204: z.null(), 404: errorResponse, ...denied, ...errorResponses },
      },
      config: edit,
    },
    async (request, reply) => {
      if (!(await content.deletePage(ctxOf(request), request.params.id))) throw notFound()
      return reply.status(204).send(null)
    },
  )

  // ── Snippets ──

  app.get(
    '/api/admin/content/snippets',
    {
      schema: {
        tags,
        summary: 'Snippets (HTML fragments) in every language, filtered, sorted and paged',
        querystring: adminSnippetsQuery,
        response: { 200: adminSnippetsPage, ...denied, ...errorResponses },
      },
      config: view,
    },
    async (request, reply) => {
      noStore(reply)
      const { page = 1, per_page: perPage = 50, sort = 'id', direction = 'asc' } = request.query
      const { data, total } = await content.listSnippets(filterOf(request.query), {
        sort,
        direction,
        page,
        perPage,
      })
      return { data, pagination: { page, per_page: perPage, total_count: total } }
    },
  )

  app.get(
    '/api/admin/content/snippets.csv',
    {
      schema: {
        tags,
        summary: 'The snippets the filters find, as CSV (the texts as one JSON object per row)',
        querystring: adminSnippetsCsvQuery,
        response: { ...denied, ...errorResponses },
      },
      config: view,
    },
    async (request, reply) => {
      const { sort = 'id', direction = 'asc' } = request.query
      const { data } = await content.listSnippets(filterOf(request.query), {
        sort,
        direction,
        page: 1,
        perPage: null,
      })
      return sendCsv(
        reply,
        'snippets',
        ['id', 'categories', 'translations'],
        data.map((s) => [csvText(s.id), csvText(s.categories.join(' ')), json(s.translations)]),
      )
    },
  )

  app.get(
    '/api/admin/content/snippets/:id',
    {
      schema: {
        tags,
        summary: 'A snippet in every language written',
        params: slugParam,
        response: { 200: adminSnippet, 404: errorResponse, ...denied, ...errorResponses },
      },
      config: view,
    },
    async (request, reply) => {
      noStore(reply)
      return (await content.getSnippet(request.params.id)) ?? Promise.reject(notFound())
    },
  )

  app.post(
    '/api/admin/content/snippets',
    {
      schema: {
        tags,
        summary: 'Creates a snippet; English is required',
        body: adminSnippetCreateBody,
        response: { 201: adminSnippet, ...denied, ...errorResponses },
      },
      config: edit,
    },
    async (request, reply) =>
      reply.status(201).send(await content.createSnippet(ctxOf(request), request.body)),
  )

  app.patch(
    '/api/admin/content/snippets/:id',
    {
      schema: {
        tags,
        summary: 'Changes a snippet’s categories or some of its languages',
        params: slugParam,
        body: adminSnippetUpdateBody,
        response: { 200: adminSnippet, 404: errorResponse, ...denied, ...errorResponses },
      },
      config: edit,
    },
    async (request) =>
      (await content.updateSnippet(ctxOf(request), request.params.id, request.body)) ??
      Promise.reject(notFound()),
  )

  app.delete(
    '/api/admin/content/snippets/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a snippet',
        params: slugParam,
        response: { 204: z.null(), 404: errorResponse, ...denied, ...errorResponses },
      },
      config: edit,
    },
    async (request, reply) => {
      if (!(await content.deleteSnippet(ctxOf(request), request.params.id))) throw notFound()
      return reply.status(204).send(null)
    },
  )

  // ── Files and banners ──

  app.get(
    '/api/admin/content/files',
    {
      schema: {
        tags,
        summary: 'Files and banners (category `banner`), with their JSON text per language',
        querystring: adminFilesQuery,
        response: { 200: adminFilesPage, ...denied, ...errorResponses },
      },
      config: view,
    },
    async (request, reply) => {
      noStore(reply)
      const { page = 1, per_page: perPage = 50, sort = 'position', direction = 'asc' } = request.query
      const { data, total } = await content.listFiles(filterOf(request.query), {
        sort,
        direction,
        page,
        perPage,
      })
      return { data, pagination: { page, per_page: perPage, total_count: total } }
    },
  )

  app.get(
    '/api/admin/content/files.csv',
    {
      schema: {
        tags,
        summary: 'The files the filters find, as CSV (the texts as one JSON object per row)',
        querystring: adminFilesCsvQuery,
        response: { ...denied, ...errorResponses },
      },
      config: view,
    },
    async (request, reply) => {
      const { sort = 'position', direction = 'asc' } = request.query
      const { data } = await content.listFiles(filterOf(request.query), {
        sort,
        direction,
        page: 1,
        perPage: null,
      })
      return sendCsv(
        reply,
        'files',
        ['id', 'url', 'categories', 'position', 'translations'],
        data.map((f) => [
          csvText(f.id),
          csvText(f.url),
          csvText(f.categories.join(' ')),
          csvValue(f.position),
          json(f.translations),
        ]),
      )
    },
  )

  app.get(
    '/api/admin/content/files/:id',
    {
      schema: {
        tags,
        summary: 'A file or banner in every language written',
        params: slugParam,
        response: { 200: adminFile, 404: errorResponse, ...denied, ...errorResponses },
      },
      config: view,
    },
    async (request, reply) => {
      noStore(reply)
      return (await content.getFile(request.params.id)) ?? Promise.reject(notFound())
    },
  )

  app.post(
    '/api/admin/content/files',
    {
      schema: {
        tags,
        summary: 'Creates a file or banner on an uploaded image (or one of the seed’s)',
        description:
          'A banner: categories `banner` and its slider (`index-top`, `promo`, `tournaments`, `jackpot-top`), ' +
          'translations the JSON the slider reads (title, text, button, link, groups).',
        body: adminFileCreateBody,
        response: { 201: adminFile, ...denied, ...errorResponses },
      },
      config: edit,
    },
    async (request, reply) => reply.status(201).send(await content.createFile(ctxOf(request), request.body)),
  )

  app.patch(
    '/api/admin/content/files/:id',
    {
      schema: {
        tags,
        summary: 'Changes a file or banner: its image, categories, place or some of its languages',
        params: slugParam,
        body: adminFileUpdateBody,
        response: { 200: adminFile, 404: errorResponse, ...denied, ...errorResponses },
      },
      config: edit,
    },
    async (request) =>
      (await content.updateFile(ctxOf(request), request.params.id, request.body)) ??
      Promise.reject(notFound()),
  )

  app.delete(
    '/api/admin/content/files/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a file or banner (an uploaded image stays: its address may be cached)',
        params: slugParam,
        response: { 204: z.null(), 404: errorResponse, ...denied, ...errorResponses },
      },
      config: edit,
    },
    async (request, reply) => {
      if (!(await content.deleteFile(ctxOf(request), request.params.id))) throw notFound()
      return reply.status(204).send(null)
    },
  )

  // ── Upload and preview ──

  // The image is the body itself (its type recognised by its bytes), in this route's scope only.
  app.addContentTypeParser(
    [...CONTENT_IMAGE_TYPES, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: CONTENT_IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  )
  app.post(
    '/api/admin/content/uploads',
    {
      bodyLimit: CONTENT_IMAGE_MAX_BYTES,
      schema: {
        tags,
        summary: 'Uploads an image for a banner; answers its address for a file’s `url`',
        description:
          `The body is the image (PNG, JPEG, WebP or SVG, at most ${CONTENT_IMAGE_MAX_BYTES} bytes, 413 above), ` +
          'recognised by its bytes. An SVG with scripts, event handlers, external references or entities is ' +
          'refused (422 `errors.file`), not cleaned.',
        consumes: [...CONTENT_IMAGE_TYPES],
        response: { 201: adminUpload, 413: errorResponse, ...denied, ...errorResponses },
      },
      config: edit,
    },
    async (request, reply) => {
      const body = request.body
      if (!Buffer.isBuffer(body)) throw new AppError('unsupported_media_type', 415)
      return reply.status(201).send(await content.upload(ctxOf(request), body))
    },
  )

  app.post(
    '/api/admin/content/preview',
    {
      schema: {
        tags,
        summary:
          'Renders a draft page, snippet or banner as the player’s api would answer it; writes nothing',
        description:
          'The draft’s fields replace the stored ones in `locale`; an unpublished page previews too. 404 when ' +
          'nothing is stored under the slug or id and the draft is not complete enough to show.',
        body: adminPreviewBody,
        response: { 200: adminPreview, 404: errorResponse, ...denied, ...errorResponses },
      },
      config: view,
    },
    async (request, reply) => {
      noStore(reply)
      return (await content.preview(request.body)) ?? Promise.reject(notFound())
    },
  )
}

/** Uploaded images, for players' browsers: immutable (named by their hash), never run as a document. */
export const uploadRoutes: FastifyPluginAsyncZod<{ content: ContentAdmin }> = async (app, { content }) => {
  app.get(
    '/files/uploads/:name',
    {
      schema: {
        tags: ['cms'],
        summary: 'An image uploaded in the back office',
        params: z.strictObject({
          name: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp|svg)$/, 'validation.invalid'),
        }),
        response: { 404: errorResponse, ...errorResponses },
      },
    },
    async (request, typed) => {
      const reply: FastifyReply = typed
      const image = await content.uploaded(request.params.name)
      if (!image) throw notFound()
      return reply
        .type(image.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
        )
        .send(Buffer.from(image.bytes))
    },
  )
}
