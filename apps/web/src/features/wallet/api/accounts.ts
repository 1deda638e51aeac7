import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { UserAccount } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'
import { PLAYER_QUERY_KEY } from '../../account/api/get-player.ts'

export const ACCOUNTS_QUERY_KEY = ['player', 'accounts'] as const

/** GET /api/player/accounts?compatibility=false: the player's wallets, the active one first. */
export const accountsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ACCOUNTS_QUERY_KEY,
    queryFn: ({ signal }) =>
      http.get<UserAccount[]>('/api/player/accounts', { query: { compatibility: false }, signal }),
    staleTime: 10_000,
    // Deposits can land while the player watches (crypto confirmations, bank transfers).
    refetchInterval: 30_000,
  })

export function useAccounts(enabled: boolean) {
  const { http } = useServices()
  return useQuery({ ...accountsQuery(http), enabled })
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
