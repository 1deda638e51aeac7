import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { Ledger } from '../ledger/index.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const get = (url: string, sid?: string) => ctx.app.inject({ url, cookies: sid ? { sid } : {} })
const select = (sid: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/player/accounts',
    cookies: sid ? { sid } : {},
    payload: payload as object,
    headers,
  })

describe('wallets', () => {
  it('opens the active wallet in the registration currency', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'CAD' })
    const res = await get('/api/player/accounts?compatibility=false', player.sid)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      {
        currency: 'CAD',
        amount_cents: 0,
        available_to_cashout_cents: 0,
        available_to_bet_with_locked_cent: 0,
        hidden_at: null,
        deposit_available: true,
        selected_lottery_id: 0,
        active: true,
      },
    ])
    const old = await get('/api/player/accounts?compatibility=true', player.sid)
    expect(old.json()).toEqual([
      { currency: 'CAD', amount_cents: 0, available_to_cashout_cents: 0, wager_status: 'none' },
    ])
  })

  it('opens and selects another wallet; the profile follows the active currency', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const res = await select(player.sid, { currency: 'BTC' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ currency: 'BTC', active: true, amount_cents: 0 })
    const list = (await get('/api/player/accounts', player.sid)).json<
      Array<{ currency: string; active: boolean }>
    >()
    expect(list.map((w) => [w.currency, w.active])).toEqual([
      ['BTC', true],
      ['EUR', false],
    ])
    expect((await get('/api/player', player.sid)).json().currency).toBe('BTC')
    // Selecting an open wallet again switches back without opening another.
    await select(player.sid, { currency: 'EUR' })
    const again = (await get('/api/player/accounts', player.sid)).json<
      Array<{ currency: string; active: boolean }>
    >()
    expect(again.map((w) => [w.currency, w.active])).toEqual([
      ['EUR', true],
      ['BTC', false],
    ])
  })

  it('answers 422 for unknown currencies, 400 for malformed bodies, 401 without a session, 403 cross-site', async () => {
    const player = await registerPlayer(ctx.app)
    const unknown = await select(player.sid, { currency: 'XYZ' })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().errors.currency).toHaveLength(1)
    expect((await select(player.sid, { currency: 'eur' })).statusCode).toBe(422)
    expect((await select(player.sid, { currency: 5 })).statusCode).toBe(400)
    expect((await select(player.sid, { currency: 'EUR', extra: 1 })).statusCode).toBe(422)
    expect((await select(undefined, { currency: 'EUR' })).statusCode).toBe(401)
    expect((await get('/api/player/accounts')).statusCode).toBe(401)
    expect((await get('/api/player/accounts?compatibility=maybe', player.sid)).statusCode).toBe(422)
    expect(
      (await select(player.sid, { currency: 'USD' }, { 'sec-fetch-site': 'cross-site' })).statusCode,
    ).toBe(403)
    const list = (await get('/api/player/accounts', player.sid)).json<unknown[]>()
    expect(list).toHaveLength(1)
  })

  it('shows balances from the ledger and stats from its transactions', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const user = BigInt(player.id)
    const ledger = new Ledger(ctx.db)
    const move = (
      kind: 'deposit' | 'cashout' | 'bet',
      amount: bigint,
      house: 'house_payments' | 'house_withdrawals' | 'house_games',
    ) =>
      ledger.post({
        key: `stats-${player.id}-${kind}-${amount}`,
        kind,
        userId: user,
        postings: [
          { account: { house, currency: 'EUR' }, amount: kind === 'deposit' ? -amount : amount },
          {
            account: { user, kind: 'player_real', currency: 'EUR' },
            amount: kind === 'deposit' ? amount : -amount,
          },
        ],
      })
    const empty = await get('/api/player/stats', player.sid)
    expect(empty.json()).toEqual({
      deposits_count: 0,
      deposits_sum: { EUR: 0 },
      cashouts_sum: { EUR: 0 },
      bets_sum: { EUR: 0 },
      messages: { notice: '' },
    })
    await move('deposit', 10_000n, 'house_payments')
    await move('deposit', 2_500n, 'house_payments')
    await move('cashout', 4_000n, 'house_withdrawals')
    await move('bet', 150n, 'house_games')
    const stats = (await get('/api/player/stats', player.sid)).json()
    expect(stats).toMatchObject({
      deposits_count: 2,
      deposits_sum: { EUR: 12_500 },
      cashouts_sum: { EUR: 4_000 },
      bets_sum: { EUR: 150 },
    })
    const [wallet] = (await get('/api/player/accounts', player.sid)).json<Array<{ amount_cents: number }>>()
    expect(wallet!.amount_cents).toBe(8_350)
    expect((await get('/api/player/stats')).statusCode).toBe(401)
  })
})
