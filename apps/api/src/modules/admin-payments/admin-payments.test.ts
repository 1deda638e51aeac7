import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { signedInStaff, type SignedInStaff } from '../../test/staff.ts'
import { checkLedger } from '../ledger/index.ts'
import { balance, client, dieAtPoint, fund } from '../payments/testing.ts'

/**
 * The back office's payments and four-eyes approvals (docs/backoffice.md "Payments", "Four-eyes
 * approvals"): withdrawals above the threshold (50 EUR here) need two different members, a
 * self-approval is refused, a rejection needs a reason and returns the money, two approvals at
 * once pay once, and every decision is in the audit log with its before and after.
 */
const clock = testClock()
let ctx: TestContext
let alice: SignedInStaff
let bob: SignedInStaff
let carol: SignedInStaff
let reader: SignedInStaff
beforeAll(async () => {
  ctx = await createTestApp({ FOUR_EYES_WITHDRAWAL: '{"EUR": 5000}' }, undefined, { clock })
  alice = await signedInStaff(ctx.app, clock, 'payments')
  bob = await signedInStaff(ctx.app, clock, 'payments')
  carol = await signedInStaff(ctx.app, clock, 'admin')
  reader = await signedInStaff(ctx.app, clock, 'read-only')
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx?.close()
})

async function withdrawal(amount: number, funds = 20_000) {
  const player = await registerPlayer(ctx.app, { currency: 'EUR' })
  await fund(ctx, player.sid, funds)
  const res = await client(ctx, player.sid).submit({
    action: 'cashout',
    amount_cents: amount,
    fields: { card_number: '4242 4242 4242 4242' },
  })
  expect(res.statusCode).toBe(200)
  return { player, id: res.json<{ payment: { id: number } }>().payment.id }
}

async function auditOf(targetType: string, targetId: string | number) {
  return ctx.db.query<{
    action: string
    actor_label: string
    before: unknown
    after: unknown
    reason: string | null
  }>(
    `SELECT action, actor_label, before, after, reason FROM audit_log WHERE target_type = $1 AND target_id = $2 ORDER BY id`,
    [targetType, String(targetId)],
  )
}

