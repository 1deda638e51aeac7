import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { signedInStaff, type SignedInStaff } from '../../test/staff.ts'
import { checkLedger } from '../ledger/index.ts'
import { balance, fund } from '../payments/testing.ts'

/**
 * Manual balance adjustments (docs/backoffice.md "Balance adjustments"): a ledger transaction
 * against house_adjustments with a reason, idempotent by the client's key, never below zero; above
 * the threshold (100 EUR here) a second member with players:approve carries it out.
 */
const clock = testClock()
let ctx: TestContext
let agent: SignedInStaff
let admin: SignedInStaff
let otherAdmin: SignedInStaff
let payments: SignedInStaff
beforeAll(async () => {
  ctx = await createTestApp({ FOUR_EYES_ADJUSTMENT: '{"EUR": 10000}' }, undefined, { clock })
  agent = await signedInStaff(ctx.app, clock, 'support')
  admin = await signedInStaff(ctx.app, clock, 'admin')
  otherAdmin = await signedInStaff(ctx.app, clock, 'admin')
  payments = await signedInStaff(ctx.app, clock, 'payments')
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx?.close()
})

let keys = 0
const adjust = (who: SignedInStaff, playerId: bigint | number, body: Record<string, unknown>) =>
  who.call('POST', `/api/admin/players/${playerId}/adjustments`, {
    currency: 'EUR',
    reason: 'Goodwill for a game fault',
    idempotency_key: `k-${++keys}`,
    ...body,
  })

