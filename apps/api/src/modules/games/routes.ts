import type { Winners } from './winners.ts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import { errorResponse, errorResponses, localeQuery } from '../../lib/schemas.ts'
import { idParam } from '@aurum/shared/contracts/common'
import {
  FAVOURITES_V1,
  FAVOURITES_V2,
  favouritesAnswer,
  game,
  favouritesHeaders,
  filterBody,
  gameCollection,
  gamePage,
  gameProvider,
  gamesByIdsBody,
  gamesBySeoTitlesBody,
  launchAnswer,
  launchBody,
  playedGame,
  winNotice,
} from '@aurum/shared/contracts/games'
import type { Catalogue, GameFilter, GameRow } from './catalogue.ts'
import type { SeamlessWallet } from './wallet.ts'

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
  winners: Winners
}> = async (app, { catalogue, wallet, gamesUrl, winners }) => {
  const tags = ['games']
  const groupsOf = (userId: bigint | undefined) => catalogue.groupsOf(userId)
  const viewer = (request: { session: { userId: bigint } | null }) => request.session?.userId
  /** The visitor's country: games an operator made available in some countries only, or blocked in some, follow it. */
  const countryOf = (request: FastifyRequest) => request.country ?? null

  app.get(
    '/api/games/providers',
    {
      schema: {
        tags,
        summary: 'Game providers (our studios) that have games the player may see',
        response: {
          200: z.array(gameProvider),
        },
      },
    },
    async (request) =>
      (await catalogue.providers(await groupsOf(viewer(request)), countryOf(request))).map((p) => ({
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
        response: { 200: z.array(gameCollection) },
      },
    },
    async (request) =>
      (await catalogue.categories(await groupsOf(viewer(request)), countryOf(request))).map((c) => ({
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
        response: { 200: gamePage, ...errorResponses },
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
        country: countryOf(request),
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
        body: gamesByIdsBody,
        response: { 200: z.record(z.string(), game), ...errorResponses },
      },
    },
    async (request) => {
      const games = await catalogue.select(
        { device: request.body.device, identifiers: request.body.game_ids, country: countryOf(request) },
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
        body: gamesBySeoTitlesBody,
        response: { 200: z.record(z.string(), game), ...errorResponses },
      },
    },
    async (request) => {
      const games = await catalogue.select(
        { seoTitles: request.body.game_seo_titles, country: countryOf(request) },
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
        headers: favouritesHeaders,
        response: {
          200: favouritesAnswer,
          401: errorResponse,
        },
      },
    },
    async (request) => {
      const user = request.requireUser()
      const games = await catalogue.favourites(user, await groupsOf(user), countryOf(request))
      if (favouritesVersion(request.headers['accept-client'], request.headers.accept) === FAVOURITES_V2) {
        return games.map((g) => ({ ...gameItem(g), total_count: games.length }))
      }
      const currency = await catalogue.playerCurrency(user)
      return games.flatMap((g) => {
        const id = g.currency_ids[currency!]
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
        params: idParam,
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
          200: z.array(winNotice),
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
          200: z.array(playedGame),
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
        body: launchBody,
        response: {
          200: launchAnswer,
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
      const [found] = await catalogue.select(
        { identifiers: [identifier], country: countryOf(request) },
        await groupsOf(userId),
      )
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
      const currency = await wallet.launchCurrency(userId!, request.body.currency)
      // The frame shows this to the player: say what is missing rather than which field.
      if (currency === undefined) throw new AppError('no_wallet', 422)
      const id = found.currency_ids[currency]
      if (id === undefined) throw new AppError('not_found', 404)
      await wallet.checkLaunch(userId!, currency, request.locale)
      const token = await wallet.createLaunch(userId!, found.id, currency, request.session?.id)
      return {
        url: `${base}/games/${encodeURIComponent(found.identifier)}/${id}?token=${token}&lang=${encodeURIComponent(lang)}`,
        mode,
        currency,
      }
    },
  )
}
