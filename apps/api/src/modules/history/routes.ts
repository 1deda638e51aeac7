import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { RoundDetails } from '@aurum/game-protocol/round-details'
import type { Locale } from '@aurum/shared'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { toPlayerPayment, type PaymentRow } from '../payments/index.ts'
import { CSV_BOM, csvAmount, csvFileName, csvLine, csvText, csvValue } from '../../lib/csv.ts'
import { gameFilterOf, paymentFilterOf } from './filters.ts'
import {
  gameRound,
  gamesCsvQuery,
  gamesQuery,
  paymentsCsvQuery,
  paymentsPage,
  paymentsPageBody,
  type GameRound,
} from '@aurum/shared/contracts/history'
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

  const roundItem = (r: RoundRow, details: RoundDetails | undefined, base: string): GameRound => ({
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
        body: paymentsPageBody,
        response: {
          200: paymentsPage,
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
