import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, signIn, TEST_PASSWORD, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import { balance, cardFields, client, fund } from '../payments/testing.ts'

let ctx: TestContext
const clock = testClock()
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { clock })
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx.close()
})

type Player = Awaited<ReturnType<typeof registerPlayer>>
interface Limit {
  id: number
  type: string
  period: string
  status: string
  disable_at: string | null
  confirm_until: string | null
  accounts: Array<{
    currency: string
    amount_cents: number
    current_value_amount_cents: number
    active_until: string
  }>
  pending: {
    period: string
    accounts: Array<{ currency: string; amount_cents: number }>
    effective_at: string
  } | null
}

const limitsOf = async (p: Player) => (await client(ctx, p.sid).get('/api/user_limits')).json<Limit[]>()
const setLimit = (p: Player, body: object) => client(ctx, p.sid).post('/api/user_limits', body)
const deposit = (p: Player, amount: number) =>
  client(ctx, p.sid).submit({ amount_cents: amount, fields: cardFields(), currency: 'EUR' })
const dailyDeposit = (amount: number) => ({
  type: 'deposit',
  period: 'day',
  accounts: [{ currency: 'EUR', amount_cents: amount }],
})

/** The token of the last limit e-mail the player got. */
async function emailedToken(p: Player): Promise<{ token: string; body: string }> {
  const [mail] = await ctx.db.query<{ text_body: string }>(
    `SELECT text_body FROM email_outbox WHERE to_address = $1 AND template = 'limit_confirmation' ORDER BY id DESC LIMIT 1`,
    [p.email],
  )
  const token = /\/profile\/limits\/confirm\?token=([\w-]+)/.exec(mail!.text_body)![1]!
  return { token, body: mail!.text_body }
}

/**
 * The delay passing: the clock moves on (the rules' clock tests cover the instants), and the
 * player, whose sign-in ended by inactivity meanwhile, signs in again.
 */
async function hoursLater(p: Player, hours: number) {
  clock.advance(hours * 3_600_000)
  p.sid = await signIn(ctx.app, p.email)
}

