import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import { PROCESSING_GRACE_MS, type FaultPoint, type PaymentService } from './service.ts'
import { balance, CARDS, client, fund, dieAtPoint, paymentRow } from './testing.ts'

/**
 * Withdrawals in flight (docs/payments.md "Payouts in flight"): the operator's approval marks the
 * withdrawal `processing` before the provider is asked to pay, and the provider pays once per
 * withdrawal id; a node that dies between the payout and its record leaves a row the reconciler
 * finishes from the provider's answer through the same guarded change as the operator path:
 * one payout, one ledger posting, one notice, and never both paid out and given back.
 */
let ctx: TestContext
let payments: PaymentService
const clock = testClock()
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { clock })
  payments = ctx.app.services.payments
})
afterEach(() => {
  payments.faultHook = undefined
  vi.restoreAllMocks()
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx.close()
})

const dieAt = (point: FaultPoint) => dieAtPoint(payments, point)

/** The clock moved past the grace period a payout in flight gets. */
const afterGrace = () => clock.advance(PROCESSING_GRACE_MS + 1_000)

/**
 * The payouts the provider made, as its answers tell them: a payout is one reference, so a
 * second reference for the same withdrawal is money sent twice.
 */
function watchPayouts() {
  const provider = payments.provider
  const payout = provider.payout.bind(provider)
  const references = new Map<string, Set<string>>()
  vi.spyOn(provider, 'payout').mockImplementation(async (request) => {
    const answer = await payout(request)
    const id = request.paymentId.toString()
    references.set(id, (references.get(id) ?? new Set()).add(answer.reference))
    return answer
  })
  return (id: bigint) => references.get(id.toString())?.size ?? 0
}

/** Ledger transactions of one step of a withdrawal (`payout`, `release`). */
const postings = async (id: bigint, step: 'payout' | 'release') =>
  (
    await ctx.db.query('SELECT id FROM ledger_transactions WHERE idempotency_key = $1', [
      `payment:${id}:${step}`,
    ])
  ).length

/** Notices of one payment published to the player's own channel (the funding deposit has its own). */
/** The realtime consumer has applied what the outbox holds (the notices are its publications). */
const told = () => ctx.app.services.eventLog.drain('realtime')

const noticesOf = (publish: { mock: { calls: unknown[][] } }, userId: number, id: bigint) =>
  publish.mock.calls
    .filter(
      ([channel, data]) =>
        channel === `payments_changes#${userId}` && (data as { id?: string }).id === String(id),
    )
    .map(([, data]) => data)

/** A player with 100 EUR who asked to withdraw `amount` (pending, held). */
async function pendingWithdrawal(amount = 3_000) {
  const player = await registerPlayer(ctx.app, { currency: 'EUR' })
  await fund(ctx, player.sid, 10_000)
  const res = await client(ctx, player.sid).submit({
    action: 'cashout',
    amount_cents: amount,
    fields: { card_number: CARDS.approve },
  })
  expect(res.json().payment).toMatchObject({ state: 'pending', recallable: true })
  const id = BigInt(res.json().payment.id as number)
  const recall = () => client(ctx, player.sid).post(`/api/player/payments/${id}/recall`)
  return { player, id, recall }
}

