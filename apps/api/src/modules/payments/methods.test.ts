import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import { cardFields, client, fund } from './testing.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx.close()
})

interface Method {
  id: string
  brand: string
  type: string
  min_amount_cents: number
  max_amount_cents: number
  fee_percent: number
  processing_time: string
  termsOfService: { restrictions: { minAmountValue: number; maxAmountValue: number } }
  savedProfiles: Array<{ id: string; title: string; isRemoveAvailable: boolean }>
}

describe('payment methods', () => {
  it('lists fiat methods with bounds in minor and major units, fee and processing time', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const res = await client(ctx, player.sid).get('/api/payments/methods?currency=EUR&action=deposit')
    expect(res.statusCode).toBe(200)
    const methods = res.json<Method[]>()
    expect(methods.map((m) => m.id)).toEqual(['card', 'bank_transfer', 'ewallet', 'sofort'])
    const card = methods[0]!
    expect(card).toMatchObject({
      type: 'cards',
      min_amount_cents: 1_000,
      max_amount_cents: 500_000,
      fee_percent: 0,
      processing_time: 'instant',
      termsOfService: { restrictions: { minAmountValue: 10, maxAmountValue: 5_000 } },
      savedProfiles: [],
      translationKey: 'payments.methods.card',
      title: 'Card',
    })
    const cashout = (
      await client(ctx, player.sid).get('/api/payments/methods?currency=EUR&action=cashout')
    ).json<Method[]>()
    expect(cashout.map((m) => m.id)).toEqual(['card', 'bank_transfer', 'ewallet'])
    // JPY has no minor unit: its bounds scale, not its decimals.
    const yen = (await client(ctx, player.sid).get('/api/payments/methods?currency=JPY&action=deposit')).json<
      Method[]
    >()
    expect(yen[0]).toMatchObject({
      min_amount_cents: 1_500,
      termsOfService: { restrictions: { minAmountValue: 1_500 } },
    })
  })

  it('offers crypto, and the card provider once the player has an address in the currency', async () => {
    const player = await registerPlayer(ctx.app)
    const before = (
      await client(ctx, player.sid).get('/api/payments/methods?currency=BTC&action=deposit')
    ).json<Method[]>()
    expect(before.map((m) => m.id)).toEqual(['crypto'])
    await client(ctx, player.sid).get('/api/player/crypto_addresses')
    const btc = (await client(ctx, player.sid).get('/api/payments/methods?currency=BTC&action=deposit')).json<
      Method[]
    >()
    expect(btc.map((m) => [m.id, m.type])).toEqual([
      ['crypto', 'crypto'],
      ['card_provider', 'cards'],
    ])
    expect(btc[1]).toMatchObject({
      fee_percent: 4.5,
      processing_time: 'minutes',
      verification_required: true,
    })
  })

  it('hides the sofort brand from players in group 631', async () => {
    const player = await registerPlayer(ctx.app)
    await ctx.db.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, 631)', [player.id])
    const methods = (
      await client(ctx, player.sid).get('/api/payments/methods?currency=EUR&action=deposit')
    ).json<Method[]>()
    expect(methods.map((m) => m.brand)).not.toContain('sofort')
    expect(methods).toHaveLength(3)
    const res = await client(ctx, player.sid).post('/api/payments/plan', {
      method_id: 'sofort',
      currency: 'EUR',
      action: 'deposit',
      amount_cents: 5_000,
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.method_id).toEqual(['Payment method is not one of the allowed values.'])
  })

  it('answers the config: currencies, first deposit suggestion of 50, card provider after crypto addresses', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const config = (await api.get('/api/payments/config')).json()
    expect(config.currencies).toContain('EUR')
    expect(config.currencies).toContain('BTC')
    expect(config.first_deposit_suggestion_cents.EUR).toBe(5_000)
    expect(config.card_provider).toEqual({ enabled: false, currencies: [] })
    await api.get('/api/player/crypto_addresses')
    const after = (await api.get('/api/payments/config')).json()
    expect(after.card_provider.enabled).toBe(true)
    expect(after.card_provider.currencies).toContain('BTC')
  })

  it('suggests 50 in the unit typed (raised to the lowest minimum) and then the last successful deposit', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'CAD' })
    const api = client(ctx, player.sid)
    const config = (await api.get('/api/payments/config')).json()
    // 50 CAD, 50 EUR; 50 JPY is under the card's minimum of 1,500 JPY; 50 µBTC under crypto's 100 µBTC.
    expect(config.first_deposit_suggestion_cents).toMatchObject({
      CAD: 5_000,
      EUR: 5_000,
      JPY: 1_500,
      BTC: 10_000,
    })
    expect(config.last_deposits).toEqual({})
    await fund(ctx, player.sid, 7_500, 'CAD')
    // A declined deposit is no deposit to repeat.
    await api.submit({ currency: 'CAD', amount_cents: 9_900, fields: cardFields('4000 0000 0000 0002') })
    const after = (await api.get('/api/payments/config')).json()
    expect(after.last_deposits).toEqual({ CAD: { amount_cents: 7_500, method_id: 'card' } })
  })

  it('validates the query: 422 unknown values, 401 without a session', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const unknown = await api.get('/api/payments/methods?currency=XYZ&action=deposit')
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().errors.currency).toHaveLength(1)
    expect((await api.get('/api/payments/methods?currency=EUR&action=steal')).statusCode).toBe(422)
    expect((await api.get('/api/payments/methods?currency=EUR')).statusCode).toBe(422)
    expect((await api.get('/api/payments/methods?currency=EUR&action=deposit&x=1')).statusCode).toBe(422)
    expect((await client(ctx).get('/api/payments/methods?currency=EUR&action=deposit')).statusCode).toBe(401)
    expect((await client(ctx).get('/api/payments/config')).statusCode).toBe(401)
  })
})

