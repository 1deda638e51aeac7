import crypto from 'node:crypto'
import {
  amountReached,
  changeDueAt,
  confirmChange,
  confirmUntil,
  formatAmount,
  isExclusion,
  limitStatus,
  periodWindow,
  remaining,
  requestChange,
  settle,
  type LimitLifetime,
  type LimitPeriod,
  type LimitRecord,
  type Locale,
} from '@aurum/shared'
import type { Clock } from '@aurum/db'
import type { Database, Executor } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import type { MailService } from '../../lib/mail.ts'
import type { EventOutbox } from '../../events/outbox.ts'
import { SESSION_IDLE_MS, SessionLimitError, WalletError, type PlayGuard } from '../games/index.ts'
import type { UserLimit } from '@aurum/shared/contracts/limits'
import { LimitsRepository, type LimitRow } from './repository.ts'

/** A limit as the client reads it (IUserLimit, api-shapes §6.5), with what waits to take effect. */
export type { UserLimit }

export interface AmountLimitInput {
  type: 'deposit' | 'wager' | 'loss'
  period: LimitPeriod
  accounts: Array<{ currency: string; amount_cents: number }>
}
export interface ExclusionInput {
  type: 'coolingoff' | 'selfexclusion'
  /** The lifetime (IUserLimit has one `period` field for both). */
  period: LimitLifetime
}
export interface SessionLimitInput {
  type: 'session'
  period: LimitPeriod
  /** Minutes of play per period. */
  minutes: number
}
export type LimitInput = AmountLimitInput | ExclusionInput | SessionLimitInput

/** A session limit keeps its minutes in `amounts` under this key (amount limits: currency codes). */
const MINUTES = 'minutes'

export const isExclusionInput = (input: { type: string }): input is ExclusionInput =>
  input.type === 'coolingoff' || input.type === 'selfexclusion'

const toRecord = (r: LimitRow): LimitRecord => ({
  type: r.type,
  period: r.period,
  amounts: r.amounts,
  lifetime: r.lifetime,
  endsAt: r.ends_at,
  createdAt: r.created_at,
  anchor: r.anchor,
  pending: r.pending,
  pendingRemoval: r.pending_removal,
  requestedAt: r.requested_at,
  confirmedAt: r.confirmed_at,
})

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/**
 * Responsible-gambling limits (docs/responsible-gambling.md): what players set, with the rules of
 * packages/shared/src/limits.ts, and the checks the money paths make. A check locks the player's
 * limit rows of that kind in the caller's transaction, so that concurrent deposits (or bets) are
 * counted one after another and never together exceed a limit.
 */
export class LimitsService {
  private repo: LimitsRepository

  constructor(
    private db: Database,
    private mail: MailService,
    /** `limit.reached` goes there when a limit stops a player's play (the game frames close). */
    private events: EventOutbox,
    private delayMs: number,
    /** Every decision of time (settling, periods, exclusions, confirmations) reads this clock. */
    private clock: Clock,
  ) {
    this.repo = new LimitsRepository(db)
  }

  /** The player's limits in force, settled to now (waiting changes applied or dropped as due). */
  private async rows(
    db: Executor,
    userId: bigint,
    forUpdate = false,
  ): Promise<Array<{ row: LimitRow; limit: LimitRecord }>> {
    const rows = await this.repo.findLive(db, userId, forUpdate)
    const now = this.clock.now()
    const live: Array<{ row: LimitRow; limit: LimitRecord }> = []
    for (const row of rows) {
      const before = toRecord(row)
      const after = settle(before, now, this.delayMs)
      if (after === null) {
        await this.repo.markRemoved(db, row.id, now)
        continue
      }
      if (after !== before) await this.store(db, row.id, after, null)
      live.push({ row, limit: after })
    }
    return live
  }

  private async store(db: Executor, id: bigint, limit: LimitRecord, tokenHash: string | null | undefined) {
    await this.repo.update(db, id, limit, tokenHash)
  }