describe('payouts left in flight', () => {
  it('a payout whose node died after the provider paid is finished once by the reconciler, the player told once', async () => {
    const publish = vi.spyOn(ctx.app.realtime, 'publish')
    const payoutsOf = watchPayouts()
    const { player, id, recall } = await pendingWithdrawal()
    dieAt('payout_answered')
    await expect(payments.operatorDecide({ actor: 'cli' }, id, 'approve')).rejects.toThrow(
      'killed at payout_answered',
    )
    payments.faultHook = undefined
    // A recognisable row in flight: being paid out, no longer the player's to take back.
    expect(await paymentRow(ctx, Number(id))).toMatchObject({
      state: 'processing',
      provider_reference: null,
    })
    expect((await recall()).json().code).toBe('not_recallable')
    const atProvider = await payments.provider.status(id)
    expect(atProvider).toMatchObject({ status: 'approved', reference: expect.stringMatching(/^sbx_po_/) })
    // Within the grace period it may still be in flight on another node: left alone.
    expect(await payments.reconcileInFlight()).toBe(0)

    afterGrace()
    expect(await payments.reconcileInFlight()).toBe(1)
    const row = await paymentRow(ctx, Number(id))
    expect(row).toMatchObject({
      state: 'succeeded',
      provider_reference: (atProvider as { reference: string }).reference,
    })
    expect(await postings(id, 'payout')).toBe(1)
    expect(await postings(id, 'release')).toBe(0)
    expect(payoutsOf(id)).toBe(1)
    expect(await payments.reconcileInFlight()).toBe(0)
    await told()
    expect(noticesOf(publish, player.id, id)).toEqual([
      expect.objectContaining({ id: String(id), success: true, type: 'succeeded' }),
    ])
    expect(await balance(ctx, player.sid)).toBe(7_000)
  })

  it('a second approval after a crash finishes the payout without paying twice', async () => {
    const payoutsOf = watchPayouts()
    const { id } = await pendingWithdrawal()
    dieAt('payout_answered')
    await expect(payments.operatorDecide({ actor: 'cli' }, id, 'approve')).rejects.toThrow(
      'killed at payout_answered',
    )
    payments.faultHook = undefined
    // The operator, seeing it still unfinished, approves again at once (no grace period: the
    // provider pays once per withdrawal id).
    expect((await payments.operatorDecide({ actor: 'cli' }, id, 'approve')).state).toBe('succeeded')
    expect(payoutsOf(id)).toBe(1)
    expect(await postings(id, 'payout')).toBe(1)
    await expect(payments.operatorDecide({ actor: 'cli' }, id, 'approve')).rejects.toThrow('not_pending')
  })

  it('a payout answer lost on the way back is asked for, and a second approval does not pay again', async () => {
    const payoutsOf = watchPayouts()
    const { id } = await pendingWithdrawal()
    const provider = payments.provider
    const payout = provider.payout.bind(provider)
    vi.spyOn(provider, 'payout').mockImplementationOnce(async (request) => {
      await payout(request)
      throw new Error('socket hang up')
    })
    await payments.operatorDecide({ actor: 'cli' }, id, 'approve').catch(() => undefined)
    const again = await payments.operatorDecide({ actor: 'cli' }, id, 'approve').catch((err: unknown) => err)
    // The provider paid on the first call: the casino records that payout, it does not send another.
    expect(payoutsOf(id)).toBeLessThanOrEqual(1)
    expect(await payments.provider.status(id)).toMatchObject({ status: 'approved' })
    expect((await paymentRow(ctx, Number(id))).state).toBe('succeeded')
    expect(again).toBeInstanceOf(Error)
    expect(await postings(id, 'payout')).toBe(1)
  })

  it('a payout the provider never received is sent again by the reconciler, once', async () => {
    const payoutsOf = watchPayouts()
    const { id } = await pendingWithdrawal()
    dieAt('payout_sending')
    await expect(payments.operatorDecide({ actor: 'cli' }, id, 'approve')).rejects.toThrow(
      'killed at payout_sending',
    )
    payments.faultHook = undefined
    expect(await payments.provider.status(id)).toEqual({ status: 'unknown' })
    afterGrace()
    expect(await payments.reconcileInFlight()).toBe(1)
    expect((await paymentRow(ctx, Number(id))).state).toBe('succeeded')
    expect(payoutsOf(id)).toBe(1)
    expect(await postings(id, 'payout')).toBe(1)
    // The original request, delayed somewhere, arrives now: the provider answers its first payout.
    const late = await payments.provider.payout({
      paymentId: id,
      methodId: 'card',
      currency: 'EUR',
      amountCents: 3_000n,
      instrument: { kind: 'none' },
    })
    expect(late).toMatchObject({ status: 'approved' })
    expect(payoutsOf(id)).toBe(1)
  })

  it('an operator’s reject of a payout in flight stops it only where the provider never got it', async () => {
    const payoutsOf = watchPayouts()
    // Never sent: canceled at the provider, the money goes back to the player.
    const never = await pendingWithdrawal()
    dieAt('payout_sending')
    await expect(payments.operatorDecide({ actor: 'cli' }, never.id, 'approve')).rejects.toThrow('killed at')
    payments.faultHook = undefined
    const rejected = await payments.operatorDecide({ actor: 'cli' }, never.id, 'reject', 'Changed my mind.')
    expect(rejected).toMatchObject({ state: 'rejected', cancellation_reason: 'Changed my mind.' })
    expect(await balance(ctx, never.player.sid)).toBe(10_000)
    expect(await postings(never.id, 'release')).toBe(1)
    // The request, delayed somewhere, arrives at the provider now: refused, nothing is paid.
    const late = await payments.provider.payout({
      paymentId: never.id,
      methodId: 'card',
      currency: 'EUR',
      amountCents: 3_000n,
      instrument: { kind: 'none' },
    })
    expect(late).toMatchObject({ status: 'declined', reason: 'provider_error' })
    expect(await postings(never.id, 'payout')).toBe(0)

    // Already paid by the provider: a reject cannot take the money back, the payout is recorded.
    const paid = await pendingWithdrawal()
    dieAt('payout_answered')
    await expect(payments.operatorDecide({ actor: 'cli' }, paid.id, 'approve')).rejects.toThrow('killed at')
    payments.faultHook = undefined
    expect((await payments.operatorDecide({ actor: 'cli' }, paid.id, 'reject', 'too late')).state).toBe(
      'succeeded',
    )
    expect(await balance(ctx, paid.player.sid)).toBe(7_000)
    expect(payoutsOf(paid.id)).toBe(1)
    expect(await postings(paid.id, 'release')).toBe(0)
  })

  it('a recall arriving while the provider is paying out is refused: the money is not both sent and returned', async () => {
    const payoutsOf = watchPayouts()
    const { player, id, recall } = await pendingWithdrawal()
    const provider = payments.provider
    const payout = provider.payout.bind(provider)
    let recalled: Awaited<ReturnType<typeof recall>> | undefined
    vi.spyOn(provider, 'payout').mockImplementationOnce(async (request) => {
      // The player presses "recall" while the provider works on the payout.
      recalled = await recall()
      return payout(request)
    })
    const decided = await payments
      .operatorDecide({ actor: 'cli' }, id, 'approve')
      .catch((err: unknown) => err)
    expect(recalled!.statusCode).toBe(422)
    expect(decided).toMatchObject({ state: 'succeeded' })
    expect(payoutsOf(id)).toBe(1)
    expect(await postings(id, 'release')).toBe(0)
    expect(await balance(ctx, player.sid)).toBe(7_000)
  })

  it('two approvals, two reconcilers and a recall racing: paid out once or given back once, never both', async () => {
    const publish = vi.spyOn(ctx.app.realtime, 'publish')
    const payoutsOf = watchPayouts()
    afterGrace()
    // Several rounds: on PostgreSQL the five run on separate connections, in whatever order.
    for (let round = 0; round < 6; round++) {
      const { player, id, recall } = await pendingWithdrawal()
      const settled = await Promise.allSettled([
        payments.operatorDecide({ actor: 'cli' }, id, 'approve'),
        payments.operatorDecide({ actor: 'cli' }, id, 'approve'),
        payments.reconcileInFlight(),
        payments.reconcileInFlight(),
        recall(),
      ])
      for (const s of settled) {
        if (s.status === 'rejected') expect(String(s.reason)).toMatch(/not_pending/)
      }
      const { state } = await paymentRow(ctx, Number(id))
      expect(['succeeded', 'recalled']).toContain(state)
      const paidOut = state === 'succeeded' ? 1 : 0
      expect(payoutsOf(id)).toBe(paidOut)
      expect(await postings(id, 'payout')).toBe(paidOut)
      expect(await postings(id, 'release')).toBe(1 - paidOut)
      expect(await balance(ctx, player.sid)).toBe(paidOut ? 7_000 : 10_000)
      await told()
      expect(noticesOf(publish, player.id, id)).toHaveLength(1)
    }
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })
})
