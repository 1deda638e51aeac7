import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import type { Dashboard, GgrPage } from '@aurum/shared/contracts/admin-reports'
import { PLAYER_EXPORT_FORMAT } from '@aurum/shared/contracts/admin-reports'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { signedInStaff, type SignedInStaff } from '../../test/staff.ts'
import { openRealSession, seedTestGames, spin, TEST_WALLET_SECRET, walletCall } from '../games/testing.ts'
import { client, fund } from '../payments/testing.ts'

/**
 * The back office's dashboard and reports (docs/backoffice.md "Dashboard", "Reports"): real
 * rounds, deposits and withdrawals through the api, the consumers run, then every figure of the
 * dashboard checked against sums of the ledger's entries; the GGR report's groups against the
 * dashboard; the regulator export against the player's rows.
 */
const clock = testClock()
let ctx: TestContext
let viewer: SignedInStaff
let players: Array<{ id: number; sid: string }>
let day: string

beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET }, undefined, { clock })
  await seedTestGames(ctx)
  viewer = await signedInStaff(ctx.app, clock, 'read-only')
  await play()
  await ctx.app.services.eventLog.drain('daily-totals')
  const [row] = await ctx.db.query<{ day: string }>(
    `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`,
  )
  day = row!.day
})
afterAll(async () => {
  await ctx?.close()
})

let ids = 0
const id = (what: string) => `reports-${what}-${process.pid}-${++ids}`

/** Three players in two currencies: deposits, a paid and a pending withdrawal, rounds of every kind. */
async function play() {
  const eur1 = await registerPlayer(ctx.app)
  const eur2 = await registerPlayer(ctx.app)
  const usd = await registerPlayer(ctx.app, { currency: 'USD' })
  players = [eur1, eur2, usd]
  await fund(ctx, eur1.sid, 10_000)
  await fund(ctx, eur1.sid, 2_500) // not a first deposit
  await fund(ctx, eur2.sid, 5_000)
  await fund(ctx, usd.sid, 7_000, 'USD')

  const slot1 = await openRealSession(ctx, eur1.sid, 'goldfinch:test-slot-1')
  const slot2 = await openRealSession(ctx, eur2.sid, 'northwind:test-slot-2')
  const usdSlot = await openRealSession(ctx, usd.sid, 'goldfinch:test-slot-3')
  for (const [session, bet, win] of [
    [slot1, 100, 0],
    [slot1, 200, 500],
    [slot2, 300, 40],
    [slot2, 50, 0],
    [usdSlot, 400, 1_000],
    [usdSlot, 120, 0],
  ] as const)
    expect((await spin(ctx, session, bet, win)).statusCode).toBe(200)

  // An instant round rolled back: its bet and win go.
  const round = id('round')
  const bet = id('bet')
  const instant = await walletCall(ctx, 'bet', {
    session_id: slot1,
    transaction_id: bet,
    round_id: round,
    amount_cents: 250,
    win: { transaction_id: id('win'), amount_cents: 100 },
  })
  expect(instant.statusCode).toBe(200)
  const rollback = await walletCall(ctx, 'rollback', {
    session_id: slot1,
    transaction_id: id('rb'),
    reference_transaction_id: bet,
    round_id: round,
  })
  expect(rollback.statusCode).toBe(200)

  // A live round: bets while it is open, a win that closes it.
  const live = await openRealSession(ctx, eur2.sid, 'aurum-live:live-roulette')
  const liveRound = id('live')
  for (const amount of [100, 200]) {
    const placed = await walletCall(ctx, 'bet', {
      session_id: live,
      transaction_id: id('bet'),
      round_id: liveRound,
      amount_cents: amount,
    })
    expect(placed.statusCode).toBe(200)
  }
  const won = await walletCall(ctx, 'win', {
    session_id: live,
    transaction_id: id('win'),
    round_id: liveRound,
    amount_cents: 600,
    round_closed: true,
  })
  expect(won.statusCode).toBe(200)

  // One withdrawal paid, one waiting in the queue.
  const paid = await client(ctx, eur1.sid).submit({
    action: 'cashout',
    amount_cents: 3_000,
    fields: { card_number: '4242 4242 4242 4242' },
  })
  await ctx.app.services.payments.operatorDecide({ actor: 'cli' }, BigInt(paid.json().payment.id), 'approve')
  const waiting = await client(ctx, eur2.sid).submit({
    action: 'cashout',
    amount_cents: 2_500,
    fields: { card_number: '4242 4242 4242 4242' },
  })
  expect(waiting.json().payment?.state, waiting.body).toBe('pending')
}

