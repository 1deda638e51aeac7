import type { Clock } from '@aurum/db'
import type {
  PlayerLimitBody,
  PlayerProfile,
  PlayerRow,
  PlayersCsvQuery,
} from '@aurum/shared/contracts/admin-players'
import { PLAYERS_CSV_MAX } from '@aurum/shared/contracts/admin-players'
import { parseBound } from '@aurum/shared/contracts/history'
import type { Database, Executor } from '../../../db/client.ts'
import type { RequestContext } from '../../../lib/context.ts'
import { csvLine, csvText } from '../../../lib/csv.ts'
import { AppError } from '../../../lib/errors.ts'
import type { SessionManager } from '../../../sessions/manager.ts'
import type { AccountsService } from '../../accounts/service.ts'
import type { AuditLog } from '../../audit/service.ts'
import type { AccountHistory } from '../../history/service.ts'
import type { LimitsService } from '../../limits/service.ts'
import {
  AdminPlayersRepository,
  type PlayerFilters,
  type PlayerListRow,
  type PlayerProfileRow,
} from './repository.ts'

/** Who acts in the back office: the signed-in staff member (their id and e-mail). */
export interface StaffCaller {
  actor: { id: bigint; label: string }
  ctx: RequestContext
}

export interface Paging {
  page?: number
  per_page?: number
}

const PER_PAGE = 50
const CSV_CHUNK = 1_000
/** Sign-ins shown on the sessions tab: the live ones and the latest ended ones. */
const SESSIONS_SHOWN = 100

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null)

function pageOf({ page = 1, per_page = PER_PAGE }: Paging) {
  // One row more than the page tells whether another follows.
  return { limit: per_page + 1, offset: (page - 1) * per_page, page, per_page }
}

function paged<Row, Out>(rows: Row[], page: ReturnType<typeof pageOf>, present: (row: Row) => Out) {
  return {
    data: rows.slice(0, page.per_page).map(present),
    pagination: { page: page.page, per_page: page.per_page, has_more: rows.length > page.per_page },
  }
}

function row(r: PlayerListRow): PlayerRow {
  return {
    id: r.id.toString(),
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    nickname: r.nickname,
    mobile_phone: r.mobile_phone,
    country: r.country,
    currency: r.currency,
    verified: r.verified,
    blocked: r.blocked_at !== null,
    test_account: r.test_account,
    created_at: iso(r.created_at)!,
    last_sign_in_at: iso(r.last_sign_in_at),
  }
}

/** What the audit entries keep of a player's state: the fields the actions change. */
const stateOf = (p: PlayerProfileRow) => ({
  blocked: p.blocked_at !== null,
  blocked_reason: p.blocked_reason,
  test_account: p.test_account,
  two_factor_enabled: p.two_factor_enabled_at !== null,
})

const auditRequest = (ctx: RequestContext) => ({
  ip: ctx.ip,
  userAgent: ctx.userAgent ?? undefined,
  id: ctx.requestId,
})

const CSV_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'nickname',
  'mobile_phone',
  'country',
  'currency',
  'verified',
  'blocked',
  'test_account',
  'created_at',
  'last_sign_in_at',
]

export interface AdminPlayersDeps {
  db: Database
  audit: AuditLog
  sessions: SessionManager
  limits: LimitsService
  history: AccountHistory
  accounts: AccountsService
  clock: Clock
}

/**
 * The back office's players (docs/backoffice.md "Players"): the search, the player 360 tabs and
 * support's actions. Each action changes the player and writes its audit entry (before and after)
 * in one transaction; what the player sees changes on their devices through the session ends
 * (the realtime hub closes their sockets) and the limits' events.
 */
export class AdminPlayersService {
  private repo: AdminPlayersRepository

  constructor(private deps: AdminPlayersDeps) {
    this.repo = new AdminPlayersRepository(deps.db)
  }

  // ── The search ──────────────────────────────────────────────────────────────────────────

  static filters(query: PlayersCsvQuery): PlayerFilters {
    return {
      q: query.q,
      country: query.country,
      currency: query.currency,
      status: query.status,
      verified: query.verified === undefined ? undefined : query.verified === 'true',
      from: query.from === undefined ? undefined : parseBound(query.from, false),
      to: query.to === undefined ? undefined : parseBound(query.to, true),
    }
  }

  async search(query: PlayersCsvQuery & Paging) {
    const page = pageOf(query)
    const rows = await this.repo.search(
      AdminPlayersService.filters(query),
      { sort: query.sort ?? 'created_at', dir: query.dir ?? 'desc' },
      page,
    )
    return paged(rows, page, row)
  }

