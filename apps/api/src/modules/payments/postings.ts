import type { Executor } from '../../db/client.ts'
import type { Ledger, PostResult } from '../ledger/index.ts'
import type { PaymentRow } from './mapping.ts'

/**
 * The ledger postings of a payment (docs/payments.md "Money flows"). Each key names the payment
 * and the step, so a replayed step moves nothing; fees go to house_fees in the same transaction.
 */
type Payment = Pick<PaymentRow, 'id' | 'user_id' | 'currency' | 'amount_cents' | 'fee_cents'>

const player = (p: Payment) => ({ user: p.user_id, kind: 'player_real' as const, currency: p.currency })
const house = (p: Payment, kind: 'house_payments' | 'house_withdrawals' | 'house_fees') => ({
  house: kind,
  currency: p.currency,
})
const feePosting = (p: Payment, sign: 1n | -1n) =>
  p.fee_cents > 0n ? [{ account: house(p, 'house_fees'), amount: sign * p.fee_cents }] : []

/** A deposit succeeded: the player paid amount + fee, the amount is credited. */
export function creditDeposit(ledger: Ledger, tx: Executor, p: Payment): Promise<PostResult> {
  return ledger.postWith(tx, {
    key: `payment:${p.id}:credit`,
    kind: 'deposit',
    userId: p.user_id,
    metadata: { payment_id: Number(p.id) },
    postings: [
      { account: house(p, 'house_payments'), amount: -(p.amount_cents + p.fee_cents) },
      { account: player(p), amount: p.amount_cents },
      ...feePosting(p, 1n),
    ],
  })
}

/** A withdrawal was requested: amount + fee leave the player's balance and are held. */
export function holdWithdrawal(ledger: Ledger, tx: Executor, p: Payment): Promise<PostResult> {
  return ledger.postWith(tx, {
    key: `payment:${p.id}:hold`,
    kind: 'cashout',
    userId: p.user_id,
    metadata: { payment_id: Number(p.id) },
    postings: [
      { account: player(p), amount: -(p.amount_cents + p.fee_cents) },
      { account: house(p, 'house_withdrawals'), amount: p.amount_cents },
      ...feePosting(p, 1n),
    ],
  })
}

/** Recalled by the player or rejected by the operator: the held amount and the fee come back. */
export function releaseWithdrawal(
  ledger: Ledger,
  tx: Executor,
  p: Payment,
  kind: 'cashout_recall' | 'cashout_reject',
): Promise<PostResult> {
  return ledger.postWith(tx, {
    key: `payment:${p.id}:release`,
    kind,
    userId: p.user_id,
    metadata: { payment_id: Number(p.id) },
    postings: [
      { account: house(p, 'house_withdrawals'), amount: -p.amount_cents },
      ...feePosting(p, -1n),
      { account: player(p), amount: p.amount_cents + p.fee_cents },
    ],
  })
}

/** Paid out by the operator: the held money leaves the casino. */
export function payWithdrawal(ledger: Ledger, tx: Executor, p: Payment): Promise<PostResult> {
  return ledger.postWith(tx, {
    key: `payment:${p.id}:payout`,
    kind: 'cashout',
    userId: p.user_id,
    metadata: { payment_id: Number(p.id), payout: true },
    postings: [
      { account: house(p, 'house_withdrawals'), amount: -p.amount_cents },
      { account: house(p, 'house_payments'), amount: p.amount_cents },
    ],
  })
}
