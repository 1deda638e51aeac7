import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, signIn, type TestContext } from '../../../test/helpers.ts'
import { signedInStaff, type SignedInStaff } from '../../../test/staff.ts'
import { client, fund } from '../../payments/testing.ts'
import { openRealSession, seedTestGames, spin, TEST_WALLET_SECRET } from '../../games/testing.ts'

/**
 * The back office's responsible gambling (docs/backoffice.md "Responsible gambling"): the players
 * with limits, exclusions and reality checks; the markers of harm over play crafted at chosen
 * times with the test clock (deposits, a long session, night play, recalled withdrawals; a test
 * account left out); the append-only, audited interaction trail; the permissions.
 */
const DAY = 86_400_000
const MINUTE = 60_000
const clock = testClock()
/** The first day of the baseline: a UTC midnight ahead of the real time (rows stamped by the database never lead). */
const T0 = Math.ceil(Date.now() / DAY) * DAY + DAY
/** The report is read at T0 + 38 days: the window is days 31–38, the baseline days 1–31. */
const END = T0 + 38 * DAY

let ctx: TestContext
let owner: SignedInStaff
let support: SignedInStaff
let readOnly: SignedInStaff
let marketing: SignedInStaff

type Player = Awaited<ReturnType<typeof registerPlayer>>
const players: Record<string, Player> = {}

/** A real-money game played from `start` for `minutes`, a spin every 20 minutes (the session never idles out). */
async function play(p: Player, start: number, minutes: number) {
  clock.set(start)
  const sid = await signIn(ctx.app, p.email)
  const session = await openRealSession(ctx, sid)
  for (let t = 0; t <= minutes; t += 20) {
    clock.set(start + t * MINUTE)
    const res = await spin(ctx, session, 100, 50)
    if (res.statusCode !== 200) throw new Error(`spin: ${res.body}`)
  }
}

async function deposit(p: Player, at: number, amount = 2_000) {
  clock.set(at)
  const sid = await signIn(ctx.app, p.email)
  return fund(ctx, sid, amount)
}

/** A withdrawal asked for and recalled by the player. */
async function recall(p: Player, at: number) {
  clock.set(at)
  const sid = await signIn(ctx.app, p.email)
  const asked = await client(ctx, sid).submit({
    action: 'cashout',
    amount_cents: 2_000,
    fields: { card_number: '4242 4242 4242 4242' },
  })
  if (asked.statusCode !== 200) throw new Error(`withdrawal: ${asked.body}`)
  const id = asked.json<{ payment: { id: number } }>().payment.id
  const recalled = await client(ctx, sid).post(`/api/player/payments/${id}/recall`)
  if (recalled.statusCode !== 200) throw new Error(`recall: ${recalled.body}`)
}

async function register(name: string) {
  players[name] = await registerPlayer(ctx.app, { currency: 'EUR' })
  return players[name]
}

beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET, GAMES_PORT: '0' }, undefined, { clock })
  await seedTestGames(ctx)
  // Held still while the play is crafted, so that each row is stamped at the very instant chosen.
  clock.stop()
  clock.set(T0)
  for (const name of [
    'deposits',
    'session',
    'night',
    'reversed',
    'test',
    'quiet',
    'limits',
    'excluded',
    'cooled',
    'reality',
  ])
    await register(name)

  // Baseline: one deposit a month; the window: three on one day.
  await deposit(players.deposits!, T0 + 2 * DAY)
  for (let i = 0; i < 3; i++) await deposit(players.deposits!, T0 + 33 * DAY + 10 * 3_600_000 + i * MINUTE)
  // The quiet player: one deposit in each.
  await deposit(players.quiet!, T0 + 5 * DAY)
  await deposit(players.quiet!, T0 + 32 * DAY)
  // A play session of 3 h 20 (12:00–15:20), and one of a test account.
  await deposit(players.session!, T0 + 34 * DAY + 11 * 3_600_000, 10_000)
  await play(players.session!, T0 + 34 * DAY + 12 * 3_600_000, 200)
  await deposit(players.test!, T0 + 34 * DAY + 11 * 3_600_000, 10_000)
  await play(players.test!, T0 + 34 * DAY + 12 * 3_600_000, 200)
  // Night play: 01:00–02:40, all of the player's play.
  await deposit(players.night!, T0 + 35 * DAY, 10_000)
  await play(players.night!, T0 + 35 * DAY + 3_600_000, 100)
  // Two withdrawals recalled.
  await deposit(players.reversed!, T0 + 36 * DAY, 10_000)
  await recall(players.reversed!, T0 + 36 * DAY + 3_600_000)
  await recall(players.reversed!, T0 + 36 * DAY + 2 * 3_600_000)

  // Limits: a daily deposit limit with a loosening waiting; a self-exclusion; a cooling-off of a
  // day, over by the end; a reality-check interval chosen.
  clock.set(T0 + 36 * DAY)
  const limits = await signIn(ctx.app, players.limits!.email)
  const dailyDeposit = (amount: number) => ({
    type: 'deposit',
    period: 'day',
    accounts: [{ currency: 'EUR', amount_cents: amount }],
  })
  expect((await client(ctx, limits).post('/api/user_limits', dailyDeposit(5_000))).statusCode).toBe(204)
  expect((await client(ctx, limits).post('/api/user_limits', dailyDeposit(9_000))).statusCode).toBe(204)
  const cooled = await signIn(ctx.app, players.cooled!.email)
  expect(
    (await client(ctx, cooled).post('/api/user_limits', { type: 'coolingoff', period: 'day' })).statusCode,
  ).toBe(204)
  const excluded = await signIn(ctx.app, players.excluded!.email)
  expect(
    (await client(ctx, excluded).post('/api/user_limits', { type: 'selfexclusion', period: 'month_6' }))
      .statusCode,
  ).toBe(204)
  const reality = await signIn(ctx.app, players.reality!.email)
  const chosen = await ctx.app.inject({
    method: 'PUT',
    url: '/api/player/reality_check',
    cookies: { sid: reality },
    payload: { interval_minutes: 30 },
  })
  expect(chosen.statusCode).toBe(200)

  // Staff sign in at the end (their sessions idle out after 15 minutes of the clock).
  clock.set(END)
  clock.run()
  owner = await signedInStaff(ctx.app, clock, 'owner')
  support = await signedInStaff(ctx.app, clock, 'support')
  readOnly = await signedInStaff(ctx.app, clock, 'read-only')
  marketing = await signedInStaff(ctx.app, clock, 'marketing')
  const marked = await owner.call('POST', `/api/admin/players/${players.test!.id}/test-account`, {
    test: true,
  })
  expect(marked.statusCode).toBe(200)
}, 180_000)
afterAll(async () => {
  await ctx?.close()
})