  /** The search's every match (PLAYERS_CSV_MAX at most) as RFC 4180 CSV, a chunk at a time. */
  async *csv(query: PlayersCsvQuery): AsyncGenerator<string> {
    yield csvLine(CSV_COLUMNS)
    const filters = AdminPlayersService.filters(query)
    const order = { sort: query.sort ?? 'created_at', dir: query.dir ?? 'desc' }
    for (let offset = 0; offset < PLAYERS_CSV_MAX; offset += CSV_CHUNK) {
      const rows = await this.repo.search(filters, order, {
        limit: Math.min(CSV_CHUNK, PLAYERS_CSV_MAX - offset),
        offset,
      })
      let chunk = ''
      for (const r of rows.map(row))
        chunk += csvLine(
          [
            r.id,
            r.email,
            r.first_name,
            r.last_name,
            r.nickname,
            r.mobile_phone,
            r.country,
            r.currency,
            String(r.verified),
            String(r.blocked),
            String(r.test_account),
            r.created_at,
            r.last_sign_in_at,
          ].map(csvText),
        )
      if (chunk) yield chunk
      if (rows.length < CSV_CHUNK) return
    }
  }

  // ── The player 360 ──────────────────────────────────────────────────────────────────────

  private async existing(userId: bigint): Promise<PlayerProfileRow> {
    const found = await this.repo.profile(userId)
    if (!found) throw new AppError('not_found', 404)
    return found
  }

  async profile(userId: bigint): Promise<PlayerProfile> {
    const p = await this.existing(userId)
    return {
      ...row(p),
      gender: p.gender,
      date_of_birth: p.date_of_birth === null ? null : String(p.date_of_birth).slice(0, 10),
      address: p.address,
      city: p.city,
      postal_code: p.postal_code,
      language: p.language,
      confirmed_at: iso(p.confirmed_at),
      registration_ip: p.registration_ip,
      registration_country: p.registration_country,
      sign_in_count: p.sign_in_count,
      current_sign_in_at: iso(p.current_sign_in_at),
      blocked_at: iso(p.blocked_at),
      blocked_reason: p.blocked_reason,
      two_factor_enabled: p.two_factor_enabled_at !== null,
      receive_promos: p.receive_promos,
      receive_sms_promos: p.receive_sms_promos,
      groups: (await this.repo.groups(userId)).map((g) => ({ id: g.id, name: g.name })),
    }
  }

  async wallets(userId: bigint) {
    await this.existing(userId)
    const rows = await this.repo.wallets(userId)
    return {
      data: rows.map((w) => ({
        currency: w.currency,
        active: w.active,
        hidden: w.hidden_at !== null,
        real: w.real.toString(),
        bonus: w.bonus.toString(),
        locked: w.locked.toString(),
        // Bonus money is wagered before it can be paid out; real money can always be.
        available_to_cashout: w.real.toString(),
      })),
    }
  }

  async ledger(
    userId: bigint,
    query: { currency?: string; kind?: string; from?: string; to?: string } & Paging,
  ) {
    await this.existing(userId)
    const page = pageOf(query)
    const rows = await this.repo.ledger(
      userId,
      {
        currency: query.currency,
        kind: query.kind,
        from: query.from === undefined ? undefined : parseBound(query.from, false),
        to: query.to === undefined ? undefined : parseBound(query.to, true),
      },
      page,
    )
    return paged(rows, page, (e) => ({
      id: e.id.toString(),
      transaction_id: e.transaction_id.toString(),
      kind: e.kind,
      account: e.account_kind === 'player_bonus' ? ('bonus' as const) : ('real' as const),
      currency: e.currency,
      amount: e.amount.toString(),
      balance_after: e.balance_after.toString(),
      metadata: e.metadata,
      created_at: iso(e.created_at)!,
    }))
  }

  /** Rounds with their provably fair data, asked of our game server (which keeps the seeds). */
  async rounds(userId: bigint, query: { currency?: string; from?: string; to?: string } & Paging) {
    await this.existing(userId)
    const page = pageOf(query)
    const rows = await this.deps.history.rounds(
      userId,
      {
        currency: query.currency,
        from: query.from === undefined ? undefined : parseBound(query.from, false),
        to: query.to === undefined ? undefined : parseBound(query.to, true),
      },
      { limit: page.limit, offset: page.offset },
    )
    const shown = rows.slice(0, page.per_page)
    const fairness = await this.deps.history.fairnessOf(shown)
    return {
      ...paged(rows, page, (r) => {
        const f = fairness?.get(r.round_id)
        return {
          id: r.id.toString(),
          round_id: r.round_id,
          game: r.identifier,
          title: r.title,
          provider: r.provider,
          currency: r.currency,
          status: r.status,
          total_bets: r.total_bets.toString(),
          total_wins: r.total_wins.toString(),
          created_at: iso(r.created_at)!,
          finished_at: iso(r.finished_at),
          fairness: f
            ? {
                server_seed_hash: f.server_seed_hash,
                server_seed: f.server_seed,
                client_seed: f.client_seed,
                nonce: f.nonce,
                verify_path: f.verify_path,
              }
            : null,
        }
      }),
      fairness_available: fairness !== null,
    }
  }

