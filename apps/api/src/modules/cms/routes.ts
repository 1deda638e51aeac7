import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/errors.ts'
import { errorResponse, errorResponses, localeQuery } from '../../lib/schemas.ts'
import { file, page, pageConfig, pagePath, snippet } from '@aurum/shared/contracts/cms'
import type { CmsService } from './service.ts'

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
