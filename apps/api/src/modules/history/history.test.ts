import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '@aurum/db'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { syncCatalogue } from '../games/index.ts'
import { spin, TEST_GAMES, TEST_PROVIDERS, TEST_WALLET_SECRET, walletCall } from '../games/testing.ts'
import { checkLedger } from '../ledger/index.ts'
import { balance, cardFields, client, fund } from '../payments/testing.ts'
import { CSV_BOM } from '../../lib/csv.ts'
import { RoundFairness } from './round-fairness.ts'
import { AccountHistory } from './service.ts'

let ctx: TestContext
/** A game whose title is a spreadsheet formula (titles are data). */
const FORMULA_GAME = {
  ...TEST_GAMES[0]!,
  identifier: 'goldfinch:formula-slot',
  slug: 'formula-slot',
  title: '=HYPERLINK("http://evil.example","Win, now")',
}

beforeAll(async () => {
  // GAMES_PORT 0 and no GAMES_URL: no game server to ask, so these rounds carry no fairness data
  // (fairness.test.ts plays rounds through a real game server).
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET, GAMES_PORT: '0' })
  await syncCatalogue(ctx.db, [...TEST_GAMES, FORMULA_GAME], TEST_PROVIDERS, ['EUR', 'USD', 'BTC'])
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx.close()
})

let ids = 0
const id = (name: string) => `${name}-${process.pid}-${++ids}`

/** A real-money wallet session of a signed-in player in a game and currency (a real launch). */
async function session(sid: string, identifier = 'goldfinch:test-slot-1', currency?: string) {
  const launch = await client(ctx, sid).post('/api/games/launch', {
    identifier,
    mode: 'real',
    ...(currency ? { currency } : {}),
  })
  expect(launch.statusCode, launch.body).toBe(200)
  const token = new URL(launch.json<{ url: string }>().url).searchParams.get('token')!
  const auth = await walletCall(ctx, 'authenticate', { token })
  expect(auth.statusCode, auth.body).toBe(200)
  return auth.json<{ session_id: string }>().session_id
}

/** An instant round (bet with its win): the wallet's answer, the balance right after it. */
async function play(sessionId: string, bet: number, win: number): Promise<number> {
  const res = await spin(ctx, sessionId, bet, win)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ balance_cents: number }>().balance_cents
}

/** BTC in the player's wallet through the development chain (a crypto deposit, confirmed). */
async function fundBtc(sid: string, satoshi: number) {
  const api = client(ctx, sid)
  const { BTC } = (await api.get('/api/player/crypto_addresses')).json<Record<string, string>>()
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/dev/chain/transactions',
    payload: { currency: 'BTC', address: BTC, amount_cents: satoshi },
  })
  expect(sent.statusCode, sent.body).toBe(200)
  await ctx.app.inject({ method: 'POST', url: '/dev/chain/blocks', payload: { count: 6 } })
}

interface Round {
  bet_id: number
  bet_status: string
  created_at: string
  finished_at: string | null
  currency: string
  provider: string
  game: string
  title: string
  total_bets: number
  total_losses: number
  total_wins: number
  round_id: string
  balance_after_cents: number | null
  fairness: unknown
}

