import type { Database, Executor } from '../../db/client.ts'

/** A wallet with its balances, read from its ledger accounts. */
export interface WalletRow {
  currency: string
  real: bigint
  bonus: bigint
  active: boolean
  hidden_at: Date | null
}

/** A player's ledger totals of one transaction kind in one currency (the house's side, negated). */
export interface KindTotalRow {
  kind: string
  currency: string
  n: bigint
  total: bigint
}

/** The wallets' SQL: wallets, their balances (from the ledger's accounts) and the player's totals. */
export class WalletsRepository {
  constructor(private db: Database) {}

  /** Whether a currency is one the casino knows. */
  async currencyExists(currency: string): Promise<boolean> {
    const [known] = await this.db.query('SELECT 1 FROM currencies WHERE code = $1', [currency])
    return known !== undefined
  }

  /** Count and sum of the player's deposits, cashouts and bets, per kind and currency. */
  playerTotals(userId: bigint): Promise<KindTotalRow[]> {
    return this.db.query<KindTotalRow>(
      `SELECT t.kind, a.currency, count(DISTINCT t.id) AS n, -sum(e.amount) AS total
       FROM ledger_transactions t
       JOIN ledger_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id AND a.kind LIKE 'house\\_%'
       WHERE t.user_id = $1 AND t.kind IN ('deposit', 'cashout', 'bet')
       GROUP BY t.kind, a.currency`,
      [userId.toString()],
    )
  }

  /** The player's wallets with their balances: the active one first, then in the currencies' order. */
  walletsOf(userId: bigint): Promise<WalletRow[]> {
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

  // The writes of `openWallet`, which runs in its callers' transactions (registration, payments)
  // and has no handle of its own: static, on the transaction given.

  /** Writes the wallet of a currency with its accounts, or shows it again if it was hidden. */
  static async upsertWallet(
    tx: Executor,
    userId: bigint,
    currency: string,
    realAccountId: bigint,
    bonusAccountId: bigint,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO wallets (user_id, currency, real_account_id, bonus_account_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, currency) DO UPDATE SET hidden_at = NULL`,
      [userId.toString(), currency, realAccountId.toString(), bonusAccountId.toString()],
    )
  }

  /** Makes the wallet of a currency the player's only active one (two statements: the one-active index is checked row by row). */
  static async activateWallet(tx: Executor, userId: bigint, currency: string): Promise<void> {
    await tx.query('UPDATE wallets SET active = false WHERE user_id = $1 AND active AND currency <> $2', [
      userId.toString(),
      currency,
    ])
    await tx.query('UPDATE wallets SET active = true WHERE user_id = $1 AND currency = $2', [
      userId.toString(),
      currency,
    ])
  }

  /** The player's profile currency. */
  static async setProfileCurrency(tx: Executor, userId: bigint, currency: string): Promise<void> {
    await tx.query('UPDATE users SET currency = $2, updated_at = now() WHERE id = $1', [
      userId.toString(),
      currency,
    ])
  }
}
