import type { Clock } from '@aurum/db'
import { CURRENCIES } from '@aurum/shared/currencies'
import type { AdjustmentBody, BalanceAdjustment } from '@aurum/shared/contracts/admin-payments'
import type { Database, Executor } from '../../db/client.ts'
import type { EventOutbox } from '../../events/outbox.ts'
import { AppError } from '../../lib/errors.ts'
import type { AuditLog } from '../audit/service.ts'
import {
  actorOf,
  presentApproval,
  type ApprovalRow,
  type ApprovalService,
  type StaffCaller,
} from '../approvals/service.ts'
import type { Ledger } from '../ledger/index.ts'
import { openWallet } from '../wallets/service.ts'
import { AdjustmentsRepository, type AdjustmentRow } from './repository.ts'

/** How many adjustments a player's list shows. */
const LIST_LIMIT = 200

export function presentAdjustment(row: AdjustmentRow): BalanceAdjustment {
  return {
    id: row.id.toString(),
    player_id: row.user_id.toString(),
    currency: row.currency,
    amount_cents: row.amount_cents.toString(),
    kind: row.kind,
    reason: row.reason,
    state: row.state,
    requested_by: { id: row.requested_by.toString(), email: row.requested_by_email },
    ledger_transaction_id: row.ledger_transaction_id?.toString() ?? null,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  }
}

/**
 * Manual balance adjustments (docs/backoffice.md "Balance adjustments"): a staff member credits or
 * debits a player's real money with a reason, as one ledger transaction (kind `adjustment`) between
 * the player's account and the house's `house_adjustments`; a player's balance never goes below
 * zero (422 `insufficient_funds`). Above the four-eyes threshold the adjustment waits for a second
 * member with `players:approve`. A client's idempotency key makes a retry answer the first one.
 * The player's open pages are told of the new balance through the outbox (`balance.adjusted`).
 */
export class AdjustmentService {
  private repo = new AdjustmentsRepository()

  constructor(
    private db: Database,
    private ledger: Ledger,
    private events: EventOutbox,
    private audit: AuditLog,
    private approvals: ApprovalService,
    private clock: Clock,
  ) {
    approvals.register('balance_adjustment', {
      permission: 'players:approve',
      approve: (caller, request) => this.decidePending(caller, request, 'approve'),
      reject: (caller, request, reason) => this.decidePending(caller, request, 'reject', reason),
    })
  }

  /**
   * Asks for an adjustment: applied at once up to the threshold, else pending a second member's
   * approval (`awaiting_second_approval`). A replayed idempotency key answers the first adjustment;
   * the same key with another amount or currency is refused (422 `idempotency_conflict`).
   */
  async request(caller: StaffCaller, userId: bigint, body: AdjustmentBody) {
    const amount = BigInt(body.amount_cents)
    const fourEyes = this.approvals.needsSecondApproval('balance_adjustment', body.currency, amount)
    const result = await this.db.transaction(async (tx) => {
      if (!(await this.repo.playerExists(tx, userId))) throw new AppError('not_found', 404)
      const id = await this.repo.insert(tx, {
        userId,
        currency: body.currency,
        amount,
        reason: body.reason,
        state: fourEyes ? 'pending' : 'applied',
        idempotencyKey: body.idempotency_key,
        requestedBy: caller.id,
        createdAt: this.clock.now(),
      })
      if (id === undefined) return undefined
      const row = (await this.repo.findById(tx, id))!
      if (!fourEyes) {
        await this.apply(tx, caller, row)
        return { id, approval: null }
      }
      await this.audit.record(tx, {
        actor: actorOf(caller),
        action: 'balance.adjustment_requested',
        target: { type: 'player', id: userId },
        after: { adjustment_id: id.toString(), currency: row.currency, amount_cents: amount.toString() },
        reason: body.reason,
        request: caller.request,
      })
      const { row: approval } = await this.approvals.open(tx, caller, {
        kind: 'balance_adjustment',
        target: { type: 'balance_adjustment', id },
        userId,
        amount,
        currency: body.currency,
        payload: { reason: body.reason },
        reason: body.reason,
      })
      return { id, approval }
    })
    if (!result) {
      const first = (await this.repo.findByKey(this.db, userId, body.idempotency_key))!
      if (first.amount_cents !== amount || first.currency !== body.currency)
        throw new AppError('idempotency_conflict', 422)
      return this.answer(first)
    }
    const row = (await this.repo.findById(this.db, result.id))!
    return {
      status: result.approval ? ('awaiting_second_approval' as const) : ('decided' as const),
      adjustment: presentAdjustment(row),
      approval: result.approval ? presentApproval(result.approval) : null,
    }
  }

