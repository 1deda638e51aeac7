import { queryOptions, useQuery } from '@tanstack/react-query'
import { type ServerData } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** GET /json-api/serverdata: what the server knows about the visitor. */
export const serverDataQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['serverdata'],
    queryFn: ({ signal }) => http.get<ServerData>('/json-api/serverdata', { signal }),
    staleTime: 60_000,
  })

export function useServerData() {
  const { http } = useServices()
  return useQuery(serverDataQuery(http))
}