describe('deposit limits', () => {
  it('refuse a deposit beyond what the period leaves, with a clear message, and count what was deposited', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    expect((await setLimit(player, dailyDeposit(5_000))).statusCode).toBe(204)
    const [limit] = await limitsOf(player)
    expect(limit).toMatchObject({
      type: 'deposit',
      period: 'day',
      status: 'active',
      pending: null,
      accounts: [{ currency: 'EUR', amount_cents: 5_000, current_value_amount_cents: 0 }],
    })
    expect(new Date(limit!.accounts[0]!.active_until).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000)

    const tooMuch = await deposit(player, 6_000)
    expect(tooMuch.statusCode).toBe(422)
    expect(tooMuch.json()).toMatchObject({
      code: 'deposit_limit',
      error: 'This deposit would go over your deposit limit.',
    })
    expect(tooMuch.json().errors.amount_cents[0]).toMatch(
      /^You can deposit up to 50\.00 EUR more until .+ UTC\.$/,
    )
    expect(await balance(ctx, player.sid)).toBe(0)

    await fund(ctx, player.sid, 3_000)
    const over = await deposit(player, 2_500)
    expect(over.json().errors.amount_cents[0]).toMatch(/up to 20\.00 EUR more/)
    await fund(ctx, player.sid, 2_000)
    expect((await limitsOf(player))[0]!.accounts[0]!.current_value_amount_cents).toBe(5_000)
    expect((await deposit(player, 1_000)).statusCode).toBe(422)
    expect(await balance(ctx, player.sid)).toBe(5_000)
  })

  it('answer in the language of the request', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await setLimit(player, dailyDeposit(1_000))
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      cookies: { sid: player.sid },
      headers: { 'accept-language': 'de' },
      payload: {
        currency: 'EUR',
        action: 'deposit',
        method_id: 'card',
        amount_cents: 2_000,
        fields: cardFields(),
      },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().error).not.toBe('This deposit would go over your deposit limit.')
  })

  it('apply a lower limit at once, and a raise only after the e-mailed confirmation and 24 hours', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await setLimit(player, dailyDeposit(5_000))
    // Lower: at once, no e-mail.
    await setLimit(player, dailyDeposit(4_000))
    expect((await limitsOf(player))[0]).toMatchObject({
      status: 'active',
      accounts: [{ amount_cents: 4_000 }],
    })
    // Raise: the old limit stays in force.
    expect((await setLimit(player, dailyDeposit(10_000))).statusCode).toBe(204)
    const waiting = (await limitsOf(player))[0]!
    expect(waiting).toMatchObject({
      status: 'unconfirmed',
      accounts: [{ amount_cents: 4_000 }],
      pending: { period: 'day', accounts: [{ currency: 'EUR', amount_cents: 10_000 }] },
    })
    expect(new Date(waiting.confirm_until!).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000)
    expect((await deposit(player, 5_000)).statusCode).toBe(422)
    const { token, body } = await emailedToken(player)
    expect(body).toMatch(/set your deposit limit to 100\.00 EUR per day/)
    expect(body).toMatch(/24 hours/)
    // Confirmed, but the delay hasn't passed: still 40.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/user_limits/confirm', payload: { token } }))
        .statusCode,
    ).toBe(204)
    expect((await limitsOf(player))[0]).toMatchObject({
      status: 'confirmed',
      accounts: [{ amount_cents: 4_000 }],
    })
    expect((await deposit(player, 5_000)).statusCode).toBe(422)
    // A day later: 100.
    await hoursLater(player, 24)
    expect((await limitsOf(player))[0]).toMatchObject({
      status: 'active',
      pending: null,
      accounts: [{ amount_cents: 10_000 }],
    })
    expect((await deposit(player, 5_000)).json().payment.state).toBe('succeeded')
    // The link works once.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_limits/confirm',
      payload: { token },
    })
    expect(again.json()).toMatchObject({ code: 'limit_token_invalid' })
  })

  it('removes a limit only after confirmation and the delay; an unconfirmed request lapses after 7 days', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await setLimit(player, dailyDeposit(2_000))
    const [limit] = await limitsOf(player)
    expect((await client(ctx, player.sid).delete(`/api/user_limits/${limit!.id}`)).statusCode).toBe(204)
    expect((await limitsOf(player))[0]).toMatchObject({ status: 'unconfirmed_disable' })
    expect((await limitsOf(player))[0]!.disable_at).not.toBeNull()
    const { token } = await emailedToken(player)
    await ctx.app.inject({ method: 'POST', url: '/api/user_limits/confirm', payload: { token } })
    expect((await limitsOf(player))[0]).toMatchObject({ status: 'confirmed_disable' })
    await hoursLater(player, 24)
    expect(await limitsOf(player)).toEqual([])
    expect((await deposit(player, 5_000)).json().payment.state).toBe('succeeded')

    // Never confirmed: after 7 days the request is dropped and the limit stays as it was.
    await setLimit(player, dailyDeposit(3_000))
    await setLimit(player, dailyDeposit(9_000))
    const lapsing = await emailedToken(player)
    await hoursLater(player, 7 * 24)
    expect((await limitsOf(player))[0]).toMatchObject({
      status: 'active',
      pending: null,
      accounts: [{ amount_cents: 3_000 }],
    })
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_limits/confirm',
      payload: { token: lapsing.token },
    })
    expect(late.statusCode).toBe(422)
  })

  it('keep a daily and a weekly limit side by side, each counting its own period', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await setLimit(player, dailyDeposit(5_000))
    await setLimit(player, {
      type: 'deposit',
      period: 'week',
      accounts: [{ currency: 'EUR', amount_cents: 3_000 }],
    })
    const limits = await limitsOf(player)
    expect(limits.map((l) => l.period).sort()).toEqual(['day', 'week'])
    expect((await deposit(player, 4_000)).json().errors.amount_cents[0]).toMatch(/up to 30\.00 EUR more/)
  })

  it('never let parallel deposits together pass the limit', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await setLimit(player, dailyDeposit(5_000))
    const results = await Promise.all(Array.from({ length: 8 }, () => deposit(player, 2_000)))
    const ok = results.filter((r) => r.statusCode === 200)
    expect(ok).toHaveLength(2)
    expect(results.filter((r) => r.statusCode === 422).every((r) => r.json().code === 'deposit_limit')).toBe(
      true,
    )
    expect(await balance(ctx, player.sid)).toBe(4_000)
  })

  it('refuse malformed limits with field errors', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const bad = await setLimit(player, {
      type: 'deposit',
      period: 'year',
      accounts: [{ currency: 'EUR', amount_cents: 1 }],
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.period).toBeDefined()
    const currency = await setLimit(player, {
      type: 'wager',
      period: 'day',
      accounts: [{ currency: 'QQQ', amount_cents: 1 }],
    })
    expect(currency.statusCode).toBe(422)
    const negative = await setLimit(player, dailyDeposit(-5))
    expect(negative.statusCode).toBe(422)
    expect(await limitsOf(player)).toEqual([])
    expect((await ctx.app.inject({ url: '/api/user_limits' })).statusCode).toBe(401)
  })
})

