import type { QueryClient } from '@tanstack/react-query'
import type { HttpClient } from '../../../lib/http/client.ts'
import { HttpError } from '../../../lib/http/errors.ts'
import type { UserInfo } from '@aurum/shared'
import { PLAYER_QUERY_KEY } from './get-player.ts'

export type ConfirmationResult = { confirmed: true } | { confirmed: false; message: string | null }

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
        ? (error.response?.data as { errors?: Record<string, string[]> } | null)
        : null
    return { confirmed: false, message: data?.errors ? (Object.values(data.errors)[0]?.[0] ?? null) : null }
  }
}
