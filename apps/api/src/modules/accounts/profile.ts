import type { UserInfo } from '@aurum/shared'

export type { UserInfo }

export interface UserRow {
  id: bigint
  email: string
  /** Blocked by the back office (docs/backoffice.md "Players"): no sign-in. */
  blocked_at: Date | null
  /** A requested new address, until the link sent to it is opened. */
  unconfirmed_email: string | null
  password_hash: string
  nickname: string | null
  first_name: string | null
  last_name: string | null
  gender: string | null
  date_of_birth: Date | string | null
  address: string | null
  city: string | null
  postal_code: string | null
  country: string | null
  mobile_phone: string | null
  currency: string
  language: string
  receive_promos: boolean
  receive_sms_promos: boolean
  terms_accepted_at: Date | null
  confirmed_at: Date | null
  verified: boolean
  two_factor_enabled_at: Date | null
  two_factor_secret: string | null
  /** Moves each time 2FA is turned on or off; the set-up secret is derived from it. */
  two_factor_generation: number
  two_factor_last_step: bigint | null
  deposit_bonus_code: string | null
  can_issue_bonuses: boolean
  profession: string | null
  created_at: Date
  current_sign_in_at: Date | null
}

const isoDate = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)

/** The profile the client reads (spec §3 user), from the player's row and groups. */
export function toUserInfo(
  user: UserRow,
  groups: Array<{ id: number; name: string }>,
  license: string,
): UserInfo {
  return {
    id: Number(user.id),
    user_id: user.id.toString(),
    email: user.email,
    nickname: user.nickname,
    first_name: user.first_name,
    last_name: user.last_name,
    gender: user.gender,
    date_of_birth: isoDate(user.date_of_birth),
    address: user.address,
    city: user.city,
    postal_code: user.postal_code,
    country: user.country,
    mobile_phone: user.mobile_phone,
    currency: user.currency,
    language: user.language,
    statuses: groups,
    auth_fields_missed: user.terms_accepted_at ? [] : ['terms_acceptance'],
    verified: user.verified,
    two_factor_enabled: user.two_factor_enabled_at !== null,
    receive_promos: user.receive_promos,
    receive_sms_promos: user.receive_sms_promos,
    autoregistered: false,
    autologin_link: null,
    created_at: user.created_at.toISOString(),
    current_sign_in_at: user.current_sign_in_at?.toISOString() ?? null,
    confirmed_at: user.confirmed_at?.toISOString() ?? null,
    deposit_bonus_code: user.deposit_bonus_code,
    can_issue_bonuses: user.can_issue_bonuses,
    profession: user.profession,
    license_name: license,
    sow_questionnaire_expires_at: null,
    sumsub_verified: null,
  }
}
