import type { Executor } from '../../db/client.ts'
import { LedgerRepository } from './repository.ts'

export interface LedgerReport {
  accounts: number
  transactions: number
  entries: number
  /** Every broken invariant, in words; empty when the ledger is sound. */
  problems: string[]
}

const repo = new LedgerRepository()

/**
 * The ledger's invariants: balances sum to zero per currency, every account's balance is the
 * sum of its entries (and the last entry's balance_after), every entry's balance_after is the one
 * before it plus its amount, every transaction balances per currency, every entry belongs to a
 * transaction and an account that exist, every transaction's player exists, and no player account
 * is below zero.
 */
export async function checkLedger(db: Executor): Promise<LedgerReport> {
  const problems: string[] = []
  for (const row of await repo.unbalancedCurrencies(db)) {
    problems.push(`balances in ${row.currency} sum to ${row.total}, not zero`)
  }
  for (const row of await repo.accountsOffTheirEntries(db)) {
    problems.push(
      `account ${row.id}: balance ${row.balance}, entries sum to ${row.entries}, last entry says ${row.last}`,
    )
  }
  for (const row of await repo.unbalancedTransactions(db)) {
    problems.push(`transaction ${row.transaction_id} does not balance in ${row.currency} (${row.total})`)
  }
  for (const row of await repo.orphanEntries(db)) {
    problems.push(
      `entry ${row.id} refers to a missing transaction ${row.transaction_id} or account ${row.account_id}`,
    )
  }
  for (const row of await repo.brokenRunningBalances(db)) {
    problems.push(
      `entry ${row.id} of account ${row.account_id} says ${row.balance_after}, not the entry before it (${row.before}) plus its amount`,
    )
  }
  for (const row of await repo.transactionsOfMissingPlayers(db)) {
    problems.push(`transaction ${row.id} names a player ${row.user_id} who does not exist`)
  }
  for (const row of await repo.negativePlayerAccounts(db)) {
    problems.push(`player account ${row.id} is negative (${row.balance})`)
  }
  const counts = await repo.counts(db)
  return {
    accounts: Number(counts!.accounts),
    transactions: Number(counts!.transactions),
    entries: Number(counts!.entries),
    problems,
  }
}
