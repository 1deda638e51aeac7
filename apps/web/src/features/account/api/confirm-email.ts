import type { QueryClient } from '@tanstack/react-query'
import type { HttpClient } from '../../../lib/http/client.ts'
import { HttpError } from '../../../lib/http/errors.ts'
import type { UserInfo } from '@aurum/shared'
import { PLAYER_QUERY_KEY } from './get-player.ts'

export type ConfirmationResult =
  | { confirmed: true }
  /** The link did its job before: the address is confirmed (api code `already_confirmed`). */
  | { confirmed: false; alreadyConfirmed: true }
  | { confirmed: false; alreadyConfirmed?: false; message: string | null }

/** GET /api/users/confirmation?confirmation_token=: confirms the address; the profile is refreshed when signed in. */
export async function confirmEmail(
  http: HttpClient,
  queryClient: QueryClient,
  token: string,
): Promise<ConfirmationResult> {
  try {
    const user = await http.get<UserInfo>('/api/users/confirmation', { query: { confirmation_token: token } })
    const current = queryClient.getQueryData<UserInfo | null>(PLAYER_QUERY_KEY)
    if (current?.id === user.id) queryClient.setQueryData(PLAYER_QUERY_KEY, user)
    return { confirmed: true }
  } catch (error) {
    const data =
      error instanceof HttpError
        ? (error.response?.data as { code?: string; errors?: Record<string, string[]> } | null)
        : null
    if (data?.code === 'already_confirmed') return { confirmed: false, alreadyConfirmed: true }
    return { confirmed: false, message: data?.errors ? (Object.values(data.errors)[0]?.[0] ?? null) : null }
  }
}
