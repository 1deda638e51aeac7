import type { Clock, Executor } from '@aurum/db'
import {
  PLAYER_EXPORT_FORMAT,
  type Dashboard,
  type DashboardDay,
  type DashboardTotals,
  type GgrCsvQuery,
  type GgrPage,
  type GgrQuery,
  type GgrRow,
} from '@aurum/shared/contracts/admin-reports'
import { AppError } from '../../lib/errors.ts'
import { csvAmount, csvLine, csvText, csvValue } from '../../lib/csv.ts'
import type { Database } from '../../db/client.ts'
import { PROCESSING_GRACE_MS } from '../payments/index.ts'
import type { AuditActor, AuditEntryInput, AuditLog } from '../audit/service.ts'
import {
  BackOfficeReportsRepository,
  PlayerExportRepository,
  type DailyTotalsRow,
  type DayPeriod,
  type GgrAggregateRow,
} from './repository.ts'

/** The provably fair data of rounds, from the game server that played them (null: not reachable). */
export interface RoundFairnessSource {
  of(roundIds: string[]): Promise<Map<string, unknown> | null>
}

/** Default period of the dashboard and the reports: the last 30 UTC days, today included. */
const DEFAULT_DAYS = 30
const EXPORT_PAGE = 500

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * Bonus cost of a day: bonus money the players turned into real money. There is no bonus money
 * yet (issue 23 adds it), so it is 0; NGR = GGR − bonus cost (docs/backoffice.md "Dashboard").
 */
const bonusCost = (): bigint => 0n

function figures(
  row: Pick<
    DailyTotalsRow,
    | 'currency'
    | 'bets'
    | 'wins'
    | 'rounds'
    | 'deposits'
    | 'deposit_count'
    | 'withdrawals'
    | 'withdrawal_count'
    | 'registrations'
    | 'active_players'
    | 'first_deposits'
    | 'first_deposit_count'
  >,
): DashboardTotals {
  const ggr = row.bets - row.wins
  const cost = bonusCost()
  return {
    currency: row.currency,
    deposits: { count: row.deposit_count, sum_cents: Number(row.deposits) },
    withdrawals: { count: row.withdrawal_count, sum_cents: Number(row.withdrawals) },
    bets_cents: Number(row.bets),
    wins_cents: Number(row.wins),
    rounds: Number(row.rounds),
    ggr_cents: Number(ggr),
    bonus_cost_cents: Number(cost),
    ngr_cents: Number(ggr - cost),
    active_players: row.active_players,
    new_players: row.registrations,
    first_deposits: { count: row.first_deposit_count, sum_cents: Number(row.first_deposits) },
  }
}

function ggrRow(row: GgrAggregateRow): GgrRow {
  const ggr = row.bets - row.wins
  const cost = bonusCost()
  return {
    key: row.key,
    title: row.title,
    currency: row.currency,
    bets_cents: Number(row.bets),
    wins_cents: Number(row.wins),
    ggr_cents: Number(ggr),
    bonus_cost_cents: Number(cost),
    ngr_cents: Number(ggr - cost),
    rounds: Number(row.rounds),
    players: Number(row.players),
  }
}

/** A row of the totals: no key, no title. */
function omitKey(row: GgrRow): Omit<GgrRow, 'key' | 'title'> {
  return {
    currency: row.currency,
    bets_cents: row.bets_cents,
    wins_cents: row.wins_cents,
    ggr_cents: row.ggr_cents,
    bonus_cost_cents: row.bonus_cost_cents,
    ngr_cents: row.ngr_cents,
    rounds: row.rounds,
    players: row.players,
  }
}

const GGR_CSV_COLUMNS = [
  'key',
  'title',
  'currency',
  'bets',
  'wins',
  'ggr',
  'bonus_cost',
  'ngr',
  'rounds',
  'players',
]

/** JSON of export rows: 64-bit integers as decimal strings (exact whatever their size). */
const json = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))

/**
 * The back office's dashboard and reports (docs/backoffice.md "Dashboard", "Reports"). The
 * dashboard reads the day totals the `daily-totals` consumer keeps; the GGR report sums the
 * ledger; the regulator export streams a player's whole history.
 */