describe('withdrawal decisions', () => {
  it('below the threshold one approval pays, audited in the same transaction with before and after', async () => {
    const { player, id } = await withdrawal(3_000)
    const res = await alice.call('POST', `/api/admin/payments/${id}/approve`, {})
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'decided',
      approval: null,
      payment: { id: String(id), state: 'succeeded', player: { id: String(player.id) } },
    })
    const entries = await auditOf('payment', id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      action: 'payment.approved',
      actor_label: alice.email,
      before: { state: 'pending', amount_cents: '3000' },
      after: { state: 'processing' },
    })
    expect(await balance(ctx, player.sid)).toBe(17_000)
  })

  it('above the threshold needs a second, different member; the requester cannot approve it', async () => {
    const { player, id } = await withdrawal(8_000)
    const first = await alice.call('POST', `/api/admin/payments/${id}/approve`, { reason: 'large' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      status: 'awaiting_second_approval',
      approval: {
        kind: 'withdrawal',
        state: 'pending',
        amount_cents: '8000',
        requested_by: { email: alice.email },
      },
    })
    const approvalId = first.json().approval.id as string
    // Nothing moved yet.
    expect((await reader.call('GET', `/api/admin/payments/${id}`)).json()).toMatchObject({
      state: 'pending',
      four_eyes: true,
      approval: { id: approvalId, state: 'pending' },
    })
    // The requester's own approval is refused, by either route.
    const again = await alice.call('POST', `/api/admin/payments/${id}/approve`, {})
    expect(again.statusCode).toBe(422)
    expect(again.json()).toMatchObject({ code: 'own_request', error: expect.stringContaining('another') })
    const own = await alice.call('POST', `/api/admin/approvals/${approvalId}/approve`, {})
    expect(own.statusCode).toBe(422)
    expect(own.json().code).toBe('own_request')
    // A read-only member cannot decide: the route (payments:approve) and the inbox (the kind's approve).
    expect((await reader.call('POST', `/api/admin/payments/${id}/approve`, {})).statusCode).toBe(403)
    expect((await reader.call('POST', `/api/admin/approvals/${approvalId}/approve`, {})).statusCode).toBe(403)
    // The inbox lists it.
    const inbox = await bob.call('GET', '/api/admin/approvals?state=pending')
    expect(inbox.statusCode).toBe(200)
    expect(inbox.json().data.map((a: { id: string }) => a.id)).toContain(approvalId)

    // The player's open page hears of the payout (outbox, realtime consumer).
    const publish = vi.spyOn(ctx.app.realtime, 'publish')
    try {
      const second = await bob.call('POST', `/api/admin/approvals/${approvalId}/approve`, {})
      expect(second.statusCode, second.body).toBe(200)
      expect(second.json().approval).toMatchObject({ state: 'approved', decided_by: { email: bob.email } })
      await ctx.app.services.eventLog.drain('realtime')
      const told = publish.mock.calls
        .filter(([channel]) => channel === `payments_changes#${player.id}`)
        .map(([, data]) => data)
      expect(told).toContainEqual(
        expect.objectContaining({ id: String(id), type: 'succeeded', success: true }),
      )
    } finally {
      publish.mockRestore()
    }
    const detail = (await reader.call('GET', `/api/admin/payments/${id}`)).json()
    expect(detail).toMatchObject({ state: 'succeeded', approval: { state: 'approved' } })
    expect(detail.history.map((h: { type: string }) => h.type)).toEqual([
      'withdrawal.requested',
      'withdrawal.approved',
      'withdrawal.paid',
    ])
    expect(await auditOf('approval', approvalId)).toMatchObject([
      { action: 'approval.requested', actor_label: alice.email, after: { state: 'pending' } },
      {
        action: 'approval.approved',
        actor_label: bob.email,
        before: { state: 'pending' },
        after: { state: 'approved', decided_by: String(bob.id) },
      },
    ])
    expect(await auditOf('payment', id)).toMatchObject([
      {
        action: 'payment.approved',
        actor_label: bob.email,
        before: { state: 'pending' },
        after: { state: 'processing' },
      },
    ])
    // Decided: neither approves or rejects it again.
    expect((await carol.call('POST', `/api/admin/approvals/${approvalId}/approve`, {})).json().code).toBe(
      'request_decided',
    )
    expect(
      (await carol.call('POST', `/api/admin/payments/${id}/reject`, { reason: 'late' })).json().code,
    ).toBe('not_pending')
  })

  it('a rejection needs a reason and releases the held money; the request is rejected with it', async () => {
    const { player, id } = await withdrawal(9_000)
    expect(await balance(ctx, player.sid)).toBe(11_000)
    const approvalId = (await alice.call('POST', `/api/admin/payments/${id}/approve`, {})).json().approval.id
    const noReason = await bob.call('POST', `/api/admin/payments/${id}/reject`, {})
    expect(noReason.statusCode).toBe(422)
    expect(noReason.json().errors.reason).toHaveLength(1)
    expect((await bob.call('POST', `/api/admin/payments/${id}/reject`, { reason: '  ' })).statusCode).toBe(
      422,
    )
    const rejected = await bob.call('POST', `/api/admin/payments/${id}/reject`, {
      reason: 'Card holder differs.',
    })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(rejected.json()).toMatchObject({
      payment: { state: 'rejected', cancellation_reason: 'Card holder differs.' },
      approval: { id: approvalId, state: 'rejected', reason: 'Card holder differs.' },
    })
    expect(await balance(ctx, player.sid)).toBe(20_000)
    expect(await auditOf('payment', id)).toMatchObject([
      {
        action: 'payment.rejected',
        actor_label: bob.email,
        reason: 'Card holder differs.',
        before: { state: 'pending' },
        after: { state: 'rejected' },
      },
    ])
  })

  it('below the threshold a rejection by one member is final', async () => {
    const { player, id } = await withdrawal(2_500)
    const res = await alice.call('POST', `/api/admin/payments/${id}/reject`, { reason: 'Duplicate request.' })
    expect(res.json()).toMatchObject({ status: 'decided', payment: { state: 'rejected' }, approval: null })
    expect(await balance(ctx, player.sid)).toBe(20_000)
  })

  it('two approvals of the same request at once pay once', async () => {
    const { player, id } = await withdrawal(7_000)
    const approvalId = (await alice.call('POST', `/api/admin/payments/${id}/approve`, {})).json().approval.id
    const answers = await Promise.all([
      bob.call('POST', `/api/admin/approvals/${approvalId}/approve`, {}),
      carol.call('POST', `/api/admin/approvals/${approvalId}/approve`, {}),
      bob.call('POST', `/api/admin/payments/${id}/approve`, {}),
    ])
    const codes = answers.map((a) => a.statusCode)
    expect(
      codes.filter((c) => c === 200),
      answers.map((a) => a.body).join('\n'),
    ).toHaveLength(1)
    expect(codes.filter((c) => c === 422)).toHaveLength(2)
    for (const a of answers.filter((x) => x.statusCode === 422))
      expect(['request_decided', 'not_pending']).toContain(a.json().code)
    const [payouts] = await ctx.db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM ledger_transactions WHERE idempotency_key = $1`,
      [`payment:${id}:payout`],
    )
    expect(payouts!.n).toBe(1n)
    const approvedEntries = (await auditOf('approval', approvalId)).filter(
      (e) => e.action === 'approval.approved',
    )
    expect(approvedEntries).toHaveLength(1)
    expect((await auditOf('payment', id)).filter((e) => e.action === 'payment.approved')).toHaveLength(1)
    expect((await reader.call('GET', `/api/admin/payments/${id}`)).json().state).toBe('succeeded')
    expect(await balance(ctx, player.sid)).toBe(13_000)
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })

  it('a withdrawal recalled by the player cancels its pending request', async () => {
    const { player, id } = await withdrawal(6_000)
    const approvalId = (await alice.call('POST', `/api/admin/payments/${id}/approve`, {})).json().approval.id
    expect((await client(ctx, player.sid).post(`/api/player/payments/${id}/recall`)).statusCode).toBe(200)
    const res = await bob.call('POST', `/api/admin/approvals/${approvalId}/approve`, {})
    expect(res.json().code).toBe('not_pending')
    const [row] = await ctx.db.query<{ state: string }>('SELECT state FROM approval_requests WHERE id = $1', [
      approvalId,
    ])
    expect(row!.state).toBe('cancelled')
  })
})

describe('the payments list', () => {
  it('filters, sorts, pages and exports; a member without payments:view is refused', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 10_000)
    await fund(ctx, player.sid, 30_000)
    await client(ctx, player.sid).submit({
      action: 'cashout',
      amount_cents: 4_000,
      fields: { card_number: '4242 4242 4242 4242' },
    })
    const base = `/api/admin/payments?player_id=${player.id}`
    const all = (await reader.call('GET', base)).json()
    expect(all.pagination).toEqual({ page: 1, per_page: 50, total_count: 3 })
    expect(all.data[0]).toMatchObject({
      action: 'withdrawal',
      state: 'pending',
      player: { email: expect.any(String) },
    })
    const byAmount = (await reader.call('GET', `${base}&sort=-amount`)).json()
    expect(byAmount.data.map((p: { amount_cents: string }) => p.amount_cents)).toEqual([
      '30000',
      '10000',
      '4000',
    ])
    const deposits = (await reader.call('GET', `${base}&action=deposit&amount_min=20000&per_page=1`)).json()
    expect(deposits.pagination.total_count).toBe(1)
    expect(deposits.data[0].amount_cents).toBe('30000')
    const pending = (await reader.call('GET', `${base}&state=pending&currency=EUR`)).json()
    expect(pending.data).toHaveLength(1)
    const today = clock.now().toISOString().slice(0, 10)
    expect(
      (await reader.call('GET', `${base}&from=${today}&to=${today}`)).json().pagination.total_count,
    ).toBe(3)
    expect((await reader.call('GET', `${base}&sort=email`)).statusCode).toBe(422)
    expect((await reader.call('GET', `${base}&amount_min=x`)).statusCode).toBe(422)
    expect((await reader.call('GET', `${base}&amount_min=5&amount_max=1`)).statusCode).toBe(422)
    const csv = await reader.call('GET', `/api/admin/payments.csv?player_id=${player.id}&sort=amount`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body.trim().split('\r\n')
    expect(lines[0]).toBe(
      'id,created_at,finished_at,player_id,email,action,method,currency,amount,fee,state,provider,provider_reference,reason',
    )
    expect(lines).toHaveLength(4)
    expect(lines[1]).toContain(',withdrawal,card,EUR,40.00,')
    const support = await signedInStaff(ctx.app, clock, 'marketing')
    expect((await support.call('GET', base)).statusCode).toBe(403)
    expect((await reader.call('GET', '/api/admin/payments/999999999')).statusCode).toBe(404)
  })

  it('shows payments stuck in flight and reconciles one', async () => {
    const { id } = await withdrawal(2_000)
    dieAtPoint(ctx.app.services.payments, 'payout_sending')
    try {
      const died = await alice.call('POST', `/api/admin/payments/${id}/approve`, {})
      expect(died.statusCode).toBe(500)
    } finally {
      ctx.app.services.payments.faultHook = undefined
    }
    // In flight for less than the grace period: may still be on its way.
    expect(
      (await reader.call('GET', '/api/admin/payments/stuck')).json().map((p: { id: string }) => p.id),
    ).not.toContain(String(id))
    expect((await alice.call('POST', `/api/admin/payments/${id}/reconcile`)).json().code).toBe('not_stuck')
    clock.advance(3 * 60_000)
    const stuck = (await reader.call('GET', '/api/admin/payments/stuck?minutes=2')).json()
    expect(stuck.map((p: { id: string }) => p.id)).toContain(String(id))
    expect((await reader.call('POST', `/api/admin/payments/${id}/reconcile`)).statusCode).toBe(403)
    const done = await alice.call('POST', `/api/admin/payments/${id}/reconcile`)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ id: String(id), state: 'succeeded' })
    expect((await auditOf('payment', id)).map((e) => e.action)).toEqual([
      'payment.approved',
      'payment.reconciled',
    ])
  })
})
