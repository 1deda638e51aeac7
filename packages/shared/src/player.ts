import { AB_TEST_GROUPS } from './constants.ts'
import type { UserInfo } from './contracts/accounts.ts'

/** The player as the api answers GET /api/player (its contract: contracts/accounts.ts). */
export type { UserInfo }

const VIP_STATUSES = new Set([255, 256, 257, 258, 259])

/**
 * Display name (spec §3): the full name, else the part of the e-mail before the at sign,
 * else Visitor; prefixed with the VIP status in brackets.
 */
export function displayName(
  user: Pick<UserInfo, 'first_name' | 'last_name' | 'email' | 'statuses'>,
  visitor: string,
  statusTitle: (name: string) => string,
): string {
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ').trim()
  const name = full || user.email.split('@')[0] || visitor
  const status = user.statuses.find((s) => VIP_STATUSES.has(s.id))
  return status ? `[${statusTitle(status.name)}] ${name}` : name
}

/** Profile completeness (spec §5): incomplete if any of these is missing. */
export const PROFILE_FIELDS = [
  'mobile_phone',
  'first_name',
  'last_name',
  'date_of_birth',
  'country',
  'city',
  'address',
  'postal_code',
] as const

export function isProfileComplete(
  user: Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>>,
): boolean {
  return PROFILE_FIELDS.every((f) => !!user[f])
}

/** The profile fields still missing, in the order forms ask for them. */
export function missingProfileFields(
  user: Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>>,
): Array<(typeof PROFILE_FIELDS)[number]> {
  return PROFILE_FIELDS.filter((f) => !user[f])
}

export type ForcedModal = { name: 'support'; reason: 'terms' } | { name: 'complete-profile' } | null

/**
 * The modal a signed-in player must see (spec §2, §4): the support modal while the terms
 * are not accepted, else the complete-profile modal for variant B of the registration test
 * with an incomplete profile and a fiat currency.
 */
export function forcedModal(
  user: Pick<UserInfo, 'auth_fields_missed' | 'statuses'> &
    Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>>,
  currencyIsFiat: boolean,
): ForcedModal {
  if (user.auth_fields_missed.includes('terms_acceptance')) return { name: 'support', reason: 'terms' }
  const variantB = user.statuses.some((s) => s.id === AB_TEST_GROUPS.b)
  if (variantB && currencyIsFiat && !isProfileComplete(user)) return { name: 'complete-profile' }
  return null
}