type MarkerRow = {
  player: { id: string; email: string }
  fired: string[]
  play: Record<string, number>
  deposits: Record<string, unknown>
  reversed_withdrawals: number
}
const markersOf = async (query = '') => {
  const res = await readOnly.call('GET', `/api/admin/rg/markers${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{
    data: MarkerRow[]
    pagination: { total_count: number }
    window: { start: string; end: string }
  }>()
}

describe('the markers of harm', () => {
  it('lists the players whose play crossed a threshold, with the figures, and no test account', async () => {
    const report = await markersOf()
    const fired = Object.fromEntries(report.data.map((r) => [r.player.id, r.fired]))
    expect(fired).toEqual({
      [players.deposits!.id]: ['deposits'],
      [players.session!.id]: ['session'],
      [players.night!.id]: ['night_play'],
      [players.reversed!.id]: ['reversed_withdrawals'],
    })
    expect(report.pagination.total_count).toBe(4)
    // The last 7 days up to now (the clock ran on a little since END).
    const windowEnd = Date.parse(report.window.end)
    expect(windowEnd - Date.parse(report.window.start)).toBe(7 * DAY)
    expect(windowEnd).toBeGreaterThanOrEqual(END)
    expect(windowEnd).toBeLessThan(END + 10 * MINUTE)
    const row = (name: string) => report.data.find((r) => r.player.id === String(players[name]!.id))!
    expect(row('deposits').deposits).toMatchObject({
      count: 3,
      baseline_count: 1,
      busiest_day_count: 3,
      busiest_day: new Date(T0 + 33 * DAY).toISOString().slice(0, 10),
    })
    expect(row('session').play).toMatchObject({
      longest_session_minutes: 200,
      total_minutes: 200,
      night_minutes: 0,
    })
    expect(row('night').play).toMatchObject({ total_minutes: 100, night_minutes: 100, night_share: 1 })
    expect(row('reversed').reversed_withdrawals).toBe(2)
  })

  it('filters by marker and player, sorts, pages and exports the same rows as CSV', async () => {
    expect((await markersOf('?marker=session')).data.map((r) => r.player.id)).toEqual([
      String(players.session!.id),
    ])
    const byEmail = await markersOf(`?q=${encodeURIComponent(players.night!.email.slice(0, 12))}`)
    expect(byEmail.data.map((r) => r.player.id)).toEqual([String(players.night!.id)])
    expect((await markersOf(`?q=${players.reversed!.id}`)).data.map((r) => r.player.id)).toEqual([
      String(players.reversed!.id),
    ])
    const longest = await markersOf('?sort=longest_session&order=desc&per_page=1')
    expect(longest.data.map((r) => r.player.id)).toEqual([String(players.session!.id)])
    expect(longest.pagination.total_count).toBe(4)
    expect((await markersOf('?sort=longest_session&order=desc&per_page=1&page=2')).data[0]!.player.id).toBe(
      String(players.night!.id),
    )
    // A window of one day that holds only the deposits.
    const day33 = new Date(T0 + 33 * DAY).toISOString().slice(0, 10)
    expect((await markersOf(`?to=${day33}&days=1`)).data.map((r) => r.player.id)).toEqual([
      String(players.deposits!.id),
    ])

    const csv = await readOnly.call('GET', '/api/admin/rg/markers.csv?marker=night_play')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toContain('aurum-rg-markers-')
    const lines = csv.body.trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain('player_id,email,country,markers')
    expect(lines[1]).toContain(`${players.night!.id},${players.night!.email}`)
    expect(lines[1]).toContain('night_play')
  })

  it('answers 422 per field for a bad window or sort', async () => {
    for (const query of [
      'days=0',
      'days=32',
      'baseline_days=3',
      'to=2026-02-30',
      'sort=email',
      'marker=drinking',
      'per_page=500',
    ]) {
      const res = await readOnly.call('GET', `/api/admin/rg/markers?${query}`)
      expect(res.statusCode, query).toBe(422)
      expect(Object.keys(res.json<{ errors: object }>().errors).length, query).toBeGreaterThan(0)
    }
  })
})

describe('the players with limits', () => {
  type PlayersPage = {
    data: Array<{
      id: string
      limits: Array<{ type: string; state: string }>
      reality_check_minutes: number | null
    }>
    pagination: { total_count: number }
  }
  const list = async (query = '') => {
    const res = await readOnly.call('GET', `/api/admin/rg/players${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<PlayersPage>()
  }
  const idsOf = (page: PlayersPage) => page.data.map((r) => r.id).sort()
  const sorted = (...names: string[]) => names.map((n) => String(players[n]!.id)).sort()

  it('lists limits in force, waiting loosenings, exclusions ended lately and reality checks, by kind and state', async () => {
    expect(idsOf(await list())).toEqual(sorted('limits', 'excluded', 'cooled', 'reality'))
    const limits = (await list(`?q=${players.limits!.id}`)).data[0]!
    expect(limits.limits).toEqual([expect.objectContaining({ type: 'deposit', state: 'pending_loosening' })])
    expect(idsOf(await list('?kind=deposit'))).toEqual(sorted('limits'))
    expect(idsOf(await list('?state=pending_loosening'))).toEqual(sorted('limits'))
    expect(idsOf(await list('?state=active'))).toEqual(sorted('limits', 'excluded', 'reality'))
    expect(idsOf(await list('?state=ended'))).toEqual(sorted('cooled'))
    expect(idsOf(await list('?kind=selfexclusion&state=active'))).toEqual(sorted('excluded'))
    const reality = await list('?kind=reality_check')
    expect(idsOf(reality)).toEqual(sorted('reality'))
    expect(reality.data[0]!.reality_check_minutes).toBe(30)
    // The cooling-off ended a day after the window's first hours: not within the last day.
    expect(idsOf(await list('?state=ended&ended_days=1'))).toEqual([])
    expect(
      idsOf(await list(`?q=${encodeURIComponent(players.excluded!.email.slice(0, 14).toUpperCase())}`)),
    ).toEqual(sorted('excluded'))
  })

  it('sorts, pages and exports CSV with the same filters', async () => {
    const first = await list('?sort=id&order=asc&per_page=2')
    const second = await list('?sort=id&order=asc&per_page=2&page=2')
    expect(first.pagination.total_count).toBe(4)
    expect([...first.data, ...second.data].map((r) => r.id)).toEqual(
      sorted('limits', 'excluded', 'cooled', 'reality').sort((a, b) => Number(a) - Number(b)),
    )
    const csv = await readOnly.call('GET', '/api/admin/rg/players.csv?kind=deposit')
    expect(csv.statusCode).toBe(200)
    const lines = csv.body.trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('deposit/day/pending_loosening')
    expect((await readOnly.call('GET', '/api/admin/rg/players?kind=poker')).statusCode).toBe(422)
    expect((await readOnly.call('GET', '/api/admin/rg/players?sort=country')).statusCode).toBe(422)
  })

  it('shows a player’s file: every limit, the reality check and the week’s markers', async () => {
    const file = await readOnly.call('GET', `/api/admin/rg/players/${players.session!.id}`)
    expect(file.statusCode).toBe(200)
    expect(file.json()).toMatchObject({
      player: { id: String(players.session!.id), email: players.session!.email },
      reality_check: { chosen: false },
      limits: [],
      markers: { fired: ['session'], play: { longest_session_minutes: 200 } },
    })
    const cooled = (await readOnly.call('GET', `/api/admin/rg/players/${players.cooled!.id}`)).json<{
      limits: Array<{ type: string; state: string }>
    }>()
    expect(cooled.limits).toEqual([expect.objectContaining({ type: 'coolingoff', state: 'ended' })])
    expect((await readOnly.call('GET', '/api/admin/rg/players/999999999')).statusCode).toBe(404)
  })
})

