// The back office's responsible gambling (docs/backoffice.md "Responsible gambling"): the players
// with limits, exclusions or a reality check; the markers-of-harm report; the trail of staff
// interactions with a player. The api validates and serialises with these schemas.
import { z } from 'zod'
import { RG_MARKERS } from '../rg-markers.ts'
import { adminPagination, adminPaging, queryInt, sortOrder } from './admin-list.ts'
import { parseBound } from './history.ts'

/** What a player may have: the limits of user_limits, and a reality-check interval chosen. */
export const RG_KINDS = [
  'deposit',
  'wager',
  'loss',
  'session',
  'coolingoff',
  'selfexclusion',
  'reality_check',
] as const
export type RgKind = (typeof RG_KINDS)[number]

/**
 * active: in force (a loosening may be waiting); pending_loosening: in force with a loosening or
 * removal waiting for the player's link and the delay; ended: removed, or an exclusion over, within
 * the last `ended_days`.
 */
export const RG_STATES = ['active', 'pending_loosening', 'ended'] as const
export type RgState = (typeof RG_STATES)[number]

export const RG_PLAYER_SORTS = ['id', 'email', 'latest_change'] as const

/** How far back the players list shows limits that ended (days). */
export const RG_ENDED_DAYS_DEFAULT = 30

const search = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .optional()
  .describe('A player id (exact) or e-mail (prefix, any case)')

const playersFilter = {
  kind: z.enum(RG_KINDS).optional(),
  state: z.enum(RG_STATES).optional().describe('Any state but ended by default'),
  q: search,
  ended_days: queryInt(1, 365)
    .optional()
    .describe(`Ended within this many days (default ${RG_ENDED_DAYS_DEFAULT})`),
  include_test: z.enum(['true', 'false']).optional().describe('Test accounts too (left out by default)'),
}

/** GET /api/admin/rg/players */
export const rgPlayersQuery = z.strictObject({
  ...playersFilter,
  sort: z.enum(RG_PLAYER_SORTS).optional().describe('latest_change by default'),
  order: sortOrder.optional().describe('desc by default'),
  ...adminPaging,
})
export type RgPlayersQuery = z.infer<typeof rgPlayersQuery>

/** GET /api/admin/rg/players.csv: the same filters and order, every row. */
export const rgPlayersCsvQuery = z.strictObject({
  ...playersFilter,
  sort: z.enum(RG_PLAYER_SORTS).optional(),
  order: sortOrder.optional(),
})
export type RgPlayersCsvQuery = z.infer<typeof rgPlayersCsvQuery>