  async payments(
    userId: bigint,
    query: { currency?: string; type?: 'deposit' | 'cashout'; from?: string; to?: string } & Paging,
  ) {
    await this.existing(userId)
    const page = pageOf(query)
    const rows = await this.deps.history.payments(
      userId,
      {
        currency: query.currency,
        type: query.type,
        from: query.from === undefined ? undefined : parseBound(query.from, false),
        to: query.to === undefined ? undefined : parseBound(query.to, true),
      },
      { limit: page.limit, offset: page.offset },
    )
    return paged(rows, page, (p) => ({
      id: p.id.toString(),
      action: p.action,
      method_id: p.method_id,
      provider: p.provider,
      provider_reference: p.provider_reference,
      currency: p.currency,
      amount: p.amount_cents.toString(),
      fee: p.fee_cents.toString(),
      state: p.state,
      cancellation_reason: p.cancellation_reason,
      created_at: iso(p.created_at)!,
      finished_at: iso(p.finished_at),
    }))
  }

  async limits(userId: bigint) {
    await this.existing(userId)
    const current = await this.deps.limits.list(userId)
    const history = await this.repo.limitHistory(userId)
    return {
      current,
      history: history.map((l) => ({
        id: l.id.toString(),
        type: l.type,
        period: l.period,
        lifetime: l.lifetime,
        amounts: l.amounts,
        pending: l.pending ?? null,
        pending_removal: l.pending_removal,
        ends_at: iso(l.ends_at),
        created_at: iso(l.created_at)!,
        removed_at: iso(l.removed_at),
      })),
    }
  }

  async documents(userId: bigint, query: Paging) {
    await this.existing(userId)
    const page = pageOf(query)
    return paged(await this.repo.documents(userId, page), page, (d) => ({
      id: d.id.toString(),
      document_type: d.document_type,
      description: d.description,
      file_name: d.file_name,
      content_type: d.content_type,
      size_bytes: d.size_bytes.toString(),
      status: d.status,
      rejection_reason: d.rejection_reason,
      reviewed_at: iso(d.reviewed_at),
      created_at: iso(d.created_at)!,
    }))
  }

  /**
   * The player's sign-ins: the live ones from the session store (the database's or Redis'), then
   * the ended ones the database keeps (the SQL store only), newest first.
   */
  async sessions(userId: bigint) {
    await this.existing(userId)
    const live = await this.deps.sessions.list(userId, null)
    const liveNumbers = new Set(live.map((s) => s.id))
    const stored = await this.repo.storedSessions(userId, SESSIONS_SHOWN)
    const data = [
      ...live.map((s) => ({
        number: s.id,
        ip: s.ip || null,
        country: s.country || null,
        user_agent: s.user_agent || null,
        created_at: s.created_at,
        last_seen_at: s.last_seen_at,
        active: true,
      })),
      ...stored
        .filter((s) => !liveNumbers.has(Number(s.number)))
        .map((s) => ({
          number: Number(s.number),
          ip: s.ip,
          country: s.country,
          user_agent: s.user_agent,
          created_at: iso(s.created_at)!,
          last_seen_at: iso(s.last_seen_at)!,
          active: false,
        })),
    ]
    return { data: data.slice(0, SESSIONS_SHOWN) }
  }

  async notes(userId: bigint, query: Paging) {
    await this.existing(userId)
    const page = pageOf(query)
    return paged(await this.repo.notes(userId, page), page, (n) => ({
      id: n.id.toString(),
      text: n.text,
      staff_id: n.staff_id.toString(),
      staff: n.staff_label,
      created_at: iso(n.created_at)!,
    }))
  }

  /** The audit entries whose target is this player, newest first. */
  async auditTrail(userId: bigint, query: { cursor?: string; per_page?: number }) {
    await this.existing(userId)
    const page = await this.deps.audit.list(
      { targetType: 'player', targetId: userId.toString() },
      {
        cursor: query.cursor === undefined ? undefined : BigInt(query.cursor),
        perPage: query.per_page ?? PER_PAGE,
      },
    )
    return {
      data: page.data,
      pagination: { per_page: query.per_page ?? PER_PAGE, next_cursor: page.nextCursor },
    }
  }

  // ── Actions ─────────────────────────────────────────────────────────────────────────────

