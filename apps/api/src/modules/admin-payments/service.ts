import type { Clock } from '@aurum/db'
import { parseBound } from '@aurum/shared/contracts/history'
import type {
  AdminPayment,
  AdminPaymentsCsvQuery,
  AdminPaymentsQuery,
} from '@aurum/shared/contracts/admin-payments'
import type { Database } from '../../db/client.ts'
import { csvAmount, csvLine, csvText, csvValue } from '../../lib/csv.ts'
import { AppError } from '../../lib/errors.ts'
import {
  actorOf,
  presentApproval,
  type ApprovalRow,
  type ApprovalService,
  type StaffCaller,
} from '../approvals/service.ts'
import { PROCESSING_GRACE_MS, type Decider, type PaymentService } from '../payments/service.ts'
import { AdminPaymentsRepository, type AdminPaymentFilters, type AdminPaymentRow } from './repository.ts'

const CSV_PAGE = 1_000
const STUCK_LIMIT = 500
const CSV_COLUMNS = [
  'id',
  'created_at',
  'finished_at',
  'player_id',
  'email',
  'action',
  'method',
  'currency',
  'amount',
  'fee',
  'state',
  'provider',
  'provider_reference',
  'reason',
]

/** The filters of the list's query (validated by the contract). */
export function paymentFilters(query: AdminPaymentsCsvQuery): AdminPaymentFilters {
  return {
    from: query.from === undefined ? undefined : parseBound(query.from, false),
    to: query.to === undefined ? undefined : parseBound(query.to, true),
    action: query.action === undefined ? undefined : query.action === 'withdrawal' ? 'cashout' : 'deposit',
    state: query.state,
    currency: query.currency,
    userId: query.player_id === undefined ? undefined : BigInt(query.player_id),
    amountMin: query.amount_min === undefined ? undefined : BigInt(query.amount_min),
    amountMax: query.amount_max === undefined ? undefined : BigInt(query.amount_max),
  }
}

/** The decider of a staff member's call: their audit actor and request. */
const deciderOf = (caller: StaffCaller, inTx?: Decider['inTx']): Decider => ({
  actor: actorOf(caller),
  request: caller.request,
  inTx,
  pendingOnly: true,
})

/**
 * The back office's payments (docs/backoffice.md "Payments"): the list and its export, a payment's
 * page, the withdrawal queue's decisions through PaymentService.operatorDecide (four-eyes above
 * the threshold: the first approval opens a request, a different member's approval pays it), and
 * the reconciliation of payments stuck in flight. Withdrawals' four-eyes requests are carried out
 * here (ApprovalService's `withdrawal` handler).
 */
export class AdminPaymentsService {
  private repo: AdminPaymentsRepository

  constructor(
    private db: Database,
    private payments: PaymentService,
    private approvals: ApprovalService,
    private clock: Clock,
  ) {
    this.repo = new AdminPaymentsRepository(db)
    approvals.register('withdrawal', {
      permission: 'payments:approve',
      approve: (caller, request) => this.carryOut(caller, request, 'approve'),
      reject: (caller, request, reason) => this.carryOut(caller, request, 'reject', reason),
    })
  }

  private present(row: AdminPaymentRow): AdminPayment {
    return {
      id: row.id.toString(),
      player: { id: row.user_id.toString(), email: row.email },
      action: row.action === 'cashout' ? 'withdrawal' : 'deposit',
      method_id: row.method_id,
      currency: row.currency,
      amount_cents: row.amount_cents.toString(),
      fee_cents: row.fee_cents.toString(),
      state: row.state as AdminPayment['state'],
      recallable: row.recallable,
      provider: row.provider,
      provider_reference: row.provider_reference,
      cancellation_reason: row.cancellation_reason,
      details: row.details,
      created_at: row.created_at.toISOString(),
      finished_at: row.finished_at?.toISOString() ?? null,
      four_eyes:
        row.action === 'cashout' &&
        this.approvals.needsSecondApproval('withdrawal', row.currency, row.amount_cents),
    }
  }

  async list(query: AdminPaymentsQuery) {
    const perPage = query.per_page ?? 50
    const page = query.page ?? 1
    const { rows, total } = await this.repo.page(
      paymentFilters(query),
      query.sort ?? '-created_at',
      (page - 1) * perPage,
      perPage,
    )
    return {
      data: rows.map((r) => this.present(r)),
      pagination: { page, per_page: perPage, total_count: total },
    }
  }

  /** Every payment the filters find as RFC 4180 CSV, a page at a time. */
  async *csv(query: AdminPaymentsCsvQuery): AsyncGenerator<string> {
    yield csvLine(CSV_COLUMNS)
    const filters = paymentFilters(query)
    for (let offset = 0; ; offset += CSV_PAGE) {
      const { rows } = await this.repo.page(filters, query.sort ?? '-created_at', offset, CSV_PAGE)
      let chunk = ''
      for (const row of rows) {
        chunk += csvLine([
          csvValue(row.id),
          csvValue(row.created_at.toISOString()),
          csvValue(row.finished_at?.toISOString()),
          csvValue(row.user_id),
          csvText(row.email),
          csvValue(row.action === 'cashout' ? 'withdrawal' : 'deposit'),
          csvText(row.method_id),
          csvValue(row.currency),
          csvAmount(row.amount_cents, row.currency),
          csvAmount(row.fee_cents, row.currency),
          csvValue(row.state),
          csvText(row.provider),
          csvText(row.provider_reference),
          csvText(row.cancellation_reason),
        ])
      }
      if (chunk) yield chunk
      if (rows.length < CSV_PAGE) return
    }
  }