  /** What a limit counted so far in the period `now` falls in, per currency. */
  private async currentValue(db: Executor, userId: bigint, limit: LimitRecord, currency: string) {
    if (!limit.period) return { value: 0n, until: null }
    const { start, end } = periodWindow(limit.period, limit.anchor, this.clock.now())
    let value: bigint
    if (limit.type === 'session') {
      value = BigInt(Math.floor((await this.playedSeconds(db, userId, start, end)) / 60))
    } else if (limit.type === 'deposit') {
      // Deposits under way count too: two at once never pass a limit together.
      value = await this.repo.sumDeposits(db, userId, currency, start, end)
    } else {
      const row = await this.repo.sumRounds(db, userId, currency, start, end)
      // A loss limit counts what was lost net of wins, never below zero.
      value = limit.type === 'wager' ? row.bets : row.bets > row.wins ? row.bets - row.wins : 0n
    }
    return { value, until: end }
  }

  /**
   * Seconds of real-money play between `start` and `end`, up to now: each game session from its
   * start to its last call (an open one that is still live: to now). Two games open at once count
   * twice, as two clocks would.
   */
  private async playedSeconds(db: Executor, userId: bigint, start: Date, end: Date): Promise<number> {
    return this.repo.playedSeconds(
      db,
      userId,
      start,
      end,
      this.clock.now(),
      `${SESSION_IDLE_MS} milliseconds`,
    )
  }

  async list(userId: bigint): Promise<UserLimit[]> {
    return this.db.transaction(async (tx) => {
      const out: UserLimit[] = []
      for (const { row, limit } of await this.rows(tx, userId))
        out.push(await this.view(tx, userId, row, limit))
      return out
    })
  }

  private async view(db: Executor, userId: bigint, row: LimitRow, limit: LimitRecord): Promise<UserLimit> {
    const accounts: UserLimit['accounts'] = []
    let session: UserLimit['session'] = null
    for (const [currency, amount] of Object.entries(limit.amounts)) {
      const { value, until } = await this.currentValue(db, userId, limit, currency)
      if (limit.type === 'session') {
        session = {
          minutes: amount,
          current_minutes: Number(value),
          active_until: until?.toISOString() ?? null,
        }
        continue
      }
      accounts.push({
        currency,
        amount_cents: amount,
        current_value_amount_cents: Number(value),
        active_until: until?.toISOString() ?? null,
      })
    }
    const due = changeDueAt(limit, this.delayMs)
    const lapse = confirmUntil(limit)
    return {
      id: Number(row.id),
      type: limit.type,
      period: (isExclusion(limit.type) ? limit.lifetime : limit.period) ?? '',
      status: limitStatus(limit),
      strategy: null,
      parent_type: null,
      created_at: limit.createdAt.toISOString(),
      disable_at: isExclusion(limit.type)
        ? (limit.endsAt?.toISOString() ?? null)
        : limit.pendingRemoval && due
          ? due.toISOString()
          : null,
      confirm_until: lapse?.toISOString() ?? null,
      accounts,
      session,
      pending:
        limit.pending && due
          ? {
              period: limit.pending.period,
              accounts:
                limit.type === 'session'
                  ? []
                  : Object.entries(limit.pending.amounts).map(([currency, amount_cents]) => ({
                      currency,
                      amount_cents,
                    })),
              minutes: limit.type === 'session' ? (limit.pending.amounts[MINUTES] ?? null) : null,
              effective_at: new Date(
                Math.max(due.getTime(), limit.confirmedAt?.getTime() ?? 0),
              ).toISOString(),
            }
          : null,
    }
  }

