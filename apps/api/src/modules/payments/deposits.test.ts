import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import { SandboxProvider } from './sandbox-provider.ts'
import { balance, CARDS, cardFields, client, deliver, paymentRow } from './testing.ts'

/** Every log line, to check that no card number or CVV ever appears in it. */
const logLines: string[] = []
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString())
    done()
  },
})

let ctx: TestContext
const clock = testClock()
beforeAll(async () => {
  ctx = await createTestApp({ LOG_LEVEL: 'trace' }, logStream, { clock })
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx.close()
})

const CVV = '987'

describe('card deposits', () => {
  it('credits an approved card at once (ledger: house_payments to player_real)', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const api = client(ctx, player.sid)
    const res = await api.submit({ amount_cents: 2_500, fields: { ...cardFields(), cvv: CVV } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      payment: {
        amount_cents: 2_500,
        currency: 'EUR',
        action: 'deposit',
        payment_system: 'card',
        system_name: 'Card',
        state: 'succeeded',
        success: true,
        recallable: false,
        cancellation_reason: null,
      },
      next: { type: 'done' },
    })
    expect(res.json().payment.finished_at).not.toBeNull()
    expect(await balance(ctx, player.sid)).toBe(2_500)
    const row = await paymentRow(ctx, res.json().payment.id)
    expect(row.details).toEqual({ card: '424242******4242' })
    const [tx] = await ctx.db.query<{ kind: string }>(
      'SELECT kind FROM ledger_transactions WHERE idempotency_key = $1',
      [`payment:${res.json().payment.id}:credit`],
    )
    expect(tx!.kind).toBe('deposit')
    expect((await api.get('/api/player/stats')).json().deposits_count).toBe(1)
  })

  it('declines with a reason and moves nothing', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const declined = await api.submit({ amount_cents: 2_500, fields: cardFields(CARDS.declined) })
    expect(declined.statusCode).toBe(200)
    expect(declined.json().payment).toMatchObject({
      state: 'declined',
      success: false,
      cancellation_reason: 'The card was declined.',
    })
    const poor = await api.submit({ amount_cents: 2_500, fields: cardFields(CARDS.insufficient) })
    expect(poor.json().payment).toMatchObject({
      state: 'declined',
      cancellation_reason: 'The card has insufficient funds.',
    })
    expect(await balance(ctx, player.sid)).toBe(0)
  })

  it('validates card fields per field, translated', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const res = await api.submit({
      amount_cents: 2_500,
      fields: { card_number: '4242 4242 4242 4241', expiry: '01/20', cvv: '12', card_holder: 'A' },
    })
    expect(res.statusCode).toBe(422)
    const errors = res.json().errors
    expect(errors['fields.card_number']).toEqual(['Enter a valid card number.'])
    expect(errors['fields.expiry']).toEqual(['This card has expired. Check the date or use another card.'])
    expect(errors['fields.cvv']).toEqual(['Enter the 3- or 4-digit security code from the back of the card.'])
    expect(errors['fields.card_holder']).toHaveLength(1)
    // Each expiry problem has its own message; what the cashier's mask produces ("12/30") is accepted.
    const expiryError = async (expiry: string) =>
      (await api.submit({ amount_cents: 2_500, fields: { ...cardFields(), expiry } })).json().errors?.[
        'fields.expiry'
      ]
    expect(await expiryError('13/30')).toEqual(['The month must be from 01 to 12.'])
    expect(await expiryError('1230')).toEqual(['Enter a valid expiry date (MM/YY) that has not passed.'])
    const other = client(ctx, (await registerPlayer(ctx.app)).sid)
    const masked = await other.submit({ amount_cents: 2_500, fields: { ...cardFields(), expiry: '12/30' } })
    expect(masked.json().payment.state).toBe('succeeded')
    const missing = await api.submit({ amount_cents: 2_500, fields: {} })
    expect(missing.statusCode).toBe(422)
    expect(missing.json().errors['fields.card_number']).toEqual(['Card number is required.'])
    expect(
      (await api.submit({ amount_cents: 2_500, fields: { ...cardFields(), pin: '1234' } })).statusCode,
    ).toBe(422)
    expect((await api.submit({ amount_cents: 2_500, fields: { card_number: 4242 } })).statusCode).toBe(400)
    expect(
      (await api.submit({ amount_cents: 100, fields: cardFields() })).json().errors.amount_cents,
    ).toHaveLength(1)
    expect(
      (await api.submit({ amount_cents: 2_500, method_id: 'teleport', fields: cardFields() })).statusCode,
    ).toBe(422)
    expect((await client(ctx).submit({ amount_cents: 2_500, fields: cardFields() })).statusCode).toBe(401)
    expect(
      (await api.submit({ amount_cents: 2_500, fields: cardFields() }, { 'sec-fetch-site': 'cross-site' }))
        .statusCode,
    ).toBe(403)
    expect(await ctx.db.query('SELECT 1 FROM payments WHERE user_id = $1', [player.id])).toHaveLength(0)
  })

  it('creates one payment per Idempotency-Key, even for simultaneous submits', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const headers = { 'idempotency-key': `submit-${player.id}` }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.submit({ amount_cents: 4_000, fields: cardFields() }, headers)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(answers.map((a) => a.json().payment.id)).size).toBe(1)
    expect(await balance(ctx, player.sid)).toBe(4_000)
    expect(
      (await api.submit({ amount_cents: 4_000, fields: cardFields() }, { 'idempotency-key': '' })).statusCode,
    ).toBe(422)
  })
})