describe('balance adjustments', () => {
  it('credits and debits through the ledger, never below zero, idempotent by key, audited', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 5_000)
    const credit = await adjust(agent, player.id, { amount_cents: 2_500, idempotency_key: 'credit-1' })
    expect(credit.statusCode, credit.body).toBe(200)
    expect(credit.json()).toMatchObject({
      status: 'decided',
      approval: null,
      adjustment: { state: 'applied', amount_cents: '2500', requested_by: { email: agent.email } },
    })
    expect(await balance(ctx, player.sid)).toBe(7_500)
    // The same key again: the first adjustment, nothing moved; with another amount: refused.
    const replay = await adjust(agent, player.id, { amount_cents: 2_500, idempotency_key: 'credit-1' })
    expect(replay.json().adjustment.id).toBe(credit.json().adjustment.id)
    expect(await balance(ctx, player.sid)).toBe(7_500)
    const conflict = await adjust(agent, player.id, { amount_cents: 2_600, idempotency_key: 'credit-1' })
    expect(conflict.statusCode).toBe(422)
    expect(conflict.json().code).toBe('idempotency_conflict')

    const tooMuch = await adjust(agent, player.id, { amount_cents: -7_501 })
    expect(tooMuch.statusCode).toBe(422)
    expect(tooMuch.json().code).toBe('insufficient_funds')
    expect(await balance(ctx, player.sid)).toBe(7_500)
    const debit = await adjust(agent, player.id, { amount_cents: -7_500, reason: 'Chargeback' })
    expect(debit.json().adjustment.state).toBe('applied')
    expect(await balance(ctx, player.sid)).toBe(0)

    const [house] = await ctx.db.query<{ balance: bigint }>(
      `SELECT sum(balance)::int8 AS balance FROM ledger_accounts WHERE kind = 'house_adjustments' AND currency = 'EUR'`,
    )
    expect(house!.balance).toBeDefined()
    const entries = await ctx.db.query<{ action: string; before: unknown; after: unknown; reason: string }>(
      `SELECT action, before, after, reason FROM audit_log WHERE target_type = 'player' AND target_id = $1 ORDER BY id`,
      [String(player.id)],
    )
    expect(entries).toMatchObject([
      {
        action: 'balance.adjusted',
        before: { balance: '5000' },
        after: { balance: '7500' },
        reason: 'Goodwill for a game fault',
      },
      {
        action: 'balance.adjusted',
        before: { balance: '7500' },
        after: { balance: '0' },
        reason: 'Chargeback',
      },
    ])
    // The player's open pages are told through the outbox.
    const events = await ctx.db.query<{ payload: { amount: string } }>(
      `SELECT payload FROM events WHERE type = 'balance.adjusted' AND user_id = $1 ORDER BY id`,
      [String(player.id)],
    )
    expect(events.map((e) => e.payload.amount)).toEqual(['2500', '-7500'])
    const list = await agent.call('GET', `/api/admin/players/${player.id}/adjustments`)
    expect(list.json().map((a: { amount_cents: string }) => a.amount_cents)).toEqual(['-7500', '2500'])
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })

  it('validates: non-zero amount, a reason, a known player; players:edit to ask', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const zero = await adjust(agent, player.id, { amount_cents: 0 })
    expect(zero.statusCode).toBe(422)
    expect(zero.json().errors.amount_cents).toHaveLength(1)
    const noReason = await adjust(agent, player.id, { amount_cents: 100, reason: '' })
    expect(noReason.json().errors.reason).toHaveLength(1)
    expect((await adjust(agent, 999_999_999, { amount_cents: 100 })).statusCode).toBe(404)
    expect((await adjust(payments, player.id, { amount_cents: 100 })).statusCode).toBe(403)
  })

  it('tells the console each currency’s threshold: configured, else 1,000 EUR scaled; players:edit', async () => {
    const answer = await agent.call('GET', '/api/admin/adjustments/thresholds')
    expect(answer.statusCode).toBe(200)
    const { thresholds } = answer.json<{ thresholds: Record<string, string> }>()
    expect(thresholds.EUR).toBe('10000')
    expect(thresholds.USD).toBe('100000')
    expect(thresholds.JPY).toBe('150000')
    expect((await payments.call('GET', '/api/admin/adjustments/thresholds')).statusCode).toBe(403)
  })

  it('above the threshold waits for a different member with players:approve', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const asked = await adjust(admin, player.id, { amount_cents: 50_000, reason: 'Jackpot paid by hand' })
    expect(asked.statusCode, asked.body).toBe(200)
    expect(asked.json()).toMatchObject({
      status: 'awaiting_second_approval',
      adjustment: { state: 'pending' },
      approval: { kind: 'balance_adjustment', state: 'pending', amount_cents: '50000' },
    })
    expect(await balance(ctx, player.sid)).toBe(0)
    const approvalId = asked.json().approval.id
    // A payments-only role cannot approve an adjustment, nor can a support agent; nor the requester.
    const byPayments = await payments.call('POST', `/api/admin/approvals/${approvalId}/approve`, {})
    expect(byPayments.statusCode).toBe(403)
    expect((await agent.call('POST', `/api/admin/approvals/${approvalId}/approve`, {})).statusCode).toBe(403)
    expect((await admin.call('POST', `/api/admin/approvals/${approvalId}/approve`, {})).json().code).toBe(
      'own_request',
    )
    // The inbox shows a kind to those who may view its module (players:view), not to others.
    const seen = (await payments.call('GET', '/api/admin/approvals?state=pending')).json()
    expect(seen.data.map((a: { id: string }) => a.id)).toContain(approvalId)
    const marketing = await signedInStaff(ctx.app, clock, 'marketing')
    const unseen = (
      await marketing.call('GET', '/api/admin/approvals?state=pending&kind=balance_adjustment')
    ).json()
    expect(unseen).toMatchObject({ data: [], pagination: { total_count: 0 } })
    const approved = await otherAdmin.call('POST', `/api/admin/approvals/${approvalId}/approve`, {})
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json().approval).toMatchObject({
      state: 'approved',
      decided_by: { email: otherAdmin.email },
    })
    expect(await balance(ctx, player.sid)).toBe(50_000)
    const [adjusted] = await ctx.db.query<{ actor_label: string; after: { balance: string } }>(
      `SELECT actor_label, after FROM audit_log WHERE action = 'balance.adjusted' AND target_id = $1`,
      [String(player.id)],
    )
    expect(adjusted).toMatchObject({ actor_label: otherAdmin.email, after: { balance: '50000' } })
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })

  it('a rejection needs a reason and moves nothing; two approvals at once apply once', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const first = (await adjust(admin, player.id, { amount_cents: 20_000 })).json().approval.id
    expect((await otherAdmin.call('POST', `/api/admin/approvals/${first}/reject`, {})).statusCode).toBe(422)
    const rejected = await otherAdmin.call('POST', `/api/admin/approvals/${first}/reject`, {
      reason: 'No ticket',
    })
    expect(rejected.json().approval).toMatchObject({ state: 'rejected', reason: 'No ticket' })
    expect(await balance(ctx, player.sid)).toBe(0)

    const second = (await adjust(admin, player.id, { amount_cents: 30_000 })).json().approval.id
    const third = await signedInStaff(ctx.app, clock, 'owner')
    const answers = await Promise.all([
      otherAdmin.call('POST', `/api/admin/approvals/${second}/approve`, {}),
      third.call('POST', `/api/admin/approvals/${second}/approve`, {}),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422])
    expect(await balance(ctx, player.sid)).toBe(30_000)
    const list = (await admin.call('GET', `/api/admin/players/${player.id}/adjustments`)).json()
    expect(list.map((a: { state: string }) => a.state)).toEqual(['applied', 'rejected'])
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })
})
