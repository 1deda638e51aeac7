// The back office's players (issue 22, docs/backoffice.md "Players"): the search with its filters,
// sorting, paging and CSV export; the player 360 tabs, each its own request so the console loads
// them lazily; and support's actions. The api validates and serialises with these schemas.
// Query strings are text: a bad number or date is a field error (422), never a malformed request.
import { z } from 'zod'
import { CURRENCIES } from '../currencies.ts'
import { LIMIT_LIFETIMES, LIMIT_PERIODS, MAX_SESSION_MINUTES } from '../limits.ts'
import { currencyCode } from './common.ts'
import { checkOrder, period } from './history.ts'
import { userLimit } from './limits.ts'

/** Largest page of any list of the players' screens. */
export const PLAYERS_MAX_PER_PAGE = 200
/** Most rows a CSV export of the search writes. */
export const PLAYERS_CSV_MAX = 100_000

const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'validation.invalid')
    .pipe(z.coerce.number<string>().int().min(min).max(max))

/** Paging of every list: `page` from 1, `per_page` up to PLAYERS_MAX_PER_PAGE (50 by default). */
const paging = {
  page: queryInt(1, 1_000_000).optional(),
  per_page: queryInt(1, PLAYERS_MAX_PER_PAGE).optional(),
}

export const PLAYER_SORTS = ['id', 'created_at', 'email', 'last_sign_in_at', 'country'] as const
export const PLAYER_STATUSES = ['active', 'blocked', 'test'] as const

const searchFilter = {
  q: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .optional()
    .describe(
      'An id (exact), an e-mail (prefix, any case), a name (first, last, nickname or "first last": prefix), a phone (digits: prefix) or an IP address (registration or sign-in: exact)',
    ),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'validation.invalid')
    .optional(),
  currency: currencyCode.optional(),
  status: z.enum(PLAYER_STATUSES).optional().describe('blocked, test account, or active (neither)'),
  verified: z.enum(['true', 'false']).optional(),
  ...period,
}

/** GET /api/admin/players */
export const playersQuery = z
  .strictObject({
    ...searchFilter,
    sort: z.enum(PLAYER_SORTS).optional().describe('created_at by default'),
    dir: z.enum(['asc', 'desc']).optional().describe('desc by default'),
    ...paging,
  })
  .superRefine(checkOrder)
export type PlayersQuery = z.infer<typeof playersQuery>

/** GET /api/admin/players.csv: the same filters and order, every matching player (PLAYERS_CSV_MAX at most). */
export const playersCsvQuery = z
  .strictObject({
    ...searchFilter,
    sort: z.enum(PLAYER_SORTS).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
  })
  .superRefine(checkOrder)
export type PlayersCsvQuery = z.infer<typeof playersCsvQuery>

const pagination = z.object({
  page: z.number(),
  per_page: z.number(),
  has_more: z.boolean().describe('Whether another page follows (lists are not counted: a large table)'),
})

/** One row of the search. */
export const playerRow = z.object({
  id: z.string().describe('bigint as text'),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  nickname: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string(),
  verified: z.boolean(),
  blocked: z.boolean(),
  test_account: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
})
export type PlayerRow = z.infer<typeof playerRow>
export const playersPage = z.object({ data: z.array(playerRow), pagination })

/** GET /api/admin/players/:id — the profile tab. */
export const playerProfile = playerRow.extend({
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  language: z.string(),
  confirmed_at: z.string().nullable(),
  registration_ip: z.string().nullable(),
  registration_country: z.string().nullable(),
  sign_in_count: z.number(),
  current_sign_in_at: z.string().nullable(),
  blocked_at: z.string().nullable(),
  blocked_reason: z.string().nullable(),
  two_factor_enabled: z.boolean(),
  receive_promos: z.boolean(),
  receive_sms_promos: z.boolean(),
  groups: z.array(z.object({ id: z.number(), name: z.string().nullable() })),
})
export type PlayerProfile = z.infer<typeof playerProfile>

/** Amounts are minor units as text (bigint-safe). */
const cents = z.string().describe('minor units, bigint as text')

export const playerWallet = z.object({
  currency: z.string(),
  active: z.boolean(),
  hidden: z.boolean(),
  real: cents,
  bonus: cents,
  /** Held by withdrawals in flight (debited when requested, not paid yet). */
  locked: cents,
  available_to_cashout: cents,
})
export const playerWallets = z.object({ data: z.array(playerWallet) })

export const LEDGER_KINDS = [
  'deposit',
  'cashout',
  'cashout_recall',
  'cashout_reject',
  'bet',
  'win',
  'rollback',
  'bonus',
  'bonus_cancel',
  'jackpot',
  'fee',
  'adjustment',
] as const

/** GET /:id/ledger */
export const playerLedgerQuery = z
  .strictObject({
    currency: currencyCode.optional(),
    kind: z.enum(LEDGER_KINDS).optional(),
    ...period,
    ...paging,
  })
  .superRefine(checkOrder)
