import type { Database, Executor } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import type { Locale } from '@aurum/shared'
import { Ledger } from '../ledger/index.ts'
import type { CompatibleAccount, PlayerStats, UserAccount } from '@aurum/shared/contracts/wallets'

/** A wallet as the client reads it (IUserAccount, api-shapes §3.2), the older shape, the stats. */
export type { CompatibleAccount, PlayerStats, UserAccount }

/**
 * Opens the player's wallet in a currency (its real and bonus ledger accounts), inside the
 * caller's transaction; with `activate` it becomes the active wallet and the profile's currency.
 */
export async function openWallet(
  tx: Executor,
  ledger: Ledger,
  userId: bigint,
  currency: string,
  activate: boolean,
): Promise<void> {
  const real = await ledger.accountId(tx, { user: userId, kind: 'player_real', currency })
  const bonus = await ledger.accountId(tx, { user: userId, kind: 'player_bonus', currency })
  await tx.query(
    `INSERT INTO wallets (user_id, currency, real_account_id, bonus_account_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, currency) DO UPDATE SET hidden_at = NULL`,
    [userId.toString(), currency, real.toString(), bonus.toString()],
  )
  if (!activate) return
  // Two statements: the one-active index is checked row by row.
  await tx.query('UPDATE wallets SET active = false WHERE user_id = $1 AND active AND currency <> $2', [
    userId.toString(),
    currency,
  ])
  await tx.query('UPDATE wallets SET active = true WHERE user_id = $1 AND currency = $2', [
    userId.toString(),
    currency,
  ])
  await tx.query('UPDATE users SET currency = $2, updated_at = now() WHERE id = $1', [
    userId.toString(),
    currency,
  ])
}

interface WalletRow {
  currency: string
  real: bigint
  bonus: bigint
  active: boolean
  hidden_at: Date | null
}

const toNumber = (value: bigint) => Number(value)

/** The player's wallets: balances come from the ledger accounts, never from a copy. */
export class WalletService {
  readonly ledger: Ledger

  constructor(private db: Database) {
    this.ledger = new Ledger(db)
  }

  async list(userId: bigint): Promise<UserAccount[]> {
    const rows = await this.rows(userId)
    return rows.map((w) => ({
      currency: w.currency,
      amount_cents: toNumber(w.real + w.bonus),
      // Bonus money is wagered before it can be paid out; real money can always be.
      available_to_cashout_cents: toNumber(w.real),
      available_to_bet_with_locked_cent: toNumber(w.real + w.bonus),
      hidden_at: w.hidden_at?.toISOString() ?? null,
      deposit_available: true,
      selected_lottery_id: 0,
      active: w.active,
    }))
  }

  async listCompatible(userId: bigint): Promise<CompatibleAccount[]> {
    return (await this.rows(userId)).map((w) => ({
      currency: w.currency,
      amount_cents: toNumber(w.real + w.bonus),
      available_to_cashout_cents: toNumber(w.real),
      wager_status: w.bonus > 0n ? 'wagering' : 'none',
    }))
  }

  /** POST /api/player/accounts: opens the wallet if needed and makes it the active one. */
  async select(userId: bigint, currency: string, locale: Locale): Promise<UserAccount> {
    const [known] = await this.db.query('SELECT 1 FROM currencies WHERE code = $1', [currency])
    if (!known) {
      throw new AppError('validation_failed', 422, {
        currency: [t(locale, 'validation.one_of', { field: t(locale, 'fields.currency') })],
      })
    }
    await this.db.transaction((tx) => openWallet(tx, this.ledger, userId, currency, true))
    return (await this.list(userId)).find((w) => w.currency === currency)!
  }

  /** GET /api/player/stats: counts and sums from the ledger's transactions, per currency of the player's wallets. */
  async stats(userId: bigint): Promise<PlayerStats> {
    const wallets = await this.rows(userId)
    const sums = await this.db.query<{ kind: string; currency: string; n: bigint; total: bigint }>(
      `SELECT t.kind, a.currency, count(DISTINCT t.id) AS n, -sum(e.amount) AS total
       FROM ledger_transactions t
       JOIN ledger_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id AND a.kind LIKE 'house\\_%'
       WHERE t.user_id = $1 AND t.kind IN ('deposit', 'cashout', 'bet')
       GROUP BY t.kind, a.currency`,
      [userId.toString()],
    )
    const perCurrency = (kind: string) => {
      const map: Record<string, number> = Object.fromEntries(wallets.map((w) => [w.currency, 0]))
      for (const row of sums.filter((r) => r.kind === kind)) map[row.currency] = Math.abs(toNumber(row.total))
      return map
    }
    return {
      deposits_count: sums.filter((r) => r.kind === 'deposit').reduce((n, r) => n + toNumber(r.n), 0),
      deposits_sum: perCurrency('deposit'),
      cashouts_sum: perCurrency('cashout'),
      bets_sum: perCurrency('bet'),
      messages: { notice: '' },
    }
  }

  private rows(userId: bigint): Promise<WalletRow[]> {
    return this.db.query<WalletRow>(
      `SELECT w.currency, r.balance AS real, b.balance AS bonus, w.active, w.hidden_at
       FROM wallets w
       JOIN ledger_accounts r ON r.id = w.real_account_id
       JOIN ledger_accounts b ON b.id = w.bonus_account_id
       JOIN currencies c ON c.code = w.currency
       WHERE w.user_id = $1
       ORDER BY w.active DESC, c.position, w.currency`,
      [userId.toString()],
    )
  }
}
