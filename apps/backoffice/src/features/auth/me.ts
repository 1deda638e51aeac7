import { queryOptions, useQuery } from '@tanstack/react-query'
import type { StaffMe, Permission } from '@aurum/shared/contracts/admin'
import { grants } from '@aurum/shared/contracts/admin'
import { api, ApiError } from '../../lib/http.ts'

/** The signed-in member, or null when signed out (401). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<StaffMe | null> => {
    try {
      return await api<StaffMe>('GET', '/api/admin/me')
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null
      throw error
    }
  },
  staleTime: 60_000,
})

export function useMe(): StaffMe {
  const { data } = useQuery(meQuery)
  if (!data) throw new Error('useMe outside the signed-in layout')
  return data
}

/** Whether the signed-in member holds `permission` (the api checks it again on every call). */
export function useCan(): (permission: Permission) => boolean {
  const me = useMe()
  return (permission) => grants(me.permissions, permission)
}