interface LedgerDay {
  currency: string
  deposits: bigint | null
  deposit_count: bigint
  withdrawals: bigint | null
  withdrawal_count: bigint
  bets: bigint | null
  wins: bigint | null
  house_games: bigint | null
  rounds: bigint
  active_players: bigint
}

/**
 * The day's figures from the ledger alone, per currency: deposits credited to players, payouts
 * to the payment provider, the players' bet and win entries (a rollback's entry is the bet less
 * the win it takes back, its metadata says the win), the house's games account, the rounds and
 * players that bet.
 */
async function ledgerDay(): Promise<Map<string, LedgerDay>> {
  const rows = await ctx.db.query<LedgerDay>(
    `SELECT a.currency,
       sum(e.amount) FILTER (WHERE t.kind = 'deposit' AND a.kind = 'player_real') AS deposits,
       count(DISTINCT t.id) FILTER (WHERE t.kind = 'deposit') AS deposit_count,
       sum(e.amount) FILTER (WHERE t.kind = 'cashout' AND a.kind = 'house_payments' AND t.metadata ? 'payout') AS withdrawals,
       count(DISTINCT t.id) FILTER (WHERE t.kind = 'cashout' AND t.metadata ? 'payout') AS withdrawal_count,
       sum(CASE WHEN t.kind = 'bet' THEN -e.amount
                WHEN t.kind = 'rollback' THEN -(e.amount + (t.metadata ->> 'win')::bigint) END)
         FILTER (WHERE a.kind = 'player_real') AS bets,
       sum(CASE WHEN t.kind = 'win' THEN e.amount
                WHEN t.kind = 'rollback' THEN -(t.metadata ->> 'win')::bigint END)
         FILTER (WHERE a.kind = 'player_real') AS wins,
       sum(e.amount) FILTER (WHERE a.kind = 'house_games') AS house_games,
       count(DISTINCT t.metadata ->> 'round') FILTER (WHERE t.kind = 'bet') AS rounds,
       count(DISTINCT t.user_id) FILTER (WHERE t.kind = 'bet') AS active_players
     FROM ledger_entries e
     JOIN ledger_transactions t ON t.id = e.transaction_id
     JOIN ledger_accounts a ON a.id = e.account_id
     WHERE (e.created_at AT TIME ZONE 'UTC')::date = $1::date
     GROUP BY a.currency`,
    [day],
  )
  return new Map(rows.map((r) => [r.currency, r]))
}

/** Each player's first deposit in the ledger (whatever its currency) that fell on the day. */
async function ledgerFirstDeposits(): Promise<Map<string, { count: bigint; sum: bigint }>> {
  const rows = await ctx.db.query<{ currency: string; count: bigint; sum: bigint }>(
    `SELECT a.currency, count(*) AS count, sum(e.amount) AS sum
     FROM (SELECT DISTINCT ON (user_id) id FROM ledger_transactions WHERE kind = 'deposit' ORDER BY user_id, id) f
     JOIN ledger_entries e ON e.transaction_id = f.id
     JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'player_real'
     WHERE (e.created_at AT TIME ZONE 'UTC')::date = $1::date
     GROUP BY a.currency`,
    [day],
  )
  return new Map(rows.map((r) => [r.currency, r]))
}

