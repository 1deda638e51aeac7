// The catalogue's contracts (/api/games/*, /api/games_filter, favourites, latest wins, launch;
// api-shapes §4): the api validates and serialises with these schemas, OpenAPI describes them, and
// the web app infers its types from them (type imports only: no zod in its bundle for a type).
import { z } from 'zod'

/** Largest page the filter serves. */
const MAX_PAGE_SIZE = 100

/** Spec §7: favourites answer ids (v1) or full games (v2) by this header. */
export const FAVOURITES_V1 = 'application/vnd.s.v1+json'
export const FAVOURITES_V2 = 'application/vnd.s.v2+json'

export const game = z
  .object({
    identifier: z.string(),
    seo_title: z.string(),
    slug: z.string(),
    title: z.string(),
    provider: z.string(),
    categories: z.array(z.string()),
    devices: z.array(z.string()),
    currencies: z.record(z.string(), z.object({ id: z.number(), jackpot: z.null() })),
    uniq_seo_title: z.boolean(),
    has_demo_mode: z.boolean(),
    lines: z.number().nullable(),
    ways: z.number().nullable(),
    volatility_rating: z.string(),
    hit_rate: z.string(),
    payout: z.string(),
    unfinished_games_for: z.array(z.never()),
    preview: z.string(),
    badges: z.array(z.string()),
    collections: z
      .record(z.string(), z.number())
      .describe(
        'The game’s collections: its categories, and `wager0` for the minimum-wager notice of spec §8',
      ),
    rtp: z.number(),
    max_win_x: z.number(),
    type: z.string(),
  })
  .describe('IGame (api-shapes §4.3/§4.4) plus rtp, max_win_x and type')
/** A game as the catalogue answers it (api-shapes §4.3). */
export type GameItem = z.infer<typeof game>

export const pagination = z.object({
  current_page: z.number(),
  next_page: z.number().nullable(),
  prev_page: z.number().nullable(),
  total_pages: z.number(),
  total_count: z.number(),
})

/** POST /api/games_filter */
export const gamePage = z.object({ data: z.array(game), pagination })
/** A page of games as the catalogue answers it, or as a list keeps it (`GamePage<ListGame>`). */
export type GamePage<Game = GameItem> = Omit<z.infer<typeof gamePage>, 'data'> & { data: Game[] }

const device = z.enum(['desktop', 'mobile'])
const slugText = z.string().min(1).max(100)

export const filterBody = z.strictObject({
  device: device.optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
  without_territorial_restrictions: z.boolean().optional(),
  filter: z
    .strictObject({
      categories: z
        .strictObject({ identifiers: z.array(slugText).max(50), strategy: z.literal('OR').default('OR') })
        .optional(),
      providers: z.array(slugText).max(50).optional(),
      title: z.string().max(100).optional(),
      currencies: z.array(z.string().max(5)).max(20).optional(),
      volatility_rating: z
        .array(z.enum(['low', 'low-medium', 'medium', 'medium-high', 'high', 'very-high']))
        .max(6)
        .optional(),
      lines: z.number().int().min(1).max(10_000).optional(),
      ways: z.number().int().min(1).max(1_000_000).optional(),
      hit_rate: z.number().min(0).max(100).optional(),
      payout: z.number().min(0).max(100).optional(),
    })
    .optional(),
  sort: z
    .strictObject({
      type: z.enum(['position', 'title', 'released', 'rtp']).default('position'),
      direction: z.enum(['ASC', 'DESC']).default('ASC'),
      top_categories: z.array(slugText).max(20).optional(),
    })
    .optional(),
})
/** What POST /api/games_filter takes. */
export type GamesFilterRequest = z.input<typeof filterBody>

/** POST /api/games_filter/select and /select_by_seo_titles: games by identifier or seo title. */
export const gamesByIdsBody = z.strictObject({
  device: device.optional(),
  game_ids: z.array(slugText).min(1).max(100),
})
export const gamesBySeoTitlesBody = z.strictObject({
  game_seo_titles: z.array(slugText).min(1).max(50),
  without_territorial_restrictions: z.boolean().optional(),
})

/** GET /api/player/favorite_games */
export const favouritesHeaders = z.object({
  'accept-client': z.enum([FAVOURITES_V1, FAVOURITES_V2]).optional(),
  accept: z.string().max(2_048).optional(),
})
export const favouritesAnswer = z.union([
  z.array(z.number()),
  z.array(game.extend({ total_count: z.number() })),
])

/** A studio as GET /api/games/providers answers it: `id` is the catalogue's number, `slug` the URL name. */
export const gameProvider = z.object({
  id: z.string(),
  title: z.string(),
  provider: z.string(),
  slug: z.string(),
  url: z.string(),
  name: z.string(),
})
export type GameProvider = z.infer<typeof gameProvider>

/** A lobby category as GET /api/games/collections answers it: `id` is its slug, `title` translated. */
export const gameCollection = z.object({ id: z.string(), title: z.string(), games_count: z.number() })
export type GameCollection = z.infer<typeof gameCollection>

/** A notable win: GET /api/stats/winners/latest and the `public:wins` channel. */
export const winNotice = z
  .object({
    at: z.number().describe('Unix seconds'),
    bet_amount_cents: z.number(),
    win_amount_cents: z.number(),
    currency: z.string(),
    game_identifier: z.string(),
    game_table_image_path: z.string(),
    game_table_url: z.string(),
    game_title: z.string(),
    humanized_win: z
      .string()
      .describe(
        'The win formatted in the publisher’s language (the list endpoint: the request’s), e.g. "1,250.00 EUR"',
      ),
    nickname: z.string().describe('Masked: the first two characters'),
  })
  .describe('IWinnerResponse')
export type WinNotice = z.infer<typeof winNotice>

/** GET /api/player/played_games */
export const playedGame = z.object({ identifier: z.string(), last_activity_at: z.string().nullable() })
export type PlayedGame = z.infer<typeof playedGame>

/** POST /api/games/launch */
export const launchBody = z.strictObject({
  identifier: slugText,
  mode: z.enum(['real', 'demo']),
  currency: z
    .string()
    .regex(/^[A-Z]{3,4}$/)
    .optional(),
  locale: z.string().max(10).optional(),
})
export type LaunchRequest = z.input<typeof launchBody>
export const launchAnswer = z.object({
  url: z.string(),
  mode: z.enum(['real', 'demo']),
  currency: z.string(),
})
export type LaunchAnswer = z.infer<typeof launchAnswer>
