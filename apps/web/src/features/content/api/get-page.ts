import { queryOptions, useQuery } from '@tanstack/react-query'
import { TIMING, type CmsPage, type Locale } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** GET /api/cms/pages/{path}?l=: one page, or the SEO meta of an app route (`seo/<route>`). */
export const pageQuery = (http: HttpClient, locale: Locale, path: string) =>
  queryOptions({
    queryKey: ['cms', 'page', locale, path],
    queryFn: ({ signal }) =>
      http.get<CmsPage>(`/api/cms/pages/${path.split('/').map(encodeURIComponent).join('/')}`, {
        query: { l: locale },
        signal,
      }),
    staleTime: TIMING.startCacheMs,
    retry: false,
  })

export function usePage(path: string) {
  const { http, env } = useServices()
  return useQuery(pageQuery(http, env.locale, path))
}
