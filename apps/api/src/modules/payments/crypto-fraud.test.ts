import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import { depositAddress, REQUIRED_CONFIRMATIONS } from './crypto.ts'
import { balance, client } from './testing.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx.close()
})

const FORMATS: Record<string, RegExp> = {
  BTC: /^bc1q[02-9ac-hj-np-z]{38}$/,
  LTC: /^ltc1q[02-9ac-hj-np-z]{38}$/,
  BCH: /^bitcoincash:q[02-9ac-hj-np-z]{41}$/,
  ETH: /^0x[0-9a-f]{40}$/,
  USDT: /^0x[0-9a-f]{40}$/,
  DOG: /^D[1-9A-HJ-NP-Za-km-z]{33}$/,
}

describe('crypto addresses', () => {
  it('gives each player a stable, unique address per crypto currency in its chain’s format', async () => {
    const a = await registerPlayer(ctx.app)
    const b = await registerPlayer(ctx.app)
    const first = await client(ctx, a.sid).get('/api/player/crypto_addresses')
    expect(first.statusCode).toBe(200)
    const addresses = first.json<Record<string, string>>()
    expect(Object.keys(addresses).sort()).toEqual(['BCH', 'BTC', 'DOG', 'ETH', 'LTC', 'USDT'])
    for (const [currency, address] of Object.entries(addresses)) expect(address).toMatch(FORMATS[currency]!)
    expect((await client(ctx, a.sid).get('/api/player/crypto_addresses')).json()).toEqual(addresses)
    const others = (await client(ctx, b.sid).get('/api/player/crypto_addresses')).json<
      Record<string, string>
    >()
    for (const currency of Object.keys(addresses)) expect(others[currency]).not.toBe(addresses[currency])
    // Deterministic: the same key, player and currency give the same address; another key another.
    expect(depositAddress('k', 1n, 'BTC')).toBe(depositAddress('k', 1n, 'BTC'))
    expect(depositAddress('k', 1n, 'BTC')).not.toBe(depositAddress('j', 1n, 'BTC'))
    // The crypto wallets are open (balance 0).
    const wallets = (await client(ctx, a.sid).get('/api/player/accounts')).json<Array<{ currency: string }>>()
    expect(wallets.map((w) => w.currency)).toContain('BTC')
    expect((await client(ctx).get('/api/player/crypto_addresses')).statusCode).toBe(401)
  })
})

describe('development chain', () => {
  it('credits a deposit once it has its chain’s confirmations', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const { BTC, ETH } = (await api.get('/api/player/crypto_addresses')).json<Record<string, string>>()
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/dev/chain/transactions',
      payload: { currency: 'BTC', address: BTC, amount_cents: 150_000 },
    })
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toMatchObject({ confirmations: 0, required_confirmations: 2 })
    const eth = await ctx.app.inject({
      method: 'POST',
      url: '/dev/chain/transactions',
      payload: { currency: 'ETH', address: ETH, amount_cents: 1_000_000 },
    })
    expect(eth.json().required_confirmations).toBe(REQUIRED_CONFIRMATIONS.ETH)
    const [pending] = (await api.get('/api/player/payments')).json<
      Array<{ state: string; payment_system: string }>
    >()
    expect(pending).toMatchObject({ state: 'pending', payment_system: 'crypto' })
    const mine = (count: number) =>
      ctx.app.inject({ method: 'POST', url: '/dev/chain/blocks', payload: { count } })
    expect((await mine(1)).statusCode).toBe(200)
    expect(await balance(ctx, player.sid, 'BTC')).toBe(0)
    await mine(1)
    expect(await balance(ctx, player.sid, 'BTC')).toBe(150_000)
    expect(await balance(ctx, player.sid, 'ETH')).toBe(0)
    await mine(10)
    expect(await balance(ctx, player.sid, 'ETH')).toBe(1_000_000)
    // Further blocks credit nothing again.
    expect((await mine(5)).json().credited).toBe(0)
    expect(await balance(ctx, player.sid, 'BTC')).toBe(150_000)
    const history = (await api.get('/api/player/payments')).json<Array<{ state: string }>>()
    expect(history.map((p) => p.state)).toEqual(['succeeded', 'succeeded'])
  })

  it('validates its input', async () => {
    const post = (url: string, payload: unknown) =>
      ctx.app.inject({ method: 'POST', url, payload: payload as object })
    expect(
      (
        await post('/dev/chain/transactions', {
          currency: 'BTC',
          address: 'bc1q' + 'q'.repeat(38),
          amount_cents: 5,
        })
      ).statusCode,
    ).toBe(422)
    expect(
      (await post('/dev/chain/transactions', { currency: 'EUR', address: 'x'.repeat(30), amount_cents: 5 }))
        .statusCode,
    ).toBe(422)
    expect(
      (await post('/dev/chain/transactions', { currency: 'BTC', address: 'x'.repeat(30), amount_cents: 0 }))
        .statusCode,
    ).toBe(422)
    expect((await post('/dev/chain/blocks', { count: 0 })).statusCode).toBe(422)
    expect((await post('/dev/chain/blocks', { count: 'many' })).statusCode).toBe(400)
  })

  it('is not there in production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://casino.example',
      SESSION_SECRET: 's'.repeat(40),
      WALLET_SECRET: 'w'.repeat(40),
    })
    try {
      const res = await prod.app.inject({ method: 'POST', url: '/dev/chain/blocks', payload: { count: 1 } })
      expect(res.statusCode).toBe(404)
    } finally {
      await prod.close()
    }
  })
})