  async detail(id: bigint) {
    const row = await this.repo.findById(id)
    if (!row) throw new AppError('not_found', 404)
    const history = await this.repo.history(row)
    const approval = await this.approvals.latestFor('payment', id)
    return {
      ...this.present(row),
      history: history.map((h) => ({ type: h.type, state: h.state, at: new Date(h.at).toISOString() })),
      approval: approval ? presentApproval(approval) : null,
    }
  }

  /** Payments in flight for longer than `minutes` (default: the reconciler's grace period). */
  async stuck(minutes?: number) {
    const ms = minutes === undefined ? PROCESSING_GRACE_MS : minutes * 60_000
    const rows = await this.repo.stuck(new Date(this.clock.now().getTime() - ms), STUCK_LIMIT)
    return rows.map((r) => this.present(r))
  }

  private async answer(id: bigint) {
    return this.present((await this.repo.findById(id))!)
  }

  /**
   * Approves a payment. A withdrawal above the four-eyes threshold is paid only on a second
   * member's approval: the first opens the request (`awaiting_second_approval`), a different
   * member's approval pays it, the requester's own is refused (422 `own_request`).
   */
  async approve(caller: StaffCaller, id: bigint, note?: string) {
    const payment = await this.payments.byId(id)
    if (!payment) throw new AppError('not_found', 404)
    if (
      payment.action === 'cashout' &&
      payment.state === 'pending' &&
      this.approvals.needsSecondApproval('withdrawal', payment.currency, payment.amount_cents)
    ) {
      const { row, created } = await this.db.transaction(async (tx) => {
        // Paid out or rejected since it was read (a second approval at the same time): no new request.
        if (!(await this.repo.lockPendingWithdrawal(tx, id))) throw new AppError('not_pending', 422)
        return this.approvals.open(tx, caller, {
          kind: 'withdrawal',
          target: { type: 'payment', id },
          userId: payment.user_id,
          amount: payment.amount_cents,
          currency: payment.currency,
          payload: { method_id: payment.method_id, fee_cents: payment.fee_cents.toString() },
          reason: note,
        })
      })
      if (created) return { status: 'awaiting_second_approval' as const, approval: presentApproval(row) }
      // A request is waiting: this is the second approval (refused if it is the requester's own).
      const { approval } = await this.approvals.decide(caller, row.id, 'approve')
      return { status: 'decided' as const, payment: await this.answer(id), approval }
    }
    await this.payments.operatorDecide(deciderOf(caller), id, 'approve', note)
    return { status: 'decided' as const, payment: await this.answer(id), approval: null }
  }

  /** Rejects a payment with a reason; a withdrawal's pending four-eyes request is rejected with it. */
  async reject(caller: StaffCaller, id: bigint, reason: string) {
    const payment = await this.payments.byId(id)
    if (!payment) throw new AppError('not_found', 404)
    const open = await this.approvals.pendingFor(this.db, 'withdrawal', 'payment', id)
    if (open) {
      const { approval } = await this.approvals.decide(caller, open.id, 'reject', reason)
      return { status: 'decided' as const, payment: await this.answer(id), approval }
    }
    await this.payments.operatorDecide(deciderOf(caller), id, 'reject', reason)
    return { status: 'decided' as const, payment: await this.answer(id), approval: null }
  }

  /** Runs the reconciler for one payment stuck in flight. */
  async reconcile(caller: StaffCaller, id: bigint) {
    await this.payments.reconcileOne(deciderOf(caller), id)
    return this.answer(id)
  }

  /**
   * Carries out a withdrawal's four-eyes request: the request changes state in the transaction
   * that changes the payment (paying out: the one that marks it `processing`; rejecting: the one
   * that returns the money). A withdrawal no longer pending (recalled by the player) cancels the
   * request instead.
   */
  private async carryOut(
    caller: StaffCaller,
    request: ApprovalRow,
    decision: 'approve' | 'reject',
    reason?: string,
  ) {
    const id = BigInt(request.target_id)
    const payment = await this.payments.byId(id)
    if (payment?.state !== 'pending') {
      await this.db.transaction((tx) =>
        this.approvals.cancel(tx, caller, request.id, `payment is ${payment?.state ?? 'gone'}`),
      )
      throw new AppError('not_pending', 422)
    }
    return this.payments.operatorDecide(
      deciderOf(caller, (tx) => this.approvals.claim(tx, caller, request.id, decision, reason)),
      id,
      decision,
      reason,
    )
  }
}
