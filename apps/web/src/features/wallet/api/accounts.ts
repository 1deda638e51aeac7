import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { UserAccount } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { isLive } from '../../../lib/realtime/events.ts'
import type { RealtimeHub } from '../../../lib/realtime/hub.ts'
import { useServices } from '../../../lib/services.tsx'
import { useStore } from '../../../lib/store.ts'
import { PLAYER_QUERY_KEY } from '../../account/api/get-player.ts'

export const ACCOUNTS_QUERY_KEY = ['player', 'accounts'] as const

/** GET /api/player/accounts?compatibility=false: the player's wallets, the active one first. */
export const accountsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ACCOUNTS_QUERY_KEY,
    queryFn: ({ signal }) =>
      http.get<UserAccount[]>('/api/player/accounts', { query: { compatibility: false }, signal }),
    staleTime: 10_000,
  })

/** How often the balance is polled while the realtime hub does not push it. */
export const ACCOUNTS_POLL_MS = 30_000

/**
 * Deposits can land while the player watches (crypto confirmations, bank transfers): while the
 * `balance` channel is live they arrive pushed, otherwise the balance is polled.
 */
export const accountsRefetchInterval = (balanceLive: boolean) => (balanceLive ? false : ACCOUNTS_POLL_MS)

export function useAccounts(enabled: boolean) {
  const { http, realtime } = useServices()
  const live = useStore(realtime.store, (s) => isLive(s, 'balance'))
  return useQuery({ ...accountsQuery(http), enabled, refetchInterval: accountsRefetchInterval(live) })
}

/**
 * A wallet pushed on `balance` (api-shapes §7.2) replaces the wallet of its currency in the
 * cached list, in place; a currency the list does not hold yet loads the list again.
 */
export function applyAccountUpdate(
  queryClient: QueryClient,
  update: Partial<UserAccount> & Pick<UserAccount, 'currency'>,
): void {
  const list = queryClient.getQueryData<UserAccount[]>(ACCOUNTS_QUERY_KEY)
  if (!list) return
  if (!list.some((a) => a.currency === update.currency)) {
    void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY })
    return
  }
  queryClient.setQueryData<UserAccount[]>(
    ACCOUNTS_QUERY_KEY,
    list.map((a) => (a.currency === update.currency ? { ...a, ...update } : a)),
  )
}

/**
 * Keeps the cached balance current from the realtime hub: every `balance` message, and a
 * reload after a reconnect that could not replay what was missed. Answers the unsubscribe.
 */
export function syncAccounts(realtime: RealtimeHub, queryClient: QueryClient): () => void {
  const offs = [
    realtime.events.on('websocket.balance', (account) => {
      if (account && typeof account.currency === 'string') applyAccountUpdate(queryClient, account)
    }),
    realtime.events.on('realtime.resync', ({ name }) => {
      if (name === 'balance') void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY })
    }),
  ]
  return () => offs.forEach((off) => off())
}

/** POST /api/player/accounts: opens the wallet if needed and makes it the active one. */
export function useSelectAccount() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (currency: string) => http.post<UserAccount>('/api/player/accounts', { currency }),
    onSuccess: () => {
      // The client reloads profile and balance after a wallet change (api-shapes §3.1).
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY })
      void queryClient.invalidateQueries({ queryKey: PLAYER_QUERY_KEY, exact: true })
    },
  })
}
