// The CMS's contracts (/api/cms/*): the api validates and serialises with these schemas, OpenAPI
// describes them, and the web app infers its types from them (type imports only: no zod in its
// bundle for a type).
import { z } from 'zod'

/** A page of the static pages' tree. */
interface PageNode {
  id: string
  path: string
  title: string
  layout: 'default'
  categories: string[]
  children: PageNode[]
}
export const pageConfig: z.ZodType<PageNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    path: z.string(),
    title: z.string(),
    layout: z.literal('default'),
    categories: z.array(z.string()),
    children: z.array(pageConfig),
  }),
)
export const page = z.object({
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
export const snippet = z.object({ id: z.string(), content: z.string(), categories: z.array(z.string()) })
export const file = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().describe('Banners carry JSON text: title, text, button, link, groups'),
  categories: z.array(z.string()),
})
export const pagePath = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*$/, 'validation.invalid')

export type PageConfig = PageNode
export type CmsPage = z.infer<typeof page>
export type PageBlocks = CmsPage['blocks']
export type CmsSnippet = z.infer<typeof snippet>
export type CmsFile = z.infer<typeof file>
