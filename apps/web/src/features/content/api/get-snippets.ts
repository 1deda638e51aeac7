import { queryOptions, useQuery } from '@tanstack/react-query'
import { TIMING, type CmsSnippet, type Locale } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'
import { useCmsText } from '../cms-text.ts'

/** GET /api/cms/snippets/?l=: HTML fragments by id. */
export const snippetsQuery = (http: HttpClient, locale: Locale) =>
  queryOptions({
    queryKey: ['cms', 'snippets', locale],
    queryFn: ({ signal }) => http.get<CmsSnippet[]>('/api/cms/snippets/', { query: { l: locale }, signal }),
    staleTime: TIMING.startCacheMs,
  })

/** The content of one snippet, once loaded, with its amounts in the visitor's currency. */
export function useSnippet(id: string): string | undefined {
  const { http, env } = useServices()
  const cmsText = useCmsText()
  const content = useQuery(snippetsQuery(http, env.locale)).data?.find((s) => s.id === id)?.content
  return content === undefined ? undefined : cmsText(content)
}