const games = async (sid: string, query = '') => {
  const res = await client(ctx, sid).get(`/api/player/games${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Round[]>()
}

describe('games history', () => {
  it('lists the rounds newest first with bet, win and the balance the ledger had after each', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 10_000)
    const sessionId = await session(player.sid)
    const after: number[] = []
    after.push(await play(sessionId, 100, 0))
    expect(await balance(ctx, player.sid)).toBe(after[0])
    after.push(await play(sessionId, 200, 500))
    // Money that moves between rounds is in the next round's balance, not in this one's.
    await fund(ctx, player.sid, 1_000)
    after.push(await play(sessionId, 50, 50))
    expect(after).toEqual([9_900, 10_200, 11_200])
    expect(await balance(ctx, player.sid)).toBe(11_200)

    const rounds = await games(player.sid)
    expect(rounds.map((r) => [r.total_bets, r.total_wins, r.total_losses, r.balance_after_cents])).toEqual([
      [50, 50, 0, 11_200],
      [200, 500, 0, 10_200],
      [100, 0, 100, 9_900],
    ])
    expect(rounds[0]).toMatchObject({
      bet_status: 'closed',
      currency: 'EUR',
      provider: 'goldfinch',
      game: 'goldfinch:test-slot-1',
      title: TEST_GAMES[0]!.title,
      fairness: null,
    })
    expect(rounds[0]!.round_id).toMatch(/^spin-round-/)
    expect(new Date(rounds[0]!.created_at).toISOString()).toBe(rounds[0]!.created_at)
    expect(rounds[0]!.bet_id).toBeGreaterThan(rounds[1]!.bet_id)
  })

  it('takes a round’s balance from its last posting, even when other rounds came between its calls', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 5_000)
    const table = await session(player.sid, 'northwind:test-slot-2')
    const slot = await session(player.sid)
    const lost = id('lost')
    const won = id('won')
    const bet = (round: string, amount: number) =>
      walletCall(ctx, 'bet', {
        session_id: table,
        transaction_id: `${round}:bet`,
        round_id: round,
        amount_cents: amount,
      })
    const settle = (round: string, amount: number) =>
      walletCall(ctx, 'win', {
        session_id: table,
        transaction_id: `${round}:win`,
        round_id: round,
        amount_cents: amount,
        round_closed: true,
      })
    // A lost round of several calls: its last posting is the bet; the closing win of 0 moves nothing.
    expect((await bet(lost, 300)).json().balance_cents).toBe(4_700)
    expect(await play(slot, 100, 0)).toBe(4_600)
    expect((await settle(lost, 0)).json().balance_cents).toBe(4_600)
    // A won round: its last posting is the win, after the instant round played meanwhile.
    await bet(won, 400)
    await play(slot, 100, 250)
    expect((await settle(won, 1_000)).json().balance_cents).toBe(5_350)
    // A round rolled back (its bet's answer was lost): void, the balance after its rollback.
    const voided = id('void')
    await walletCall(ctx, 'bet', {
      session_id: slot,
      transaction_id: `${voided}:bet`,
      round_id: voided,
      amount_cents: 500,
      win: { transaction_id: `${voided}:win`, amount_cents: 2_000 },
    })
    const rollback = await walletCall(ctx, 'rollback', {
      session_id: slot,
      transaction_id: `${voided}:rollback`,
      reference_transaction_id: `${voided}:bet`,
      round_id: voided,
    })
    expect(rollback.statusCode, rollback.body).toBe(200)
    expect(await balance(ctx, player.sid)).toBe(5_350)

    const rounds = await games(player.sid)
    expect(
      rounds.map((r) => [r.round_id, r.bet_status, r.total_bets, r.total_wins, r.balance_after_cents]),
    ).toEqual([
      [voided, 'rolled_back', 0, 0, 5_350],
      [expect.stringMatching(/^spin-round-/), 'closed', 100, 250, 4_350],
      [won, 'closed', 400, 1_000, 5_350],
      [expect.stringMatching(/^spin-round-/), 'closed', 100, 0, 4_600],
      [lost, 'closed', 300, 0, 4_700],
    ])
  })

  it('filters by currency, period and game, pages, and shows only the signed-in player’s rounds', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 10_000)
    const eur = await session(player.sid)
    const other = await session(player.sid, 'northwind:test-slot-2')
    await play(eur, 100, 0)
    await play(other, 200, 0)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const between = new Date()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await play(eur, 300, 0)
    await fundBtc(player.sid, 1_000_000)
    const btc = await session(player.sid, 'goldfinch:test-slot-1', 'BTC')
    await play(btc, 12_345, 0)

    const stranger = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, stranger.sid, 1_000)
    await play(await session(stranger.sid), 100, 0)

    const bets = (rounds: Round[]) => rounds.map((r) => r.total_bets)
    expect(bets(await games(player.sid))).toEqual([12_345, 300, 200, 100])
    expect(bets(await games(stranger.sid))).toEqual([100])
    expect(bets(await games(player.sid, '?currency=EUR'))).toEqual([300, 200, 100])
    expect(bets(await games(player.sid, '?currency=BTC'))).toEqual([12_345])
    expect(bets(await games(player.sid, '?currency=USD'))).toEqual([])
    expect(bets(await games(player.sid, '?game=northwind:test-slot-2'))).toEqual([200])
    const from = encodeURIComponent(between.toISOString())
    expect(bets(await games(player.sid, `?from=${from}`))).toEqual([12_345, 300])
    expect(bets(await games(player.sid, `?to=${from}`))).toEqual([200, 100])
    expect(bets(await games(player.sid, `?from=${from}&currency=EUR`))).toEqual([300])
    // A date is a whole UTC day: today holds them all, yesterday none.
    const today = new Date().toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    expect(bets(await games(player.sid, `?from=${today}&to=${today}`))).toHaveLength(4)
    expect(bets(await games(player.sid, `?to=${yesterday}`))).toEqual([])
    expect(bets(await games(player.sid, '?per_page=3'))).toEqual([12_345, 300, 200])
    expect(bets(await games(player.sid, '?per_page=3&page=2'))).toEqual([100])
    expect(bets(await games(player.sid, '?per_page=3&page=3'))).toEqual([])
    expect(bets(await games(player.sid, '?per_page=2&page=2&currency=EUR'))).toEqual([100])
  })

  it('answers 422 with field errors in the request’s language for bad filters, 401 without a session', async () => {
    const player = await registerPlayer(ctx.app)
    const get = (query: string, language = 'en') =>
      ctx.app.inject({
        url: `/api/player/games${query}`,
        cookies: { sid: player.sid },
        headers: { 'accept-language': language },
      })
    const errors = async (query: string, language?: string) => {
      const res = await get(query, language)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().code).toBe('validation_failed')
      return res.json<{ errors: Record<string, string[]> }>().errors
    }
    expect(Object.keys(await errors('?per_page=0'))).toEqual(['per_page'])
    expect(Object.keys(await errors('?per_page=101'))).toEqual(['per_page'])
    expect(Object.keys(await errors('?page=abc'))).toEqual(['page'])
    expect(Object.keys(await errors('?page=10001'))).toEqual(['page'])
    expect(Object.keys(await errors('?currency=QQQ'))).toEqual(['currency'])
    expect(Object.keys(await errors('?currency=eur'))).toEqual(['currency'])
    expect(Object.keys(await errors('?from=2026-02-30'))).toEqual(['from'])
    expect(Object.keys(await errors('?from=yesterday'))).toEqual(['from'])
    expect(Object.keys(await errors('?game=<script>'))).toEqual(['game'])
    expect(Object.keys(await errors('?from=2026-03-02&to=2026-03-01'))).toEqual(['to'])
    expect(await errors('?sort=asc')).toHaveProperty('base')
    expect((await errors('?per_page=500', 'en')).per_page).toEqual(['Per page must be at most 100.'])
    expect((await errors('?per_page=500', 'de')).per_page).toEqual(['Pro Seite darf höchstens 100 betragen.'])
    expect((await errors('?from=2026-03-02&to=2026-03-01', 'de')).to).toEqual([
      'Bis darf nicht vor dem Anfangsdatum liegen.',
    ])
    // A day and a date-time with an offset are both periods.
    expect((await get('?from=2026-03-01&to=2026-03-01')).statusCode).toBe(200)
    expect((await get(`?from=${encodeURIComponent('2026-03-01T00:00:00+01:00')}`)).statusCode).toBe(200)
    expect((await ctx.app.inject({ url: '/api/player/games' })).statusCode).toBe(401)
    expect((await ctx.app.inject({ url: '/api/player/games.csv' })).statusCode).toBe(401)
    expect((await ctx.app.inject({ url: '/api/player/payments.csv' })).statusCode).toBe(401)
  })
})

describe('history routes', () => {
  it('are described in the OpenAPI document with their filters', async () => {
    const res = await ctx.app.inject('/api/docs/json')
    expect(res.statusCode).toBe(200)
    const paths = res.json<{
      paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>>
    }>().paths
    for (const path of [
      '/api/player/games',
      '/api/player/games.csv',
      '/api/player/payments.csv',
      '/api/player/payments/with_pages',
    ]) {
      expect(paths, path).toHaveProperty([path])
    }
    const names = (path: string) => paths[path]!.get!.parameters!.map((p) => p.name).sort()
    expect(names('/api/player/games')).toEqual(['currency', 'from', 'game', 'l', 'page', 'per_page', 'to'])
    expect(names('/api/player/payments.csv')).toEqual(['currency', 'from', 'l', 'state', 'to', 'type'])
  })
})

/** A CSV body as records (the BOM checked and dropped). */
const csvOf = (body: string) => {
  expect(body.startsWith(CSV_BOM)).toBe(true)
  expect(body.endsWith('\r\n')).toBe(true)
  return body.slice(1).split('\r\n').slice(0, -1)
}

describe('games history CSV', () => {
  it('exports the filtered rounds with decimal amounts, ISO times, quoting and the formula guard', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 10_000)
    const eur = await session(player.sid, FORMULA_GAME.identifier)
    await play(eur, 150, 0)
    await play(eur, 20, 1_005)
    await fundBtc(player.sid, 100_000_000)
    const btc = await session(player.sid, 'goldfinch:test-slot-1', 'BTC')
    await play(btc, 12_345, 1)

    const res = await client(ctx, player.sid).get('/api/player/games.csv')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    const today = new Date().toISOString().slice(0, 10)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="aurum-games-history-${today}.csv"`)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-export-rows']).toBe('3')
    expect(res.headers['x-export-truncated']).toBe('false')
    const rounds = await games(player.sid)
    const [b, e2, e1] = rounds
    const title = `"'=HYPERLINK(""http://evil.example"",""Win, now"")"`
    expect(csvOf(res.body)).toEqual([
      'bet_id,round_id,created_at,finished_at,game,title,provider,currency,bet,win,net,balance_after,status,server_seed_hash,client_seed,nonce,server_seed,verify_url',
      `${b!.bet_id},${b!.round_id},${b!.created_at},${b!.finished_at},goldfinch:test-slot-1,${TEST_GAMES[0]!.title},goldfinch,BTC,0.00012345,0.00000001,-0.00012344,0.99987656,closed,,,,,`,
      `${e2!.bet_id},${e2!.round_id},${e2!.created_at},${e2!.finished_at},goldfinch:formula-slot,${title},goldfinch,EUR,0.20,10.05,9.85,108.35,closed,,,,,`,
      `${e1!.bet_id},${e1!.round_id},${e1!.created_at},${e1!.finished_at},goldfinch:formula-slot,${title},goldfinch,EUR,1.50,0.00,-1.50,98.50,closed,,,,,`,
    ])
    const btcOnly = await client(ctx, player.sid).get('/api/player/games.csv?currency=BTC')
    expect(csvOf(btcOnly.body)).toHaveLength(2)
    expect(btcOnly.headers['x-export-rows']).toBe('1')
    const bad = await client(ctx, player.sid).get('/api/player/games.csv?from=2026-13-01')
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)).toEqual(['from'])
  })

  it('reads an export in chunks and stops at its cap', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 10_000)
    const s = await session(player.sid)
    for (let i = 1; i <= 5; i++) await play(s, i * 10, 0)
    const history = new AccountHistory(
      ctx.db,
      new RoundFairness(undefined, TEST_WALLET_SECRET, console, systemClock),
    )
    const user = BigInt(player.id)
    expect(await history.countRounds(user, {}, 3)).toBe(4)
    expect(await history.countRounds(user, {}, 10)).toBe(5)
    const chunks: number[][] = []
    for await (const chunk of history.roundChunks(user, {}, 3))
      chunks.push(chunk.map((r) => Number(r.total_bets)))
    expect(chunks).toEqual([[50, 40, 30]])
  })
})

