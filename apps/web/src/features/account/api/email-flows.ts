import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserInfo } from '@aurum/shared'
import type { Accepted } from '@aurum/shared/contracts/accounts'
import { useServices } from '../../../lib/services.tsx'
import type { SignInAnswer } from './auth-mutations.ts'
import { PLAYER_QUERY_KEY } from './get-player.ts'

/** POST /api/users/password: asks for a reset link; the answer is the same for every address. */
export function useRequestPasswordReset() {
  const { http } = useServices()
  return useMutation({
    mutationFn: (user: { email: string; captcha?: string }) =>
      http.post<Accepted>('/api/users/password', { user }),
  })
}

/**
 * PUT /api/users/password: the new password from the e-mailed link. The answer signs the
 * player in, or asks for the second factor first when two-factor authentication is on.
 */
export function useResetPassword() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (user: { reset_password_token: string; password: string; password_confirmation: string }) =>
      http.put<SignInAnswer>('/api/users/password', { user }),
    onSuccess: (answer) => {
      // Every other session ended with the reset: player-scoped data starts afresh.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'player' && q.queryKey.length > 1 })
      if ('id' in answer) queryClient.setQueryData(PLAYER_QUERY_KEY, answer)
    },
  })
}

/**
 * The confirmation link again: signed in, through the player's own verification request;
 * as a guest, by address (spec §5: the captcha is added when one is given).
 */
export function useResendConfirmation() {
  const { http } = useServices()
  return useMutation({
    mutationFn: (target: { playerId: number } | { email: string; captcha?: string }) =>
      'playerId' in target
        ? http.post<Accepted>(`/users/email-verification/request/${target.playerId}`)
        : http.post<Accepted>('/api/users/confirmation', { user: target }),
  })
}

/** POST /api/auth_providers/update_details: fills in what auth_fields_missed lists (the terms here). */
export function useUpdateAuthDetails() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (details: Record<string, unknown>) =>
      http.post<UserInfo>('/api/auth_providers/update_details', details),
    onSuccess: (player) => queryClient.setQueryData(PLAYER_QUERY_KEY, player),
  })
}
