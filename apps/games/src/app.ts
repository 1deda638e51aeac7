import crypto from 'node:crypto'
import fs from 'node:fs'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { eurosIn } from '@aurum/shared'
import { isValidHost } from '@aurum/shared/host'
import { JobQueue, systemClock, type Clock, type SqlDatabase } from '@aurum/db'
import {
  playSlotRound,
  settleRoulette,
  spinRoulette,
  startBlackjack,
  validateRouletteBet,
  type BlackjackState,
} from '@aurum/games-math'
import fastifyStatic from '@fastify/static'
import { isIconId, isThemeId, symbolSvg } from '@aurum/game-art'
import { ensurePlayer, rotateSeeds } from './fairness.ts'
import { CLIENT_DIR, gamePage } from './page.ts'
import { findGame, games, type RunnableGame } from './games.ts'
import { LiveTable } from './live.ts'
import { verifyPage } from './verify.ts'
import { roundDetailsRoutes } from './round-details.ts'
import { GameError, Rounds, type GameSession, type RoundsOptions } from './rounds.ts'
import { blackjackOutcome, blackjackStep, standRemainingHands } from './blackjack.ts'
import { RecentMap } from './recent.ts'
import { GamesServerRepository } from './repository.ts'
import { WalletRefusal, WalletUnavailable, type WalletClient } from './wallet-client.ts'
import { checkCasinoOrigins } from './origins.ts'
import { GAME_SERVER_JOBS_TABLE, gameServerJobs } from './jobs.ts'

/** Strict-Transport-Security over TLS: a year, every subdomain (as the casino's). */
const HSTS = 'max-age=31536000; includeSubDomains'
/** FUN money a demo session starts with: 1,000.00. */
export const DEMO_BALANCE_CENTS = 100_000
/** A client session that has seen nothing for this long must start again from the casino. */
const SESSION_IDLE_MS = 30 * 60_000
/** A session's last call is recorded to this precision. */
const SESSION_TOUCH_MS = 30_000

export interface GamesAppOptions {
  db: SqlDatabase
  wallet: WalletClient
  /** The casino's origins, the only pages allowed to frame the game pages (never `*`: origins.ts). */
  casinoOrigins: readonly string[]
  /** Believe X-Forwarded-Proto (and -For) from the proxy in front: TLS ended there (HSTS). */
  trustProxy?: boolean
  /** Secret of the live tables' round seeds (the same on every node). */
  tableSecret: string
  logger?: boolean | object
  /** When the settler finishes a round left open (tests shorten it). */
  rounds?: Pick<RoundsOptions, 'openRoundLimitMs'>
  /** The one clock of the game server's rules: sessions, the settler, jobs (tests move it). */
  clock?: Clock
  /**
   * The casino's key for round details (roundDetailsKey of WALLET_SECRET): without it the casino
   * cannot ask for its players' provably fair data (POST /api/provider/round-details is not served).
   */
  roundDetailsKey?: string
  /** How often this node looks for due jobs (default 1 s; 0: never by itself). */
  jobsPollMs?: number
}

const bearer = z.object({ authorization: z.string().regex(/^Bearer [0-9a-f]{32}$/) })

/**
 * The game server (a game provider of our own): session start from a launch token or as a demo,
 * the rounds of every game type through the seamless wallet, provably fair seeds and history.
 */
