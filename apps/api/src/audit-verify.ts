import { systemClock } from '@aurum/db'
import { withDatabase } from './cli.ts'
import { AuditLog } from './modules/audit/service.ts'

/**
 * `npm run audit:verify`: recomputes the audit log's whole SHA-256 chain on the configured
 * database (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first), a page at a
 * time in id order (docs/security.md "Audit log"). Exit 0 with the count and the time taken when
 * every entry holds; 1 with the first bad entry's id and what is wrong with it otherwise.
 */
async function main() {
  await withDatabase(async (db) => {
    const started = performance.now()
    const report = await db.transaction(async (tx) => {
      // One snapshot: entries appended meanwhile are left for the next run, not half-read.
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ')
      return new AuditLog(db, systemClock).verify(tx)
    })
    const seconds = (performance.now() - started) / 1000
    if (report.problem) {
      console.error(`audit log: entry ${report.problem.id}: ${report.problem.message}`)
      console.error(`  (${report.count} entries before it are sound)`)
      process.exitCode = 1
      return
    }
    console.log(`audit log: ${report.count} entries, chain sound, verified in ${seconds.toFixed(2)} s`)
  })
}

await main()