describe('fraud check', () => {
  const payload = {
    country: 'DE',
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.com',
    merchant_user_id: '1',
    card_expiration_month: 12,
    card_expiration_year: 2039,
    card_holder_name: 'Ada Lovelace',
    card_last_4: '4242',
    card_bin: '424242',
    payment_account_id: 'acc-1',
    website_url: 'https://aurum.casino',
    transaction_id: 'tx-1',
    date_time: '2026-01-01T00:00:00Z',
    transaction_currency: 'EUR',
    transaction_amount: 50,
    payment_system: 'card',
    type: 'transaction',
  }

  it('records and scores: card country mismatch, then velocity', async () => {
    const player = await registerPlayer(ctx.app, { country: 'DE' })
    const api = client(ctx, player.sid)
    const first = await api.post('/api/users/transaction', { ...payload, email: player.email })
    expect(first.statusCode).toBe(200)
    // A US card for a German player.
    expect(first.json()).toEqual({ status: 'recorded', score: 30 })
    const german = await api.post('/api/users/transaction', {
      ...payload,
      email: player.email,
      card_bin: '450875',
    })
    expect(german.json().score).toBe(0)
    const scores: number[] = []
    for (let i = 0; i < 10; i++) {
      scores.push(
        (
          await api.post('/api/users/transaction', { ...payload, email: player.email, card_bin: '450875' })
        ).json().score,
      )
    }
    expect(scores[0]).toBe(20) // third attempt in ten minutes
    expect(scores.at(-1)).toBe(60) // the twelfth
    const [n] = await ctx.db.query<{ n: bigint }>(
      'SELECT count(*)::int8 AS n FROM fraud_checks WHERE user_id = $1',
      [player.id],
    )
    expect(n!.n).toBe(12n)
  })

  it('validates the payload and refuses a full card number', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    expect(
      (await api.post('/api/users/transaction', { ...payload, card_bin: '4242424242424242' })).statusCode,
    ).toBe(422)
    expect((await api.post('/api/users/transaction', { ...payload, type: 'refund' })).statusCode).toBe(422)
    expect(
      (await api.post('/api/users/transaction', { ...payload, transaction_amount: '50' })).statusCode,
    ).toBe(400)
    expect(
      (await api.post('/api/users/transaction', { ...payload, card_number: '4242424242424242' })).statusCode,
    ).toBe(422)
    const noId: Partial<typeof payload> = { ...payload }
    delete noId.transaction_id
    expect((await api.post('/api/users/transaction', noId)).statusCode).toBe(422)
    expect((await client(ctx).post('/api/users/transaction', payload)).statusCode).toBe(401)
    expect(
      (await api.post('/api/users/transaction', payload, { 'sec-fetch-site': 'cross-site' })).statusCode,
    ).toBe(403)
  })
})

describe('deposit methods log', () => {
  it('records what the cashbox offered (204)', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const body = {
      depositMethods: [{ id: 'card', brand: 'visa' }],
      userInfo: { id: player.id, currency: 'EUR' },
    }
    expect((await api.post('/log-payments-dep', body)).statusCode).toBe(204)
    const [row] = await ctx.db.query<{ deposit_methods: unknown }>(
      'SELECT deposit_methods FROM payment_method_logs WHERE user_id = $1',
      [player.id],
    )
    expect(row!.deposit_methods).toEqual([{ id: 'card', brand: 'visa' }])
    expect((await api.post('/log-payments-dep', { depositMethods: 'card', userInfo: {} })).statusCode).toBe(
      400,
    )
    expect((await api.post('/log-payments-dep', { depositMethods: [] })).statusCode).toBe(422)
    expect((await client(ctx).post('/log-payments-dep', body)).statusCode).toBe(401)
  })

  it('is limited to 30 records a minute per player', async () => {
    const player = await registerPlayer(ctx.app)
    const body = { depositMethods: [], userInfo: {} }
    const answers = []
    for (let i = 0; i < 31; i++)
      answers.push((await client(ctx, player.sid).post('/log-payments-dep', body)).statusCode)
    expect(answers.filter((s) => s === 204)).toHaveLength(30)
    expect(answers.at(-1)).toBe(429)
    // Another player on the same address is not affected.
    const other = await registerPlayer(ctx.app)
    expect((await client(ctx, other.sid).post('/log-payments-dep', body)).statusCode).toBe(204)
  })
})

describe('crypto methods', () => {
  it('takes crypto deposits on the chain only, and crypto withdrawals to a valid address', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const { BTC } = (await api.get('/api/player/crypto_addresses')).json<Record<string, string>>()
    const submit = await api.submit({ method_id: 'crypto', currency: 'BTC', amount_cents: 100_000 })
    expect(submit.statusCode).toBe(422)
    expect(submit.json().errors.method_id).toEqual([
      'Crypto deposits need no form: send coins to your deposit address.',
    ])
    await ctx.app.inject({
      method: 'POST',
      url: '/dev/chain/transactions',
      payload: { currency: 'BTC', address: BTC, amount_cents: 500_000 },
    })
    await ctx.app.inject({ method: 'POST', url: '/dev/chain/blocks', payload: { count: 2 } })
    expect(await balance(ctx, player.sid, 'BTC')).toBe(500_000)
    const cashout = (address: string) =>
      api.submit({
        method_id: 'crypto',
        currency: 'BTC',
        action: 'cashout',
        amount_cents: 200_000,
        fields: { address },
      })
    const bad = await cashout('0x' + 'a'.repeat(40))
    expect(bad.json().errors['fields.address']).toEqual(['Enter a valid address for this currency.'])
    const ok = await cashout('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    expect(ok.json().payment).toMatchObject({ state: 'pending', recallable: true, currency: 'BTC' })
    expect(await balance(ctx, player.sid, 'BTC')).toBe(300_000)
  })
})