  /**
   * POST /api/user_limits: a new limit, a tightening (at once), or a loosening (waits for the
   * e-mailed confirmation and the delay). An exclusion can only be lengthened.
   */
  async set(userId: bigint, input: LimitInput, locale: Locale, origin: string): Promise<void> {
    const now = this.clock.now()
    const proposed = this.proposal(input)
    const period = isExclusionInput(input) ? null : input.period
    const mail = await this.db.transaction(async (tx) => {
      const found = (await this.rows(tx, userId, true)).find(
        ({ limit }) => limit.type === input.type && (isExclusion(limit.type) || limit.period === period),
      )
      const change = requestChange(found?.limit ?? null, proposed, now)
      if (change.kind === 'refused') throw new AppError(change.reason, 422)
      if (change.kind === 'created') {
        const l = change.limit
        await this.repo.insert(tx, userId, l, now)
        await this.excluded(tx, userId, l)
        return null
      }
      if (change.kind === 'tightened') {
        await this.store(tx, found!.row.id, change.limit, null)
        await this.excluded(tx, userId, change.limit)
        return null
      }
      return this.askConfirmation(tx, userId, found!.row.id, change.limit, locale, origin)
    })
    // Sent once the change is committed (and outside the transaction: the outbox is another write).
    if (mail) await this.mail.send(mail)
  }

  /**
   * A limit set on the player's behalf by support (the back office): only a new limit or a
   * stricter one takes effect, at once; a loosening is refused (422 `limit_not_stricter`: only the
   * player may loosen, through the e-mailed confirmation and the delay). `record` runs in the same
   * transaction with the limit before and after (the audit entry).
   */
  async setStricter(
    userId: bigint,
    input: LimitInput,
    record: (tx: Executor, before: LimitRecord | null, after: LimitRecord) => Promise<void>,
  ): Promise<void> {
    const now = this.clock.now()
    const proposed = this.proposal(input)
    const period = isExclusionInput(input) ? null : input.period
    await this.db.transaction(async (tx) => {
      const found = (await this.rows(tx, userId, true)).find(
        ({ limit }) => limit.type === input.type && (isExclusion(limit.type) || limit.period === period),
      )
      const change = requestChange(found?.limit ?? null, proposed, now)
      if (change.kind === 'refused') throw new AppError(change.reason, 422)
      if (change.kind === 'waiting') throw new AppError('limit_not_stricter', 422)
      if (change.kind === 'created') await this.repo.insert(tx, userId, change.limit, now)
      else await this.store(tx, found!.row.id, change.limit, null)
      await this.excluded(tx, userId, change.limit)
      await record(tx, found?.limit ?? null, change.limit)
    })
  }

  private proposal(input: LimitInput) {
    return isExclusionInput(input)
      ? { type: input.type, lifetime: input.period }
      : {
          type: input.type,
          period: input.period,
          amounts:
            input.type === 'session'
              ? { [MINUTES]: input.minutes }
              : Object.fromEntries(input.accounts.map((a) => [a.currency, a.amount_cents])),
        }
  }

  /** DELETE /api/user_limits/{id}: a removal waits for the confirmation and the delay; exclusions stay. */
  async remove(userId: bigint, id: bigint, locale: Locale, origin: string): Promise<void> {
    const mail = await this.db.transaction(async (tx) => {
      const found = (await this.rows(tx, userId, true)).find(({ row }) => row.id === id)
      if (!found) throw new AppError('not_found', 404)
      const change = requestChange(found.limit, null, this.clock.now())
      if (change.kind === 'refused') throw new AppError(change.reason, 422)
      return this.askConfirmation(tx, userId, id, change.limit, locale, origin)
    })
    await this.mail.send(mail)
  }

  /** An exclusion begun or lengthened ends the player's open games, now and in every open tab. */
  private async excluded(tx: Executor, userId: bigint, limit: LimitRecord): Promise<void> {
    if (!isExclusion(limit.type)) return
    await this.repo.closeGameSessions(tx, userId, this.clock.now())
    await this.events.emit(tx, 'limit.reached', userId, this.notice(limit, null, limit.endsAt))
  }

  private notice(limit: LimitRecord, currency: string | null, until: Date | null) {
    return { limit: limit.type, currency, until: until?.toISOString() ?? null }
  }

  /** A limit refused something: the refusal's transaction rolls back, the fact is written apart. */
  private reached(userId: bigint, notice: ReturnType<LimitsService['notice']>): void {
    this.events.emitDetached('limit.reached', userId, notice)
  }