describe('method fields', () => {
  it('lists card fields with masks, and the profile fields a bank transfer needs', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const card = await api.get('/api/payments/methods/card/fields?currency=EUR&action=deposit')
    expect(card.statusCode).toBe(200)
    expect(card.json()).toMatchObject({
      amountField: { min_cents: 1_000, max_cents: 500_000 },
      playerFields: [],
      isSubmitAvailable: true,
    })
    expect(card.json().methodFields.map((f: { name: string }) => f.name)).toEqual([
      'card_number',
      'expiry',
      'cvv',
      'card_holder',
    ])
    const bank = (
      await api.get('/api/payments/methods/bank_transfer/fields?currency=EUR&action=cashout')
    ).json()
    expect(bank.playerFields).toEqual([
      { field: 'first_name', type: 'string' },
      { field: 'last_name', type: 'string' },
    ])
    expect(bank.isSubmitAvailable).toBe(false)
    expect((await api.get('/api/payments/methods/nope/fields?currency=EUR&action=deposit')).statusCode).toBe(
      422,
    )
    expect((await api.get('/api/payments/methods/card/fields?currency=EUR')).statusCode).toBe(422)
    expect(
      (
        await api.get(
          '/api/payments/methods/card/fields?currency=EUR&action=deposit&saved_profile_id=card_' +
            '0'.repeat(24),
        )
      ).statusCode,
    ).toBe(422)
    expect(
      (await client(ctx).get('/api/payments/methods/card/fields?currency=EUR&action=deposit')).statusCode,
    ).toBe(401)
  })
})

describe('payment plan', () => {
  it('answers amount, fee and total', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const res = await api.post('/api/payments/plan', {
      method_id: 'ewallet',
      currency: 'EUR',
      action: 'deposit',
      amount_cents: 10_001,
    })
    expect(res.statusCode).toBe(200)
    // 2 % of 100.01, rounded up.
    expect(res.json()).toEqual({
      method_id: 'ewallet',
      currency: 'EUR',
      action: 'deposit',
      amount_cents: 10_001,
      fee_cents: 201,
      total_cents: 10_202,
    })
  })

  it('answers 422 errors.amount_cents naming min and max, translated', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const body = { method_id: 'card', currency: 'EUR', action: 'deposit' }
    for (const amount of [999, 500_001]) {
      const res = await api.post('/api/payments/plan', { ...body, amount_cents: amount })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors.amount_cents).toEqual([
        'The amount must be between 10.00 EUR and 5000.00 EUR.',
      ])
    }
    expect((await api.post('/api/payments/plan', { ...body, amount_cents: 1_000 })).statusCode).toBe(200)
    expect((await api.post('/api/payments/plan', { ...body, amount_cents: '10' })).statusCode).toBe(400)
    expect((await api.post('/api/payments/plan', { ...body, amount_cents: 10.5 })).statusCode).toBe(400)
    expect((await api.post('/api/payments/plan', { ...body, amount_cents: -5 })).statusCode).toBe(422)
    expect((await api.post('/api/payments/plan', { ...body })).statusCode).toBe(422)
    expect(
      (await api.post('/api/payments/plan', { ...body, amount_cents: 1_000, extra: 1 })).statusCode,
    ).toBe(422)
    expect((await client(ctx).post('/api/payments/plan', { ...body, amount_cents: 1_000 })).statusCode).toBe(
      401,
    )
    expect(
      (
        await api.post(
          '/api/payments/plan',
          { ...body, amount_cents: 1_000 },
          { 'sec-fetch-site': 'cross-site' },
        )
      ).statusCode,
    ).toBe(403)
  })
})