async function dashboard(query = `from=${day}&to=${day}`): Promise<Dashboard> {
  const res = await viewer.call('GET', `/api/admin/dashboard?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Dashboard>()
}

async function ggr(group: string, extra = ''): Promise<GgrPage> {
  const res = await viewer.call(
    'GET',
    `/api/admin/reports/ggr?group=${group}&from=${day}&to=${day}&per_page=1000${extra}`,
  )
  expect(res.statusCode, res.body).toBe(200)
  return res.json<GgrPage>()
}

describe('the dashboard', () => {
  it("equals the sums of the ledger's entries for the day, in each currency", async () => {
    const board = await dashboard()
    const ledger = await ledgerDay()
    const firsts = await ledgerFirstDeposits()
    const [registered] = await ctx.db.query<{ by: Record<string, number> }>(
      `SELECT coalesce(jsonb_object_agg(currency, n), '{}') AS by FROM (
         SELECT currency, count(*)::int AS n FROM users WHERE (created_at AT TIME ZONE 'UTC')::date = $1::date
         GROUP BY currency) c`,
      [day],
    )
    expect(board.days.map((d) => d.currency).sort()).toEqual(['EUR', 'USD'])
    for (const figures of board.days) {
      expect(figures.day).toBe(day)
      const sums = ledger.get(figures.currency)!
      const first = firsts.get(figures.currency)
      expect(figures).toEqual({
        day,
        currency: figures.currency,
        deposits: { count: Number(sums.deposit_count), sum_cents: Number(sums.deposits ?? 0n) },
        withdrawals: { count: Number(sums.withdrawal_count), sum_cents: Number(sums.withdrawals ?? 0n) },
        bets_cents: Number(sums.bets),
        wins_cents: Number(sums.wins),
        rounds: Number(sums.rounds),
        ggr_cents: Number(sums.house_games),
        bonus_cost_cents: 0,
        ngr_cents: Number(sums.house_games),
        active_players: Number(sums.active_players),
        new_players: registered!.by[figures.currency] ?? 0,
        first_deposits: { count: Number(first?.count ?? 0n), sum_cents: Number(first?.sum ?? 0n) },
      })
    }
    // What was played, so that the equalities above are about something.
    const eur = board.days.find((d) => d.currency === 'EUR')!
    expect(eur).toMatchObject({
      deposits: { count: 3, sum_cents: 17_500 },
      withdrawals: { count: 1, sum_cents: 3_000 },
      bets_cents: 100 + 200 + 300 + 50 + 300,
      wins_cents: 500 + 40 + 600,
      rounds: 6,
      first_deposits: { count: 2, sum_cents: 15_000 },
      active_players: 2,
      new_players: 2,
    })
    // One day: the totals are the day.
    const { day: eurDay, ...only } = eur
    expect(eurDay).toBe(day)
    expect(board.totals.find((t) => t.currency === 'EUR')).toEqual(only)
    expect(board.queues.withdrawals_pending).toEqual([{ currency: 'EUR', count: 1, sum_cents: 2_500 }])
    expect(board.queues.payments_in_flight).toEqual([])
    const [documents] = await ctx.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM player_documents WHERE status = 'not_approved'`,
    )
    expect(board.queues.documents_waiting).toBe(Number(documents!.n))
  })

  it('count a first deposit once, whatever is delivered twice', async () => {
    const before = await dashboard()
    await ctx.db.query(`UPDATE event_consumers SET position = 0 WHERE name = 'daily-totals'`)
    await ctx.app.services.eventLog.drain('daily-totals')
    expect(await dashboard()).toEqual(before)
  })

  it('filter by currency, default to the last 30 days and refuse a bad period', async () => {
    const usd = await dashboard(`from=${day}&to=${day}&currency=USD`)
    expect(usd.days.map((d) => d.currency)).toEqual(['USD'])
    expect(usd.queues.withdrawals_pending).toEqual([])
    const recent = await dashboard('')
    expect(recent.to).toBe(clock.now().toISOString().slice(0, 10))
    expect(recent.days.length).toBeGreaterThan(0)

    for (const query of [
      'from=2026-02-30',
      `from=${day}&to=2020-01-01`,
      'from=2020-01-01&to=2022-01-01',
      'currency=XYZ',
    ])
      expect((await viewer.call('GET', `/api/admin/dashboard?${query}`)).statusCode, query).toBe(422)
    expect((await viewer.call('GET', '/api/admin/dashboard?page=2')).statusCode).toBe(422)
  })
})