describe('the interaction trail', () => {
  it('appends interactions (support may), audited, newest first; the database refuses changes', async () => {
    const p = players.deposits!
    const url = `/api/admin/players/${p.id}/rg-interactions`
    const first = await support.call('POST', url, {
      kind: 'call',
      text: 'Talked about the deposits.',
      follow_up_on: '2031-02-01',
    })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({
      kind: 'call',
      text: 'Talked about the deposits.',
      follow_up_on: '2031-02-01',
      staff: support.email,
    })
    const second = await owner.call('POST', url, {
      kind: 'limit_suggested',
      text: '  Suggested a daily deposit limit.  ',
    })
    expect(second.statusCode).toBe(201)
    expect(second.json()).toMatchObject({ text: 'Suggested a daily deposit limit.', follow_up_on: null })

    const trail = (await readOnly.call('GET', url)).json<{
      data: Array<{ kind: string }>
      pagination: { total_count: number }
    }>()
    expect(trail.data.map((i) => i.kind)).toEqual(['limit_suggested', 'call'])
    expect(trail.pagination.total_count).toBe(2)
    expect(
      (await readOnly.call('GET', `/api/admin/players/${players.quiet!.id}/rg-interactions`)).json<{
        data: unknown[]
      }>().data,
    ).toEqual([])

    const audit = (
      await owner.call(
        'GET',
        `/api/admin/audit?target_type=player&target_id=${p.id}&action=player.rg_interaction_added`,
      )
    ).json<{ data: Array<{ actor_label: string; after: Record<string, unknown> }> }>().data
    expect(audit).toHaveLength(2)
    expect(audit.map((e) => e.actor_label).sort()).toEqual([owner.email, support.email].sort())
    expect(audit.find((e) => e.actor_label === support.email)!.after).toMatchObject({
      kind: 'call',
      follow_up_on: '2031-02-01',
    })

    await expect(ctx.db.query('UPDATE rg_interactions SET text = $1', ['changed'])).rejects.toThrow(
      /append-only/,
    )
    await expect(ctx.db.query('DELETE FROM rg_interactions')).rejects.toThrow(/append-only/)
    await expect(ctx.db.query('TRUNCATE rg_interactions')).rejects.toThrow(/append-only/)
    expect((await readOnly.call('GET', url)).json<{ data: unknown[] }>().data).toHaveLength(2)
  })

  it('answers 422 per field for bad input, 404 for an unknown player', async () => {
    const url = `/api/admin/players/${players.quiet!.id}/rg-interactions`
    const bad: Array<[object, string]> = [
      [{ kind: 'note', text: '' }, 'text'],
      [{ kind: 'note', text: '   ' }, 'text'],
      [{ kind: 'note', text: 'x'.repeat(2001) }, 'text'],
      [{ kind: 'gossip', text: 'hi' }, 'kind'],
      [{ kind: 'note', text: 'hi', follow_up_on: '2031-02-30' }, 'follow_up_on'],
      [{ kind: 'note', text: 'hi', follow_up_on: 'tomorrow' }, 'follow_up_on'],
    ]
    for (const [body, field] of bad) {
      const res = await support.call('POST', url, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(
        res.json<{ errors: Record<string, string[]> }>().errors[field],
        JSON.stringify(body),
      ).toBeDefined()
    }
    expect(
      (
        await support.call('POST', '/api/admin/players/999999999/rg-interactions', {
          kind: 'note',
          text: 'hi',
        })
      ).statusCode,
    ).toBe(404)
    const [{ n }] = (await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rg_interactions WHERE user_id = $1',
      [players.quiet!.id.toString()],
    )) as [{ n: number }]
    expect(n).toBe(0)
  })
})

