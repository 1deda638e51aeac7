import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  amountReached,
  isExclusion,
  LIMIT_CHANGE_DELAY_MS,
  type LimitLifetime,
  type LimitPeriod,
  type LimitStatus,
  type LimitType,
} from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'
import { useProject } from '../../info/api/get-project.ts'

/** One wallet of an amount limit (ILimitAccount). */
export interface LimitAccount {
  currency: string
  amount_cents: number
  current_value_amount_cents: number
  /** The end of the current period. */
  active_until: string | null
}

/** IUserLimit as the api answers it, with a session limit's minutes and the change that waits. */
export interface UserLimit {
  id: number
  type: LimitType
  /** The period of an amount or session limit; the lifetime of a cooling-off or self-exclusion. */
  period: string
  status: LimitStatus
  created_at: string
  disable_at: string | null
  confirm_until: string | null
  accounts: LimitAccount[]
  session: { minutes: number; current_minutes: number; active_until: string | null } | null
  pending: {
    period: string
    accounts: Array<{ currency: string; amount_cents: number }>
    minutes: number | null
    effective_at: string
  } | null
}

export type LimitRequest =
  | {
      type: 'deposit' | 'wager' | 'loss'
      period: LimitPeriod
      accounts: Array<{ currency: string; amount_cents: number }>
    }
  | { type: 'session'; period: LimitPeriod; minutes: number }
  | { type: 'coolingoff' | 'selfexclusion'; period: LimitLifetime }

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