describe('the GGR report', () => {
  it('by game, studio, country and day: the groups add up to the dashboard', async () => {
    const board = await dashboard()
    for (const group of ['game', 'provider', 'country', 'day']) {
      const report = await ggr(group)
      expect(report.pagination.total).toBe(report.data.length)
      for (const totals of board.totals) {
        const rows = report.data.filter((r) => r.currency === totals.currency)
        const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0)
        expect({
          group,
          bets: sum((r) => r.bets_cents),
          wins: sum((r) => r.wins_cents),
          ggr: sum((r) => r.ggr_cents),
        }).toEqual({
          group,
          bets: totals.bets_cents,
          wins: totals.wins_cents,
          ggr: totals.ggr_cents,
        })
        expect(report.totals.find((t) => t.currency === totals.currency)).toMatchObject({
          bets_cents: totals.bets_cents,
          wins_cents: totals.wins_cents,
          ggr_cents: totals.ggr_cents,
          ngr_cents: totals.ngr_cents,
          rounds: totals.rounds,
          players: totals.active_players,
        })
      }
    }
    const games = await ggr('game', '&currency=EUR&sort=key')
    expect(games.data.map((r) => r.key)).toEqual([
      'aurum-live:live-roulette',
      'goldfinch:test-slot-1',
      'northwind:test-slot-2',
    ])
    expect(games.data[1]).toMatchObject({
      bets_cents: 300,
      wins_cents: 500,
      ggr_cents: -200,
      rounds: 3,
      players: 1,
    })
    expect((await ggr('provider', '&currency=USD')).data).toMatchObject([
      { key: 'goldfinch', title: 'Goldfinch Games', bets_cents: 520, wins_cents: 1_000, ggr_cents: -480 },
    ])
    expect((await ggr('day')).data.every((r) => r.key === day)).toBe(true)
  })

  it('pages, sorts by a whitelisted column and exports the same rows as CSV', async () => {
    const all = await ggr('game', '&sort=bets&order=desc')
    const bets = all.data.map((r) => r.bets_cents)
    expect(bets).toEqual([...bets].sort((a, b) => b - a))
    const second = await viewer.call(
      'GET',
      `/api/admin/reports/ggr?group=game&from=${day}&to=${day}&sort=bets&order=desc&per_page=1&page=2`,
    )
    expect(second.json<GgrPage>().data).toEqual([all.data[1]])
    expect(second.json<GgrPage>().pagination).toEqual({ page: 2, per_page: 1, total: all.data.length })
    expect((await viewer.call('GET', `/api/admin/reports/ggr?group=game&sort=amount_cents`)).statusCode).toBe(
      422,
    )
    expect((await viewer.call('GET', `/api/admin/reports/ggr?group=studio`)).statusCode).toBe(422)

    const csv = await viewer.call(
      'GET',
      `/api/admin/reports/ggr.csv?group=game&from=${day}&to=${day}&sort=bets`,
    )
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe('key,title,currency,bets,wins,ggr,bonus_cost,ngr,rounds,players')
    expect(lines).toHaveLength(all.data.length + 1)
    expect(lines[1]).toBe(
      `${all.data[0]!.key},${all.data[0]!.title},${all.data[0]!.currency},${(all.data[0]!.bets_cents / 100).toFixed(2)},` +
        `${(all.data[0]!.wins_cents / 100).toFixed(2)},${(all.data[0]!.ggr_cents / 100).toFixed(2)},0.00,` +
        `${(all.data[0]!.ngr_cents / 100).toFixed(2)},${all.data[0]!.rounds},${all.data[0]!.players}`,
    )
  })
})

interface PlayerExport {
  format: string
  player: { id: string; email: string }
  accounts: Array<{ id: string }>
  rounds: Array<{ round_id: string; transactions: unknown[]; fairness: unknown }>
  ledger_entries: Array<{ id: string; transaction_id: string }>
  payments: Array<{ id: string; state: string }>
  history: Array<{ type: string }>
  limits: unknown[]
  sessions: Array<Record<string, unknown>>
  game_sessions: unknown[]
}