  private async askConfirmation(
    tx: Executor,
    userId: bigint,
    id: bigint,
    limit: LimitRecord,
    locale: Locale,
    origin: string,
  ): Promise<Parameters<MailService['send']>[0]> {
    const token = crypto.randomBytes(32).toString('base64url')
    await this.store(tx, id, limit, hashToken(token))
    const user = await this.repo.findUser(tx, userId)
    const lang = user?.language ?? locale
    const name = t(lang, `api.limits.names.${limit.type}`)
    const change = limit.pendingRemoval
      ? t(lang, 'api.limits.change_remove', { limit: name })
      : t(lang, 'api.limits.change_set', {
          limit: name,
          amount:
            limit.type === 'session'
              ? t(lang, 'api.limits.minutes', { count: limit.pending!.amounts[MINUTES] ?? 0 })
              : Object.entries(limit.pending!.amounts)
                  .map(([currency, cents]) => formatAmount(cents, currency, lang))
                  .join(', '),
          period: t(lang, `api.limits.periods.${limit.pending!.period}`),
        })
    return {
      to: user!.email,
      template: 'limit_confirmation',
      locale: lang,
      userId,
      vars: {
        change,
        hours: String(Math.round(this.delayMs / 3_600_000)),
        due: this.utc(changeDueAt(limit, this.delayMs)!, lang),
        expires: this.utc(confirmUntil(limit)!, lang),
        link: `${origin}/profile/limits/confirm?token=${token}`,
      },
    }
  }

