import {
  privateChannel,
  publicChannel,
  type GameLimitNotice,
  type PaymentChangeNotice,
  type WinNotice,
} from '@aurum/shared'
import type { UserAccount } from '../modules/wallets/service.ts'
import type { Hub } from './hub.ts'

type Log = Record<'warn', (obj: object, msg: string) => void>

export interface NotifierSources {
  /** The player's wallets as `GET /api/player/accounts` answers them. */
  accounts(userId: bigint): Promise<UserAccount[]>
  /** A finished round as a feed entry when it is a notable win. */
  notableWin(provider: string, roundId: string): Promise<WinNotice | null>
}

/** The public feed carries at most one win per this interval from a node (the rest are in the list endpoint). */
const WIN_FEED_INTERVAL_MS = 2_000

/**
 * A balance no one on this node listens to is published at most this often per player: a player
 * spinning without an open tab costs one wallet read per interval, not one per spin (a read cost
 * about 0.18 ms of the casino's CPU and 0.18 ms of PostgreSQL's: 200 such players at 500 spins/s,
 * about 0.014 ms per spin). A tab
 * that subscribes meanwhile has it published first (`Hub.beforeSubscribe`), so the interval only
 * bounds what waits in memory.
 */
export const QUIET_COALESCE_MS = 10_000

const BALANCE_PREFIX = privateChannel('balance', '')

/**
 * What the casino tells players as it happens (docs/realtime.md "Publications"). Called after the
 * database transaction commits (`Executor.afterCommit`): the balance of a wallet that moved
 * (`balance#<user>`, coalesced per player), a payment that finished (`payments_changes#<user>`)
 * and notable wins (`public:wins`). A failure is logged, never thrown: the money moved whatever
 * the hub does.
 *
 * Every balance change reaches the channel's history, listened to or not: a tab whose connection
 * dropped unnoticed recovers from it after reconnecting, and a recovery that finds nothing new
 * must mean nothing changed. Listened-to balances go out within `coalesceMs`; the others within
 * `QUIET_COALESCE_MS`, or as soon as someone subscribes. A player's publications are read and
 * published one after another, so the last one published is the last state.
 */
export class RealtimeNotifier {
  /** Players whose balance is due soon (someone may listen), and later (no one does). */
  private soon = new Map<bigint, Set<string>>()
  private later = new Map<bigint, Set<string>>()
  private soonTimer: NodeJS.Timeout | null = null
  private laterTimer: NodeJS.Timeout | null = null
  /** Each player's last publication in flight: the next one starts after it. */
  private chains = new Map<bigint, Promise<void>>()
  private stopped = false
  private lastWin = 0

  constructor(
    private hub: Hub,
    private sources: NotifierSources,
    private log: Log,
    private coalesceMs = 5,
    private now: () => number = Date.now,
    private quietMs = QUIET_COALESCE_MS,
  ) {
    hub.beforeSubscribe((channel) => this.settle(channel))
  }

  balanceChanged(userId: bigint, currency: string): void {
    if (this.stopped) return
    if (this.hub.mayHaveSubscribers(privateChannel('balance', userId.toString()))) {
      add(this.soon, userId, [currency])
      this.soonTimer ??= setTimeout(() => this.flush(), this.coalesceMs)
    } else {
      add(this.later, userId, [currency])
      this.laterTimer ??= setTimeout(() => this.flushLater(), this.quietMs)
    }
  }

  private flush(): void {
    this.soonTimer = null
    const due = this.soon
    this.soon = new Map()
    for (const [userId, currencies] of due) {
      // Deferred currencies of the same player go along.
      const deferred = this.later.get(userId)
      if (deferred) {
        this.later.delete(userId)
        for (const c of deferred) currencies.add(c)
      }
      this.publishBalances(userId, currencies).catch((err: unknown) =>
        this.log.warn({ err: (err as Error).message }, 'balance publication failed'),
      )
    }
  }

