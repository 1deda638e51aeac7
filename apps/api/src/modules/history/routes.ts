import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { RoundDetails } from '@aurum/game-protocol/round-details'
import type { Locale } from '@aurum/shared'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { toPlayerPayment, type PaymentRow } from '../payments/index.ts'
import { CSV_BOM, csvAmount, csvFileName, csvLine, csvText, csvValue } from './csv.ts'
import {
  gameFilterOf,
  gamesCsvQuery,
  gamesQuery,
  paymentFilterOf,
  paymentsBodyFilter,
  paymentsCsvQuery,
  PAYMENT_STATES,
} from './filters.ts'
import type { AccountHistory, RoundRow } from './service.ts'

/** Most rows one CSV export holds; the rest is left out (X-Export-Truncated), the player narrows the period. */
export const EXPORT_MAX_ROWS = 10_000

/** Limits per player (several players may share an address), per minute. */
const perPlayer = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      request.session ? `player:${request.session.userId}` : `ip:${request.ip}`,
  },
})

const fairness = z
  .object({
    server_seed_hash: z.string().describe('SHA-256 of the server seed, shown before the round'),
    client_seed: z.string(),
    nonce: z.number(),
    server_seed: z
      .string()
      .nullable()
      .describe('Revealed once the player has rotated the seed; null until then'),
    verify_url: z.string().describe('The game server’s verifier, filled in for this round'),
  })
  .nullable()
  .describe('Provably fair data from the game server; null when it has none or cannot be reached')

