import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app.ts'
import { ConfigError, loadConfig } from '../../config.ts'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import { SandboxProvider } from './sandbox-provider.ts'
import { PROCESSING_GRACE_MS, type FaultPoint, type PaymentService } from './service.ts'
import { balance, CARDS, cardFields, client, deliver, dieAtPoint, paymentRow } from './testing.ts'

/**
 * Deposits left in flight (docs/payments.md "Payments in flight"): a node that dies between
 * asking the provider and recording its answer leaves the payment in `processing`; the
 * reconciler asks the provider's status and finishes it through the same guarded state change as
 * the normal path and the callbacks, once.
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

let keys = 0
const newKey = () => `reconcile-${process.pid}-${++keys}`

const dieAt = (point: FaultPoint) => dieAtPoint(payments, point)

/** The clock moved past the grace period a payment in flight gets. */
const afterGrace = () => clock.advance(PROCESSING_GRACE_MS + 1_000)

/** Payment notices published to the player's own channel. */
/** The realtime consumer has applied what the outbox holds (the notices are its publications). */
const told = () => ctx.app.services.eventLog.drain('realtime')

const noticesOf = (publish: { mock: { calls: unknown[][] } }, userId: number) =>
  publish.mock.calls.filter(([channel]) => channel === `payments_changes#${userId}`).map(([, data]) => data)

const credits = async (paymentId: number) =>
  (
    await ctx.db.query('SELECT id FROM ledger_transactions WHERE idempotency_key = $1', [
      `payment:${paymentId}:credit`,
    ])
  ).length

async function stuckDeposit(point: FaultPoint, fields = cardFields(), amount = 2_500) {
  const player = await registerPlayer(ctx.app, { currency: 'EUR' })
  const api = client(ctx, player.sid)
  const key = newKey()
  dieAt(point)
  const died = await api.submit({ amount_cents: amount, fields }, { 'idempotency-key': key })
  payments.faultHook = undefined
  expect(died.statusCode).toBe(500)
  const [row] = await ctx.db.query<{ id: bigint; state: string }>(
    'SELECT id, state FROM payments WHERE user_id = $1 AND idempotency_key = $2',
    [player.id, key],
  )
  expect(row!.state).toBe('processing')
  const retry = () => api.submit({ amount_cents: amount, fields }, { 'idempotency-key': key })
  return { player, api, key, id: Number(row!.id), retry }
}