interface Payment {
  id: number
  action: string
  state: string
  amount_cents: number
  fee_cents: number
  currency: string
  created_at: string
  finished_at: string | null
  system_name: string
  cancellation_reason: string | null
}

describe('payment history', () => {
  it('filters by currency, type, state and period, in the shape of api-shapes §3.1', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const api = client(ctx, player.sid)
    await fund(ctx, player.sid, 10_000)
    await api.submit({ amount_cents: 2_500, fields: cardFields('4000 0000 0000 0002') })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const between = new Date().toISOString()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const cashout = await api.submit({
      action: 'cashout',
      amount_cents: 4_000,
      fields: { card_number: '4242 4242 4242 4242' },
    })
    expect(cashout.json().payment.state).toBe('pending')
    await fundBtc(player.sid, 150_000)
    const page = async (body: object) => {
      const res = await api.post('/api/player/payments/with_pages', body)
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{
        data: Payment[]
        pagination: { page: number; per_page: number; total_count: number }
      }>()
    }
    const rows = (body: object) => page(body).then((p) => p.data.map((d) => [d.action, d.state, d.currency]))
    expect(await rows({})).toEqual([
      ['deposit', 'succeeded', 'BTC'],
      ['cashout', 'pending', 'EUR'],
      ['deposit', 'declined', 'EUR'],
      ['deposit', 'succeeded', 'EUR'],
    ])
    expect((await page({ page: 2, page_size: 3 })).pagination).toEqual({
      page: 2,
      per_page: 3,
      total_count: 4,
    })
    expect(await rows({ filter: { state: 'succeeded' } })).toEqual([
      ['deposit', 'succeeded', 'BTC'],
      ['deposit', 'succeeded', 'EUR'],
    ])
    expect(await rows({ filter: { state: ['pending', 'declined'], currency: 'EUR' } })).toEqual([
      ['cashout', 'pending', 'EUR'],
      ['deposit', 'declined', 'EUR'],
    ])
    expect(await rows({ filter: { type: 'cashout' } })).toEqual([['cashout', 'pending', 'EUR']])
    expect(await rows({ filter: { from: between } })).toEqual([
      ['deposit', 'succeeded', 'BTC'],
      ['cashout', 'pending', 'EUR'],
    ])
    const before = await page({ filter: { to: between, type: 'deposit' } })
    expect(before.pagination.total_count).toBe(2)
    expect(before.data.map((d) => d.state)).toEqual(['declined', 'succeeded'])
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    expect(await rows({ filter: { to: yesterday } })).toEqual([])

    const invalid = async (body: object) => {
      const res = await api.post('/api/player/payments/with_pages', body)
      expect(res.statusCode, res.body).toBe(422)
      return Object.keys(res.json().errors)
    }
    expect(await invalid({ filter: { state: 'lost' } })).toEqual(['filter.state'])
    expect(await invalid({ filter: { from: '2026-03-02', to: '2026-03-01' } })).toEqual(['filter.to'])
    expect(await invalid({ filter: { from: 'soon' } })).toEqual(['filter.from'])
    const other = await registerPlayer(ctx.app)
    expect((await client(ctx, other.sid).post('/api/player/payments/with_pages', {})).json().data).toEqual([])
  })

  it('exports payments as CSV: filters, decimals of the currency, translated method, guarded reasons', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const api = client(ctx, player.sid)
    await fund(ctx, player.sid, 12_345)
    const cashout = await api.submit({
      action: 'cashout',
      amount_cents: 2_000,
      fields: { card_number: '4242 4242 4242 4242' },
    })
    // The operator's reason is free text: a formula in it stays text in the spreadsheet.
    await ctx.app.services.payments.operatorDecide(
      { actor: 'cli' },
      BigInt(cashout.json().payment.id),
      'reject',
      '@SUM(A1:A9),"x"',
    )
    await fundBtc(player.sid, 150_001)

    const res = await api.get('/api/player/payments.csv')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    const today = new Date().toISOString().slice(0, 10)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="aurum-payments-history-${today}.csv"`,
    )
    const list = (await api.get('/api/player/payments')).json<Payment[]>()
    const [btc, rejected, deposit] = list
    expect(rejected!.state).toBe('rejected')
    const line = (p: Payment, amount: string, fee: string, reason: string) =>
      `${p.id},${p.created_at},${p.finished_at ?? ''},${p.action},${p.system_name},${p.currency},${amount},${fee},${p.state},${reason}`
    expect(csvOf(res.body)).toEqual([
      'id,created_at,finished_at,type,method,currency,amount,fee,state,reason',
      line(btc!, '0.00150001', '0.00000000', ''),
      line(rejected!, '20.00', '0.00', `"'@SUM(A1:A9),""x"""`),
      line(deposit!, '123.45', '0.00', ''),
    ])
    const rejectedOnly = await api.get('/api/player/payments.csv?state=rejected&state=declined&type=cashout')
    expect(csvOf(rejectedOnly.body)).toEqual([
      'id,created_at,finished_at,type,method,currency,amount,fee,state,reason',
      line(rejected!, '20.00', '0.00', `"'@SUM(A1:A9),""x"""`),
    ])
    const german = await ctx.app.inject({
      url: '/api/player/payments.csv?currency=EUR&type=deposit',
      cookies: { sid: player.sid },
      headers: { 'accept-language': 'de' },
    })
    const germanList = (
      await ctx.app.inject({
        url: '/api/player/payments',
        cookies: { sid: player.sid },
        headers: { 'accept-language': 'de' },
      })
    ).json<Payment[]>()
    expect(csvOf(german.body)[1]).toBe(line(germanList[2]!, '123.45', '0.00', ''))
    expect((await api.get('/api/player/payments.csv?state=lost')).statusCode).toBe(422)
  })
})
