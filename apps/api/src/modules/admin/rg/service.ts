import type { Clock } from '@aurum/db'
import { evaluateMarkers, type MarkerResult, type Span } from '@aurum/shared/rg-markers'
import {
  RG_ENDED_DAYS_DEFAULT,
  type RgInteraction,
  type RgInteractionBody,
  type RgInteractionKind,
  type RgLimit,
  type RgMarkerRow,
  type RgMarkersCsvQuery,
  type RgPlayerFile,
  type RgPlayerRow,
  type RgPlayersCsvQuery,
} from '@aurum/shared/contracts/admin-rg'
import { parseBound } from '@aurum/shared/contracts/history'
import type { Database } from '../../../db/client.ts'
import { csvAmount, csvLine, csvText, csvValue } from '../../../lib/csv.ts'
import { AppError } from '../../../lib/errors.ts'
import type { AuditLog } from '../../audit/service.ts'
import type { StaffCaller } from '../players/service.ts'
import { playerSearch, RgRepository, type RgLimitRow, type RgPlayerFilters } from './repository.ts'

const DAY_MS = 86_400_000
const PER_PAGE = 50
/** Most rows a CSV export writes. */
const CSV_MAX = 100_000
const CSV_CHUNK = 1_000
/** The markers' default window and baseline (days). */
export const WINDOW_DAYS = 7
export const BASELINE_DAYS = 30
/** Game sessions are looked for from this long before the window (one that crosses its start). */
const SESSION_LOOKBACK_MS = DAY_MS

const iso = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : null)

interface Paging {
  page?: number
  per_page?: number
}
const pageOf = ({ page = 1, per_page = PER_PAGE }: Paging) => ({
  page,
  per_page,
  limit: per_page,
  offset: (page - 1) * per_page,
})

const auditRequest = (ctx: StaffCaller['ctx']) => ({
  ip: ctx.ip,
  userAgent: ctx.userAgent ?? undefined,
  id: ctx.requestId,
})

function limitOf(l: RgLimitRow): RgLimit {
  return {
    id: l.id.toString(),
    type: l.type,
    period: l.period,
    lifetime: l.lifetime,
    amounts: l.amounts,
    state: l.state,
    pending: l.pending ?? null,
    pending_removal: l.pending_removal,
    ends_at: iso(l.ends_at),
    created_at: iso(l.created_at)!,
    removed_at: iso(l.removed_at),
  }
}

/** The window and baseline of the markers: `days` up to the end of `to` (or now), and `baseline_days` before. */
export function markersWindow(
  query: { to?: string; days?: number; baseline_days?: number },
  now: Date,
): { window: Span; baseline: Span } {
  const asked = query.to === undefined ? undefined : parseBound(query.to, true)
  if (query.to !== undefined && !asked)
    throw new AppError('validation_failed', 422, { to: ['validation.invalid'] })
  const end = asked && asked < now ? asked : now
  const start = new Date(end.getTime() - (query.days ?? WINDOW_DAYS) * DAY_MS)
  const baselineStart = new Date(start.getTime() - (query.baseline_days ?? BASELINE_DAYS) * DAY_MS)
  return { window: { start, end }, baseline: { start: baselineStart, end: start } }
}

const MARKER_CSV_COLUMNS = [
  'player_id',
  'email',
  'country',
  'markers',
  'deposits',
  'deposits_per_day',
  'baseline_deposits_per_day',
  'deposits_ratio',
  'busiest_day',
  'busiest_day_deposits',
  'deposit_amounts',
  'play_minutes',
  'longest_session_minutes',
  'night_minutes',
  'night_share',
  'reversed_withdrawals',
]

const PLAYER_CSV_COLUMNS = [
  'id',
  'email',
  'country',
  'test_account',
  'reality_check_minutes',
  'limits',
  'latest_change',
]

export interface RgDeps {
  db: Database
  audit: AuditLog
  clock: Clock
  /** The casino's reality-check interval for players who chose none. */
  realityCheckDefault: number
}