export class ReportsService {
  private readonly repo: BackOfficeReportsRepository
  private readonly exports: PlayerExportRepository

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly fairness: RoundFairnessSource,
  ) {
    this.repo = new BackOfficeReportsRepository(db)
    this.exports = new PlayerExportRepository(db)
  }

  /** The query's period, or the last 30 days to today (UTC) for what it leaves out. */
  period(query: { from?: string; to?: string; currency?: string }): DayPeriod {
    const to = query.to ?? isoDay(this.clock.now())
    let from = query.from
    if (from === undefined) {
      const start = new Date(`${to}T00:00:00Z`)
      start.setUTCDate(start.getUTCDate() - (DEFAULT_DAYS - 1))
      from = isoDay(start)
    }
    if (from > to) throw new AppError('validation_failed', 422, { from: ['validation.date_order'] })
    return { from, to, currency: query.currency ?? null }
  }

  async dashboard(query: { from?: string; to?: string; currency?: string }): Promise<Dashboard> {
    const period = this.period(query)
    const [rows, active, pending, inFlight, documents] = await Promise.all([
      this.repo.dailyTotals(period),
      this.repo.activePlayers(period),
      this.repo.pendingWithdrawals(period.currency),
      this.repo.paymentsInFlight(period.currency, new Date(this.clock.now().getTime() - PROCESSING_GRACE_MS)),
      this.repo.documentsWaiting(),
    ])
    const days: DashboardDay[] = rows.map((row) => ({ day: row.day, ...figures(row) }))
    const sums = new Map<string, DailyTotalsRow>()
    for (const row of rows) {
      const sum = sums.get(row.currency)
      if (!sum) {
        sums.set(row.currency, { ...row })
        continue
      }
      sum.bets += row.bets
      sum.wins += row.wins
      sum.rounds += row.rounds
      sum.deposits += row.deposits
      sum.deposit_count += row.deposit_count
      sum.withdrawals += row.withdrawals
      sum.withdrawal_count += row.withdrawal_count
      sum.registrations += row.registrations
      sum.first_deposits += row.first_deposits
      sum.first_deposit_count += row.first_deposit_count
    }
    const playersOf = new Map(active.map((a) => [a.currency, Number(a.players)]))
    const totals = [...sums.values()]
      .sort((a, b) => a.currency.localeCompare(b.currency))
      .map((sum) => ({ ...figures(sum), active_players: playersOf.get(sum.currency) ?? 0 }))
    const queue = (rows: Array<{ currency: string; count: bigint; sum: bigint }>) =>
      rows.map((r) => ({ currency: r.currency, count: Number(r.count), sum_cents: Number(r.sum) }))
    return {
      from: period.from,
      to: period.to,
      currency: period.currency,
      days,
      totals,
      queues: {
        withdrawals_pending: queue(pending),
        payments_in_flight: queue(inFlight),
        documents_waiting: documents,
      },
    }
  }

  async ggr(query: GgrQuery): Promise<GgrPage> {
    const period = this.period(query)
    const perPage = query.per_page ?? 50
    const page = query.page ?? 1
    const order = this.ggrOrder(query)
    const [rows, totals] = await Promise.all([
      this.repo.ggr(period, query.group, order, { limit: perPage, offset: (page - 1) * perPage }),
      this.repo.ggr(period, 'none', { column: 'key', direction: 'asc' }),
    ])
    return {
      data: rows.map(ggrRow),
      totals: totals.map((row) => omitKey(ggrRow(row))),
      pagination: { page, per_page: perPage, total: Number(rows[0]?.total ?? 0) },
    }
  }

  /** The GGR report as CSV (RFC 4180; amounts in the currency's units), every row. */
  async *ggrCsv(query: GgrCsvQuery): AsyncGenerator<string> {
    const period = this.period(query)
    const rows = await this.repo.ggr(period, query.group, this.ggrOrder(query))
    yield csvLine(GGR_CSV_COLUMNS)
    for (const row of rows.map(ggrRow)) {
      const c = row.currency
      yield csvLine([
        csvText(row.key),
        csvText(row.title),
        csvText(c),
        csvAmount(row.bets_cents, c),
        csvAmount(row.wins_cents, c),
        csvAmount(row.ggr_cents, c),
        csvAmount(row.bonus_cost_cents, c),
        csvAmount(row.ngr_cents, c),
        csvValue(row.rounds),
        csvValue(row.players),
      ])
    }
  }

  private ggrOrder(query: GgrCsvQuery): { column: string; direction: 'asc' | 'desc' } {
    const column = query.sort ?? 'ggr'
    return { column, direction: query.order ?? (column === 'key' ? 'asc' : 'desc') }
  }

  /**
   * The regulator export of a player: checks the player exists and records
   * `report.player_exported` (in its own transaction, committed before a byte is sent), then
   * answers the document as a stream of JSON text. Each section is read by keyset up to the
   * highest id it had when the export began.
   */
  async exportPlayer(
    actor: AuditActor,
    userId: bigint,
    request?: AuditEntryInput['request'],
  ): Promise<AsyncGenerator<string>> {
    const player = await this.exports.player(userId)
    if (!player) throw new AppError('not_found', 404)
    const generatedAt = this.clock.now()
    const lasts = await Promise.all(this.exports.sections.map((s) => s.last(userId)))
    await this.db.transaction(async (tx: Executor) => {
      await this.audit.record(tx, {
        actor,
        action: 'report.player_exported',
        target: { type: 'player', id: userId },
        after: {
          format: PLAYER_EXPORT_FORMAT,
          up_to: Object.fromEntries(this.exports.sections.map((s, i) => [s.name, lasts[i]!.toString()])),
        },
        request,
      })
    })
    return this.exportStream(userId, player, generatedAt, lasts)
  }

  private async *exportStream(
    userId: bigint,
    player: Record<string, unknown>,
    generatedAt: Date,
    lasts: bigint[],
  ): AsyncGenerator<string> {
    yield `{"format":${json(PLAYER_EXPORT_FORMAT)},"generated_at":${json(generatedAt)},"player":${json(player)}`
    yield `,"accounts":${json(await this.exports.accounts(userId))}`
    yield `,"limits":${json(await this.exports.limits(userId))}`
    yield `,"sessions":${json(await this.exports.sessions(userId))}`
    yield `,"game_sessions":${json(await this.exports.gameSessions(userId))}`
    for (const [i, section] of this.exports.sections.entries()) {
      yield `,${json(section.name)}:[`
      let after = 0n
      let first = true
      for (;;) {
        const rows = await section.page(userId, after, lasts[i]!, EXPORT_PAGE)
        if (rows.length === 0) break
        const fairness =
          section.name === 'rounds' ? await this.fairness.of(rows.map((r) => String(r.round_id))) : undefined
        for (const row of rows) {
          const out =
            fairness === undefined ? row : { ...row, fairness: fairness?.get(String(row.round_id)) ?? null }
          yield `${first ? '' : ','}\n${json(out)}`
          first = false
        }
        after = BigInt(rows[rows.length - 1]!.id as bigint | string)
        if (rows.length < EXPORT_PAGE) break
      }
      yield ']'
    }
    yield '}\n'
  }
}