describe('the regulator export of a player', () => {
  it('holds every round, entry and payment of the player and nothing of another, and is audited', async () => {
    const [eur1] = players
    const limit = await client(ctx, eur1!.sid).post('/api/user_limits', {
      type: 'deposit',
      period: 'day',
      accounts: [{ currency: 'EUR', amount_cents: 50_000 }],
    })
    expect(limit.statusCode, limit.body).toBeLessThan(300)
    const res = await viewer.call('GET', `/api/admin/reports/players/${eur1!.id}/export`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="player-${eur1!.id}-export.json"`)
    const doc = res.json<PlayerExport>()
    expect(doc.format).toBe(PLAYER_EXPORT_FORMAT)
    expect(doc.player).toMatchObject({ id: String(eur1!.id), email: expect.any(String) })

    const rounds = await ctx.db.query<{ round_id: string; user_id: bigint }>(
      `SELECT round_id, user_id FROM game_rounds`,
    )
    const own = <T extends { user_id: bigint }>(rows: T[]) =>
      rows.filter((r) => Number(r.user_id) === eur1!.id)
    expect(doc.rounds.map((r) => r.round_id).sort()).toEqual(
      own(rounds)
        .map((r) => r.round_id)
        .sort(),
    )
    expect(doc.rounds.length).toBe(3)
    expect(doc.rounds.every((r) => r.transactions.length > 0 && r.fairness === null)).toBe(true)

    const payments = await ctx.db.query<{ id: bigint; user_id: bigint }>(`SELECT id, user_id FROM payments`)
    expect(doc.payments.map((p) => p.id).sort()).toEqual(
      own(payments)
        .map((p) => String(p.id))
        .sort(),
    )
    expect(doc.payments.length).toBe(3)

    const entries = await ctx.db.query<{ id: bigint; user_id: bigint | null }>(
      `SELECT e.id, a.user_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id`,
    )
    expect(doc.ledger_entries.map((e) => e.id).sort()).toEqual(
      entries
        .filter((e) => e.user_id !== null && Number(e.user_id) === eur1!.id)
        .map((e) => String(e.id))
        .sort(),
    )
    expect(doc.history.map((h) => h.type)).toContain('player.registered')
    expect(doc.history.map((h) => h.type)).toContain('limit.set')
    expect(doc.limits).toHaveLength(1)
    expect(doc.sessions.length).toBeGreaterThan(0)
    expect(Object.keys(doc.sessions[0]!)).not.toContain('id')
    // Nothing of another player anywhere in the document.
    for (const other of players.slice(1)) expect(res.body).not.toContain(`"user_id":"${other.id}"`)

    const [audit] = await ctx.db.query<{ actor_id: bigint; target_id: string; after: { format: string } }>(
      `SELECT actor_id, target_id, after FROM audit_log WHERE action = 'report.player_exported' ORDER BY id DESC LIMIT 1`,
    )
    expect(audit).toMatchObject({ target_id: String(eur1!.id), after: { format: PLAYER_EXPORT_FORMAT } })
    expect(audit!.actor_id).toBe(viewer.id)

    expect((await viewer.call('GET', '/api/admin/reports/players/999999999/export')).statusCode).toBe(404)
    expect((await viewer.call('GET', '/api/admin/reports/players/abc/export')).statusCode).toBe(422)
  })
})

describe('permissions', () => {
  it('refuse the reports to a role without reports:view, the dashboard to one without dashboard:view', async () => {
    const kyc = await signedInStaff(ctx.app, clock, 'kyc')
    const eur1 = players[0]!
    const reports = [
      `/api/admin/reports/ggr?group=game`,
      `/api/admin/reports/ggr.csv?group=game`,
      `/api/admin/reports/players/${eur1.id}/export`,
    ]
    for (const url of reports) expect((await kyc.call('GET', url)).statusCode, url).toBe(403)
    expect((await kyc.call('GET', '/api/admin/dashboard')).statusCode).toBe(200)

    // A custom role (the staff module has no service for roles yet: its row, as staff.test.ts writes it).
    await ctx.db.query(`INSERT INTO staff_roles (name, builtin, permissions) VALUES ($1, false, $2)`, [
      `reports-only-${process.pid}`,
      JSON.stringify({ reports: 'view' }),
    ])
    const analyst = await signedInStaff(ctx.app, clock, `reports-only-${process.pid}`)
    expect((await analyst.call('GET', '/api/admin/dashboard')).statusCode).toBe(403)
    expect((await analyst.call('GET', `/api/admin/reports/ggr?group=day`)).statusCode).toBe(200)

    // A refused export leaves no audit entry; a player's session is no staff session.
    const [{ n }] = (await ctx.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM audit_log WHERE action = 'report.player_exported'`,
    )) as [{ n: bigint }]
    expect(Number(n)).toBe(1)
    for (const url of ['/api/admin/dashboard', ...reports])
      expect((await client(ctx, eur1.sid).get(url)).statusCode, url).toBe(401)
  })
})