/** One limit of a player as the list shows it (a row of user_limits). */
export const rgLimit = z.object({
  id: z.string(),
  type: z.string(),
  period: z.string().nullable().describe('An amount or session limit’s period'),
  lifetime: z.string().nullable().describe('A cooling-off’s or self-exclusion’s lifetime'),
  amounts: z.record(z.string(), z.number()).describe('Minor units per currency; minutes for a session limit'),
  state: z.enum(RG_STATES),
  pending: z.unknown().nullable().describe('A waiting loosening: its period and amounts'),
  pending_removal: z.boolean(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
  removed_at: z.string().nullable(),
})
export type RgLimit = z.infer<typeof rgLimit>

export const rgPlayerRow = z.object({
  id: z.string(),
  email: z.string(),
  country: z.string().nullable(),
  test_account: z.boolean(),
  reality_check_minutes: z.number().nullable().describe('The interval the player chose; null: the default'),
  limits: z.array(rgLimit),
  latest_change: z.string().nullable().describe('The newest limit set or ended'),
})
export type RgPlayerRow = z.infer<typeof rgPlayerRow>

export const rgPlayersPage = z.object({ data: z.array(rgPlayerRow), pagination: adminPagination })
export type RgPlayersPage = z.infer<typeof rgPlayersPage>

// ── The markers of harm ──────────────────────────────────────────────────────────────────

export const RG_MARKER_SORTS = [
  'markers',
  'player',
  'deposits',
  'longest_session',
  'night_share',
  'reversed_withdrawals',
] as const

const markersFilter = {
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
    .optional()
    .describe('The window’s last UTC day, included (default: the window ends now)'),
  days: queryInt(1, 31).optional().describe('The window’s length in days (default 7)'),
  baseline_days: queryInt(7, 90).optional().describe('The baseline before the window, in days (default 30)'),
  marker: z.enum(RG_MARKERS).optional().describe('Only players for whom this marker fired'),
  q: search,
}

/** GET /api/admin/rg/markers */
export const rgMarkersQuery = z.strictObject({
  ...markersFilter,
  sort: z.enum(RG_MARKER_SORTS).optional().describe('markers (how many fired) by default'),
  order: sortOrder.optional().describe('desc by default'),
  ...adminPaging,
})
export type RgMarkersQuery = z.infer<typeof rgMarkersQuery>

export const rgMarkersCsvQuery = z.strictObject({
  ...markersFilter,
  sort: z.enum(RG_MARKER_SORTS).optional(),
  order: sortOrder.optional(),
})
export type RgMarkersCsvQuery = z.infer<typeof rgMarkersCsvQuery>

export const rgMarkerFigures = z.object({
  deposits: z.object({
    count: z.number(),
    per_day: z.number(),
    busiest_day: z.string().nullable(),
    busiest_day_count: z.number(),
    baseline_count: z.number(),
    baseline_per_day: z.number(),
    ratio: z.number().nullable().describe('Window per day over baseline per day; null without a baseline'),
    amounts: z.array(
      z.object({
        currency: z.string(),
        amount: z.string().describe('minor units'),
        baseline_amount: z.string(),
        per_day: z.string(),
        baseline_per_day: z.string(),
      }),
    ),
  }),
  play: z.object({
    total_minutes: z.number(),
    longest_session_minutes: z.number(),
    longest_session_start: z.string().nullable(),
    night_minutes: z.number(),
    night_share: z.number().describe('0 to 1'),
  }),
  reversed_withdrawals: z.number(),
  fired: z.array(z.enum(RG_MARKERS)),
})
export type RgMarkerFigures = z.infer<typeof rgMarkerFigures>

export const rgMarkerRow = rgMarkerFigures.extend({
  player: z.object({ id: z.string(), email: z.string(), country: z.string().nullable() }),
})
export type RgMarkerRow = z.infer<typeof rgMarkerRow>

const span = z.object({ start: z.string(), end: z.string() })

export const rgMarkersPage = z.object({
  window: span,
  baseline: span,
  data: z.array(rgMarkerRow),
  pagination: adminPagination,
})
export type RgMarkersPage = z.infer<typeof rgMarkersPage>

// ── One player ───────────────────────────────────────────────────────────────────────────

export const RG_INTERACTION_KINDS = [
  'note',
  'call',
  'email',
  'chat',
  'limit_suggested',
  'cooling_off_recommended',
  'self_exclusion_recommended',
  'referred_to_support',
] as const
export type RgInteractionKind = (typeof RG_INTERACTION_KINDS)[number]

/** POST /api/admin/players/:id/rg-interactions */
export const rgInteractionBody = z.strictObject({
  kind: z.enum(RG_INTERACTION_KINDS),
  text: z.string().trim().min(1).max(2000),
  follow_up_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
    .refine((d) => parseBound(d, false) !== undefined, 'validation.invalid')
    .nullable()
    .optional()
    .describe('A UTC day to look at the player again'),
})
export type RgInteractionBody = z.infer<typeof rgInteractionBody>

export const rgInteraction = z.object({
  id: z.string(),
  kind: z.enum(RG_INTERACTION_KINDS),
  text: z.string(),
  follow_up_on: z.string().nullable(),
  staff_id: z.string(),
  staff: z.string().describe('The author’s e-mail at the time'),
  created_at: z.string(),
})
export type RgInteraction = z.infer<typeof rgInteraction>

/** GET /api/admin/players/:id/rg-interactions */
export const rgInteractionsQuery = z.strictObject(adminPaging)
export const rgInteractionsPage = z.object({ data: z.array(rgInteraction), pagination: adminPagination })
export type RgInteractionsPage = z.infer<typeof rgInteractionsPage>

/** GET /api/admin/rg/players/:id: the player's responsible-gambling file. */
export const rgPlayerFile = z.object({
  player: z.object({
    id: z.string(),
    email: z.string(),
    country: z.string().nullable(),
    test_account: z.boolean(),
    blocked: z.boolean(),
  }),
  reality_check: z.object({
    minutes: z.number().describe('The interval in force'),
    chosen: z.boolean().describe('false: the casino’s default'),
  }),
  limits: z.array(rgLimit).describe('Every limit the player had, newest first'),
  markers: rgMarkerFigures.describe('The last 7 days against the 30 before'),
  window: span,
  baseline: span,
})
export type RgPlayerFile = z.infer<typeof rgPlayerFile>
