import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { RealityCheckState } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'
import { acknowledgements } from '../reality-check-timing.ts'

export const REALITY_CHECK_KEY = ['player', 'reality_check'] as const

/** While a real-money game is open the figures are read again this often (and when a reminder is due). */
export const REALITY_CHECK_REFRESH_MS = 60_000

/** GET /api/player/reality_check: the interval and the current play session with its totals. */
export const realityCheckQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: REALITY_CHECK_KEY,
    queryFn: ({ signal }) => http.get<RealityCheckState>('/api/player/reality_check', { signal }),
    staleTime: 0,
  })

/** The reality check's state; `live` polls it while a real-money game is open. */
export function useRealityCheck({
  enabled = true,
  live = false,
}: { enabled?: boolean; live?: boolean } = {}) {
  const { http } = useServices()
  return useQuery({
    ...realityCheckQuery(http),
    enabled,
    refetchInterval: live ? REALITY_CHECK_REFRESH_MS : false,
  })
}

/** PUT /api/player/reality_check with `{ interval_minutes }`; the answer is the new state. */
export function useSetRealityCheckInterval() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (minutes: number) =>
      http.put<RealityCheckState>('/api/player/reality_check', { interval_minutes: minutes }),
    onSuccess: (state) => {
      // A new interval counts from now: reminders it would have given earlier are not given at once.
      if (state.session) acknowledgements.write(state.session.started_at, Date.now())
      queryClient.setQueryData(REALITY_CHECK_KEY, state)
    },
  })
}
