import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { UserInfo } from '@aurum/shared'
import type { GdprAccepted, Subscriptions } from '@aurum/shared/contracts/player'
import { useServices } from '../../../lib/services.tsx'
import { PLAYER_QUERY_KEY } from '../../account/api/get-player.ts'
import type { HttpClient } from '../../../lib/http/client.ts'

export type { Subscriptions }

const SUBSCRIPTIONS_KEY = ['player', 'subscriptions'] as const

export const subscriptionsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: SUBSCRIPTIONS_KEY,
    queryFn: ({ signal }) => http.get<Subscriptions>('/api/subscriptions', { signal }),
  })

export function useSubscriptions() {
  const { http } = useServices()
  return useQuery(subscriptionsQuery(http))
}

/** PUT /api/subscriptions; the profile's promo flags follow, so it is reloaded too. */
export function useUpdateSubscriptions() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (flags: Partial<Subscriptions>) => http.put<Subscriptions>('/api/subscriptions', flags),
    onSuccess: (flags) => {
      queryClient.setQueryData(SUBSCRIPTIONS_KEY, flags)
      void queryClient.invalidateQueries({ queryKey: PLAYER_QUERY_KEY, exact: true })
    },
  })
}

/** POST /api/player/phone with the number and its + prefix (spec §5), DELETE to remove it. */
export function usePhoneMutations() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  const reloadPlayer = () => queryClient.invalidateQueries({ queryKey: PLAYER_QUERY_KEY, exact: true })
  const add = useMutation({
    mutationFn: (number: string) => http.post<{ number: string }>('/api/player/phone', { phone: { number } }),
    onSuccess: reloadPlayer,
  })
  const remove = useMutation({
    mutationFn: () => http.delete<null>('/api/player/phone'),
    onSuccess: reloadPlayer,
  })
  return { add, remove }
}

/** PATCH /api/player/update_locale: the language of our e-mails to the player. */
export function useUpdateLocale() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (locale: string) => http.patch<UserInfo>('/api/player/update_locale', { locale }),
    onSuccess: (player) => queryClient.setQueryData(PLAYER_QUERY_KEY, player),
  })
}

/** POST /api/gdpr_reports: the export is e-mailed as a link. */
export function useRequestDataExport() {
  const { http } = useServices()
  return useMutation({ mutationFn: () => http.post<GdprAccepted>('/api/gdpr_reports') })
}

/** PUT /api/users: a new password or e-mail address, confirmed with the current password. */
export function useChangeCredentials() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (user: {
      current_password: string
      password?: string
      password_confirmation?: string
      email?: string
    }) => http.put<UserInfo>('/api/users', { user }),
    onSuccess: (player) => queryClient.setQueryData(PLAYER_QUERY_KEY, player),
  })
}