export async function buildGamesApp(options: GamesAppOptions): Promise<FastifyInstance> {
  const { db, wallet } = options
  const clock = options.clock ?? systemClock
  const frameAncestors = checkCasinoOrigins(options.casinoOrigins).join(' ')
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // A blackjack round left open is finished with every remaining hand standing.
  const finishers = new Map(
    [...games().values()]
      .filter((g) => g.definition.type === 'blackjack')
      .map((g) => [
        g.definition.identifier,
        (hidden: unknown) => standRemainingHands(hidden as BlackjackState),
      ]),
  )
  const repo = new GamesServerRepository(db)
  const rounds = new Rounds(db, wallet, app.log, {
    ...options.rounds,
    finishers,
    now: () => clock.now().getTime(),
  })

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof GameError) return reply.status(error.status).send({ code: error.code })
    if (error instanceof WalletRefusal)
      return reply.status(error.status === 401 ? 401 : 422).send({ code: error.code })
    if (error instanceof WalletUnavailable) return reply.status(503).send({ code: 'wallet_unavailable' })
    const status = (error as { statusCode?: number }).statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.status(500).send({ code: 'internal_error' })
    }
    return reply
      .status(status)
      .send({ code: status === 400 ? 'malformed_request' : 'error', message: (error as Error).message })
  })
  // As the casino's request guard (RFC 9112 §3.2): a missing or invalid Host is a 400, and `//x`
  // (another host to a browser) a 404, before any route.
  app.addHook('onRequest', async (request, reply) => {
    if (!isValidHost(request.host)) return reply.status(400).send({ code: 'invalid_host' })
    if (/^\/[/\\]/.test(request.url)) return reply.status(404).send({ code: 'not_found' })
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'no-referrer')
    reply.header(
      'content-security-policy',
      `default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors ${frameAncestors}`,
    )
    // Over TLS only (plain HTTP can't be pinned; localhost must stay reachable over http).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
  })

  // Real-money sessions read in the last SESSION_TOUCH_MS, kept in memory (their fields never
  // change; the casino's wallet has the last word on them): a spin then skips the session read.
  const recentSessions = new RecentMap<string, { session: GameSession; readAt: number }>(50_000)

  async function sessionOf(request: FastifyRequest): Promise<GameSession & { runnable: RunnableGame }> {
    const token = request.headers.authorization?.slice(7) ?? ''
    const recent = recentSessions.get(token)
    const now = clock.now().getTime()
    let row = recent && now - recent.readAt < SESSION_TOUCH_MS ? recent.session : undefined
    if (!row) {
      // Seen again: touched at most every SESSION_TOUCH_MS (a read most of the time, not a write).
      ;[row] = await repo.touchActiveSession(
        token,
        new Date(now - SESSION_IDLE_MS),
        new Date(now - SESSION_TOUCH_MS),
        new Date(now),
      )
      if (!row) throw new GameError('session_expired', 401)
      if (row.mode === 'real') recentSessions.set(token, { session: row, readAt: now })
    }
    const runnable = findGame(row.game)
    if (!runnable) throw new GameError('unknown_game', 404)
    return { ...row, runnable }
  }

  app.get('/healthz', async () => ({ status: 'ok' }))

  if (options.roundDetailsKey)
    await app.register(roundDetailsRoutes, {
      db,
      key: options.roundDetailsKey,
      now: () => clock.now().getTime(),
    })

  // The built clients (absent in a checkout that has not been built: the pages then answer 500).
  if (fs.existsSync(CLIENT_DIR)) {
    await app.register(fastifyStatic, {
      root: CLIENT_DIR,
      prefix: '/client/',
      maxAge: '365d',
      immutable: true,
    })
  }

  // Spec §2: the frame loads /games/{identifier}/{gameId}; a token for real money, mode=demo for FUN.
  app.get(
    '/games/:identifier/:gameId',
    {
      schema: {
        params: z.strictObject({
          identifier: z.string().min(3).max(100),
          gameId: z.coerce.number().int().positive(),
        }),
        querystring: z.strictObject({
          token: z.string().min(20).max(200).optional(),
          mode: z.enum(['real', 'demo']).optional(),
          lang: z.string().max(10).default('en'),
        }),
      },
    },
    async (request, reply) => {
      const runnable = findGame(request.params.identifier)
      if (!runnable) throw new GameError('unknown_game', 404)
      const { token, mode, lang } = request.query
      if (!token && (mode !== 'demo' || !runnable.definition.hasDemo))
        throw new GameError('launch_required', 400)
      reply.header('cache-control', 'no-store')
      return reply
        .type('text/html; charset=utf-8')
        .send(gamePage(runnable, token ? { token } : { demo: true }, lang))
    },
  )

  app.get(
    '/verify',
    {
      schema: {
        querystring: z.strictObject({
          game: z.string().max(100).optional(),
          server_seed: z.string().max(128).optional(),
          client_seed: z.string().max(64).optional(),
          nonce: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
          bet_cents: z.coerce.number().int().min(1).max(100_000_000).optional(),
        }),
      },
    },
    async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(verifyPage([...games().values()], request.query)),
  )

  // The reel symbols, drawn from the game's theme (@aurum/game-art); deterministic, cached a day.
  app.get(
    '/art/symbols/:theme/:file',
    {
      schema: {
        params: z.strictObject({
          theme: z.string().regex(/^[a-z_]{2,30}$/),
          file: z.string().regex(/^[a-z_]{2,30}\.svg$/),
        }),
      },
    },
    async (request, reply) => {
      const icon = request.params.file.slice(0, -4)
      if (!isThemeId(request.params.theme) || !isIconId(icon)) throw new GameError('not_found', 404)
      reply.header('cache-control', 'public, max-age=86400')
      return reply.type('image/svg+xml; charset=utf-8').send(symbolSvg(icon, request.params.theme))
    },
  )

  app.post(
    '/api/session',
    {
      schema: {
        body: z.union([
          z.strictObject({ token: z.string().min(20).max(200) }),
          z.strictObject({ demo: z.literal(true), game: z.string().min(3).max(100) }),
        ]),
      },
    },
    async (request) => {
      const id = crypto.randomBytes(16).toString('hex')
      if ('token' in request.body) {
        const auth = await wallet.call('authenticate', { token: request.body.token })
        const playerKey = `casino:${auth.player_id}`
        const fair = await db.transaction(async (t) => {
          const state = await ensurePlayer(t, playerKey)
          await repo.insertRealSession(
            t,
            id,
            playerKey,
            auth.game,
            auth.currency,
            auth.session_id,
            clock.now(),
          )
          return state
        })
        return {
          session: id,
          mode: 'real',
          game: auth.game,
          currency: auth.currency,
          balance_cents: auth.balance_cents,
          fair,
        }
      }
      const game = request.body.game
      const runnable = findGame(game)
      if (!runnable || !runnable.definition.hasDemo) throw new GameError('unknown_game', 404)
      const playerKey = `demo:${crypto.randomBytes(12).toString('hex')}`
      const fair = await db.transaction(async (t) => {
        const state = await ensurePlayer(t, playerKey)
        await repo.insertDemoSession(t, id, playerKey, game, DEMO_BALANCE_CENTS, clock.now())
        return state
      })
      return {
        session: id,
        mode: 'demo',
        game,
        currency: 'FUN',
        balance_cents: DEMO_BALANCE_CENTS,
        bet_limits: betLimits(runnable, 'FUN'),
        fair,
      }
    },
  )

  app.get('/api/balance', { schema: { headers: bearer } }, async (request) => {
    const session = await sessionOf(request)
    if (session.mode === 'demo') return { balance_cents: Number(session.demo_balance_cents), currency: 'FUN' }
    return wallet.call('balance', { session_id: session.wallet_session_id! })
  })

  app.post(
    '/api/slot/spin',
    {
      schema: {
        headers: bearer,
        body: z.strictObject({ bet_cents: z.number().int().positive().max(100_000_000) }),
      },
    },
    async (request) => {
      const session = await sessionOf(request)
      const slot = session.runnable.slot
      if (!slot) throw new GameError('wrong_game', 404)
      checkBet(session, request.body.bet_cents)
      return rounds.play(session, (rng) => {
        const round = playSlotRound(slot, rng, request.body.bet_cents)
        return { betCents: round.betCents, winCents: round.winCents, outcome: round, finished: true }
      })
    },
  )

  const rouletteBet = z.strictObject({
    kind: z.enum([
      'straight',
      'split',
      'street',
      'corner',
      'six_line',
      'column',
      'dozen',
      'red',
      'black',
      'odd',
      'even',
      'low',
      'high',
    ]),
    numbers: z.array(z.number().int().min(0).max(36)).max(18),
    amount_cents: z.number().int().positive().max(100_000_000),
  })
  app.post(
    '/api/roulette/spin',
    { schema: { headers: bearer, body: z.strictObject({ bets: z.array(rouletteBet).min(1).max(50) }) } },
    async (request) => {
      const session = await sessionOf(request)
      if (session.runnable.definition.type !== 'roulette') throw new GameError('wrong_game', 404)
      const bets = request.body.bets.map((b) => ({
        kind: b.kind,
        numbers: b.numbers,
        amountCents: b.amount_cents,
      }))
      if (!bets.every(validateRouletteBet)) throw new GameError('invalid_bet')
      const total = bets.reduce((sum, b) => sum + b.amountCents, 0)
      checkBet(session, total)
      return rounds.play(session, (rng) => {
        const result = spinRoulette(rng)
        const settled = settleRoulette(bets, result)
        return {
          betCents: total,
          winCents: settled.winCents,
          outcome: { result, bets: request.body.bets, wins: settled.wins },
          finished: true,
        }
      })
    },
  )

  app.post(
    '/api/blackjack/deal',
    {
      schema: {
        headers: bearer,
        body: z.strictObject({ bet_cents: z.number().int().positive().max(100_000_000) }),
      },
    },
    async (request) => {
      const session = await sessionOf(request)
      if (session.runnable.definition.type !== 'blackjack') throw new GameError('wrong_game', 404)
      checkBet(session, request.body.bet_cents)
      // One round at a time: a session whose round is still open is answered that round.
      const open = await rounds.openRound(session)
      if (open) return open
      return rounds.play(session, (rng) => {
        const state = startBlackjack(rng, request.body.bet_cents)
        return {
          betCents: state.totalBetCents,
          winCents: state.finished ? state.winCents : 0,
          outcome: blackjackOutcome(state),
          hidden: state,
          finished: state.finished,
        }
      })
    },
  )

  app.post(
    '/api/blackjack/action',
    {
      schema: {
        headers: bearer,
        body: z.strictObject({
          round_id: z.string().regex(/^[0-9a-f]{24}$/),
          action: z.enum(['hit', 'stand', 'double', 'split']),
        }),
      },
    },
    async (request) => {
      const session = await sessionOf(request)
      const { round_id: roundId, action } = request.body
      const { step, balance } = await rounds.act<BlackjackState>(session, roundId, (state) =>
        blackjackStep(state, action),
      )
      return {
        round_id: roundId,
        bet_cents: step.betCents,
        win_cents: step.finished ? step.winCents : 0,
        balance_cents: balance,
        outcome: step.outcome,
      }
    },
  )

  app.get('/api/fair', { schema: { headers: bearer } }, async (request) => {
    const session = await sessionOf(request)
    return ensurePlayer(db, session.player_key)
  })

  app.post(
    '/api/fair/rotate',
    {
      schema: {
        headers: bearer,
        body: z.strictObject({
          client_seed: z
            .string()
            .min(1)
            .max(64)
            .regex(/^[\w-]+$/)
            .optional(),
        }),
      },
    },
    async (request) => {
      const session = await sessionOf(request)
      return db.transaction((t) => rotateSeeds(t, session.player_key, request.body.client_seed))
    },
  )

  app.get(
    '/api/rounds',
    {
      schema: {
        headers: bearer,
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
      },
    },
    async (request) => {
      const session = await sessionOf(request)
      const rows = await repo.roundHistory(session.player_key, session.game, request.query.limit)
      return rows.map((r) => ({
        round_id: r.round_id,
        game: r.game,
        bet_cents: Number(r.bet_cents),
        win_cents: Number(r.win_cents),
        status: r.status,
        // Finished by the server after the player left it (every remaining hand stood).
        auto_completed: r.auto_completed,
        balance_after_cents: r.balance_after_cents === null ? null : Number(r.balance_after_cents),
        created_at: r.created_at.toISOString(),
        fair: {
          server_seed_hash: r.server_seed_hash,
          client_seed: r.client_seed,
          nonce: Number(r.nonce),
          server_seed: r.server_seed,
        },
      }))
    },
  )

  // Live roulette (apps/games/src/live.ts): one table for everyone, rounds on the server's clock
  // (which tests move).
  const tables = new Map(
    [...games().values()]
      .filter((g) => g.definition.type === 'live_roulette')
      .map((g) => [
        g.definition.identifier,
        new LiveTable(g.definition.slug, options.tableSecret, () => clock.now().getTime()),
      ]),
  )
  const tableOf = (session: { runnable: RunnableGame }) => {
    const table = tables.get(session.runnable.definition.identifier)
    if (!table) throw new GameError('wrong_game', 404)
    return table
  }
  app.get('/api/live/state', { schema: { headers: bearer } }, async (request) =>
    tableOf(await sessionOf(request)).state(),
  )
  // The table's state pushed every second (EventSource cannot send headers: the session is in the query).
  app.get(
    '/api/live/events',
    { schema: { querystring: z.strictObject({ session: z.string().regex(/^[0-9a-f]{32}$/) }) } },
    async (request, reply) => {
      request.headers.authorization = `Bearer ${request.query.session}`
      const table = tableOf(await sessionOf(request))
      reply.hijack()
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      })
      const push = () => reply.raw.write(`data: ${JSON.stringify(table.state())}\n\n`)
      push()
      const timer = setInterval(push, 1_000)
      request.raw.on('close', () => clearInterval(timer))
    },
  )
  app.post(
    '/api/live/bet',
    { schema: { headers: bearer, body: z.strictObject({ bets: z.array(rouletteBet).min(1).max(50) }) } },
    async (request) => {
      const session = await sessionOf(request)
      const table = tableOf(session)
      const round = table.openRound()
      if (round === undefined) throw new GameError('betting_closed', 409)
      const bets = request.body.bets.map((b) => ({
        kind: b.kind,
        numbers: b.numbers,
        amountCents: b.amount_cents,
      }))
      if (!bets.every(validateRouletteBet)) throw new GameError('invalid_bet')
      const total = bets.reduce((sum, b) => sum + b.amountCents, 0)
      checkBet(session, total)
      return rounds.play(session, () => ({
        betCents: total,
        winCents: 0,
        outcome: { table_round: round, bets: request.body.bets },
        hidden: { table_round: round, bets },
        finished: false,
      }))
    },
  )
  /** Pays the live bets of every finished table round (every node; each round once, guarded). */
  const settleLive = async () => {
    const open = await repo.openLiveRounds([...tables.keys()])
    for (const row of open) {
      const settled = tables.get(row.game)!.settle(row.hidden.table_round, row.hidden.bets)
      if (!settled) continue
      const [session] = await repo.findSession(row.session_id)
      if (!session) continue
      // Claimed by one node (by the round's version): the others find it changed and pay nothing.
      await rounds
        .finish(session, row.round_id, row.version, {
          outcome: { table_round: row.hidden.table_round, bets: row.hidden.bets, result: settled.result },
          betCents: Number(row.bet_cents),
          winCents: settled.winCents,
        })
        .catch((err: unknown) => app.log.error({ err, round: row.round_id }, 'live payout failed'))
    }
  }
  // Scheduled work: durable jobs in gs_jobs (packages/db/src/jobs.ts), each slot run by one node.
  const jobs = new JobQueue(db, {
    table: GAME_SERVER_JOBS_TABLE,
    clock,
    log: app.log,
  }).register(...gameServerJobs(rounds, settleLive))
  app.addHook('onReady', async () => {
    jobs.start(options.jobsPollMs ?? 1_000)
  })
  app.addHook('onClose', async () => {
    await jobs.stop()
  })
  app.decorate('settleLive', settleLive)
  app.decorate('jobs', jobs)
  app.decorate('rounds', rounds)
  return app
}

