import { lt } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { clientEvents } from '../../db/schema.ts'

/** The data access of client telemetry: `client_events`. */
export class TelemetryRepository {
  constructor(private db: Database) {}

  async insertEvent(event: typeof clientEvents.$inferInsert): Promise<void> {
    await this.db.orm.insert(clientEvents).values(event)
  }

  /** Deletes the events received before `cutoff`; how many went. */
  async deleteReceivedBefore(cutoff: Date): Promise<number> {
    const deleted = await this.db.orm
      .delete(clientEvents)
      .where(lt(clientEvents.receivedAt, cutoff))
      .returning({ id: clientEvents.id })
    return deleted.length
  }
}