/**
 * The back office's responsible gambling (docs/backoffice.md "Responsible gambling"): the players
 * with limits, exclusions or a reality check; the markers of harm (figures read here, decided by
 * the pure rules of packages/shared/src/rg-markers.ts); the trail of staff interactions, each
 * added with its audit entry in one transaction.
 */
export class RgService {
  private repo: RgRepository

  constructor(private deps: RgDeps) {
    this.repo = new RgRepository(deps.db)
  }

  // ── Players with limits ─────────────────────────────────────────────────────────────────

  private playerFilters(query: RgPlayersCsvQuery): RgPlayerFilters {
    const now = this.deps.clock.now()
    return {
      kind: query.kind,
      state: query.state,
      q: query.q,
      includeTest: query.include_test === 'true',
      endedSince: new Date(now.getTime() - (query.ended_days ?? RG_ENDED_DAYS_DEFAULT) * DAY_MS),
      now,
    }
  }

  private async playerRows(filters: RgPlayerFilters, rows: Awaited<ReturnType<RgRepository['players']>>) {
    const limits = await this.repo.limitsOf(
      rows.map((r) => r.id),
      filters.now,
      filters.endedSince,
    )
    const byPlayer = new Map<string, RgLimit[]>()
    for (const l of limits) {
      const list = byPlayer.get(l.user_id.toString()) ?? []
      list.push(limitOf(l))
      byPlayer.set(l.user_id.toString(), list)
    }
    return rows.map((r): RgPlayerRow => ({
      id: r.id.toString(),
      email: r.email,
      country: r.country,
      test_account: r.test_account,
      reality_check_minutes: r.reality_check_minutes,
      limits: byPlayer.get(r.id.toString()) ?? [],
      latest_change: iso(r.latest_change),
    }))
  }

  async players(query: RgPlayersCsvQuery & Paging) {
    const filters = this.playerFilters(query)
    const page = pageOf(query)
    const order = { sort: query.sort ?? 'latest_change', dir: query.order ?? 'desc' } as const
    const [rows, total] = await Promise.all([
      this.repo.players(filters, order, page),
      this.repo.countPlayers(filters),
    ])
    return {
      data: await this.playerRows(filters, rows),
      pagination: { page: page.page, per_page: page.per_page, total_count: total },
    }
  }

  async *playersCsv(query: RgPlayersCsvQuery): AsyncGenerator<string> {
    yield csvLine(PLAYER_CSV_COLUMNS)
    const filters = this.playerFilters(query)
    const order = { sort: query.sort ?? 'latest_change', dir: query.order ?? 'desc' } as const
    for (let offset = 0; offset < CSV_MAX; offset += CSV_CHUNK) {
      const rows = await this.repo.players(filters, order, { limit: CSV_CHUNK, offset })
      let chunk = ''
      for (const r of await this.playerRows(filters, rows))
        chunk += csvLine([
          csvValue(r.id),
          csvText(r.email),
          csvValue(r.country),
          csvValue(String(r.test_account)),
          csvValue(r.reality_check_minutes),
          // One limit a part: type/period or lifetime/state, e.g. "deposit/day/active".
          csvText(r.limits.map((l) => `${l.type}/${l.period ?? l.lifetime}/${l.state}`).join('; ')),
          csvValue(r.latest_change),
        ])
      if (chunk) yield chunk
      if (rows.length < CSV_CHUNK) return
    }
  }

  // ── Markers of harm ─────────────────────────────────────────────────────────────────────

