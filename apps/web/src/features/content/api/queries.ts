import { queryOptions } from '@tanstack/react-query'
import {
  TIMING,
  type CmsFile,
  type CmsPage,
  type CmsSnippet,
  type Locale,
  type PageConfig,
} from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'

// Content changes rarely; the spec allows caching start-up data for a day.
const staleTime = TIMING.startCacheMs

export const pagesQuery = (http: HttpClient, locale: Locale) =>
  queryOptions({
    queryKey: ['cms', 'pages', locale],
    queryFn: ({ signal }) => http.get<PageConfig[]>('/api/cms/pages', { query: { l: locale }, signal }),
    staleTime,
  })

export const pageQuery = (http: HttpClient, locale: Locale, path: string) =>
  queryOptions({
    queryKey: ['cms', 'page', locale, path],
    queryFn: ({ signal }) =>
      http.get<CmsPage>(`/api/cms/pages/${path.split('/').map(encodeURIComponent).join('/')}`, {
        query: { l: locale },
        signal,
      }),
    staleTime,
    retry: false,
  })

export const snippetsQuery = (http: HttpClient, locale: Locale) =>
  queryOptions({
    queryKey: ['cms', 'snippets', locale],
    queryFn: ({ signal }) => http.get<CmsSnippet[]>('/api/cms/snippets/', { query: { l: locale }, signal }),
    staleTime,
  })

export const filesQuery = (http: HttpClient, locale: Locale) =>
  queryOptions({
    queryKey: ['cms', 'files', locale],
    queryFn: ({ signal }) => http.get<CmsFile[]>('/api/cms/files', { query: { l: locale }, signal }),
    staleTime,
  })

/** Every static page path in the tree, children included. */
export function flattenPagePaths(pages: PageConfig[]): string[] {
  return pages.flatMap((p) => [p.path, ...flattenPagePaths(p.children)])
}
