import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import type { ProviderEvent } from './provider.ts'
import { SandboxProvider } from './sandbox-provider.ts'
import { balance, CARDS, cardFields, client, deliver, paymentRow } from './testing.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const amount = fc.integer({ min: 20, max: 300 }).map((n) => n * 100)
const op = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    amount,
    card: fc.constantFrom('approve', 'declined', 'insufficient'),
  }),
  fc.record({ kind: fc.constant('three_ds' as const), amount, approve: fc.boolean() }),
  fc.record({ kind: fc.constant('transfer' as const), amount, approve: fc.boolean() }),
  fc.record({ kind: fc.constant('withdraw' as const), amount }),
  fc.record({ kind: fc.constant('recall' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('operator' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({
    kind: fc.constant('redeliver' as const),
    pick: fc.nat(),
    times: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('forged' as const), pick: fc.nat() }),
)

/**
 * Random sequences of deposits (approved, declined, 3-D Secure, bank transfers), withdrawals,
 * recalls, operator decisions, duplicated and forged callbacks: the balance follows a simple
 * model, and the ledger's invariants hold after every sequence.
 */
describe('payment invariants', () => {
  it('hold for random sequences of payments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const player = await registerPlayer(ctx.app)
        await ctx.db.query(`UPDATE users SET first_name = 'Ada', last_name = 'Lovelace' WHERE id = $1`, [
          player.id,
        ])
        const api = client(ctx, player.sid)
        let model = 0
        const pendingCashouts: Array<{ id: number; amount: number }> = []
        const events: ProviderEvent[] = []
        const settle = async (id: number, approve: boolean) => {
          const { provider_reference } = await paymentRow(ctx, id)
          const event: ProviderEvent = {
            id: SandboxProvider.eventId(),
            type: approve ? 'payment.succeeded' : 'payment.failed',
            payment_id: id,
            reference: provider_reference!,
          }
          events.push(event)
          expect((await deliver(ctx, event)).statusCode).toBe(204)
        }
        for (const o of ops) {
          switch (o.kind) {
            case 'deposit': {
              const res = await api.submit({ amount_cents: o.amount, fields: cardFields(CARDS[o.card]) })
              expect(res.json().payment.state).toBe(o.card === 'approve' ? 'succeeded' : 'declined')
              if (o.card === 'approve') model += o.amount
              break
            }
            case 'three_ds':
            case 'transfer': {
              const res =
                o.kind === 'three_ds'
                  ? await api.submit({ amount_cents: o.amount, fields: cardFields(CARDS.threeDs) })
                  : await api.submit({ method_id: 'bank_transfer', amount_cents: o.amount, fields: {} })
              expect(res.json().payment.state).toBe('pending')
              await settle(res.json().payment.id, o.approve)
              if (o.approve) model += o.amount
              break
            }
            case 'withdraw': {
              const res = await api.submit({
                action: 'cashout',
                amount_cents: o.amount,
                fields: { card_number: CARDS.approve },
              })
              if (o.amount <= model) {
                expect(res.statusCode).toBe(200)
                pendingCashouts.push({ id: res.json().payment.id, amount: o.amount })
                model -= o.amount
              } else {
                expect(res.json().code).toBe('insufficient_funds')
              }
              break
            }
            case 'recall':
            case 'operator': {
              if (!pendingCashouts.length) break
              const [target] = pendingCashouts.splice(o.pick % pendingCashouts.length, 1)
              if (o.kind === 'recall') {
                expect((await api.post(`/api/player/payments/${target!.id}/recall`)).statusCode).toBe(200)
                model += target!.amount
              } else {
                await ctx.app.services.payments.operatorDecide(
                  { actor: 'cli' },
                  BigInt(target!.id),
                  o.approve ? 'approve' : 'reject',
                  'r',
                )
                if (!o.approve) model += target!.amount
              }
              break
            }
            case 'redeliver': {
              if (!events.length) break
              const event = events[o.pick % events.length]!
              const answers = await Promise.all(Array.from({ length: o.times }, () => deliver(ctx, event)))
              expect(answers.every((a) => a.statusCode === 204)).toBe(true)
              break
            }
            case 'forged': {
              if (!events.length) break
              const event = events[o.pick % events.length]!
              const res = await deliver(
                ctx,
                { ...event, id: SandboxProvider.eventId() },
                `sha256=${'a'.repeat(64)}`,
              )
              expect(res.statusCode).toBe(401)
              break
            }
          }
        }
        expect(await balance(ctx, player.sid)).toBe(model)
        expect((await checkLedger(ctx.db)).problems).toEqual([])
        // Each payment's postings exist exactly as its state says, each key once.
        const rows = await ctx.db.query<{ id: bigint; action: string; state: string; keys: string[] | null }>(
          `SELECT p.id, p.action, p.state,
             (SELECT array_agg(split_part(t.idempotency_key, ':', 3) ORDER BY t.id) FROM ledger_transactions t
               WHERE t.idempotency_key LIKE 'payment:' || p.id || ':%') AS keys
           FROM payments p WHERE p.user_id = $1`,
          [player.id],
        )
        for (const row of rows) {
          const keys = row.keys ?? []
          const expected =
            row.action === 'deposit'
              ? row.state === 'succeeded'
                ? ['credit']
                : []
              : {
                  pending: ['hold'],
                  succeeded: ['hold', 'payout'],
                  recalled: ['hold', 'release'],
                  rejected: ['hold', 'release'],
                }[row.state]
          expect(keys, `payment ${row.id} (${row.action}, ${row.state})`).toEqual(expected)
        }
      }),
      { numRuns: 12 },
    )
  }, 120_000)
})

describe('robustness', () => {
  it('never answers 500 to random bodies on the payments endpoints', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(
        'EUR',
        'BTC',
        'card',
        'cashout',
        'deposit',
        'crypto',
        'ewallet',
        4_242_424_242_424_242,
        1e300,
      ),
      fc.dictionary(
        fc.constantFrom('card_number', 'cvv', 'expiry', 'email', 'iban', 'address', 'x'),
        fc.string({ maxLength: 24 }),
      ),
    )
    const body = fc.dictionary(
      fc.constantFrom(
        'method_id',
        'currency',
        'action',
        'amount_cents',
        'fields',
        'saved_profile_id',
        'save_profile',
        'page',
        'page_size',
        'filter',
        'count',
        'address',
        'transaction_id',
        'type',
        'depositMethods',
        'userInfo',
      ),
      value,
    )
    const urls = [
      '/api/payments',
      '/api/payments/plan',
      '/api/player/payments/with_pages',
      '/api/users/transaction',
      '/dev/chain/transactions',
      '/dev/chain/blocks',
      '/api/payments/callbacks/sandbox',
    ]
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...urls), body, async (url, payload) => {
        const res = await api.post(url, payload)
        expect(res.statusCode, `${url} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500)
      }),
      { numRuns: 150 },
    )
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  }, 120_000)
})
