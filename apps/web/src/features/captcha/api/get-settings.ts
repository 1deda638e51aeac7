import type { UserSettings } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'

export const SETTINGS_URL = '/api/player/settings'

/**
 * GET /api/player/settings: realtime credentials and the captcha site key. Player-scoped
 * (`['player', …]`), so signing out drops it and the next read signs for the guest.
 * A plain options object (queryOptions() only types it): loaded with the lazy captcha chunk,
 * an import of queryOptions would split a tiny chunk of its own off the initial bundle.
 */
export const settingsQuery = (http: HttpClient) => ({
  queryKey: ['player', 'settings'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => http.get<UserSettings>(SETTINGS_URL, { signal }),
  staleTime: 60_000,
})
