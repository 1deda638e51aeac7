import type { Executor } from '../../db/client.ts'

/** A row of `ledger_post`: the transaction, whether it was a replay, and one entry (none when replayed). */
export interface LedgerPostRow {
  r_transaction: bigint
  r_replayed: boolean
  r_account: bigint | null
  r_amount: bigint | null
  r_balance: bigint | null
}

/**
 * The ledger's SQL: the posting (the database function `ledger_post`), the accounts, and the
 * invariant checks of check.ts. It holds no handle of its own: the ledger posts inside its callers'
 * transactions, so every statement runs on the executor it is given (a transaction, or the database).
 */
export class LedgerRepository {
  /** One posting, one statement: `ledger_post` (db/functions/ledger_post.sql). */
  post(
    tx: Executor,
    key: string,
    kind: string,
    userId: string | null,
    metadata: string,
    owners: Array<string | null>,
    kinds: string[],
    currencies: string[],
    amounts: string[],
    shard: number,
  ): Promise<LedgerPostRow[]> {
    return tx.query(
      `SELECT * FROM ledger_post($1, $2, $3, $4, $5::bigint[], $6::text[], $7::text[], $8::bigint[], $9::smallint)`,
      [key, kind, userId, metadata, owners, kinds, currencies, amounts, shard],
    )
  }

  /** Opens the account (null owner: the house's) or reads it; undefined when a concurrent transaction opened it. */
  async openAccount(
    tx: Executor,
    owner: string | null,
    kind: string,
    currency: string,
    shard: number,
  ): Promise<bigint | undefined> {
    const conflict =
      owner === null
        ? '(kind, currency, shard) WHERE user_id IS NULL'
        : '(user_id, kind, currency) WHERE user_id IS NOT NULL'
    const [row] = await tx.query<{ id: bigint }>(
      `WITH ins AS (
         INSERT INTO ledger_accounts (user_id, kind, currency, shard) VALUES ($1, $2, $3, $4)
         ON CONFLICT ${conflict} DO NOTHING RETURNING id
       )
       SELECT id FROM ins
       UNION ALL
       SELECT id FROM ledger_accounts WHERE ${owned(owner, '$1')} AND kind = $2 AND currency = $3 AND shard = $4
       LIMIT 1`,
      [owner, kind, currency, shard],
    )
    return row?.id
  }

  /** The account of an owner (null: the house), kind, currency and shard. */
  async findAccount(
    tx: Executor,
    owner: string | null,
    kind: string,
    currency: string,
    shard: number,
  ): Promise<bigint | undefined> {
    const [row] = await tx.query<{ id: bigint }>(
      `SELECT id FROM ledger_accounts WHERE ${owned(owner, '$4')} AND kind = $1 AND currency = $2 AND shard = $3`,
      owner === null ? [kind, currency, shard] : [kind, currency, shard, owner],
    )
    return row?.id
  }

  // ── The invariants (check.ts): each reads what breaks one, on the executor given ──────────

  /** Currencies whose balances do not sum to zero. */
  unbalancedCurrencies(db: Executor): Promise<Array<{ currency: string; total: bigint }>> {
    return db.query(
      `SELECT currency, sum(balance) AS total FROM ledger_accounts GROUP BY currency HAVING sum(balance) <> 0`,
    )
  }

  /** Accounts whose balance is not the sum of their entries or not their last entry's balance. */
  accountsOffTheirEntries(
    db: Executor,
  ): Promise<Array<{ id: bigint; balance: bigint; entries: bigint; last: bigint | null }>> {
    return db.query(
      // One pass over the entries: the sum per account and the balance after its last entry.
      `WITH sums AS (
       SELECT account_id, sum(amount) AS total, max(id) AS last_entry FROM ledger_entries GROUP BY account_id
     )
     SELECT a.id, a.balance, coalesce(s.total, 0) AS entries, e.balance_after AS last
     FROM ledger_accounts a
     LEFT JOIN sums s ON s.account_id = a.id
     LEFT JOIN ledger_entries e ON e.id = s.last_entry
     WHERE a.balance <> coalesce(s.total, 0) OR a.balance <> coalesce(e.balance_after, 0)`,
    )
  }

  /** Transactions whose entries do not sum to zero in a currency. */
  unbalancedTransactions(
    db: Executor,
  ): Promise<Array<{ transaction_id: bigint; currency: string; total: bigint }>> {
    return db.query(
      `SELECT e.transaction_id, a.currency, sum(e.amount) AS total
     FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     GROUP BY e.transaction_id, a.currency HAVING sum(e.amount) <> 0`,
    )
  }

  /** Entries whose transaction or account does not exist. */
  orphanEntries(db: Executor): Promise<Array<{ id: bigint; transaction_id: bigint; account_id: bigint }>> {
    return db.query(
      // Entries keep no foreign keys (migration 013): an entry pointing nowhere is found here.
      `SELECT e.id, e.transaction_id, e.account_id FROM ledger_entries e
     LEFT JOIN ledger_transactions t ON t.id = e.transaction_id
     LEFT JOIN ledger_accounts a ON a.id = e.account_id
     WHERE t.id IS NULL OR a.id IS NULL`,
    )
  }

  /** Entries whose balance_after is not the one before plus their amount. */
  brokenRunningBalances(
    db: Executor,
  ): Promise<Array<{ id: bigint; account_id: bigint; balance_after: bigint; before: bigint }>> {
    return db.query(
      `SELECT id, account_id, balance_after, before FROM (
       SELECT id, account_id, amount, balance_after,
         coalesce(lag(balance_after) OVER (PARTITION BY account_id ORDER BY id), 0) AS before
       FROM ledger_entries) e
     WHERE balance_after <> before + amount`,
    )
  }

  /** Transactions naming a player who does not exist. */
  transactionsOfMissingPlayers(db: Executor): Promise<Array<{ id: bigint; user_id: bigint }>> {
    return db.query(
      `SELECT t.id, t.user_id FROM ledger_transactions t LEFT JOIN users u ON u.id = t.user_id
     WHERE t.user_id IS NOT NULL AND u.id IS NULL`,
    )
  }

  /** Player accounts below zero. */
  negativePlayerAccounts(db: Executor): Promise<Array<{ id: bigint; balance: bigint }>> {
    return db.query(`SELECT id, balance FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0`)
  }

  /** How many accounts, transactions and entries there are. */
  async counts(
    db: Executor,
  ): Promise<{ accounts: bigint; transactions: bigint; entries: bigint } | undefined> {
    const [counts] = await db.query<{ accounts: bigint; transactions: bigint; entries: bigint }>(
      `SELECT (SELECT count(*) FROM ledger_accounts) AS accounts,
            (SELECT count(*) FROM ledger_transactions) AS transactions,
            (SELECT count(*) FROM ledger_entries) AS entries`,
    )
    return counts
  }
}

// Spelt out per owner (not IS NOT DISTINCT FROM) so that the lookups use the partial unique indexes.
const owned = (owner: string | null, param: string) =>
  owner === null ? 'user_id IS NULL' : `user_id = ${param}`