const gameRound = z
  .object({
    bet_id: z.number(),
    bet_status: z.string(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    currency: z.string(),
    provider: z.string(),
    game: z.string(),
    title: z.string(),
    total_bets: z.number(),
    total_losses: z.number(),
    total_wins: z.number(),
    round_id: z.string().describe('The game server’s round id'),
    balance_after_cents: z
      .number()
      .nullable()
      .describe('The real-money balance after the round’s last posting (ledger); null without a posting'),
    fairness,
  })
  .describe(
    'IUserGameHistoryItem (api-shapes §2.1) plus round_id, balance_after_cents and fairness; amounts in minor units',
  )

const playerPayment = z
  .object({
    id: z.number(),
    amount_cents: z.number(),
    fee_cents: z.number(),
    currency: z.string(),
    action: z.enum(['deposit', 'cashout']),
    payment_system: z.string(),
    system_name: z.string(),
    brand: z.string(),
    state: z.enum(PAYMENT_STATES),
    success: z.boolean(),
    recallable: z.boolean(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    cancellation_reason: z.string().nullable(),
  })
  .describe('IPlayerPayment (api-shapes §3.3); amounts in minor units')

const csvDescription = (what: string) =>
  `CSV (text/csv; charset=utf-8, UTF-8 with BOM, RFC 4180) of the player’s ${what}, newest first, with the ` +
  `filters of the list; amounts as decimals in the currency’s units, times in ISO 8601 (UTC); text from data ` +
  `starting with = + - @, a tab or CR is prefixed with an apostrophe. At most ${EXPORT_MAX_ROWS} rows: ` +
  'X-Export-Rows tells how many, X-Export-Truncated: true that more matched.'

export const historyRoutes: FastifyPluginAsyncZod<{
  history: AccountHistory
  /** The game server's public address as seen by the player's browser (for the verifier link). */
  gamesUrl: (request: FastifyRequest) => string
  now?: () => Date
}> = async (app, { history, gamesUrl, now = () => new Date() }) => {
  const tags = ['history']

  const roundItem = (r: RoundRow, details: RoundDetails | undefined, base: string) => ({
    bet_id: Number(r.id),
    bet_status: r.status,
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
    currency: r.currency,
    provider: r.provider,
    game: r.identifier,
    title: r.title,
    total_bets: Number(r.total_bets),
    total_losses: Number(r.total_bets > r.total_wins ? r.total_bets - r.total_wins : 0n),
    total_wins: Number(r.total_wins),
    round_id: r.round_id,
    balance_after_cents: r.balance_after === null ? null : Number(r.balance_after),
    fairness: details
      ? {
          server_seed_hash: details.server_seed_hash,
          client_seed: details.client_seed,
          nonce: details.nonce,
          server_seed: details.server_seed,
          verify_url: `${base}${details.verify_path}`,
        }
      : null,
  })

  app.get(
    '/api/player/games',
    {
      schema: {
        tags,
        summary:
          'The player’s game rounds, newest first (IUserGameHistoryItem plus balance after and fairness)',
        description:
          'Filters: currency, from/to (a date is a UTC day; a date-time with offset is exact, `to` exclusive), game ' +
          '(identifier). Pages: page (1–10,000), per_page (1–100, default 50); a page shorter than per_page is the last.',
        querystring: gamesQuery,
        response: { 200: z.array(gameRound), 401: errorResponse, ...errorResponses },
      },
    },
    async (request) => {
      const user = request.requireUser()
      const { page = 1, per_page: perPage = 50 } = request.query
      const rows = await history.rounds(user, gameFilterOf(request.query), {
        limit: perPage,
        offset: (page - 1) * perPage,
      })
      const details = await history.fairnessOf(rows)
      const base = gamesUrl(request)
      return rows.map((r) => roundItem(r, details?.get(r.round_id), base))
    },
  )

  app.post(
    '/api/player/payments/with_pages',
    {
      config: perPlayer(120),
      schema: {
        tags: ['payments', ...tags],
        summary: 'The player’s payments by page, optionally by currency, type, state and period',
        description:
          'filter.state: one state or a list; filter.from/to as in GET /api/player/games. More pages exist while ' +
          'page × per_page < total_count.',
        body: z.strictObject({
          page: z.number().int().min(1).max(100_000).default(1),
          page_size: z.number().int().min(1).max(100).default(20),
          filter: paymentsBodyFilter.optional(),
        }),
        response: {
          200: z.object({
            data: z.array(playerPayment),
            pagination: z.object({ page: z.number(), per_page: z.number(), total_count: z.number() }),
          }),
          401: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.requireUser()
      const { page, page_size: perPage } = request.body
      const filter = paymentFilterOf(request.body.filter ?? {})
      const [rows, total] = await Promise.all([
        history.payments(user, filter, { limit: perPage, offset: (page - 1) * perPage }),
        history.countPayments(user, filter),
      ])
      return {
        data: rows.map((r) => toPlayerPayment(r, request.locale)),
        pagination: { page, per_page: perPage, total_count: total },
      }
    },
  )

  /** Headers of an export, then its rows as they are read (never the whole table in memory). */
  const sendCsv = (
    reply: FastifyReply,
    what: string,
    rows: number,
    lines: () => AsyncGenerator<string>,
  ): FastifyReply => {
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(what, now())}"`)
      .header('cache-control', 'no-store')
      .header('x-export-rows', String(Math.min(rows, EXPORT_MAX_ROWS)))
      .header('x-export-truncated', String(rows > EXPORT_MAX_ROWS))
    return reply.send(Readable.from(lines()))
  }

  app.get(
    '/api/player/games.csv',
    {
      config: perPlayer(10),
      schema: {
        tags,
        summary: 'The games history as CSV (the filters of GET /api/player/games)',
        description: `${csvDescription('game rounds')} Columns: ${GAME_COLUMNS.join(', ')}.`,
        querystring: gamesCsvQuery,
        response: { 401: errorResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.requireUser()
      const filter = gameFilterOf(request.query)
      const count = await history.countRounds(user, filter, EXPORT_MAX_ROWS)
      const base = gamesUrl(request)
      async function* lines() {
        yield CSV_BOM + csvLine(GAME_COLUMNS)
        for await (const chunk of history.roundChunks(user, filter, EXPORT_MAX_ROWS)) {
          const details = await history.fairnessOf(chunk)
          let text = ''
          for (const r of chunk) text += gameLine(r, details?.get(r.round_id), base)
          yield text
        }
      }
      return sendCsv(reply, 'games-history', count, lines)
    },
  )

  app.get(
    '/api/player/payments.csv',
    {
      config: perPlayer(10),
      schema: {
        tags: ['payments', ...tags],
        summary: 'The payment history as CSV (currency, type, state — repeatable — and period)',
        description: `${csvDescription('payments')} Columns: ${PAYMENT_COLUMNS_CSV.join(', ')}.`,
        querystring: paymentsCsvQuery,
        response: { 401: errorResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.requireUser()
      const filter = paymentFilterOf(request.query)
      const count = await history.countPayments(user, filter, EXPORT_MAX_ROWS)
      const locale = request.locale
      async function* lines() {
        yield CSV_BOM + csvLine(PAYMENT_COLUMNS_CSV)
        for await (const chunk of history.paymentChunks(user, filter, EXPORT_MAX_ROWS)) {
          yield chunk.map((p) => paymentLine(p, locale)).join('')
        }
      }
      return sendCsv(reply, 'payments-history', count, lines)
    },
  )
}

const GAME_COLUMNS = [
  'bet_id',
  'round_id',
  'created_at',
  'finished_at',
  'game',
  'title',
  'provider',
  'currency',
  'bet',
  'win',
  'net',
  'balance_after',
  'status',
  'server_seed_hash',
  'client_seed',
  'nonce',
  'server_seed',
  'verify_url',
]

function gameLine(r: RoundRow, details: RoundDetails | undefined, base: string): string {
  return csvLine([
    csvValue(r.id),
    csvText(r.round_id),
    csvValue(r.created_at.toISOString()),
    csvValue(r.finished_at?.toISOString()),
    csvText(r.identifier),
    csvText(r.title),
    csvText(r.provider),
    csvValue(r.currency),
    csvValue(csvAmount(r.total_bets, r.currency)),
    csvValue(csvAmount(r.total_wins, r.currency)),
    csvValue(csvAmount(r.total_wins - r.total_bets, r.currency)),
    csvValue(csvAmount(r.balance_after, r.currency)),
    csvValue(r.status),
    csvText(details?.server_seed_hash),
    csvText(details?.client_seed),
    csvValue(details?.nonce),
    csvText(details?.server_seed),
    csvText(details ? `${base}${details.verify_path}` : undefined),
  ])
}

const PAYMENT_COLUMNS_CSV = [
  'id',
  'created_at',
  'finished_at',
  'type',
  'method',
  'currency',
  'amount',
  'fee',
  'state',
  'reason',
]

function paymentLine(row: PaymentRow, locale: Locale): string {
  const p = toPlayerPayment(row, locale)
  return csvLine([
    csvValue(p.id),
    csvValue(p.created_at),
    csvValue(p.finished_at),
    csvValue(p.action),
    csvText(p.system_name),
    csvValue(p.currency),
    csvValue(csvAmount(row.amount_cents, row.currency)),
    csvValue(csvAmount(row.fee_cents, row.currency)),
    csvValue(p.state),
    csvText(p.cancellation_reason),
  ])
}