  /** POST /api/user_limits/confirm: the e-mailed link; the change takes effect once its delay has passed. */
  async confirm(token: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.repo.lockByTokenHash(tx, hashToken(token))
      const now = this.clock.now()
      const limit = row ? toRecord(row) : null
      const lapse = limit ? confirmUntil(limit) : null
      if (!row || !limit || !lapse || lapse.getTime() <= now.getTime())
        throw new AppError('limit_token_invalid', 422)
      const confirmed = confirmChange(limit, now)
      const after = settle(confirmed, now, this.delayMs)
      if (after === null) {
        await this.repo.markRemovedClearingToken(tx, row.id, now)
      } else {
        await this.store(tx, row.id, after, null)
      }
    })
  }

  // ── Checks of the money paths ───────────────────────────────────────────────────────────

  /**
   * Before a deposit is created, in its transaction: refused during a cooling-off or
   * self-exclusion, and beyond what any deposit limit leaves in its period (in-flight deposits
   * count). The player's limit rows stay locked until the deposit is written.
   */
  async checkDeposit(
    tx: Executor,
    userId: bigint,
    currency: string,
    amount: bigint,
    locale: Locale,
  ): Promise<void> {
    const limits = await this.rows(tx, userId, true)
    this.refuseExcluded(
      limits.map((l) => l.limit),
      locale,
    )
    for (const { limit } of limits) {
      if (limit.type !== 'deposit') continue
      const cap = limit.amounts[currency]
      if (cap === undefined) continue
      const { value, until } = await this.currentValue(tx, userId, limit, currency)
      const left = remaining(cap, Number(value))
      if (amount <= BigInt(left)) continue
      throw new AppError('deposit_limit', 422, {
        amount_cents: [
          t(locale, 'api.limits.deposit_remaining', {
            amount: formatAmount(left, currency, locale),
            until: this.utc(until!, locale),
          }),
        ],
      })
    }
  }

  /**
   * Before a real-money game opens: refused during a cooling-off or self-exclusion (403
   * `excluded`), and when a wager or loss limit in the game's currency is reached for its period
   * (403 `limit_reached`; spec §2 sends the player to the limits page).
   */
  async checkLaunch(userId: bigint, currency: string, locale: Locale): Promise<void> {
    const limits = await this.db.transaction((tx) => this.rows(tx, userId))
    this.refuseExcluded(
      limits.map((l) => l.limit),
      locale,
    )
    for (const { limit } of limits) {
      const key = limit.type === 'session' ? MINUTES : currency
      if (limit.type !== 'wager' && limit.type !== 'loss' && limit.type !== 'session') continue
      const cap = limit.amounts[key]
      if (cap === undefined) continue
      const { value } = await this.currentValue(this.db, userId, limit, key)
      if (amountReached(cap, Number(value))) throw new AppError('limit_reached', 403)
    }
  }

  /**
   * Before a bet of a player with limits on play, in the bet's transaction (the seamless wallet's
   * guarded path): refused during a cooling-off or self-exclusion and once the session time of a
   * period is used up (both also end the game session), and when the bet would take a wager or
   * loss limit past its amount (a loss counts the bet as lost: it may be). The player's limit rows
   * stay locked until the bet is written, so that parallel bets are counted one after another.
   */
  async checkBet(
    tx: Executor,
    bet: { userId: bigint; currency: string; amountCents: bigint },
  ): Promise<void> {
    const { userId, currency, amountCents } = bet
    const limits = await this.rows(tx, userId, true)
    const exclusion = limits.find(({ limit }) => isExclusion(limit.type))?.limit
    if (exclusion) {
      this.reached(userId, this.notice(exclusion, null, exclusion.endsAt))
      throw new SessionLimitError()
    }
    for (const { limit } of limits) {
      if (limit.type === 'session') {
        const cap = limit.amounts[MINUTES]
        if (cap === undefined) continue
        const { start, end } = periodWindow(limit.period!, limit.anchor, this.clock.now())
        if ((await this.playedSeconds(tx, userId, start, end)) < cap * 60) continue
        this.reached(userId, this.notice(limit, null, end))
        throw new SessionLimitError()
      }
      if (limit.type !== 'wager' && limit.type !== 'loss') continue
      const cap = limit.amounts[currency]
      if (cap === undefined) continue
      const { value, until } = await this.currentValue(tx, userId, limit, currency)
      const left = BigInt(remaining(cap, Number(value)))
      if (amountCents <= left) continue
      // Used up: the game closes; a bet larger than what is left: refused, smaller ones may follow.
      if (left <= 0n) this.reached(userId, this.notice(limit, currency, until))
      throw new WalletError('limit_reached')
    }
  }

  /** A self-excluded player may not sign in (403 `self_excluded`, with when that becomes possible). */
  async checkSignIn(userId: bigint, locale: Locale): Promise<void> {
    const limits = await this.db.transaction((tx) => this.rows(tx, userId))
    const exclusion = limits.find(({ limit }) => limit.type === 'selfexclusion')?.limit
    if (!exclusion) return
    // One sentence for a sign-in form's single alert: what happened, and until when.
    const when = exclusion.endsAt
      ? t(locale, 'api.limits.signin_blocked_until', { until: this.utc(exclusion.endsAt, locale) })
      : t(locale, 'api.limits.signin_blocked_forever')
    throw new AppError('self_excluded', 403, { base: [`${t(locale, 'api.errors.self_excluded')} ${when}`] })
  }

  /** A moment as players read it in e-mails and messages: their language, in UTC. */
  private utc(date: Date, locale: Locale): string {
    return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`
  }

  /** The games' guard of these limits: at launch, and at every bet of a player who has limits on play. */
  playGuard(): PlayGuard {
    return {
      beforeLaunch: ({ userId, currency, locale }) => this.checkLaunch(userId, currency, locale ?? 'en'),
      beforeBet: (tx, bet) => this.checkBet(tx, bet),
    }
  }

  private refuseExcluded(limits: LimitRecord[], locale: Locale): void {
    const exclusion = limits.find((l) => isExclusion(l.type))
    if (!exclusion) return
    const until = exclusion.endsAt
    throw new AppError('excluded', 403, {
      base: [
        until
          ? t(locale, 'api.limits.excluded_until', {
              until: this.utc(until, locale),
            })
          : t(locale, 'api.limits.excluded_forever'),
      ],
    })
  }
}
