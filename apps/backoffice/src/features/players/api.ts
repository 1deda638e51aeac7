import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { PlayerProfile, playerWallets } from '@aurum/shared/contracts/admin-players'
import type { AdjustmentThresholds, BalanceAdjustment } from '@aurum/shared/contracts/admin-payments'
import { api } from '../../lib/http.ts'

/** Every query of one player starts with this key: an action refreshes them by it. */
export const playerKey = (id: string) => ['players', 'player', id] as const

/** The player's profile: the header of every tab and the overview. */
export const profileQuery = (id: string) =>
  queryOptions({
    queryKey: [...playerKey(id), 'profile'],
    queryFn: () => api<PlayerProfile>('GET', `/api/admin/players/${id}`),
  })

export type PlayerWallets = z.infer<typeof playerWallets>

/** The player's balances per currency (the wallets tab and the adjustment form's currencies). */
export const walletsQuery = (id: string) =>
  queryOptions({
    queryKey: [...playerKey(id), 'wallets'],
    queryFn: () => api<PlayerWallets>('GET', `/api/admin/players/${id}/wallets`),
  })

/** The player's balance adjustments, newest first, with their state. */
export const adjustmentsQuery = (id: string) =>
  queryOptions({
    queryKey: [...playerKey(id), 'adjustments'],
    queryFn: () => api<BalanceAdjustment[]>('GET', `/api/admin/players/${id}/adjustments`),
  })

/** Per currency, the amount above which an adjustment waits for a second member (configuration). */
export const adjustmentThresholdsQuery = queryOptions({
  queryKey: ['adjustments', 'thresholds'],
  queryFn: () => api<AdjustmentThresholds>('GET', '/api/admin/adjustments/thresholds'),
  staleTime: Infinity,
})

/** A player's name as support reads it: first and last name, or the nickname, or nothing. */
export function playerName(p: {
  first_name: string | null
  last_name: string | null
  nickname: string | null
}): string | null {
  const full = [p.first_name, p.last_name].filter(Boolean).join(' ')
  return full || p.nickname || null
}
