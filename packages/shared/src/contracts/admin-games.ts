// The back office's games screen (issue 22, docs/backoffice.md "Games"): the catalogue with its
// filters, a game's enabled flag, place, categories, badges and countries, and the rounds the
// casino recorded with their provably fair data. The api validates and serialises with these.
import { z } from 'zod'
import { checkOrder, period } from './history.ts'

/** Largest page of the games screen's lists. */
export const ADMIN_GAMES_MAX_PER_PAGE = 200
/** The badges a game may carry (the lobby draws each). */
export const GAME_BADGES = ['hot', 'new', 'exclusive', 'jackpot', 'popular'] as const

const slug = z
  .string()
  .max(50)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validation.invalid')
/** ISO 3166-1 alpha-2, upper case. */
const country = z.string().regex(/^[A-Z]{2}$/, 'validation.country')
const countries = z
  .array(country)
  .max(250)
  .refine((list) => new Set(list).size === list.length, 'validation.duplicates')

const paging = {
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .pipe(z.coerce.number<string>().int().min(1))
    .optional(),
  per_page: z
    .string()
    .regex(/^\d{1,4}$/)
    .pipe(z.coerce.number<string>().int().min(1).max(ADMIN_GAMES_MAX_PER_PAGE))
    .optional(),
}

export const ADMIN_GAME_SORTS = [
  'position',
  'title',
  'identifier',
  'provider',
  'rtp',
  'released_at',
  'id',
] as const
const gameFilters = {
  provider: slug.optional(),
  category: slug.optional(),
  enabled: z.enum(['true', 'false']).optional(),
  badge: z.enum(GAME_BADGES).optional(),
  country: country.optional().describe('Games a player in this country may see and open'),
  q: z.string().max(100).optional().describe('Part of the title or identifier'),
  sort: z.enum(ADMIN_GAME_SORTS).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
}
export const adminGamesQuery = z.strictObject({ ...gameFilters, ...paging })
export type AdminGamesQuery = z.infer<typeof adminGamesQuery>
export const adminGamesCsvQuery = z.strictObject(gameFilters)
export type AdminGamesCsvQuery = z.infer<typeof adminGamesCsvQuery>

export const adminGame = z.object({
  id: z.number(),
  identifier: z.string(),
  title: z.string(),
  provider: z.string(),
  type: z.string(),
  enabled: z.boolean(),
  position: z.number(),
  categories: z.array(z.string()),
  badges: z.array(z.string()),
  allowed_countries: z.array(z.string()).describe('Empty: every country not blocked'),
  blocked_countries: z.array(z.string()),
  rtp: z.number(),
  has_demo: z.boolean(),
  released_at: z.string(),
  curated: z
    .array(z.string())
    .describe('Fields an operator set, which the start-up sync of the catalogue keeps'),
})
export type AdminGame = z.infer<typeof adminGame>

const pageInfo = z.object({ page: z.number(), per_page: z.number(), total_count: z.number() })
export const adminGamesPage = z.object({ data: z.array(adminGame), pagination: pageInfo })

export const adminGameUpdateBody = z
  .strictObject({
    enabled: z.boolean().optional(),
    position: z.number().int().min(0).max(1_000_000).optional(),
    categories: z
      .array(slug)
      .max(20)
      .refine((list) => new Set(list).size === list.length, 'validation.duplicates')
      .optional(),
    badges: z
      .array(z.enum(GAME_BADGES))
      .refine((list) => new Set(list).size === list.length, 'validation.duplicates')
      .optional(),
    allowed_countries: countries.optional(),
    blocked_countries: countries.optional(),
    reason: z.string().trim().max(500).optional().describe('Written to the audit log'),
  })
  .refine(
    (b) => Object.entries(b).some(([k, v]) => k !== 'reason' && v !== undefined),
    'validation.nothing_to_change',
  )
export type AdminGameUpdateBody = z.infer<typeof adminGameUpdateBody>

const ID = /^[1-9]\d{0,18}$/
export const adminRoundsQuery = z
  .strictObject({
    ...period,
    player: z.string().regex(ID, 'validation.invalid').optional().describe('The player’s id'),
    game: z.string().min(1).max(200).optional().describe('The game’s identifier'),
    ...paging,
  })
  .superRefine(checkOrder)
export type AdminRoundsQuery = z.infer<typeof adminRoundsQuery>

export const adminRound = z.object({
  id: z.string(),
  round_id: z.string(),
  player_id: z.string(),
  game: z.string(),
  title: z.string(),
  provider: z.string(),
  currency: z.string(),
  total_bets_cents: z.string().describe('bigint as text, minor units'),
  total_wins_cents: z.string(),
  status: z.enum(['open', 'closed', 'rolled_back']),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  fairness: z
    .object({
      server_seed_hash: z.string(),
      client_seed: z.string(),
      nonce: z.number(),
      server_seed: z.string().nullable().describe('Revealed once the player rotated the seed'),
      verify_path: z.string(),
    })
    .nullable()
    .describe('Asked of the game server; null when it cannot be reached or did not play the round'),
})
export type AdminRound = z.infer<typeof adminRound>
export const adminRoundsPage = z.object({
  data: z.array(adminRound),
  pagination: pageInfo.extend({ fairness_available: z.boolean() }),
})

export const gameIdParam = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