describe('deposits left in flight', () => {
  it('an approved deposit whose node died before recording the answer is credited once, the player told once', async () => {
    const publish = vi.spyOn(ctx.app.realtime, 'publish')
    const { player, id, retry } = await stuckDeposit('deposit_answered')
    // Within the grace period it may still be in flight on another node: left alone.
    expect((await retry()).json().payment.state).toBe('processing')
    expect(await payments.reconcileInFlight()).toBe(0)

    afterGrace()
    expect(await payments.reconcileInFlight()).toBe(1)
    expect((await paymentRow(ctx, id)).state).toBe('succeeded')
    expect((await paymentRow(ctx, id)).provider_reference).toMatch(/^sbx_/)
    expect(await balance(ctx, player.sid)).toBe(2_500)
    expect(await credits(id)).toBe(1)
    // A second pass (another node, the next minute) finds nothing to do.
    expect(await payments.reconcileInFlight()).toBe(0)
    await told()
    expect(noticesOf(publish, player.id)).toEqual([
      expect.objectContaining({ id: String(id), success: true, type: 'succeeded' }),
    ])
    // The retried request answers the final state, the same payment.
    const again = await retry()
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ payment: { id, state: 'succeeded' }, next: { type: 'done' } })
    expect(await balance(ctx, player.sid)).toBe(2_500)
  })

  it('a retry with the same Idempotency-Key after the grace period reconciles the payment on the spot', async () => {
    const { player, id, retry } = await stuckDeposit('deposit_answered', cardFields(CARDS.declined))
    afterGrace()
    const again = await retry()
    expect(again.statusCode).toBe(200)
    expect(again.json().payment).toMatchObject({
      id,
      state: 'declined',
      cancellation_reason: 'The card was declined.',
    })
    expect(await balance(ctx, player.sid)).toBe(0)
    expect(await credits(id)).toBe(0)
  })

  it('a 3-D Secure deposit is reconciled to waiting on the provider page, and the retry redirects there', async () => {
    const { id, retry } = await stuckDeposit('deposit_answered', cardFields(CARDS.threeDs))
    afterGrace()
    const again = (await retry()).json()
    expect(again.payment).toMatchObject({ id, state: 'pending' })
    expect(again.next).toEqual({ type: 'redirect', url: payments.provider.pageUrl('three_ds', BigInt(id)) })
  })

  it('a deposit that never reached the provider is declined (provider_error), and the provider refuses it if it arrives late', async () => {
    const publish = vi.spyOn(ctx.app.realtime, 'publish')
    const { player, id, retry } = await stuckDeposit('deposit_sending')
    expect(await payments.provider.status(BigInt(id))).toEqual({ status: 'unknown' })
    afterGrace()
    expect(await payments.reconcileInFlight()).toBe(1)
    expect((await retry()).json().payment).toMatchObject({
      id,
      state: 'declined',
      cancellation_reason: 'The payment provider could not be reached.',
    })
    await told()
    expect(noticesOf(publish, player.id)).toHaveLength(1)
    // The request, delayed somewhere, reaches the provider now: it was canceled, nothing is charged.
    const late = await payments.provider.deposit({
      paymentId: BigInt(id),
      methodId: 'card',
      currency: 'EUR',
      amountCents: 2_500n,
      instrument: { kind: 'card', bin: '424242', last4: '4242', expiry: '12/39' },
    })
    expect(late).toMatchObject({ status: 'declined', reason: 'provider_error' })
    expect(await balance(ctx, player.sid)).toBe(0)
  })

  it('an answer lost on the way back (the call fails after the provider decided) is asked for again, not declined', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const provider = payments.provider
    const deposit = provider.deposit.bind(provider)
    vi.spyOn(provider, 'deposit').mockImplementationOnce(async (request) => {
      await deposit(request)
      throw new Error('socket hang up')
    })
    const res = await client(ctx, player.sid).submit({ amount_cents: 3_000, fields: cardFields() })
    expect(res.json().payment.state).toBe('succeeded')
    expect(await balance(ctx, player.sid)).toBe(3_000)
  })

  it('the normal path, two reconcilers and the provider’s callback racing finish the deposit once', async () => {
    const publish = vi.spyOn(ctx.app.realtime, 'publish')
    // Several rounds: on PostgreSQL the four run on separate connections, in whatever order.
    for (let round = 0; round < 4; round++) {
      const player = await registerPlayer(ctx.app, { currency: 'EUR' })
      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      let arrived!: () => void
      const answered = new Promise<void>((resolve) => (arrived = resolve))
      // The normal path waits between the provider's answer and its record.
      payments.faultHook = async (at) => {
        if (at !== 'deposit_answered') return
        arrived()
        await gate
      }
      const key = newKey()
      const submitting = client(ctx, player.sid).submit(
        { amount_cents: 4_000, fields: cardFields() },
        { 'idempotency-key': key },
      )
      await answered
      const [row] = await ctx.db.query<{ id: bigint }>(
        'SELECT id FROM payments WHERE user_id = $1 AND idempotency_key = $2',
        [player.id, key],
      )
      const id = Number(row!.id)
      const status = await payments.provider.status(BigInt(id))
      expect(status).toMatchObject({ status: 'approved' })
      afterGrace()
      const event = {
        id: SandboxProvider.eventId(),
        type: 'payment.succeeded' as const,
        payment_id: id,
        reference: (status as { reference: string }).reference,
      }
      const [submitted, , , callback] = await Promise.all([
        (async () => {
          release()
          return submitting
        })(),
        payments.reconcileInFlight(),
        payments.reconcileInFlight(),
        deliver(ctx, event),
      ])
      payments.faultHook = undefined
      expect(callback.statusCode).toBe(204)
      expect(submitted.json().payment).toMatchObject({ id, state: 'succeeded' })
      expect(await balance(ctx, player.sid)).toBe(4_000)
      expect(await credits(id)).toBe(1)
      await told()
      expect(noticesOf(publish, player.id)).toHaveLength(1)
    }
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })

  it('a node starting up finishes the deposits left in flight before it serves', async () => {
    const { player, id } = await stuckDeposit('deposit_answered', cardFields(), 1_700)
    // The crash was longer ago than the grace period (the nodes share the clock, as they share time).
    afterGrace()
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-reconcile-'))
    const second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      db: ctx.db,
      logger: false,
      clock,
    })
    try {
      await second.ready()
      expect((await paymentRow(ctx, id)).state).toBe('succeeded')
      expect(await balance(ctx, player.sid)).toBe(1_700)
    } finally {
      await second.close()
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  })

  it('an operator’s decision on a deposit left in flight is the provider’s answer, not the operator’s', async () => {
    const { player, id } = await stuckDeposit('deposit_answered', cardFields(), 1_200)
    // The provider approved (and charged the card): a "reject" must not leave the money uncredited.
    const after = await payments.operatorDecide({ actor: 'cli' }, BigInt(id), 'reject', 'looks odd')
    expect(after.state).toBe('succeeded')
    expect(await balance(ctx, player.sid)).toBe(1_200)
    // One that never reached the provider is not credited by an "approve".
    const never = await stuckDeposit('deposit_sending', cardFields(), 1_300)
    expect((await payments.operatorDecide({ actor: 'cli' }, BigInt(never.id), 'approve')).state).toBe(
      'declined',
    )
    expect(await balance(ctx, never.player.sid)).toBe(0)
  })

  it('the crash switch is refused in production and unknown points are refused everywhere', () => {
    const base = { DATA_DIR: os.tmpdir(), SESSION_SECRET: 's'.repeat(40), WALLET_SECRET: 'w'.repeat(40) }
    expect(
      loadConfig({ ...base, NODE_ENV: 'test', TEST_FAULT_POINT: 'deposit_answered' }).TEST_FAULT_POINT,
    ).toBe('deposit_answered')
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://casino.example',
        TEST_FAULT_POINT: 'deposit_answered',
      }),
    ).toThrow(/TEST_FAULT_POINT: a test-only crash switch/)
    expect(() => loadConfig({ ...base, NODE_ENV: 'test', TEST_FAULT_POINT: 'anywhere' })).toThrow(ConfigError)
  })
})
