import { defineJob, type JobDefinition, type SqlDatabase } from '@aurum/db'

/** Receipts are kept this long after their event was applied (a redelivery older than that is a bug, not a retry). */
export const RECEIPT_RETENTION_MS = 24 * 3_600_000

/**
 * The outbox's upkeep, hourly on one node (docs/events.md): receipts of events a day behind their
 * consumer's position go (the position alone keeps those from being applied again).
 */
export const eventJobs = (db: SqlDatabase): Array<JobDefinition<never>> => [
  defineJob({
    name: 'events.prune_receipts',
    every: 3_600_000,
    run: async ({ clock }) => {
      await db.query(
        `DELETE FROM event_receipts r USING event_consumers c
         WHERE r.consumer = c.name AND r.last_id <= c.position AND r.applied_at < $1`,
        [new Date(clock.now().getTime() - RECEIPT_RETENTION_MS)],
      )
    },
  }),
]
