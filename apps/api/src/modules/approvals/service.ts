import type { Clock } from '@aurum/db'
import { eurosIn } from '@aurum/shared'
import { grants, type Permission, type PermissionMatrix } from '@aurum/shared/contracts/admin'
import type { ApprovalRequest } from '@aurum/shared/contracts/admin-payments'
import type { Database, Executor } from '../../db/client.ts'
import type { RequestContext } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import type { AuditEntryInput, AuditLog } from '../audit/service.ts'
import type { StaffActor } from '../staff/service.ts'
import { ApprovalsRepository, type ApprovalKind, type ApprovalRow, type ApprovalState } from './repository.ts'

export type { ApprovalKind, ApprovalRow, ApprovalState } from './repository.ts'

/** Euros above which an action on money needs a second member by default (scaled per currency). */
export const FOUR_EYES_DEFAULT_EUROS = 1_000

/**
 * A staff member acting through the back office: who (for the audit log), what their role allows
 * (the services check a permission that depends on the data, like an approval's kind), and the
 * request it came from.
 */
export interface StaffCaller {
  id: bigint
  label: string
  permissions: PermissionMatrix
  request?: AuditEntryInput['request']
}

/** The caller of a signed-in member's request. */
export function staffCaller(actor: StaffActor, ctx: RequestContext): StaffCaller {
  return {
    id: actor.id,
    label: actor.email,
    permissions: actor.member.permissions,
    request: { ip: ctx.ip, userAgent: ctx.userAgent ?? undefined, id: ctx.requestId },
  }
}

/** The audit actor of a caller. */
export const actorOf = (caller: StaffCaller) => ({ id: caller.id, label: caller.label })

/**
 * What carries out a kind of request once a second member approves it, or rejects it. Each calls
 * `ApprovalService.claim` in the transaction of its change, so the request and the action commit
 * together (and two approvals at once carry it out once).
 */
export interface ApprovalHandler {
  /** The permission that approves or rejects requests of this kind (`<module>:approve`). */
  permission: Permission
  approve(caller: StaffCaller, request: ApprovalRow): Promise<unknown>
  reject(caller: StaffCaller, request: ApprovalRow, reason: string): Promise<unknown>
}

export interface OpenApproval {
  kind: ApprovalKind
  target: { type: string; id: string | bigint }
  userId: bigint | null
  amount: bigint
  currency: string
  payload?: Record<string, unknown>
  reason?: string
}

/** Thresholds per kind: a currency's minor units, configured (FOUR_EYES_*), else 1,000 EUR scaled. */
export type FourEyesThresholds = Partial<Record<ApprovalKind, Record<string, bigint>>>

export function presentApproval(row: ApprovalRow): ApprovalRequest {
  return {
    id: row.id.toString(),
    kind: row.kind,
    target_type: row.target_type,
    target_id: row.target_id,
    player_id: row.user_id?.toString() ?? null,
    amount_cents: row.amount_cents.toString(),
    currency: row.currency,
    payload: row.payload,
    requested_by: { id: row.requested_by.toString(), email: row.requested_by_email },
    decided_by:
      row.decided_by === null ? null : { id: row.decided_by.toString(), email: row.decided_by_email ?? '' },
    state: row.state,
    request_reason: row.request_reason,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  }
}

/**
 * Four-eyes control of money (docs/backoffice.md "Four-eyes approvals"): an action above its
 * kind's threshold by one member opens a pending request; a second, different member holding the
 * kind's `<module>:approve` permission approves it and only then the action happens, or rejects it
 * with a reason. Nobody approves their own request. Every step is written to the audit log in the
 * transaction of the change.
 */
export class ApprovalService {
  private repo = new ApprovalsRepository()
  private handlers = new Map<ApprovalKind, ApprovalHandler>()

  constructor(
    private db: Database,
    private audit: AuditLog,
    private clock: Clock,
    private thresholds: FourEyesThresholds,
  ) {}

  /** Registers what carries out a kind (the payments and adjustments services, later bonus grants). */
  register(kind: ApprovalKind, handler: ApprovalHandler): void {
    this.handlers.set(kind, handler)
  }

  /** The amount of a currency above which a kind needs a second member (minor units). */
  threshold(kind: ApprovalKind, currency: string): bigint {
    const configured = this.thresholds[kind]?.[currency]
    if (configured !== undefined) return configured
    try {
      return eurosIn(currency, FOUR_EYES_DEFAULT_EUROS)
    } catch {
      // A currency without a euro scale: every amount needs a second member.
      return 0n
    }
  }

  /** Whether an amount (its absolute value) is above the kind's threshold. */
  needsSecondApproval(kind: ApprovalKind, currency: string, amount: bigint): boolean {
    return (amount < 0n ? -amount : amount) > this.threshold(kind, currency)
  }

  /**
   * Opens a request in `tx`: answers it and `created`, or the one already pending for the same
   * target (`created` false: asking twice does not make two).
   */
  async open(
    tx: Executor,
    caller: StaffCaller,
    input: OpenApproval,
  ): Promise<{ row: ApprovalRow; created: boolean }> {
    const targetId = input.target.id.toString()
    const id = await this.repo.insert(tx, {
      kind: input.kind,
      targetType: input.target.type,
      targetId,
      userId: input.userId,
      amount: input.amount,
      currency: input.currency,
      payload: input.payload ?? {},
      requestedBy: caller.id,
      requestReason: input.reason ?? null,
      createdAt: this.clock.now(),
    })
    if (id === undefined) {
      const pending = await this.repo.findPending(tx, input.kind, input.target.type, targetId)
      if (!pending) throw new AppError('request_decided', 422)
      return { row: pending, created: false }
    }
    const row = (await this.repo.findById(tx, id))!
    await this.audit.record(tx, {
      actor: actorOf(caller),
      action: 'approval.requested',
      target: { type: 'approval', id },
      after: snapshot(row),
      reason: input.reason,
      request: caller.request,
    })
    return { row, created: true }
  }