  private async answer(row: AdjustmentRow) {
    const approval = await this.approvals.latestFor('balance_adjustment', row.id)
    return {
      status: row.state === 'pending' ? ('awaiting_second_approval' as const) : ('decided' as const),
      adjustment: presentAdjustment(row),
      approval: approval ? presentApproval(approval) : null,
    }
  }

  /** Per known currency, the amount above which an adjustment needs a second member (minor units). */
  thresholds(): Record<string, string> {
    return Object.fromEntries(
      CURRENCIES.map(({ code }) => [code, this.approvals.threshold('balance_adjustment', code).toString()]),
    )
  }

  async list(userId: bigint): Promise<BalanceAdjustment[]> {
    if (!(await this.repo.playerExists(this.db, userId))) throw new AppError('not_found', 404)
    return (await this.repo.listOf(this.db, userId, LIST_LIMIT)).map(presentAdjustment)
  }

  /** The ledger transaction of an adjustment, its state, its audit entry and its event, in `tx`. */
  private async apply(tx: Executor, caller: StaffCaller, row: AdjustmentRow): Promise<void> {
    await openWallet(tx, this.ledger, row.user_id, row.currency, false)
    const posted = await this.ledger.postWith(tx, {
      key: `adjustment:${row.id}`,
      kind: 'adjustment',
      userId: row.user_id,
      metadata: { adjustment_id: row.id.toString(), staff_id: row.requested_by.toString() },
      postings: [
        {
          account: { user: row.user_id, kind: 'player_real', currency: row.currency },
          amount: row.amount_cents,
        },
        { account: { house: 'house_adjustments', currency: row.currency }, amount: -row.amount_cents },
      ],
    })
    if (!(await this.repo.markApplied(tx, row.id, posted.transactionId, this.clock.now())))
      throw new AppError('not_pending', 422)
    const after = posted.entries.find((e) => e.amount === row.amount_cents)?.balanceAfter
    await this.audit.record(tx, {
      actor: actorOf(caller),
      action: 'balance.adjusted',
      target: { type: 'player', id: row.user_id },
      before:
        after === undefined
          ? undefined
          : { currency: row.currency, balance: (after - row.amount_cents).toString() },
      after: {
        currency: row.currency,
        balance: after?.toString() ?? null,
        adjustment_id: row.id.toString(),
        amount_cents: row.amount_cents.toString(),
        ledger_transaction_id: posted.transactionId.toString(),
      },
      reason: row.reason,
      request: caller.request,
    })
    await this.events.emit(tx, 'balance.adjusted', row.user_id, {
      adjustment_id: row.id.toString(),
      currency: row.currency,
      amount: row.amount_cents.toString(),
    })
  }

  /** A second member's decision on a pending adjustment: the request and the adjustment in one transaction. */
  private async decidePending(
    caller: StaffCaller,
    request: ApprovalRow,
    decision: 'approve' | 'reject',
    reason?: string,
  ) {
    const id = BigInt(request.target_id)
    return this.db.transaction(async (tx) => {
      await this.approvals.claim(tx, caller, request.id, decision, reason)
      const row = await this.repo.findById(tx, id)
      if (row?.state !== 'pending') throw new AppError('not_pending', 422)
      if (decision === 'approve') await this.apply(tx, caller, row)
      else {
        await this.repo.markRejected(tx, id, this.clock.now())
        await this.audit.record(tx, {
          actor: actorOf(caller),
          action: 'balance.adjustment_rejected',
          target: { type: 'player', id: row.user_id },
          before: { adjustment_id: id.toString(), state: 'pending' },
          after: { adjustment_id: id.toString(), state: 'rejected' },
          reason,
          request: caller.request,
        })
      }
      return presentAdjustment((await this.repo.findById(tx, id))!)
    })
  }
}