describe('permissions', () => {
  it('read-only reads but cannot add; a role without the module is refused everything', async () => {
    const url = `/api/admin/players/${players.quiet!.id}/rg-interactions`
    expect((await readOnly.call('POST', url, { kind: 'note', text: 'hi' })).statusCode).toBe(403)
    for (const path of [
      '/api/admin/rg/players',
      '/api/admin/rg/markers',
      '/api/admin/rg/markers.csv',
      '/api/admin/rg/players.csv',
      url,
    ]) {
      const res = await marketing.call('GET', path)
      expect(res.statusCode, path).toBe(403)
      expect(res.json<{ code: string }>().code).toBe('forbidden')
    }
    expect((await marketing.call('POST', url, { kind: 'note', text: 'hi' })).statusCode).toBe(403)
  })

  it('grants the module to the builtin roles: owner and admin approve, support edits, read-only views', async () => {
    const roles = await ctx.db.query<{ name: string; permissions: Record<string, string> }>(
      'SELECT name, permissions FROM staff_roles WHERE builtin',
    )
    const of = (name: string) => roles.find((r) => r.name === name)?.permissions.responsible_gambling
    expect([
      of('owner'),
      of('admin'),
      of('support'),
      of('read-only'),
      of('marketing'),
      of('payments'),
      of('kyc'),
    ]).toEqual(['approve', 'approve', 'edit', 'view', undefined, undefined, undefined])
  })
})