describe('3-D Secure', () => {
  async function challenge(sid: string) {
    const res = await client(ctx, sid).submit({ amount_cents: 5_000, fields: cardFields(CARDS.threeDs) })
    expect(res.statusCode).toBe(200)
    const { payment, next } = res.json()
    expect(payment.state).toBe('pending')
    expect(next.type).toBe('redirect')
    expect(next.url).toMatch(new RegExp(`^/payments/sandbox/3ds/${payment.id}\\?token=[0-9a-f]{64}$`))
    return {
      id: payment.id as number,
      url: next.url as string,
      token: new URL(next.url, 'http://x').searchParams.get('token')!,
    }
  }

  it('shows a challenge page without scripts, then approve delivers the signed callback and redirects back', async () => {
    const player = await registerPlayer(ctx.app)
    const { id, url, token } = await challenge(player.sid)
    expect(await balance(ctx, player.sid)).toBe(0)
    const page = await ctx.app.inject({ url })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.body).not.toContain('<script')
    expect(page.body).toContain('50.00 EUR')
    expect(page.body).toContain('<form method="post"')
    expect(page.body).toContain('value="approve"')
    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/payments/sandbox/3ds/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: `token=${token}&result=approve`,
    })
    expect(approve.statusCode).toBe(303)
    expect(approve.headers.location).toBe(`/?payment=${id}&status=succeeded`)
    expect(await balance(ctx, player.sid)).toBe(5_000)
    // Submitting the page again changes nothing.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/payments/sandbox/3ds/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}&result=fail`,
    })
    expect(again.headers.location).toBe(`/?payment=${id}&status=succeeded`)
    expect(await balance(ctx, player.sid)).toBe(5_000)
    // Once decided, the page sends the player back.
    expect((await ctx.app.inject({ url })).statusCode).toBe(303)
  })

  it('cancels a challenge left open for 30 minutes; a late approval credits nothing', async () => {
    const player = await registerPlayer(ctx.app)
    const { id, url, token } = await challenge(player.sid)
    // A bank transfer waits on the operator, not on a page: it is not expired.
    await ctx.db.query(`UPDATE users SET first_name = 'Ada', last_name = 'Lovelace' WHERE id = $1`, [
      player.id,
    ])
    const transfer = await client(ctx, player.sid).submit({
      method_id: 'bank_transfer',
      amount_cents: 5_000,
      fields: {},
    })
    expect(transfer.json().payment.state).toBe('pending')
    clock.advance(29 * 60_000)
    expect(await ctx.app.services.payments.expireAbandoned()).toBe(0)
    clock.advance(2 * 60_000)
    expect(await ctx.app.services.payments.expireAbandoned()).toBe(1)
    expect(await ctx.app.services.payments.expireAbandoned()).toBe(0)
    const history = (await client(ctx, player.sid).get('/api/player/payments')).json<Array<{ id: number }>>()
    expect(history.find((p) => p.id === id)).toMatchObject({
      state: 'canceled',
      cancellation_reason: 'The payment was not completed in time and has expired.',
    })
    expect((await paymentRow(ctx, transfer.json().payment.id)).state).toBe('pending')
    // The page sends the player back, and an approval arriving late changes nothing.
    expect((await ctx.app.inject({ url })).headers.location).toBe(`/?payment=${id}&status=canceled`)
    const late = await ctx.app.inject({
      method: 'POST',
      url: `/payments/sandbox/3ds/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}&result=approve`,
    })
    expect(late.headers.location).toBe(`/?payment=${id}&status=canceled`)
    expect(await balance(ctx, player.sid)).toBe(0)
  })

  it('fails the payment when the player fails the challenge', async () => {
    const player = await registerPlayer(ctx.app)
    const { id, token } = await challenge(player.sid)
    const fail = await ctx.app.inject({
      method: 'POST',
      url: `/payments/sandbox/3ds/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}&result=fail`,
    })
    expect(fail.headers.location).toBe(`/?payment=${id}&status=declined`)
    const [payment] = (await client(ctx, player.sid).get('/api/player/payments')).json()
    expect(payment).toMatchObject({
      id,
      state: 'declined',
      cancellation_reason: 'The 3-D Secure check failed.',
    })
    expect(await balance(ctx, player.sid)).toBe(0)
  })

  it('refuses a wrong token, a malformed one and a cross-site decision', async () => {
    const player = await registerPlayer(ctx.app)
    const { id, token } = await challenge(player.sid)
    const wrong = token.replace(/^./, token[0] === 'a' ? 'b' : 'a')
    expect((await ctx.app.inject({ url: `/payments/sandbox/3ds/${id}?token=${wrong}` })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: `/payments/sandbox/3ds/${id}?token=short` })).statusCode).toBe(422)
    expect((await ctx.app.inject({ url: `/payments/sandbox/3ds/${id}` })).statusCode).toBe(422)
    const post = (payload: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/payments/sandbox/3ds/${id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload,
      })
    expect((await post(`token=${wrong}&result=approve`)).statusCode).toBe(404)
    expect((await post(`token=${token}&result=maybe`)).statusCode).toBe(422)
    expect((await post(`token=${token}&result=approve`, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(
      403,
    )
    expect((await paymentRow(ctx, id)).state).toBe('pending')
  })
})

