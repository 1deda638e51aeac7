import type { Winners } from './winners.ts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import { errorResponse, errorResponses, localeQuery } from '../../lib/schemas.ts'
import type { Catalogue, GameFilter, GameRow } from './catalogue.ts'
import type { SeamlessWallet } from './wallet.ts'

/** Spec §7: favourites answer ids (v1) or full games (v2) by this header. */
const FAVOURITES_V1 = 'application/vnd.s.v1+json'
const FAVOURITES_V2 = 'application/vnd.s.v2+json'
/** Largest page the filter serves. */
const MAX_PAGE_SIZE = 100

const game = z
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
    collections: z.record(z.string(), z.number()),
    rtp: z.number(),
    max_win_x: z.number(),
    type: z.string(),
  })
  .describe('IGame (api-shapes §4.3/§4.4) plus rtp, max_win_x and type')

const pagination = z.object({
  current_page: z.number(),
  next_page: z.number().nullable(),
  prev_page: z.number().nullable(),
  total_pages: z.number(),
  total_count: z.number(),
})

const device = z.enum(['desktop', 'mobile'])
const slugText = z.string().min(1).max(100)

const filterBody = z.strictObject({
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

/** The game as the client reads it (api-shapes §4.3). */
export function gameItem(g: GameRow) {
  const currencies = Object.fromEntries(
    Object.entries(g.currency_ids).map(([code, id]) => [code, { id, jackpot: null }]),
  )
  return {
    identifier: g.identifier,
    seo_title: g.seo_title,
    slug: `${g.provider}/${g.seo_title}`,
    title: g.title,
    provider: g.provider,
    categories: g.categories,
    devices: g.devices,
    currencies,
    uniq_seo_title: true,
    has_demo_mode: g.has_demo,
    lines: g.lines,
    ways: g.ways,
    volatility_rating: g.volatility,
    hit_rate: (Number(g.hit_rate) * 100).toFixed(2),
    payout: (Number(g.rtp) * 100).toFixed(2),
    unfinished_games_for: [] as never[],
    preview: `/game-art/${g.provider}/${g.seo_title}.svg`,
    badges: g.badges,
    collections: Object.fromEntries([...g.categories, ...(g.wager0 ? ['wager0'] : [])].map((c) => [c, 1])),
    rtp: Number(g.rtp),
    max_win_x: Number(g.max_win_x),
    type: g.type,
  }
}

/**
 * Which favourites shape is asked for: api-shapes.md §4 names the `accept-client` header, the spec's
 * own wording versioned Accept headers; both are honoured, `accept-client` first. In Accept the
 * version with the higher q wins (the first listed on a tie); neither means v1.
 */
export function favouritesVersion(acceptClient: string | undefined, accept: string | undefined) {
  if (acceptClient === FAVOURITES_V1 || acceptClient === FAVOURITES_V2) return acceptClient
  let best: { version: string; q: number } | undefined
  for (const range of (accept ?? '').split(',')) {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase())
    if (type !== FAVOURITES_V1 && type !== FAVOURITES_V2) continue
    const qParam = params.find((p) => p.startsWith('q='))
    const q = qParam ? Number(qParam.slice(2)) : 1
    if (!(q > 0)) continue
    if (!best || q > best.q) best = { version: type, q }
  }
  return best?.version ?? FAVOURITES_V1
}

const volatilityOf = (ratings: string[] | undefined) =>
  ratings?.flatMap((r) =>
    r === 'low-medium'
      ? ['low', 'medium']
      : r === 'medium-high'
        ? ['medium', 'high']
        : r === 'very-high'
          ? ['high']
          : [r],
  )

export const gameRoutes: FastifyPluginAsyncZod<{
  catalogue: Catalogue
  wallet: SeamlessWallet
  /** The game server's public address as seen by the player's browser. */
  gamesUrl: (request: FastifyRequest) => string
  db: Database
  winners: Winners
}> = async (app, { catalogue, wallet, gamesUrl, db, winners }) => {
  const tags = ['games']
  const groupsOf = (userId: bigint | undefined) => catalogue.groupsOf(userId)
  const viewer = (request: { session: { userId: bigint } | null }) => request.session?.userId

  app.get(
    '/api/games/providers',
    {
      schema: {
        tags,
        summary: 'Game providers (our studios) that have games the player may see',
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              title: z.string(),
              provider: z.string(),
              slug: z.string(),
              url: z.string(),
              name: z.string(),
            }),
          ),
        },
      },
    },
    async (request) =>
      (await catalogue.providers(await groupsOf(viewer(request)))).map((p) => ({
        id: String(p.id),
        title: p.title,
        provider: p.slug,
        slug: p.slug,
        url: `/producers/${p.slug}`,
        name: p.title,
      })),
  )

  app.get(
    '/api/games/collections',
    {
      schema: {
        tags,
        summary: 'Lobby categories with their game counts (titles in the requested language)',
        querystring: localeQuery,
        response: { 200: z.array(z.object({ id: z.string(), title: z.string(), games_count: z.number() })) },
      },
    },
    async (request) =>
      (await catalogue.categories(await groupsOf(viewer(request)))).map((c) => ({
        id: c.slug,
        title: t(request.locale, `games.categories.${c.slug}`),
        games_count: c.games_count,
      })),
  )

  app.post(
    '/api/games_filter',
    {
      schema: {
        tags,
        summary: 'A page of games by device, categories (OR), providers, title, volatility, lines or ways',
        body: filterBody,
        response: { 200: z.object({ data: z.array(game), pagination }), ...errorResponses },
      },
    },
    async (request) => {
      const { filter, page, page_size: pageSize, device: dev, sort } = request.body
      const query: GameFilter = {
        device: dev,
        categories: filter?.categories?.identifiers,
        providers: filter?.providers,
        title: filter?.title,
        volatility: volatilityOf(filter?.volatility_rating),
        lines: filter?.lines,
        ways: filter?.ways,
      }
      const { games, total } = await catalogue.page(
        query,
        await groupsOf(viewer(request)),
        page,
        pageSize,
        sort ?? { type: 'position', direction: 'ASC' },
      )
      const totalPages = Math.max(1, Math.ceil(total / pageSize))
      return {
        data: games.map(gameItem),
        pagination: {
          current_page: page,
          next_page: page < totalPages ? page + 1 : null,
          prev_page: page > 1 ? page - 1 : null,
          total_pages: totalPages,
          total_count: total,
        },
      }
    },
  )

  app.post(
    '/api/games_filter/select',
    {
      schema: {
        tags,
        summary: 'Games by identifiers or seo titles, keyed by what was asked',
        body: z.strictObject({ device: device.optional(), game_ids: z.array(slugText).min(1).max(100) }),
        response: { 200: z.record(z.string(), game), ...errorResponses },
      },
    },
    async (request) => {
      const games = await catalogue.select(
        { device: request.body.device, identifiers: request.body.game_ids },
        await groupsOf(viewer(request)),
      )
      return Object.fromEntries(games.map((g) => [g.identifier, gameItem(g)]))
    },
  )

  app.post(
    '/api/games_filter/select_by_seo_titles',
    {
      schema: {
        tags,
        summary: 'Games by seo titles (the game page finds its game here)',
        body: z.strictObject({
          game_seo_titles: z.array(slugText).min(1).max(50),
          without_territorial_restrictions: z.boolean().optional(),
        }),
        response: { 200: z.record(z.string(), game), ...errorResponses },
      },
    },
    async (request) => {
      const games = await catalogue.select(
        { seoTitles: request.body.game_seo_titles },
        await groupsOf(viewer(request)),
      )
      return Object.fromEntries(games.map((g) => [g.seo_title, gameItem(g)]))
    },
  )

  app.get(
    '/api/player/favorite_games',
    {
      schema: {
        tags,
        summary: `Favourites: per-currency game ids with ${FAVOURITES_V1}, full games (each with the list's total_count) with ${FAVOURITES_V2}, named by the accept-client header or a versioned Accept header`,
        headers: z.object({
          'accept-client': z.enum([FAVOURITES_V1, FAVOURITES_V2]).optional(),
          accept: z.string().max(2_048).optional(),
        }),
        response: {
          200: z.union([z.array(z.number()), z.array(game.extend({ total_count: z.number() }))]),
          401: errorResponse,
        },
      },
    },
    async (request) => {
      const user = request.requireUser()
      const games = await catalogue.favourites(user, await groupsOf(user))
      if (favouritesVersion(request.headers['accept-client'], request.headers.accept) === FAVOURITES_V2) {
        return games.map((g) => ({ ...gameItem(g), total_count: games.length }))
      }
      const [row] = await db.query<{ currency: string }>('SELECT currency FROM users WHERE id = $1', [
        user.toString(),
      ])
      return games.flatMap((g) => {
        const id = g.currency_ids[row!.currency]
        return id === undefined ? [] : [id]
      })
    },
  )

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/player/favorite_games/:id',
      schema: {
        tags,
        summary: method === 'PUT' ? 'Adds a favourite by a per-currency game id' : 'Removes a favourite',
        params: z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 204: z.null(), 401: errorResponse, 404: errorResponse, ...errorResponses },
      },
      handler: async (request, reply) => {
        const user = request.requireUser()
        if (!(await catalogue.setFavourite(user, request.params.id, method === 'PUT'))) {
          throw new AppError('not_found', 404)
        }
        return reply.status(204).send(null)
      },
    })
  }

  app.get(
    '/api/stats/winners/latest',
    {
      schema: {
        tags,
        summary: 'Recent notable wins (10× the bet or more), newest first; live updates on `public:wins`',
        response: {
          200: z.array(
            z
              .object({
                at: z.number().describe('Unix seconds'),
                bet_amount_cents: z.number(),
                win_amount_cents: z.number(),
                currency: z.string(),
                game_identifier: z.string(),
                game_table_image_path: z.string(),
                game_table_url: z.string(),
                game_title: z.string(),
                humanized_win: z.string(),
                nickname: z.string().describe('Masked: the first two characters'),
              })
              .describe('IWinnerResponse'),
          ),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=5')
      return winners.latest(request.locale)
    },
  )

  app.get(
    '/api/player/played_games',
    {
      schema: {
        tags,
        summary: 'The player’s recent games',
        response: {
          200: z.array(z.object({ identifier: z.string(), last_activity_at: z.string().nullable() })),
          401: errorResponse,
        },
      },
    },
    async (request) =>
      (await catalogue.played(request.requireUser())).map((p) => ({
        identifier: p.identifier,
        last_activity_at: p.last_activity_at.toISOString(),
      })),
  )

  app.post(
    '/api/games/launch',
    {
      schema: {
        tags,
        summary:
          'The game frame’s address: demo (FUN, no wallet) for anyone, real money with a single-use launch token for the player',
        body: z.strictObject({
          identifier: slugText,
          mode: z.enum(['real', 'demo']),
          currency: z
            .string()
            .regex(/^[A-Z]{3,4}$/)
            .optional(),
          locale: z.string().max(10).optional(),
        }),
        response: {
          200: z.object({ url: z.string(), mode: z.enum(['real', 'demo']), currency: z.string() }),
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          451: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (request.restricted) throw new AppError('registration_restricted', 451)
      const { identifier, mode, locale } = request.body
      const userId = mode === 'real' ? request.requireUser() : viewer(request)
      const [found] = await catalogue.select({ identifiers: [identifier] }, await groupsOf(userId))
      if (!found) throw new AppError('not_found', 404)
      const lang = locale ?? request.locale
      const base = gamesUrl(request)
      if (mode === 'demo') {
        const fun = found.currency_ids.FUN
        if (!found.has_demo || fun === undefined) throw new AppError('no_demo', 422)
        return {
          url: `${base}/games/${encodeURIComponent(found.identifier)}/${fun}?mode=demo&lang=${encodeURIComponent(lang)}`,
          mode,
          currency: 'FUN',
        }
      }
      // Spec §6: the game id for the player's currency, or the one asked for (a wallet the player has).
      const [wallet_] = await db.query<{ currency: string }>(
        `SELECT currency FROM wallets WHERE user_id = $1 AND ($2::text IS NULL AND active OR currency = $2)`,
        [userId!.toString(), request.body.currency ?? null],
      )
      // The frame shows this to the player: say what is missing rather than which field.
      if (!wallet_) throw new AppError('no_wallet', 422)
      const id = found.currency_ids[wallet_.currency]
      if (id === undefined) throw new AppError('not_found', 404)
      await wallet.checkLaunch(userId!, wallet_.currency, request.locale)
      const token = await wallet.createLaunch(userId!, found.id, wallet_.currency, request.session?.id)
      return {
        url: `${base}/games/${encodeURIComponent(found.identifier)}/${id}?token=${token}&lang=${encodeURIComponent(lang)}`,
        mode,
        currency: wallet_.currency,
      }
    },
  )
}
