import { lt } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Clock } from '@aurum/db'
import type { Database } from '../../db/client.ts'
import { clientEvents } from '../../db/schema.ts'

export type ClientEventKind = 'log' | 'performance' | 'network'

/** Client telemetry: written as structured logs and kept in `client_events` for the retention period. */
export class TelemetryService {
  constructor(
    private db: Database,
    private log: FastifyBaseLogger,
    private retentionDays: number,
    private clock: Clock,
  ) {}

  async record(
    kind: ClientEventKind,
    request: FastifyRequest,
    payload: Record<string, unknown>,
  ): Promise<void> {
    // The address the client claims is replaced by the one we saw.
    const data = kind === 'log' ? { ...payload, remote_addr: request.ip } : payload
    const level = kind === 'log' ? String(payload.level_name).toLowerCase() : 'info'
    const logFn = level === 'error' ? this.log.error : level === 'warn' ? this.log.warn : this.log.info
    logFn.call(this.log, { client_event: kind, reqId: request.id, data }, `client ${kind}`)
    await this.db.orm.insert(clientEvents).values({
      kind,
      requestId: request.id,
      remoteAddr: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      payload: data,
      // The retention compares this stamp with the clock.
      receivedAt: this.clock.now(),
    })
  }

  async prune(now = this.clock.now()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.retentionDays * 86_400_000)
    const deleted = await this.db.orm
      .delete(clientEvents)
      .where(lt(clientEvents.receivedAt, cutoff))
      .returning({ id: clientEvents.id })
    return deleted.length
  }
}
