import type { Clock } from '@aurum/db'
import type { Database } from '../../db/client.ts'
import type { Logger, RequestContext } from '../../lib/context.ts'
import { TelemetryRepository } from './repository.ts'

export type ClientEventKind = 'log' | 'performance' | 'network'

/** Client telemetry: written as structured logs and kept in `client_events` for the retention period. */
export class TelemetryService {
  private repo: TelemetryRepository

  constructor(
    db: Database,
    private log: Logger,
    private retentionDays: number,
    private clock: Clock,
  ) {
    this.repo = new TelemetryRepository(db)
  }

  async record(
    kind: ClientEventKind,
    ctx: Pick<RequestContext, 'ip' | 'userAgent' | 'requestId'>,
    payload: Record<string, unknown>,
  ): Promise<void> {
    // The address the client claims is replaced by the one we saw.
    const data = kind === 'log' ? { ...payload, remote_addr: ctx.ip } : payload
    const level = kind === 'log' ? String(payload.level_name).toLowerCase() : 'info'
    const entry = { client_event: kind, reqId: ctx.requestId, data }
    if (level === 'error') this.log.error(entry, `client ${kind}`)
    else if (level === 'warn') this.log.warn(entry, `client ${kind}`)
    else this.log.info(entry, `client ${kind}`)
    await this.repo.insertEvent({
      kind,
      requestId: ctx.requestId,
      remoteAddr: ctx.ip,
      userAgent: ctx.userAgent,
      payload: data,
      // The retention compares this stamp with the clock.
      receivedAt: this.clock.now(),
    })
  }

  async prune(now = this.clock.now()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.retentionDays * 86_400_000)
    return this.repo.deleteReceivedBefore(cutoff)
  }
}