/**
 * The game's bet bounds in a session's currency: stated in euro cents, scaled like the cashier's
 * (EURO_SCALE; FUN as euros), and for slots rounded to whole coins (a bet is a multiple of
 * coinsPerBet minor units, so every win is a whole number of them).
 */
export function betLimits(
  game: RunnableGame,
  currency: string,
): { min_bet_cents: number; max_bet_cents: number } {
  const d = game.definition
  const scale = (cents: number) => (currency === 'FUN' ? cents : Number(eurosIn(currency, cents / 100)))
  const coin = game.slot?.coinsPerBet ?? 1
  const min = Math.max(coin, Math.ceil(scale(d.minBetCents) / coin) * coin)
  const max = Math.max(min, Math.floor(scale(d.maxBetCents) / coin) * coin)
  return { min_bet_cents: min, max_bet_cents: max }
}

function checkBet(session: { runnable: RunnableGame; currency: string }, betCents: number): void {
  const limits = betLimits(session.runnable, session.currency)
  if (betCents < limits.min_bet_cents || betCents > limits.max_bet_cents)
    throw new GameError('bet_out_of_range')
}

declare module 'fastify' {
  interface FastifyInstance {
    rounds: Rounds
    settleLive: () => Promise<void>
    jobs: JobQueue
  }
}