  /** Each player's figures over the window, for the players given (or every active one). */
  private async figures(
    span: { window: Span; baseline: Span },
    players: Array<{ id: bigint }>,
  ): Promise<Map<string, MarkerResult>> {
    const ids = players.map((p) => p.id)
    const out = new Map<string, MarkerResult>()
    if (ids.length === 0) return out
    const { window, baseline } = span
    const lookback = new Date(window.start.getTime() - SESSION_LOOKBACK_MS)
    const [windowDeposits, baselineDeposits, sessions, recalled] = await Promise.all([
      this.repo.depositsByDay(ids, window.start, window.end),
      this.repo.depositTotals(ids, baseline.start, baseline.end),
      this.repo.gameSessions(ids, lookback, lookback, window.end),
      this.repo.recalledWithdrawals(ids, window.start, window.end),
    ])
    const group = <T extends { user_id: bigint }>(rows: T[]) => {
      const map = new Map<string, T[]>()
      for (const r of rows) {
        const key = r.user_id.toString()
        map.set(key, [...(map.get(key) ?? []), r])
      }
      return map
    }
    const wd = group(windowDeposits)
    const bd = group(baselineDeposits)
    const gs = group(sessions)
    const rc = new Map(recalled.map((r) => [r.user_id.toString(), Number(r.n)]))
    for (const id of ids) {
      const key = id.toString()
      out.set(
        key,
        evaluateMarkers({
          window,
          baseline,
          windowDeposits: (wd.get(key) ?? []).map((d) => ({
            day: d.day,
            currency: d.currency,
            count: Number(d.n),
            amount: d.amount,
          })),
          baselineDeposits: (bd.get(key) ?? []).map((d) => ({
            currency: d.currency,
            count: Number(d.n),
            amount: d.amount,
          })),
          sessions: (gs.get(key) ?? []).map((s) => ({
            start: new Date(s.created_at),
            end: new Date(s.ended_at),
          })),
          reversedWithdrawals: rc.get(key) ?? 0,
        }),
      )
    }
    return out
  }

