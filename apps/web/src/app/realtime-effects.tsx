import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { playerQuery } from '../features/account/api/get-player.ts'
import { useServices } from '../lib/services.tsx'

/**
 * Connects the realtime hub after hydration (effects never run on the server) as the visitor:
 * the player's id, or '' for a guest. Signing in or out changes it, and the hub reconnects
 * with the new credentials.
 */
export function RealtimeEffects() {
  const { http, realtime } = useServices()
  const player = useQuery(playerQuery(http))
  // While the profile is still loading, who the visitor is is not known: no guest connection first.
  const identity = player.isPending ? undefined : player.data ? String(player.data.id) : ''
  useEffect(() => {
    if (identity !== undefined) realtime.connect(identity)
  }, [realtime, identity])
  return null
}