  /**
   * Changes a player in one transaction with its audit entry: the row locked, `change` applied,
   * the entry written with the state before and after.
   */
  private async act(
    userId: bigint,
    caller: StaffCaller,
    action: string,
    reason: string | undefined,
    change: (tx: Executor, before: PlayerProfileRow) => Promise<void>,
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const before = await this.repo.profile(userId, tx, true)
      if (!before) throw new AppError('not_found', 404)
      await change(tx, before)
      const after = (await this.repo.profile(userId, tx))!
      await this.deps.audit.record(tx, {
        actor: caller.actor,
        action,
        target: { type: 'player', id: userId },
        before: stateOf(before),
        after: stateOf(after),
        reason,
        request: auditRequest(caller.ctx),
      })
    })
  }

  /** Blocks the player: no sign-in from now, and every session of theirs ends (their sockets close). */
  async block(userId: bigint, reason: string, caller: StaffCaller): Promise<PlayerProfile> {
    await this.act(userId, caller, 'player.blocked', reason, async (tx, before) => {
      if (before.blocked_at) throw new AppError('player_already_blocked', 422)
      await this.repo.setBlocked(tx, userId, this.deps.clock.now(), reason)
    })
    // After the commit: a sign-in racing the block is refused by the guard, and this ends the rest.
    await this.deps.sessions.revokeOthers(userId, null)
    return this.profile(userId)
  }

  async unblock(userId: bigint, reason: string, caller: StaffCaller): Promise<PlayerProfile> {
    await this.act(userId, caller, 'player.unblocked', reason, async (tx, before) => {
      if (!before.blocked_at) throw new AppError('player_not_blocked', 422)
      await this.repo.setBlocked(tx, userId, null, null)
    })
    return this.profile(userId)
  }

  /** Signs the player out everywhere: their games close and their sockets with them. */
  async endSessions(userId: bigint, caller: StaffCaller): Promise<{ ended: number }> {
    await this.existing(userId)
    // The sessions may live in Redis, out of any transaction: ended first, then recorded.
    const ended = await this.deps.sessions.revokeOthers(userId, null)
    await this.deps.db.transaction((tx) =>
      this.deps.audit.record(tx, {
        actor: caller.actor,
        action: 'player.sessions_ended',
        target: { type: 'player', id: userId },
        after: { ended },
        request: auditRequest(caller.ctx),
      }),
    )
    return { ended }
  }

  /**
   * Turns the player's second factor off (a lost authenticator): the secret and backup codes go,
   * and their sessions end, as when the player turns it off themselves.
   */
  async resetTwoFactor(userId: bigint, reason: string, caller: StaffCaller): Promise<PlayerProfile> {
    await this.act(userId, caller, 'player.two_factor_reset', reason, async (tx, before) => {
      if (!before.two_factor_enabled_at) throw new AppError('two_factor_not_enabled', 422)
      await this.deps.accounts.resetTwoFactor(tx, userId)
    })
    await this.deps.sessions.revokeOthers(userId, null)
    return this.profile(userId)
  }

  async setTestAccount(userId: bigint, test: boolean, caller: StaffCaller): Promise<PlayerProfile> {
    await this.act(userId, caller, 'player.test_account', undefined, async (tx) => {
      await this.repo.setTestAccount(tx, userId, test)
    })
    return this.profile(userId)
  }

  /** A limit on the player's behalf: new or stricter only (LimitsService's rules), audited with it. */
  async setLimit(userId: bigint, body: PlayerLimitBody, caller: StaffCaller) {
    await this.existing(userId)
    const { reason, ...input } = body
    await this.deps.limits.setStricter(userId, input, async (tx, before, after) => {
      await this.deps.audit.record(tx, {
        actor: caller.actor,
        action: 'player.limit_set',
        target: { type: 'player', id: userId },
        before,
        after,
        reason,
        request: auditRequest(caller.ctx),
      })
    })
    return this.limits(userId)
  }

  /** A support note: appended, never changed (the table refuses updates and deletes). */
  async addNote(userId: bigint, text: string, caller: StaffCaller) {
    await this.existing(userId)
    const note = await this.deps.db.transaction(async (tx) => {
      const inserted = await this.repo.insertNote(tx, userId, caller.actor, text, this.deps.clock.now())
      await this.deps.audit.record(tx, {
        actor: caller.actor,
        action: 'player.note_added',
        target: { type: 'player', id: userId },
        after: { note: inserted.id.toString(), text },
        request: auditRequest(caller.ctx),
      })
      return inserted
    })
    return {
      id: note.id.toString(),
      text,
      staff_id: caller.actor.id.toString(),
      staff: caller.actor.label,
      created_at: iso(note.created_at)!,
    }
  }
}
