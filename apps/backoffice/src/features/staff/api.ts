import { queryOptions } from '@tanstack/react-query'
import type { StaffMember, StaffRole, StaffSignIn } from '@aurum/shared/contracts/admin'
import { api } from '../../lib/http.ts'

export const staffQuery = queryOptions({
  queryKey: ['staff', 'members'],
  queryFn: () => api<StaffMember[]>('GET', '/api/admin/staff'),
})

export const rolesQuery = queryOptions({
  queryKey: ['staff', 'roles'],
  queryFn: () => api<StaffRole[]>('GET', '/api/admin/roles'),
})

export const signInsQuery = queryOptions({
  queryKey: ['staff', 'sign-ins'],
  queryFn: () => api<StaffSignIn[]>('GET', '/api/admin/sign-ins'),
})
