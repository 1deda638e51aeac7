import type { Executor } from '../../db/client.ts'

export interface LedgerReport {
  accounts: number
  transactions: number
  entries: number
  /** Every broken invariant, in words; empty when the ledger is sound. */
  problems: string[]
}

/**
 * The ledger's invariants: balances sum to zero per currency, every account's balance is the
 * sum of its entries (and the last entry's balance_after), every entry's balance_after is the one
 * before it plus its amount, every transaction balances per currency, every entry belongs to a
 * transaction and an account that exist, every transaction's player exists, and no player account
 * is below zero.
 */
export async function checkLedger(db: Executor): Promise<LedgerReport> {
  const problems: string[] = []
  for (const row of await db.query<{ currency: string; total: bigint }>(
    `SELECT currency, sum(balance) AS total FROM ledger_accounts GROUP BY currency HAVING sum(balance) <> 0`,
  )) {
    problems.push(`balances in ${row.currency} sum to ${row.total}, not zero`)
  }
  for (const row of await db.query<{ id: bigint; balance: bigint; entries: bigint; last: bigint | null }>(
    // One pass over the entries: the sum per account and the balance after its last entry.
    `WITH sums AS (
       SELECT account_id, sum(amount) AS total, max(id) AS last_entry FROM ledger_entries GROUP BY account_id
     )
     SELECT a.id, a.balance, coalesce(s.total, 0) AS entries, e.balance_after AS last
     FROM ledger_accounts a
     LEFT JOIN sums s ON s.account_id = a.id
     LEFT JOIN ledger_entries e ON e.id = s.last_entry
     WHERE a.balance <> coalesce(s.total, 0) OR a.balance <> coalesce(e.balance_after, 0)`,
  )) {
    problems.push(
      `account ${row.id}: balance ${row.balance}, entries sum to ${row.entries}, last entry says ${row.last}`,
    )
  }
  for (const row of await db.query<{ transaction_id: bigint; currency: string; total: bigint }>(
    `SELECT e.transaction_id, a.currency, sum(e.amount) AS total
     FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     GROUP BY e.transaction_id, a.currency HAVING sum(e.amount) <> 0`,
  )) {
    problems.push(`transaction ${row.transaction_id} does not balance in ${row.currency} (${row.total})`)
  }
  for (const row of await db.query<{ id: bigint; transaction_id: bigint; account_id: bigint }>(
    // Entries keep no foreign keys (migration 013): an entry pointing nowhere is found here.
    `SELECT e.id, e.transaction_id, e.account_id FROM ledger_entries e
     LEFT JOIN ledger_transactions t ON t.id = e.transaction_id
     LEFT JOIN ledger_accounts a ON a.id = e.account_id
     WHERE t.id IS NULL OR a.id IS NULL`,
  )) {
    problems.push(
      `entry ${row.id} refers to a missing transaction ${row.transaction_id} or account ${row.account_id}`,
    )
  }
  for (const row of await db.query<{ id: bigint; account_id: bigint; balance_after: bigint; before: bigint }>(
    `SELECT id, account_id, balance_after, before FROM (
       SELECT id, account_id, amount, balance_after,
         coalesce(lag(balance_after) OVER (PARTITION BY account_id ORDER BY id), 0) AS before
       FROM ledger_entries) e
     WHERE balance_after <> before + amount`,
  )) {
    problems.push(
      `entry ${row.id} of account ${row.account_id} says ${row.balance_after}, not the entry before it (${row.before}) plus its amount`,
    )
  }
  for (const row of await db.query<{ id: bigint; user_id: bigint }>(
    `SELECT t.id, t.user_id FROM ledger_transactions t LEFT JOIN users u ON u.id = t.user_id
     WHERE t.user_id IS NOT NULL AND u.id IS NULL`,
  )) {
    problems.push(`transaction ${row.id} names a player ${row.user_id} who does not exist`)
  }
  for (const row of await db.query<{ id: bigint; balance: bigint }>(
    `SELECT id, balance FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0`,
  )) {
    problems.push(`player account ${row.id} is negative (${row.balance})`)
  }
  const [counts] = await db.query<{ accounts: bigint; transactions: bigint; entries: bigint }>(
    `SELECT (SELECT count(*) FROM ledger_accounts) AS accounts,
            (SELECT count(*) FROM ledger_transactions) AS transactions,
            (SELECT count(*) FROM ledger_entries) AS entries`,
  )
  return {
    accounts: Number(counts!.accounts),
    transactions: Number(counts!.transactions),
    entries: Number(counts!.entries),
    problems,
  }
}
