import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/errors.ts'
import { errorResponse, errorResponses, localeQuery } from '../../lib/schemas.ts'
import type { CmsService } from './service.ts'

interface PageNode {
  id: string
  path: string
  title: string
  layout: 'default'
  categories: string[]
  children: PageNode[]
}
const pageConfig: z.ZodType<PageNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    path: z.string(),
    title: z.string(),
    layout: z.literal('default'),
    categories: z.array(z.string()),
    children: z.array(pageConfig),
  }),
)
const page = z.object({
  id: z.string(),
  path: z.string(),
  title: z.string(),
  content: z.string().describe('HTML'),
  layout: z.literal('default'),
  categories: z.array(z.string()),
  blocks: z.object({
    title: z.string(),
    keywords: z.string(),
    description: z.string(),
    'content-main': z.string(),
    json: z.string().describe('JSON text'),
  }),
})
const snippet = z.object({ id: z.string(), content: z.string(), categories: z.array(z.string()) })
const file = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().describe('Banners carry JSON text: title, text, button, link, groups'),
  categories: z.array(z.string()),
})
const pagePath = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*$/, 'validation.invalid')

export const cmsRoutes: FastifyPluginAsyncZod<{ cms: CmsService }> = async (app, { cms }) => {
  const tags = ['cms']
  app.get(
    '/api/cms/pages',
    {
      schema: {
        tags,
        summary: 'Tree of static pages in the requested language (fallback en)',
        querystring: localeQuery,
        response: { 200: z.array(pageConfig), ...errorResponses },
      },
    },
    (request) => cms.pages(request.locale),
  )
  app.get(
    '/api/cms/pages/*',
    {
      schema: {
        tags,
        summary: 'One page by path; the path may contain slashes',
        params: z.strictObject({ '*': pagePath }),
        querystring: localeQuery,
        response: { 200: page, 404: errorResponse, ...errorResponses },
      },
    },
    async (request) => {
      const found = await cms.page(request.params['*'], request.locale)
      if (!found) throw new AppError('page_not_found', 404)
      return found
    },
  )
  // The platform's client asks for `/api/cms/snippets/?l=` with a trailing slash.
  for (const url of ['/api/cms/snippets', '/api/cms/snippets/']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'Snippets (HTML fragments) in the requested language',
          querystring: localeQuery,
          response: { 200: z.array(snippet), ...errorResponses },
          hide: url.endsWith('/'),
        },
      },
      (request) => cms.snippets(request.locale),
    )
  }
  app.get(
    '/api/cms/files',
    {
      schema: {
        tags,
        summary: 'Files: banners (category = slider id) and illustrations',
        querystring: localeQuery,
        response: { 200: z.array(file), ...errorResponses },
      },
    },
    (request) => cms.files(request.locale),
  )
}