describe('saved cards', () => {
  it('saves a card as a token titled first6******last4, lists and deletes it', async () => {
    const player = await registerPlayer(ctx.app)
    const api = client(ctx, player.sid)
    const res = await api.submit({ amount_cents: 2_000, fields: cardFields(), save_profile: true })
    expect(res.json().payment.state).toBe('succeeded')
    const [card] = (await api.get('/api/payments/methods?currency=EUR&action=deposit')).json<Method[]>()
    expect(card!.savedProfiles).toHaveLength(1)
    const profile = card!.savedProfiles[0]!
    expect(profile).toMatchObject({ title: '424242******4242', isRemoveAvailable: true })
    expect(profile.id).toMatch(/^card_[0-9a-f]{24}$/)
    // Paying with it needs only the CVV.
    const fields = (
      await api.get(
        `/api/payments/methods/card/fields?currency=EUR&action=deposit&saved_profile_id=${profile.id}`,
      )
    ).json()
    expect(fields.methodFields.map((f: { name: string }) => f.name)).toEqual(['cvv'])
    const again = await api.submit({
      amount_cents: 3_000,
      saved_profile_id: profile.id,
      fields: { cvv: '321' },
    })
    expect(again.json().payment.state).toBe('succeeded')
    const noCvv = await api.submit({ amount_cents: 3_000, saved_profile_id: profile.id, fields: {} })
    expect(noCvv.statusCode).toBe(422)
    expect(noCvv.json().errors['fields.cvv']).toHaveLength(1)
    // Another player cannot use or delete it.
    const other = await registerPlayer(ctx.app)
    expect(
      (await client(ctx, other.sid).delete(`/api/payments/saved_profiles/${profile.id}`)).statusCode,
    ).toBe(404)
    const foreign = await client(ctx, other.sid).submit({
      amount_cents: 3_000,
      saved_profile_id: profile.id,
      fields: { cvv: '321' },
    })
    expect(foreign.statusCode).toBe(422)
    expect(foreign.json().errors.saved_profile_id).toHaveLength(1)
    expect((await api.delete(`/api/payments/saved_profiles/${profile.id}`)).statusCode).toBe(204)
    expect((await api.delete(`/api/payments/saved_profiles/${profile.id}`)).statusCode).toBe(404)
    expect((await api.delete('/api/payments/saved_profiles/1')).statusCode).toBe(422)
    expect((await client(ctx).delete(`/api/payments/saved_profiles/${profile.id}`)).statusCode).toBe(401)
    const [after] = (await api.get('/api/payments/methods?currency=EUR&action=deposit')).json<Method[]>()
    expect(after!.savedProfiles).toEqual([])
    // Only bin, last 4 and expiry are kept.
    const rows = await ctx.db.query('SELECT * FROM payment_saved_profiles WHERE user_id = $1', [player.id])
    expect(JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(
      '4242424242424242',
    )
    await fund(ctx, player.sid, 1_000)
  })
})

describe('OpenAPI', () => {
  it('documents every payments route with a summary', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = res.json<{ paths: Record<string, Record<string, { summary?: string }>> }>().paths
    const ours = [
      '/api/payments/config',
      '/api/payments/methods',
      '/api/payments/methods/{id}/fields',
      '/api/payments/saved_profiles/{id}',
      '/api/payments/plan',
      '/api/payments',
      '/api/payments/callbacks/sandbox',
      '/api/player/payments',
      '/api/player/payments/with_pages',
      '/api/player/payments/{id}/recall',
      '/api/player/crypto_addresses',
      '/api/users/transaction',
      '/log-payments-dep',
      '/payments/sandbox/3ds/{id}',
      '/payments/sandbox/wallet/{id}',
      '/dev/chain/transactions',
      '/dev/chain/blocks',
    ]
    for (const path of ours) {
      expect(paths[path], path).toBeDefined()
      for (const operation of Object.values(paths[path]!)) expect(operation.summary, path).toBeTruthy()
    }
  })
})
