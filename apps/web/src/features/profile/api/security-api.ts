import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PlayerSession, SignedOut } from '@aurum/shared/contracts/security'
import type { BackupCodeStatus, BackupCodes, TwoFactorSetup } from '@aurum/shared/contracts/accounts'
import { useServices } from '../../../lib/services.tsx'
import { PLAYER_QUERY_KEY } from '../../account/api/get-player.ts'
import type { HttpClient } from '../../../lib/http/client.ts'

export type { PlayerSession }

export type { TwoFactorSetup }

const SESSIONS_KEY = ['player', 'sessions'] as const
const TWO_FACTOR_KEY = ['player', 'two-factor'] as const

export const sessionsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => http.get<PlayerSession[]>('/api/player/sessions', { signal }),
  })

export function useSessions() {
  const { http } = useServices()
  return useQuery(sessionsQuery(http))
}

export function useSessionMutations() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  const reload = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY })
  const revoke = useMutation({
    mutationFn: (id: number) => http.delete<null>(`/api/player/sessions/${id}`),
    onSuccess: reload,
  })
  const revokeOthers = useMutation({
    mutationFn: () => http.delete<SignedOut>('/api/player/sessions'),
    onSuccess: reload,
  })
  return { revoke, revokeOthers }
}

/** GET /api/v2/player/two_factor: a new secret to scan, or null (204) when 2FA is on already. */
export function useTwoFactorSetup(enabled: boolean) {
  const { http } = useServices()
  return useQuery({
    queryKey: TWO_FACTOR_KEY,
    queryFn: ({ signal }) => http.get<TwoFactorSetup | null>('/api/v2/player/two_factor', { signal }),
    enabled,
    staleTime: Infinity,
  })
}

const BACKUP_CODES_KEY = [...TWO_FACTOR_KEY, 'backup-codes'] as const

/** GET /api/v2/player/two_factor/backup_codes: how many are left, and whether they are of the old kind. */
export function useBackupCodeStatus(enabled: boolean) {
  const { http } = useServices()
  return useQuery({
    queryKey: BACKUP_CODES_KEY,
    queryFn: ({ signal }) =>
      http.get<BackupCodeStatus>('/api/v2/player/two_factor/backup_codes', {
        signal,
      }),
    enabled,
  })
}

/** POST /api/v2/player/two_factor/backup_codes: ten new codes in place of all the others. */
export function useRenewBackupCodes() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (two_factor: { authentication_code: string; password: string }) =>
      http.post<BackupCodes>('/api/v2/player/two_factor/backup_codes', { two_factor }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BACKUP_CODES_KEY }),
  })
}

export function useTwoFactorMutations() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  const after = () => {
    queryClient.removeQueries({ queryKey: TWO_FACTOR_KEY })
    void queryClient.invalidateQueries({ queryKey: PLAYER_QUERY_KEY, exact: true })
    void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY })
  }
  const enable = useMutation({
    mutationFn: (two_factor: { otp_secret: string; authentication_code: string; password?: string }) =>
      http.post<BackupCodes>('/api/v2/player/two_factor', { two_factor }),
    onSuccess: after,
  })
  const disable = useMutation({
    mutationFn: (two_factor: { authentication_code: string; password: string }) =>
      http.delete<null>('/api/v2/player/two_factor', { body: { two_factor } }),
    onSuccess: after,
  })
  return { enable, disable }
}
