import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useServices } from '../../../lib/services.tsx'
import type { UserInfo } from '@aurum/shared'
import type { SignInAnswer } from '@aurum/shared/contracts/accounts'
import { PLAYER_QUERY_KEY } from './get-player.ts'

export type { SignInAnswer }

/**
 * POST /api/users/sign_in: e-mail and password, then `otp_attempt` when two-factor
 * authentication is on. A profile answer goes straight into the cache (spec §4: logged in).
 */
export function useSignIn() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (user: { email: string; password: string; dfpc?: string } | { otp_attempt: string }) =>
      http.post<SignInAnswer>('/api/users/sign_in', { user }),
    onSuccess: (answer) => {
      if ('id' in answer) queryClient.setQueryData(PLAYER_QUERY_KEY, answer)
    },
  })
}

/** POST /api/users: registration signs in (spec §4). */
export function useSignUp() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (user: Record<string, unknown>) => http.post<UserInfo>('/api/users', { user }),
    onSuccess: (player) => queryClient.setQueryData(PLAYER_QUERY_KEY, player),
  })
}

/** PATCH /api/player with a context (sign-up steps, profile page). */
export function useUpdatePlayer() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ context, player }: { context: string; player: Record<string, unknown> }) =>
      http.patch<UserInfo>('/api/player', { context, player }),
    onSuccess: (player) => queryClient.setQueryData(PLAYER_QUERY_KEY, player),
  })
}

/** DELETE /api/users/sign_out; a failure is logged and ignored, user data is cleared either way (spec §4). */
export function useSignOut() {
  const { http, logger } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      try {
        await http.delete('/api/users/sign_out')
      } catch (error) {
        logger.log('warn', 'SIGN_OUT_ERROR', error)
      }
    },
    onSettled: () => {
      // The profile becomes "guest" in place (its observers stay attached); other player-scoped data goes.
      queryClient.setQueryData(PLAYER_QUERY_KEY, null)
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'player' && q.queryKey.length > 1 })
    },
  })
}
