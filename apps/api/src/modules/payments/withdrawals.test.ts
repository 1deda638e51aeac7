import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import { balance, cardFields, client, fund } from './testing.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx.close()
})

const cashout = (
  sid: string,
  amount: number,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  client(ctx, sid).submit(
    { action: 'cashout', amount_cents: amount, fields: { card_number: '4242 4242 4242 4242' }, ...extra },
    headers,
  )

async function held(currency = 'EUR') {
  const [row] = await ctx.db.query<{ balance: bigint }>(
    `SELECT sum(balance)::bigint AS balance FROM ledger_accounts WHERE kind = 'house_withdrawals' AND currency = $1`,
    [currency],
  )
  return row?.balance ?? 0n
}

describe('withdrawals', () => {
  it('holds the funds: pending and recallable', async () => {
    const player = await registerPlayer(ctx.app)
    await fund(ctx, player.sid, 10_000)
    const before = await held()
    const res = await cashout(player.sid, 4_000)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      payment: { action: 'cashout', state: 'pending', recallable: true, amount_cents: 4_000 },
      next: { type: 'done' },
    })
    expect(await balance(ctx, player.sid)).toBe(6_000)
    expect((await held()) - before).toBe(4_000n)
  })

  it('answers 422 insufficient_funds and writes nothing when the balance is too low', async () => {
    const player = await registerPlayer(ctx.app)
    await fund(ctx, player.sid, 3_000)
    const res = await cashout(player.sid, 4_000)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      code: 'insufficient_funds',
      error: 'Your balance is too low for this.',
    })
    expect(
      await ctx.db.query(`SELECT 1 FROM payments WHERE user_id = $1 AND action = 'cashout'`, [player.id]),
    ).toHaveLength(0)
    expect(await balance(ctx, player.sid)).toBe(3_000)
    expect((await cashout(player.sid, 1_000)).statusCode).toBe(422) // below the card's 20 EUR minimum
    expect((await cashout(player.sid, 2_000, { fields: { card_number: '1234' } })).statusCode).toBe(422)
    expect(
      (await cashout(player.sid, 2_000, { fields: {} })).json().errors['fields.card_number'],
    ).toHaveLength(1)
  })

  it('charges a cash-out fee on top and gives it back on recall', async () => {
    const player = await registerPlayer(ctx.app)
    await ctx.db.query(`UPDATE users SET first_name = 'Ada', last_name = 'Lovelace' WHERE id = $1`, [
      player.id,
    ])
    await fund(ctx, player.sid, 20_000)
    const res = await cashout(player.sid, 10_000, {
      method_id: 'bank_transfer',
      fields: { iban: 'DE89 3704 0044 0532 0130 00', account_holder: 'Ada Lovelace' },
    })
    expect(res.json().payment).toMatchObject({ state: 'pending', fee_cents: 100 })
    expect(await balance(ctx, player.sid)).toBe(9_900)
    const bad = await cashout(player.sid, 10_000, {
      method_id: 'bank_transfer',
      fields: { iban: 'DE00 0000 0000 0000 0000 00', account_holder: 'Ada Lovelace' },
    })
    expect(bad.json().errors['fields.iban']).toEqual(['Enter a valid IBAN.'])
    const recalled = await client(ctx, player.sid).post(
      `/api/player/payments/${res.json().payment.id}/recall`,
    )
    expect(recalled.statusCode).toBe(200)
    expect(await balance(ctx, player.sid)).toBe(20_000)
    const [row] = await ctx.db.query<{ details: Record<string, string> }>(
      'SELECT details FROM payments WHERE id = $1',
      [res.json().payment.id],
    )
    expect(row!.details.iban).toBe('DE89…3000')
  })

  it('recalls a pending withdrawal once; others cannot', async () => {
    const player = await registerPlayer(ctx.app)
    await fund(ctx, player.sid, 10_000)
    const { id } = (await cashout(player.sid, 4_000)).json().payment
    const other = await registerPlayer(ctx.app)
    expect((await client(ctx, other.sid).post(`/api/player/payments/${id}/recall`)).statusCode).toBe(404)
    expect((await client(ctx).post(`/api/player/payments/${id}/recall`)).statusCode).toBe(401)
    expect((await client(ctx, player.sid).post(`/api/player/payments/abc/recall`)).statusCode).toBe(400)
    expect(
      (
        await client(ctx, player.sid).post(`/api/player/payments/${id}/recall`, undefined, {
          'sec-fetch-site': 'cross-site',
        })
      ).statusCode,
    ).toBe(403)
    const answers = await Promise.all(
      [1, 2, 3].map(() => client(ctx, player.sid).post(`/api/player/payments/${id}/recall`)),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422])
    const ok = answers.find((a) => a.statusCode === 200)!.json()
    expect(ok).toMatchObject({ id, state: 'recalled', recallable: false })
    expect(answers.find((a) => a.statusCode === 422)!.json().code).toBe('not_recallable')
    expect(await balance(ctx, player.sid)).toBe(10_000)
    // A deposit is never recallable.
    const [deposit] = (await client(ctx, player.sid).get('/api/player/payments'))
      .json<Array<{ id: number; action: string }>>()
      .filter((p) => p.action === 'deposit')
    expect(
      (await client(ctx, player.sid).post(`/api/player/payments/${deposit!.id}/recall`)).statusCode,
    ).toBe(422)
  })

  it('pays out on the operator’s approval (succeeded) and returns the money on rejection (with the reason)', async () => {
    const player = await registerPlayer(ctx.app)
    await fund(ctx, player.sid, 10_000)
    const paid = (await cashout(player.sid, 3_000)).json().payment
    const rejected = (await cashout(player.sid, 2_000)).json().payment
    expect(await balance(ctx, player.sid)).toBe(5_000)
    const operator = ctx.app.services.payments
    expect((await operator.operatorDecide({ actor: 'cli' }, BigInt(paid.id), 'approve')).state).toBe(
      'succeeded',
    )
    const rej = await operator.operatorDecide(
      { actor: 'cli' },
      BigInt(rejected.id),
      'reject',
      'Account details do not match.',
    )
    expect(rej).toMatchObject({ state: 'rejected', cancellation_reason: 'Account details do not match.' })
    expect(await balance(ctx, player.sid)).toBe(7_000)
    await expect(operator.operatorDecide({ actor: 'cli' }, BigInt(paid.id), 'reject')).rejects.toThrow(
      'not_pending',
    )
    await expect(operator.operatorDecide({ actor: 'cli' }, 999_999_999n, 'approve')).rejects.toThrow(
      'not_found',
    )
    // Neither can be recalled any more.
    expect((await client(ctx, player.sid).post(`/api/player/payments/${paid.id}/recall`)).statusCode).toBe(
      422,
    )
    const history = (await client(ctx, player.sid).get('/api/player/payments')).json<
      Array<Record<string, unknown>>
    >()
    expect(history.find((p) => p.id === rejected.id)).toMatchObject({
      state: 'rejected',
      recallable: false,
      cancellation_reason: 'Account details do not match.',
    })
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })

  it('never overdraws with 50 parallel withdrawals against one balance', async () => {
    const player = await registerPlayer(ctx.app)
    await fund(ctx, player.sid, 100_000)
    const answers = await Promise.all(Array.from({ length: 50 }, () => cashout(player.sid, 7_000)))
    const ok = answers.filter((a) => a.statusCode === 200)
    const refused = answers.filter((a) => a.statusCode === 422)
    expect(ok).toHaveLength(14)
    expect(refused).toHaveLength(36)
    expect(refused.every((a) => a.json().code === 'insufficient_funds')).toBe(true)
    expect(await balance(ctx, player.sid)).toBe(2_000)
    const [rows] = await ctx.db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM payments WHERE user_id = $1 AND action = 'cashout'`,
      [player.id],
    )
    expect(rows!.n).toBe(14n)
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })
})

describe('payment history', () => {
  it('lists newest first, and by page with filters', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    await fund(ctx, player.sid, 10_000)
    await fund(ctx, player.sid, 20_000)
    await cashout(player.sid, 5_000)
    await api.submit({ amount_cents: 2_500, fields: cardFields('4000 0000 0000 0002') })
    const all = (await api.get('/api/player/payments')).json<
      Array<{ action: string; state: string; amount_cents: number }>
    >()
    expect(all.map((p) => [p.action, p.state, p.amount_cents])).toEqual([
      ['deposit', 'declined', 2_500],
      ['cashout', 'pending', 5_000],
      ['deposit', 'succeeded', 20_000],
      ['deposit', 'succeeded', 10_000],
    ])
    const page = await api.post('/api/player/payments/with_pages', { page: 2, page_size: 3 })
    expect(page.statusCode).toBe(200)
    expect(page.json().pagination).toEqual({ page: 2, per_page: 3, total_count: 4 })
    expect(page.json().data).toHaveLength(1)
    const deposits = (
      await api.post('/api/player/payments/with_pages', {
        page: 1,
        page_size: 20,
        filter: { type: 'deposit', currency: 'EUR' },
      })
    ).json()
    expect(deposits.pagination.total_count).toBe(3)
    const defaults = (await api.post('/api/player/payments/with_pages', {})).json()
    expect(defaults.pagination).toEqual({ page: 1, per_page: 20, total_count: 4 })
    expect((await api.post('/api/player/payments/with_pages', { page: 0 })).statusCode).toBe(422)
    expect((await api.post('/api/player/payments/with_pages', { page_size: 1000 })).statusCode).toBe(422)
    expect((await api.post('/api/player/payments/with_pages', { page: '1' })).statusCode).toBe(400)
    expect((await api.post('/api/player/payments/with_pages', { filter: { type: 'bet' } })).statusCode).toBe(
      422,
    )
    expect((await client(ctx).get('/api/player/payments')).statusCode).toBe(401)
    expect((await client(ctx).post('/api/player/payments/with_pages', {})).statusCode).toBe(401)
    // Another player sees none of it.
    const other = await registerPlayer(ctx.app)
    expect((await client(ctx, other.sid).get('/api/player/payments')).json()).toEqual([])
  })
})
