import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { amountReached, isExclusion, LIMIT_CHANGE_DELAY_MS } from '@aurum/shared'
import type { LimitAccount, LimitRequest, UserLimit } from '@aurum/shared/contracts/limits'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'
import { useProject } from '../../info/api/get-project.ts'

export type { LimitAccount, LimitRequest, UserLimit }

export const LIMITS_QUERY_KEY = ['player', 'limits'] as const

export const limitsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: LIMITS_QUERY_KEY,
    queryFn: ({ signal }) => http.get<UserLimit[]>('/api/user_limits', { signal }),
  })

export function useLimits() {
  const { http } = useServices()
  return useQuery(limitsQuery(http))
}

/** Set (create, tighten or ask to loosen) and remove; the list reloads after each (spec §7). */
export function useLimitMutations() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  const reload = () => queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY })
  return {
    set: useMutation({
      mutationFn: (limit: LimitRequest) => http.post('/api/user_limits', limit),
      onSettled: reload,
    }),
    remove: useMutation({
      mutationFn: (id: number) => http.delete(`/api/user_limits/${id}`),
      onSettled: reload,
    }),
  }
}

/** The hours a loosened or removed limit waits, as the casino is configured (LIMIT_CHANGE_DELAY_HOURS). */
export function useChangeDelayHours(): number {
  const hours =
    useProject().data?.responsible_gambling.limit_change_delay_hours ?? LIMIT_CHANGE_DELAY_MS / 3_600_000
  return Number.isInteger(hours) ? hours : Math.round(hours * 10) / 10
}

/**
 * The limit that stops real-money play in `currency` (spec §4): a cooling-off or self-exclusion,
 * a wager or loss limit whose amount minus the absolute current value is 0 or less in that
 * currency, or a session limit whose minutes are played.
 */
export function reachedLimit(limits: readonly UserLimit[], currency: string): UserLimit | undefined {
  return limits.find((limit) => {
    if (isExclusion(limit.type)) return true
    if (limit.type === 'session')
      return !!limit.session && amountReached(limit.session.minutes, limit.session.current_minutes)
    if (limit.type !== 'wager' && limit.type !== 'loss') return false
    const account = limit.accounts.find((a) => a.currency === currency)
    return !!account && amountReached(account.amount_cents, account.current_value_amount_cents)
  })
}