  /**
   * The quiet balances, one player after another: all of them at once (200 players spinning
   * without a tab) would queue 200 wallet reads ahead of the bets on the database connections, a
   * pause of tens of milliseconds every interval. A player still waiting here when a subscription
   * comes is published by it (`settle`), and skipped here.
   */
  private flushLater(): void {
    this.laterTimer = null
    void this.publishInTurn([...this.later.keys()])
  }

  private async publishInTurn(userIds: bigint[]): Promise<void> {
    for (const userId of userIds) {
      if (this.stopped) return
      const currencies = this.later.get(userId)
      if (!currencies) continue
      this.later.delete(userId)
      await this.publishBalances(userId, currencies).catch((err: unknown) =>
        this.log.warn({ err: (err as Error).message }, 'balance publication failed'),
      )
    }
  }

  /** A client subscribes to `channel`: a deferred balance of its player is published first. */
  private async settle(channel: string): Promise<void> {
    if (!channel.startsWith(BALANCE_PREFIX)) return
    const userId = BigInt(channel.slice(BALANCE_PREFIX.length))
    const deferred = this.later.get(userId)
    if (deferred) {
      this.later.delete(userId)
      await this.publishBalances(userId, deferred)
    } else {
      await this.chains.get(userId)
    }
  }

  /**
   * Reads the player's wallets and publishes those of `currencies`, after the player's previous
   * publication. On a failure the currencies wait for the next quiet flush: the last state must
   * reach the history.
   */
  private publishBalances(userId: bigint, currencies: Set<string>): Promise<void> {
    const channel = privateChannel('balance', userId.toString())
    const previous = this.chains.get(userId) ?? Promise.resolve()
    const done = previous
      .then(() => this.sources.accounts(userId))
      .then(async (accounts) => {
        for (const account of accounts)
          if (currencies.has(account.currency)) await this.hub.publish(channel, account)
      })
      .catch((err: unknown) => {
        if (!this.stopped) {
          add(this.later, userId, currencies)
          this.laterTimer ??= setTimeout(() => this.flushLater(), this.quietMs)
        }
        throw err
      })
    const tail = done.catch(() => undefined)
    this.chains.set(userId, tail)
    void tail.then(() => {
      if (this.chains.get(userId) === tail) this.chains.delete(userId)
    })
    return done
  }

  /** A payment finished (`payments_changes#<user>`). */
  paymentFinished(userId: bigint, notice: PaymentChangeNotice): void {
    this.hub
      .publish(privateChannel('payments_changes', userId.toString()), notice)
      .catch((err: unknown) => this.log.warn({ err: (err as Error).message }, 'payment publication failed'))
  }

  /** A limit stopped the player's play: the open game frames close (`game_limits#<user>`). */
  limitReached(userId: bigint, notice: GameLimitNotice): void {
    this.hub
      .publish(privateChannel('game_limits', userId.toString()), notice)
      .catch((err: unknown) => this.log.warn({ err: (err as Error).message }, 'limit publication failed'))
  }

  /** A round finished with a win: published to the feed when it is notable (and the feed isn't too busy). */
  roundWon(provider: string, roundId: string): void {
    if (this.now() - this.lastWin < WIN_FEED_INTERVAL_MS) return
    if (!this.hub.mayHaveSubscribers(publicChannel('wins'))) return
    this.sources
      .notableWin(provider, roundId)
      .then(async (win) => {
        if (!win || this.now() - this.lastWin < WIN_FEED_INTERVAL_MS) return
        this.lastWin = this.now()
        await this.hub.publish(publicChannel('wins'), win)
      })
      .catch((err: unknown) => this.log.warn({ err: (err as Error).message }, 'win publication failed'))
  }

  stop(): void {
    this.stopped = true
    if (this.soonTimer) clearTimeout(this.soonTimer)
    if (this.laterTimer) clearTimeout(this.laterTimer)
    this.soonTimer = this.laterTimer = null
  }
}

function add(map: Map<bigint, Set<string>>, userId: bigint, currencies: Iterable<string>): void {
  let set = map.get(userId)
  if (!set) map.set(userId, (set = new Set()))
  for (const c of currencies) set.add(c)
}