  /** Every player of the window for whom a marker fired, sorted. */
  private async markerRows(query: RgMarkersCsvQuery) {
    const span = markersWindow(query, this.deps.clock.now())
    const lookback = new Date(span.window.start.getTime() - SESSION_LOOKBACK_MS)
    const players = await this.repo.activePlayers(span.window, lookback, playerSearch(query.q, 4))
    const figures = await this.figures(span, players)
    const rows: RgMarkerRow[] = []
    for (const p of players) {
      const f = figures.get(p.id.toString())!
      if (f.fired.length === 0) continue
      if (query.marker && !f.fired.includes(query.marker)) continue
      rows.push({ player: { id: p.id.toString(), email: p.email, country: p.country }, ...f })
    }
    const key: Record<string, (r: RgMarkerRow) => number | string> = {
      markers: (r) => r.fired.length,
      player: (r) => r.player.email,
      deposits: (r) => r.deposits.per_day,
      longest_session: (r) => r.play.longest_session_minutes,
      night_share: (r) => r.play.night_share,
      reversed_withdrawals: (r) => r.reversed_withdrawals,
    }
    const by = key[query.sort ?? 'markers']!
    const sign = (query.order ?? 'desc') === 'asc' ? 1 : -1
    rows.sort((a, b) => {
      const x = by(a)
      const y = by(b)
      const c = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y)
      return c !== 0 ? sign * c : sign * (BigInt(a.player.id) > BigInt(b.player.id) ? 1 : -1)
    })
    return { span, rows }
  }

  async markers(query: RgMarkersCsvQuery & Paging) {
    const page = pageOf(query)
    const { span, rows } = await this.markerRows(query)
    return {
      window: { start: span.window.start.toISOString(), end: span.window.end.toISOString() },
      baseline: { start: span.baseline.start.toISOString(), end: span.baseline.end.toISOString() },
      data: rows.slice(page.offset, page.offset + page.limit),
      pagination: { page: page.page, per_page: page.per_page, total_count: rows.length },
    }
  }

  async *markersCsv(query: RgMarkersCsvQuery): AsyncGenerator<string> {
    const { rows } = await this.markerRows(query)
    yield csvLine(MARKER_CSV_COLUMNS)
    for (let offset = 0; offset < Math.min(rows.length, CSV_MAX); offset += CSV_CHUNK) {
      let chunk = ''
      for (const r of rows.slice(offset, Math.min(offset + CSV_CHUNK, CSV_MAX)))
        chunk += csvLine([
          csvValue(r.player.id),
          csvText(r.player.email),
          csvValue(r.player.country),
          csvValue(r.fired.join(';')),
          csvValue(r.deposits.count),
          csvValue(r.deposits.per_day),
          csvValue(r.deposits.baseline_per_day),
          csvValue(r.deposits.ratio),
          csvValue(r.deposits.busiest_day),
          csvValue(r.deposits.busiest_day_count),
          csvValue(
            r.deposits.amounts
              .map(
                (a) =>
                  `${a.currency} ${csvAmount(BigInt(a.amount), a.currency)}/${csvAmount(BigInt(a.baseline_amount), a.currency)}`,
              )
              .join('; '),
          ),
          csvValue(r.play.total_minutes),
          csvValue(r.play.longest_session_minutes),
          csvValue(r.play.night_minutes),
          csvValue(r.play.night_share),
          csvValue(r.reversed_withdrawals),
        ])
      yield chunk
    }
  }

  // ── One player ──────────────────────────────────────────────────────────────────────────

  private async existing(userId: bigint) {
    const player = await this.repo.player(userId)
    if (!player) throw new AppError('not_found', 404)
    return player
  }

  /** The player's file: every limit they had, the reality check, and the markers of the last week. */
  async playerFile(userId: bigint): Promise<RgPlayerFile> {
    const player = await this.existing(userId)
    const now = this.deps.clock.now()
    const span = markersWindow({}, now)
    const [limits, figures] = await Promise.all([
      this.repo.limitsOf([userId], now, null),
      this.figures(span, [{ id: userId }]),
    ])
    const chosen = player.reality_check_minutes !== null
    return {
      player: {
        id: player.id.toString(),
        email: player.email,
        country: player.country,
        test_account: player.test_account,
        blocked: player.blocked_at !== null,
      },
      reality_check: {
        minutes: player.reality_check_minutes ?? this.deps.realityCheckDefault,
        chosen,
      },
      limits: limits.map(limitOf),
      markers: figures.get(userId.toString())!,
      window: { start: span.window.start.toISOString(), end: span.window.end.toISOString() },
      baseline: { start: span.baseline.start.toISOString(), end: span.baseline.end.toISOString() },
    }
  }

  async interactions(userId: bigint, query: Paging) {
    await this.existing(userId)
    const page = pageOf(query)
    const [rows, total] = await Promise.all([
      this.repo.interactions(userId, page),
      this.repo.countInteractions(userId),
    ])
    return {
      data: rows.map((r): RgInteraction => ({
        id: r.id.toString(),
        kind: r.kind as RgInteractionKind,
        text: r.text,
        follow_up_on: r.follow_up_on === null ? null : String(r.follow_up_on).slice(0, 10),
        staff_id: r.staff_id.toString(),
        staff: r.staff_label,
        created_at: iso(r.created_at)!,
      })),
      pagination: { page: page.page, per_page: page.per_page, total_count: total },
    }
  }

  /** An interaction: appended, never changed (the table refuses updates and deletes), audited with it. */
  async addInteraction(userId: bigint, body: RgInteractionBody, caller: StaffCaller): Promise<RgInteraction> {
    await this.existing(userId)
    const followUpOn = body.follow_up_on ?? null
    const inserted = await this.deps.db.transaction(async (tx) => {
      const row = await this.repo.insertInteraction(tx, {
        userId,
        staffId: caller.actor.id,
        staffLabel: caller.actor.label,
        kind: body.kind,
        text: body.text,
        followUpOn,
        at: this.deps.clock.now(),
      })
      await this.deps.audit.record(tx, {
        actor: caller.actor,
        action: 'player.rg_interaction_added',
        target: { type: 'player', id: userId },
        after: { interaction: row.id.toString(), kind: body.kind, text: body.text, follow_up_on: followUpOn },
        request: auditRequest(caller.ctx),
      })
      return row
    })
    return {
      id: inserted.id.toString(),
      kind: body.kind,
      text: body.text,
      follow_up_on: followUpOn,
      staff_id: caller.actor.id.toString(),
      staff: caller.actor.label,
      created_at: iso(inserted.created_at)!,
    }
  }
}