it('say each refusal once per field, with the bound that matters', async () => {
  const player = await registerPlayer(ctx.app, { currency: 'EUR' })
  const errorsOf = async (body: object) => {
    const res = await setLimit(player, body)
    expect(res.statusCode).toBe(422)
    const json = res.json<{ error: string; errors: Record<string, string[]> }>()
    for (const messages of Object.values(json.errors)) {
      expect(new Set(messages).size).toBe(messages.length)
      expect(messages).not.toContain(json.error)
    }
    return json.errors
  }
  // `.int()` (safe integers) and `.max()` both fail for a huge number: one message, the product's bound.
  expect(await errorsOf(dailyDeposit(1e20))).toEqual({
    'accounts.0.amount_cents': ['Amount must be at most 9007199254740991.'],
  })
  expect(await errorsOf({ type: 'session', period: 'day', minutes: 1e20 })).toEqual({
    minutes: ['minutes must be at most 44640.'],
  })
  expect(await errorsOf({ type: 'session', period: 'day', minutes: -1e20 })).toEqual({
    minutes: ['minutes must be at least 1.'],
  })
  // `.positive()` means more than zero, not "at least 0".
  expect(await errorsOf(dailyDeposit(0))).toEqual({
    'accounts.0.amount_cents': ['Amount must be greater than 0.'],
  })
})

describe('cooling-off and self-exclusion', () => {
  it('block deposits until they end, cannot be lifted or shortened, and leave withdrawals working', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 5_000)
    // A withdrawal requested before the exclusion stays payable.
    const before = await client(ctx, player.sid).submit({
      action: 'cashout',
      amount_cents: 2_000,
      fields: { card_number: '4242 4242 4242 4242' },
    })
    expect(before.json().payment, before.body).toMatchObject({ state: 'pending' })
    expect((await setLimit(player, { type: 'selfexclusion', period: 'month_6' })).statusCode).toBe(204)
    const paid = await ctx.app.services.payments.operatorDecide(
      { actor: 'cli' },
      BigInt(before.json().payment.id),
      'approve',
    )
    expect(paid.state).toBe('succeeded')
    const [limit] = await limitsOf(player)
    expect(limit).toMatchObject({ type: 'selfexclusion', period: 'month_6', status: 'active', accounts: [] })
    expect(new Date(limit!.disable_at!).getTime()).toBeGreaterThan(Date.now() + 150 * 24 * 3_600_000)

    const refused = await deposit(player, 1_000)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('excluded')
    expect(refused.json().errors.base[0]).toMatch(/^Deposits and play are blocked until .+ UTC\.$/)

    const lift = await client(ctx, player.sid).delete(`/api/user_limits/${limit!.id}`)
    expect(lift.json()).toMatchObject({ code: 'exclusion_locked' })
    const shorter = await setLimit(player, { type: 'selfexclusion', period: 'week' })
    expect(shorter.json()).toMatchObject({ code: 'exclusion_locked' })
    expect((await setLimit(player, { type: 'selfexclusion', period: 'forever' })).statusCode).toBe(204)
    expect((await limitsOf(player))[0]!.disable_at).toBeNull()

    const cashout = await client(ctx, player.sid).submit({
      action: 'cashout',
      amount_cents: 2_500,
      fields: { card_number: '4242 4242 4242 4242' },
    })
    expect(cashout.statusCode).toBe(200)
    expect(cashout.json().payment).toMatchObject({ action: 'cashout', state: 'pending' })
  })

  it('keep a self-excluded player from signing in (a cooling-off does not), until it ends', async () => {
    const signIn = (p: Player, lang = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/sign_in',
        headers: { 'accept-language': lang },
        payload: { user: { email: p.email, password: TEST_PASSWORD } },
      })
    const cooling = await registerPlayer(ctx.app, { currency: 'EUR' })
    await setLimit(cooling, { type: 'coolingoff', period: 'week' })
    expect((await signIn(cooling)).statusCode).toBe(200)

    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await setLimit(player, { type: 'selfexclusion', period: 'month_3' })
    const refused = await signIn(player)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('self_excluded')
    expect(refused.json().errors.base[0]).toMatch(
      /^Your account is self-excluded: .+ You can sign in again from .+ UTC\.$/,
    )
    expect(refused.cookies.find((c) => c.name === 'sid')).toBeUndefined()
    expect((await signIn(player, 'de')).json().errors.base[0]).toMatch(/wieder anmelden/)
    // Three months and a few days later (months are calendar months).
    clock.advance(95 * 24 * 3_600_000)
    expect((await signIn(player)).statusCode).toBe(200)
  })

  it('end by themselves: a day-long cooling-off blocks for a day only', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await setLimit(player, { type: 'coolingoff', period: 'day' })
    expect((await deposit(player, 1_000)).statusCode).toBe(403)
    // A day and a second later.
    await hoursLater(player, 24)
    clock.advance(1_000)
    expect(await limitsOf(player)).toEqual([])
    expect((await deposit(player, 1_000)).json().payment.state).toBe('succeeded')
  })
})