describe('e-wallet and bank transfer', () => {
  it('sends e-wallet deposits through the wallet page and charges the fee on top', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const res = await api.submit({
      method_id: 'ewallet',
      amount_cents: 10_000,
      fields: { email: 'ada@example.com' },
    })
    const { payment, next } = res.json()
    expect(payment).toMatchObject({ state: 'pending', fee_cents: 200 })
    expect(next.url).toMatch(/^\/payments\/sandbox\/wallet\/\d+\?token=/)
    const token = new URL(next.url, 'http://x').searchParams.get('token')!
    const page = await ctx.app.inject({ url: next.url })
    expect(page.body).toContain('102.00 EUR')
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/payments/sandbox/wallet/${payment.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}&result=approve`,
    })
    expect(done.headers.location).toBe(`/?payment=${payment.id}&status=succeeded`)
    expect(await balance(ctx, player.sid)).toBe(10_000)
    const [fees] = await ctx.db.query<{ balance: bigint }>(
      // A house balance is the sum of its shards.
      `SELECT sum(balance)::bigint AS balance FROM ledger_accounts WHERE kind = 'house_fees' AND currency = 'EUR'`,
    )
    expect(fees!.balance).toBeGreaterThanOrEqual(200n)
    expect(
      (await api.submit({ method_id: 'ewallet', amount_cents: 10_000, fields: { email: 'nope' } }))
        .statusCode,
    ).toBe(422)
  })

  it('keeps a bank transfer pending until the operator confirms it through the callback path', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const res = await api.submit({ method_id: 'bank_transfer', amount_cents: 20_000, fields: {} })
    // A bank transfer needs the player's name first.
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.base[0]).toContain('first_name')
    await ctx.db.query(`UPDATE users SET first_name = 'Ada', last_name = 'Lovelace' WHERE id = $1`, [
      player.id,
    ])
    const ok = await api.submit({ method_id: 'bank_transfer', amount_cents: 20_000, fields: {} })
    expect(ok.json()).toMatchObject({ payment: { state: 'pending' }, next: { type: 'done' } })
    const id = ok.json().payment.id
    const decided = await ctx.app.services.payments.operatorDecide({ actor: 'cli' }, BigInt(id), 'approve')
    expect(decided.state).toBe('succeeded')
    expect(await balance(ctx, player.sid)).toBe(20_000)
    await expect(
      ctx.app.services.payments.operatorDecide({ actor: 'cli' }, BigInt(id), 'approve'),
    ).rejects.toThrow('not_pending')
  })
})

describe('callbacks', () => {
  async function pendingTransfer() {
    const player = await registerPlayer(ctx.app, { first_name: 'Ada', last_name: 'Lovelace' })
    await ctx.db.query(`UPDATE users SET first_name = 'Ada', last_name = 'Lovelace' WHERE id = $1`, [
      player.id,
    ])
    const res = await client(ctx, player.sid).submit({
      method_id: 'bank_transfer',
      amount_cents: 30_000,
      fields: {},
    })
    const id = res.json().payment.id as number
    const { provider_reference } = await paymentRow(ctx, id)
    return { player, id, reference: provider_reference! }
  }

  it('refuses bad signatures (401) and checks the body (400, 422), then applies a good event', async () => {
    const { player, id, reference } = await pendingTransfer()
    const event = {
      id: SandboxProvider.eventId(),
      type: 'payment.succeeded' as const,
      payment_id: id,
      reference,
    }
    expect((await deliver(ctx, event, 'sha256=' + '0'.repeat(64))).statusCode).toBe(401)
    expect((await deliver(ctx, event, 'md5=abc')).statusCode).toBe(401)
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/callbacks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    })
    expect(unsigned.statusCode).toBe(401)
    // Signed, but the body is changed afterwards.
    const signed = ctx.app.services.payments.provider.signEvent(event)
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/callbacks/sandbox',
      headers: { 'content-type': 'application/json', 'x-signature': signed.signature },
      payload: signed.body.replace('payment.succeeded', 'payment.failed'),
    })
    expect(tampered.statusCode).toBe(401)
    expect((await deliver(ctx, { ...event, payment_id: 'x' as unknown as number })).statusCode).toBe(400)
    expect((await deliver(ctx, { ...event, type: 'payment.refunded' as 'payment.failed' })).statusCode).toBe(
      422,
    )
    expect((await deliver(ctx, { ...event, reference: 'sbx_other' })).statusCode).toBe(404)
    expect((await deliver(ctx, { ...event, payment_id: 999_999_999 })).statusCode).toBe(404)
    expect((await deliver(ctx, { ...event, payment_id: 1e300 })).statusCode).toBe(422)
    expect(await balance(ctx, player.sid)).toBe(0)
    expect((await deliver(ctx, event)).statusCode).toBe(204)
    expect(await balance(ctx, player.sid)).toBe(30_000)
    // A later failure event for a settled payment changes nothing.
    expect(
      (await deliver(ctx, { ...event, id: SandboxProvider.eventId(), type: 'payment.failed' })).statusCode,
    ).toBe(204)
    expect((await paymentRow(ctx, id)).state).toBe('succeeded')
  })

  it('credits once when the same event is delivered 10 times in parallel', async () => {
    const { player, id, reference } = await pendingTransfer()
    const event = {
      id: SandboxProvider.eventId(),
      type: 'payment.succeeded' as const,
      payment_id: id,
      reference,
    }
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(ctx, event)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(204))
    expect(await balance(ctx, player.sid)).toBe(30_000)
    const [n] = await ctx.db.query<{ n: bigint }>(
      'SELECT count(*)::int8 AS n FROM payment_callbacks WHERE event_id = $1',
      [event.id],
    )
    expect(n!.n).toBe(1n)
    // Different event ids for the same success, in parallel, still credit once.
    const others = await Promise.all(
      Array.from({ length: 5 }, () => deliver(ctx, { ...event, id: SandboxProvider.eventId() })),
    )
    expect(others.every((a) => a.statusCode === 204)).toBe(true)
    expect(await balance(ctx, player.sid)).toBe(30_000)
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })
})

describe('logs', () => {
  it('never contain a full card number or a CVV', async () => {
    // Refused input too: a card number in the wrong field, a bad checksum.
    const player = await registerPlayer(ctx.app)
    const refused = await client(ctx, player.sid).post('/api/users/transaction', {
      transaction_id: 't',
      transaction_currency: 'EUR',
      transaction_amount: 1,
      payment_system: 'card',
      type: 'transaction',
      card_bin: '4000000000003220',
    })
    expect(refused.statusCode).toBe(422)
    expect(logLines.length).toBeGreaterThan(10)
    const all = logLines.join('')
    expect(all).not.toContain('4242 4242 4242 4241')
    for (const number of Object.values(CARDS)) {
      expect(all).not.toContain(number)
      expect(all).not.toContain(number.replace(/ /g, ''))
    }
    expect(all).not.toContain(`"${CVV}"`)
    expect(all).not.toContain(`cvv`)
  })

  it('and no table holds one', async () => {
    const dump = JSON.stringify(
      await ctx.db.query(
        `SELECT (SELECT json_agg(p) FROM payments p) AS payments, (SELECT json_agg(s) FROM payment_saved_profiles s) AS saved,
                (SELECT json_agg(c) FROM payment_callbacks c) AS callbacks, (SELECT json_agg(t) FROM ledger_transactions t) AS ledger`,
      ),
    )
    for (const number of Object.values(CARDS)) expect(dump).not.toContain(number.replace(/ /g, ''))
    expect(dump).not.toMatch(/cvv/i)
  })
})
