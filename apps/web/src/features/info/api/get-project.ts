import { queryOptions, useQuery } from '@tanstack/react-query'
import { TIMING, type ProjectInfo } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** GET /api/info/project: project settings, brand and feature flags. */
export const projectQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['info', 'project'],
    queryFn: ({ signal }) => http.get<ProjectInfo>('/api/info/project', { signal }),
    staleTime: TIMING.startCacheMs,
  })

export function useProject() {
  const { http } = useServices()
  return useQuery(projectQuery(http))
}
