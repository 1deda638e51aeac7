import {
  privateChannel,
  publicChannel,
  type GameLimitNotice,
  type PaymentChangeNotice,
  type WinNotice,
} from '@aurum/shared'
import type { PaymentRow } from '../modules/payments/mapping.ts'
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
 * What the casino tells players as it happens (docs/realtime.md "Publications"). Called after the
 * database transaction commits (`Executor.afterCommit`): the balance of a wallet that moved
 * (`balance#<user>`, coalesced per player over a few milliseconds), a payment that finished
 * (`payments_changes#<user>`) and notable wins (`public:wins`). A failure is logged, never thrown:
 * the money moved whatever the hub does.
 */
export class RealtimeNotifier {
  private balances = new Map<bigint, Set<string>>()
  private flushing: NodeJS.Timeout | null = null
  private lastWin = 0

  constructor(
    private hub: Hub,
    private sources: NotifierSources,
    private log: Log,
    private coalesceMs = 5,
    private now: () => number = Date.now,
  ) {}

  balanceChanged(userId: bigint, currency: string): void {
    if (!this.hub.mayHaveSubscribers(privateChannel('balance', userId.toString()))) return
    let currencies = this.balances.get(userId)
    if (!currencies) this.balances.set(userId, (currencies = new Set()))
    currencies.add(currency)
    this.flushing ??= setTimeout(() => this.flush(), this.coalesceMs)
  }

  private flush(): void {
    this.flushing = null
    const due = this.balances
    this.balances = new Map()
    for (const [userId, currencies] of due) {
      this.sources
        .accounts(userId)
        .then((accounts) =>
          Promise.all(
            accounts
              .filter((a) => currencies.has(a.currency))
              .map((a) => this.hub.publish(privateChannel('balance', userId.toString()), a)),
          ),
        )
        .catch((err: unknown) => this.log.warn({ err: (err as Error).message }, 'balance publication failed'))
    }
  }

  paymentFinished(row: PaymentRow): void {
    const notice: PaymentChangeNotice = {
      id: row.id.toString(),
      amount_cents: Number(row.amount_cents),
      currency: row.currency,
      action: row.action,
      payment_system: row.method_id,
      finished_at: (row.finished_at ?? new Date()).toISOString(),
      created_at: row.created_at.toISOString(),
      recallable: row.recallable,
      success: row.state === 'succeeded',
      type: row.state,
    }
    this.hub
      .publish(privateChannel('payments_changes', row.user_id.toString()), notice)
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
    if (this.flushing) clearTimeout(this.flushing)
    this.flushing = null
  }
}