  /**
   * Marks a pending request approved or rejected in `tx`, the transaction of the action it decides,
   * with its audit entry. A request decided already (a second approval at the same time) refuses:
   * 422 `request_decided`, and the caller's transaction rolls back with its action.
   */
  async claim(
    tx: Executor,
    caller: StaffCaller,
    id: bigint,
    decision: 'approve' | 'reject',
    reason?: string,
  ): Promise<void> {
    const before = await this.repo.findById(tx, id)
    if (!before) throw new AppError('not_found', 404)
    if (decision === 'approve' && before.requested_by === caller.id) throw new AppError('own_request', 422)
    const state = decision === 'approve' ? 'approved' : 'rejected'
    if (!(await this.repo.decide(tx, id, state, caller.id, reason ?? null, this.clock.now())))
      throw new AppError('request_decided', 422)
    const after = (await this.repo.findById(tx, id))!
    await this.audit.record(tx, {
      actor: actorOf(caller),
      action: decision === 'approve' ? 'approval.approved' : 'approval.rejected',
      target: { type: 'approval', id },
      before: snapshot(before),
      after: snapshot(after),
      reason,
      request: caller.request,
    })
  }

  /** Cancels a pending request whose target ended another way (a recalled withdrawal), in `tx`. */
  async cancel(tx: Executor, caller: StaffCaller | 'system', id: bigint, reason: string): Promise<boolean> {
    const before = await this.repo.findById(tx, id)
    if (!before || !(await this.repo.decide(tx, id, 'cancelled', null, reason, this.clock.now())))
      return false
    const after = (await this.repo.findById(tx, id))!
    await this.audit.record(tx, {
      actor: caller === 'system' ? 'system' : actorOf(caller),
      action: 'approval.cancelled',
      target: { type: 'approval', id },
      before: snapshot(before),
      after: snapshot(after),
      reason,
      request: caller === 'system' ? undefined : caller.request,
    })
    return true
  }

  /**
   * POST /api/admin/approvals/:id/approve|reject: one route for every kind, so the kind's
   * permission is checked here (403), then the request must be pending (422 `request_decided`) and,
   * to approve, asked for by someone else (422 `own_request`). The kind's handler carries it out.
   */
  async decide(caller: StaffCaller, id: bigint, decision: 'approve' | 'reject', reason?: string) {
    const row = await this.repo.findById(this.db, id)
    if (!row) throw new AppError('not_found', 404)
    const handler = this.handlers.get(row.kind)
    if (!handler) throw new AppError('not_found', 404)
    if (!grants(caller.permissions, handler.permission)) throw new AppError('forbidden', 403)
    if (row.state !== 'pending') throw new AppError('request_decided', 422)
    if (decision === 'approve' && row.requested_by === caller.id) throw new AppError('own_request', 422)
    if (decision === 'reject' && !reason)
      throw new AppError('validation_failed', 422, { reason: ['validation.required'] })
    const outcome =
      decision === 'approve' ? await handler.approve(caller, row) : await handler.reject(caller, row, reason!)
    return { outcome, approval: presentApproval((await this.repo.findById(this.db, id))!) }
  }

  async get(id: bigint): Promise<ApprovalRow | undefined> {
    return this.repo.findById(this.db, id)
  }

  /** The request pending for a target. */
  pendingFor(db: Executor, kind: ApprovalKind, targetType: string, targetId: string | bigint) {
    return this.repo.findPending(db, kind, targetType, targetId.toString())
  }

  /** The latest request of a target, whatever its state. */
  latestFor(targetType: string, targetId: string | bigint) {
    return this.repo.findLatest(this.db, targetType, targetId.toString())
  }

  /** The requests of the kinds the caller may see (their module's view permission), paged. */
  async list(
    caller: StaffCaller,
    query: { state?: ApprovalState; kind?: ApprovalKind; page?: number; per_page?: number },
  ) {
    const perPage = query.per_page ?? 50
    const page = query.page ?? 1
    const kinds = [...this.handlers]
      .filter(([, h]) => grants(caller.permissions, h.permission.replace(/:approve$/, ':view') as Permission))
      .map(([kind]) => kind)
      .filter((kind) => query.kind === undefined || kind === query.kind)
    const { rows, total } = await this.repo.page(
      this.db,
      { state: query.state, kinds },
      { offset: (page - 1) * perPage, limit: perPage },
    )
    return {
      data: rows.map(presentApproval),
      pagination: { page, per_page: perPage, total_count: total },
    }
  }
}

/** What the audit log keeps of a request. */
function snapshot(row: ApprovalRow) {
  return {
    kind: row.kind,
    target: `${row.target_type}:${row.target_id}`,
    amount_cents: row.amount_cents.toString(),
    currency: row.currency,
    state: row.state,
    requested_by: row.requested_by.toString(),
    decided_by: row.decided_by?.toString() ?? null,
  }
}
