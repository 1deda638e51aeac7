import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { checkLedger } from './modules/ledger/check.ts'

/**
 * `npm run ledger:check`: verifies the ledger's invariants on the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR, which only one process can open at a time:
 * stop the server first). Exit 0 when sound, 1 with every problem listed otherwise.
 */
async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(78)
    }
    throw error
  }
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir })
  try {
    await migrate(db)
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
  } finally {
    await db.close()
  }
}

await main()