export const playerLedgerEntry = z.object({
  id: z.string(),
  transaction_id: z.string(),
  kind: z.string(),
  account: z.enum(['real', 'bonus']),
  currency: z.string(),
  amount: cents,
  balance_after: cents,
  metadata: z.unknown(),
  created_at: z.string(),
})
export const playerLedgerPage = z.object({ data: z.array(playerLedgerEntry), pagination })

/** GET /:id/rounds */
export const playerRoundsQuery = z
  .strictObject({ currency: currencyCode.optional(), ...period, ...paging })
  .superRefine(checkOrder)
export const playerRound = z.object({
  id: z.string(),
  round_id: z.string(),
  game: z.string(),
  title: z.string(),
  provider: z.string(),
  currency: z.string(),
  status: z.string(),
  total_bets: cents,
  total_wins: cents,
  created_at: z.string(),
  finished_at: z.string().nullable(),
  fairness: z
    .object({
      server_seed_hash: z.string(),
      server_seed: z.string().nullable().describe('Revealed once the player rotated the seed'),
      client_seed: z.string(),
      nonce: z.number(),
      verify_path: z.string(),
    })
    .nullable()
    .describe('null: not a round of our game server, or the game server did not answer'),
})
export const playerRoundsPage = z.object({
  data: z.array(playerRound),
  pagination,
  fairness_available: z.boolean().describe('false when the game server could not be asked'),
})

/** GET /:id/payments */
export const playerPaymentsQuery = z
  .strictObject({
    currency: currencyCode.optional(),
    type: z.enum(['deposit', 'cashout']).optional(),
    ...period,
    ...paging,
  })
  .superRefine(checkOrder)
export const playerPayment = z.object({
  id: z.string(),
  action: z.string(),
  method_id: z.string(),
  provider: z.string(),
  provider_reference: z.string().nullable(),
  currency: z.string(),
  amount: cents,
  fee: cents,
  state: z.string(),
  cancellation_reason: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
})
export const playerPaymentsPage = z.object({ data: z.array(playerPayment), pagination })

/** GET /:id/limits — the limits in force (as the player sees them) and every limit ever set. */
export const playerLimitHistory = z.object({
  id: z.string(),
  type: z.string(),
  period: z.string().nullable(),
  lifetime: z.string().nullable(),
  amounts: z.record(z.string(), z.number()),
  pending: z.unknown().nullable(),
  pending_removal: z.boolean(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
  removed_at: z.string().nullable(),
})
export const playerLimits = z.object({
  current: z.array(userLimit).describe('The limits in force, as GET /api/user_limits answers the player'),
  history: z.array(playerLimitHistory),
})

/** GET /:id/documents */
export const playerDocument = z.object({
  id: z.string(),
  document_type: z.string(),
  description: z.string().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.string(),
  status: z.string(),
  rejection_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
})
export const playerDocumentsPage = z.object({ data: z.array(playerDocument), pagination })
export const pageQuery = z.strictObject(paging)

/** GET /:id/sessions */
export const playerSession = z.object({
  number: z.number(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  active: z.boolean(),
})
export const playerSessions = z.object({ data: z.array(playerSession) })

/** GET /:id/notes */
export const playerNote = z.object({
  id: z.string(),
  text: z.string(),
  staff_id: z.string(),
  staff: z.string().describe('The author’s e-mail at the time'),
  created_at: z.string(),
})
export const playerNotesPage = z.object({ data: z.array(playerNote), pagination })

// ── Actions ──────────────────────────────────────────────────────────────────────────────

const reason = z.string().trim().min(1).max(500)
export const playerReasonBody = z.strictObject({ reason })
export const playerNoteBody = z.strictObject({ text: z.string().trim().min(1).max(2000) })
export const playerTestAccountBody = z.strictObject({ test: z.boolean() })

/** POST /:id/limits: a limit on the player's behalf, only stricter than the one in force. */
export const playerLimitBody = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.enum(['deposit', 'wager', 'loss']),
    period: z.enum(LIMIT_PERIODS),
    accounts: z
      .array(
        z.strictObject({
          currency: currencyCode,
          amount_cents: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        }),
      )
      .min(1)
      .max(CURRENCIES.length)
      .refine((a) => new Set(a.map((x) => x.currency)).size === a.length, 'validation.one_of'),
    reason: reason.optional(),
  }),
  z.strictObject({
    type: z.literal('session'),
    period: z.enum(LIMIT_PERIODS),
    minutes: z.number().int().min(1).max(MAX_SESSION_MINUTES),
    reason: reason.optional(),
  }),
  z.strictObject({
    type: z.enum(['coolingoff', 'selfexclusion']),
    period: z.enum(LIMIT_LIFETIMES),
    reason: reason.optional(),
  }),
])
export type PlayerLimitBody = z.infer<typeof playerLimitBody>

/** What an action answers: the player's profile after it. */
export const playerActionResult = playerProfile
export const sessionsEnded = z.object({ ended: z.number() })
