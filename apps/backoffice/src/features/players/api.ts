import { queryOptions } from '@tanstack/react-query'
import type { PlayerProfile } from '@aurum/shared/contracts/admin-players'
import { api } from '../../lib/http.ts'

/** Every query of one player starts with this key: an action refreshes them by it. */
export const playerKey = (id: string) => ['players', 'player', id] as const

/** The player's profile: the header of every tab and the overview. */
export const profileQuery = (id: string) =>
  queryOptions({
    queryKey: [...playerKey(id), 'profile'],
    queryFn: () => api<PlayerProfile>('GET', `/api/admin/players/${id}`),
  })

/** A player's name as support reads it: first and last name, or the nickname, or nothing. */
export function playerName(p: {
  first_name: string | null
  last_name: string | null
  nickname: string | null
}): string | null {
  const full = [p.first_name, p.last_name].filter(Boolean).join(' ')
  return full || p.nickname || null
}
