import { withDatabase } from './cli.ts'
import { checkLedger } from './modules/ledger/check.ts'

/**
 * `npm run ledger:check`: verifies the ledger's invariants on the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR, which only one process can open at a time:
 * stop the server first). Exit 0 when sound, 1 with every problem listed otherwise.
 */
async function main() {
  await withDatabase(async (db) => {
    const report = await db.transaction(async (tx) => {
      // One consistent snapshot for every check.
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ')
      return checkLedger(tx)
    })
    console.log(
      `ledger: ${report.accounts} accounts, ${report.transactions} transactions, ${report.entries} entries`,
    )
    if (report.problems.length) {
      for (const problem of report.problems) console.error(`  ✗ ${problem}`)
      process.exitCode = 1
    } else {
      console.log('  ✓ balances sum to zero per currency, match their entries, no player account is negative')
    }
  })
}

await main()
