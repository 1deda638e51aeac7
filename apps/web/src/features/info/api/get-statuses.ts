import { queryOptions, useQuery } from '@tanstack/react-query'
import { TIMING, type StatusInfo } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** GET /api/info/statuses: VIP statuses and their comp-point ranges. */
export const statusesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['info', 'statuses'],
    queryFn: ({ signal }) => http.get<StatusInfo[]>('/api/info/statuses', { signal }),
    staleTime: TIMING.startCacheMs,
  })

export function useStatuses() {
  const { http } = useServices()
  return useQuery(statusesQuery(http))
}
