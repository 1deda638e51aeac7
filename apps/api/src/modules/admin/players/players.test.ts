import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generate } from 'otplib'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, signIn, type TestContext } from '../../../test/helpers.ts'
import { signedInStaff, type SignedInStaff } from '../../../test/staff.ts'
import { fund } from '../../payments/testing.ts'
import { openRealSession, seedTestGames, spin, TEST_WALLET_SECRET } from '../../games/testing.ts'
import { documentForm, FILES, upload } from '../../verification/testing.ts'
import { searchStatement } from './repository.ts'

/**
 * The back office's players (docs/backoffice.md "Players"): the search by each key, the player 360
 * tabs (the player's data, never another's), and support's actions, each changing the player,
 * audited in its transaction, and refused without its permission.
 */
const clock = testClock()
let ctx: TestContext
let owner: SignedInStaff
let support: SignedInStaff
let readOnly: SignedInStaff
let payments: SignedInStaff
let gameServer: http.Server
let tag = ''

/** The game server's round details, as ours answers them (the casino keeps no seeds). */
function fakeGameServer(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const { round_ids } = JSON.parse(body) as { round_ids: string[] }
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          rounds: round_ids.map((round_id, i) => ({
            round_id,
            game: 'test-slot-1',
            server_seed_hash: 'a'.repeat(64),
            client_seed: `client-${round_id}`,
            nonce: i,
            server_seed: i === 0 ? 'revealed-seed' : null,
            verify_path: `/verify/${round_id}`,
          })),
        }),
      )
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

beforeAll(async () => {
  gameServer = await fakeGameServer()
  const { port } = gameServer.address() as AddressInfo
  ctx = await createTestApp(
    { WALLET_SECRET: TEST_WALLET_SECRET, GAMES_PORT: '0', GAMES_URL: `http://127.0.0.1:${port}` },
    undefined,
    { clock },
  )
  await seedTestGames(ctx)
  owner = await signedInStaff(ctx.app, clock, 'owner')
  support = await signedInStaff(ctx.app, clock, 'support')
  readOnly = await signedInStaff(ctx.app, clock, 'read-only')
  payments = await signedInStaff(ctx.app, clock, 'payments')
  tag = `${process.pid}${Date.now()}`.slice(-9)
})
afterAll(async () => {
  await ctx?.close()
  await new Promise((resolve) => gameServer?.close(resolve))
})

/** Digits as letters: names take letters only. */
const letters = (digits: string | number) =>
  String(digits).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)))

let made = 0
/** A player registered through the api, with a name, a phone and a country of their own. */
async function player(extra: Record<string, unknown> = {}) {
  const n = ++made
  const registered = await registerPlayer(ctx.app, {
    first_name: `Zelda${letters(tag)}${letters(n)}x`,
    last_name: `Quartz${letters(tag)}${letters(n)}x`,
    nickname: `nick${tag}${n}`,
    country: 'DE',
    ...extra,
  })
  const id = BigInt(registered.id)
  const phone = `${tag.slice(-5)}${String(n).padStart(3, '0')}`
  await ctx.app.services.accounts.updateProfile(id, { mobile_phone: `+49 151 ${phone}` }, 'en')
  return { ...registered, id, n: `${letters(n)}x`, phone, phoneDigits: `49151${phone}` }
}

type Row = { id: string; email: string }
const ids = (body: { data: Row[] }) => body.data.map((r) => r.id)

async function auditOf(playerId: bigint, action: string) {
  const page = (
    await owner.call('GET', `/api/admin/audit?target_type=player&target_id=${playerId}&action=${action}`)
  ).json<{
    data: Array<{
      action: string
      actor_label: string
      before: unknown
      after: unknown
      reason: string | null
    }>
  }>()
  return page.data
}

function playerProfile(sid: string) {
  return ctx.app.inject({ url: '/api/player', cookies: { sid } })
}

describe('the player search', () => {
  it('finds a player by id, e-mail prefix in any case, name, phone and IP', async () => {
    const a = await player()
    const b = await player()
    const search = async (q: string) =>
      (await readOnly.call('GET', `/api/admin/players?q=${encodeURIComponent(q)}&per_page=200`)).json<{
        data: Row[]
      }>()

    expect(ids(await search(a.id.toString()))).toEqual([a.id.toString()])
    const prefix = a.email.slice(0, a.email.indexOf('@')).toUpperCase()
    expect(ids(await search(prefix))).toEqual([a.id.toString()])
    expect(ids(await search(`zelda${letters(tag)}${a.n}`))).toEqual([a.id.toString()])
    expect(ids(await search(`QUARTZ${letters(tag).toUpperCase()}${b.n.toUpperCase()}`))).toEqual([
      b.id.toString(),
    ])
    expect(ids(await search(`Zelda${letters(tag)}${b.n} Quartz${letters(tag)}${b.n}`))).toEqual([
      b.id.toString(),
    ])
    expect(ids(await search(`+49 151 ${b.phone}`))).toEqual([b.id.toString()])
    expect(ids(await search(a.phoneDigits))).toEqual([a.id.toString()])

    // The registration's address, and a sign-in's (the sessions kept in the database).
    const [reg] = await ctx.db.query<{ registration_ip: string }>(
      'SELECT registration_ip FROM users WHERE id = $1',
      [a.id.toString()],
    )
    expect(ids(await search(reg!.registration_ip))).toContain(a.id.toString())
    clock.advance(1000)
    await signIn(ctx.app, b.email)
    const [session] = await ctx.db.query<{ ip: string }>(
      'SELECT ip FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [b.id.toString()],
    )
    expect(ids(await search(session!.ip))).toContain(b.id.toString())
    expect(ids(await search(session!.ip))).not.toContain(a.id.toString())
  })

  it('filters by status, verification, country, currency and registration date; sorts and pages', async () => {
    const a = await player({ country: 'FI' })
    const b = await player({ country: 'FI' })
    const c = await player({ country: 'FI' })
    await owner.call('POST', `/api/admin/players/${b.id}/test-account`, { test: true })
    await owner.call('POST', `/api/admin/players/${c.id}/block`, { reason: 'fraud' })
    const list = async (query: string) =>
      (await readOnly.call('GET', `/api/admin/players?q=zelda${letters(tag)}&${query}`)).json<{
        data: Row[]
        pagination: { has_more: boolean }
      }>()
    const mine = (body: { data: Row[] }) =>
      ids(body).filter((id) => [a, b, c].some((p) => p.id.toString() === id))

    expect(mine(await list('country=FI&status=test&per_page=200'))).toEqual([b.id.toString()])
    expect(mine(await list('country=FI&status=blocked&per_page=200'))).toEqual([c.id.toString()])
    expect(mine(await list('country=FI&status=active&per_page=200'))).toEqual([a.id.toString()])
    expect(mine(await list('country=FI&verified=false&currency=EUR&per_page=200'))).toHaveLength(3)
    expect(mine(await list('country=FI&verified=true&per_page=200'))).toEqual([])
    expect(mine(await list('country=DE&per_page=200'))).toEqual([])
    const today = clock.now().toISOString().slice(0, 10)
    expect(mine(await list(`country=FI&from=${today}&to=${today}&per_page=200`))).toHaveLength(3)
    expect(mine(await list('country=FI&to=2000-01-01&per_page=200'))).toEqual([])

    const asc = await list('country=FI&sort=id&dir=asc&per_page=2')
    expect(asc.pagination.has_more).toBe(true)
    const all = ids(await list('country=FI&sort=id&dir=asc&per_page=200'))
    expect(ids(asc)).toEqual(all.slice(0, 2))
    expect(ids(await list('country=FI&sort=id&dir=asc&per_page=2&page=2'))).toEqual(all.slice(2, 4))
    expect(ids(await list('country=FI&sort=id&dir=desc&per_page=200'))).toEqual([...all].reverse())

    const bad = await readOnly.call('GET', '/api/admin/players?sort=password_hash')
    expect(bad.statusCode).toBe(422)
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('sort')
    expect((await readOnly.call('GET', '/api/admin/players?per_page=x')).statusCode).toBe(422)
  })

  it('searches by indexes, never by reading the whole table', async () => {
    // With sequential scans priced out, the plan shows what indexes the search can use at all.
    const plan = async (q: string) => {
      const { sql, params } = searchStatement(
        { q },
        { sort: 'created_at', dir: 'desc' },
        { limit: 51, offset: 0 },
      )
      return ctx.db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off')
        const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)
        return rows.map((r) => r['QUERY PLAN']).join('\n')
      })
    }
    const usesOnly = (text: string, indexes: string[]) => {
      expect(text).not.toMatch(/Seq Scan on users/)
      for (const index of indexes) expect(text).toContain(index)
    }
    usesOnly(await plan('12345'), ['users_pkey', 'users_email_prefix', 'users_phone_digits'])
    usesOnly(await plan('someone@exam'), ['users_email_prefix'])
    usesOnly(await plan('Zelda'), [
      'users_email_prefix',
      'users_first_name_prefix',
      'users_last_name_prefix',
      'users_nickname_prefix',
    ])
    usesOnly(await plan('203.0.113.7'), ['users_registration_ip', 'sessions_ip'])
  })

  it('exports the search as CSV', async () => {
    const a = await player()
    const res = await readOnly.call('GET', `/api/admin/players.csv?q=${encodeURIComponent(a.email)}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    const lines = res.body.trim().split('\r\n')
    expect(lines[0]).toBe(
      'id,email,first_name,last_name,nickname,mobile_phone,country,currency,verified,blocked,test_account,created_at,last_sign_in_at',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(a.email)
  })

  it('is refused without players:view, and to a player’s session', async () => {
    const marketing = await signedInStaff(ctx.app, clock, 'marketing')
    expect((await marketing.call('GET', '/api/admin/players')).statusCode).toBe(403)
    const p = await player()
    const res = await ctx.app.inject({ url: `/api/admin/players/${p.id}`, cookies: { sid: p.sid } })
    expect(res.statusCode).toBe(401)
  })
})

describe('the player 360', () => {
  it('shows the player’s own profile, wallets, ledger, rounds, payments, limits, documents, sessions', async () => {
    const a = await player()
    const b = await player()
    await fund(ctx, a.sid, 5_000)
    await fund(ctx, b.sid, 7_000)
    const session = await openRealSession(ctx, a.sid)
    expect((await spin(ctx, session, 200, 500)).statusCode).toBe(200)
    expect((await upload(ctx, a.sid, documentForm(FILES.png))).statusCode).toBe(200)
    await ctx.app.inject({
      method: 'POST',
      url: '/api/user_limits',
      cookies: { sid: a.sid },
      payload: { type: 'deposit', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 100_000 }] },
    })
    const get = (path: string) => readOnly.call('GET', `/api/admin/players/${a.id}${path}`)

    const profile = (await get('')).json<Record<string, unknown>>()
    expect(profile).toMatchObject({
      id: a.id.toString(),
      email: a.email,
      country: 'DE',
      verified: false,
      blocked: false,
      test_account: false,
      two_factor_enabled: false,
    })
    expect(profile.groups).toEqual(expect.any(Array))

    const wallets = (await get('/wallets')).json<{ data: Array<Record<string, string>> }>().data
    expect(wallets).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        real: '5300',
        bonus: '0',
        locked: '0',
        available_to_cashout: '5300',
      }),
    ])

    const ledger = (await get('/ledger')).json<{ data: Array<{ kind: string; amount: string }> }>().data
    expect(ledger.map((e) => [e.kind, e.amount])).toEqual([
      ['win', '500'],
      ['bet', '-200'],
      ['deposit', '5000'],
    ])
    expect((await get('/ledger?kind=deposit')).json<{ data: unknown[] }>().data).toHaveLength(1)
    expect((await get('/ledger?currency=USD')).json<{ data: unknown[] }>().data).toHaveLength(0)
    expect((await get('/ledger?kind=nope')).statusCode).toBe(422)

    const rounds = (await get('/rounds')).json<{
      data: Array<{ total_bets: string; total_wins: string; fairness: Record<string, unknown> | null }>
      fairness_available: boolean
    }>()
    expect(rounds.fairness_available).toBe(true)
    expect(rounds.data).toHaveLength(1)
    expect(rounds.data[0]).toMatchObject({ total_bets: '200', total_wins: '500' })
    expect(rounds.data[0]!.fairness).toMatchObject({
      server_seed_hash: 'a'.repeat(64),
      server_seed: 'revealed-seed',
      nonce: 0,
      client_seed: expect.stringMatching(/^client-/),
    })

    const paymentsTab = (await get('/payments')).json<{ data: Array<{ amount: string; state: string }> }>()
    expect(paymentsTab.data).toEqual([expect.objectContaining({ amount: '5000', state: 'succeeded' })])

    const limits = (await get('/limits')).json<{ current: unknown[]; history: Array<{ type: string }> }>()
    expect(limits.current).toHaveLength(1)
    expect(limits.history.map((l) => l.type)).toEqual(['deposit'])

    const documents = (await get('/documents')).json<{ data: Array<{ status: string }> }>().data
    expect(documents).toEqual([
      expect.objectContaining({ status: 'not_approved', content_type: 'image/png' }),
    ])

    const sessions = (await get('/sessions')).json<{ data: Array<{ active: boolean; ip: string | null }> }>()
      .data
    expect(sessions.length).toBeGreaterThan(0)
    expect(sessions[0]!.active).toBe(true)

    // The other player's tabs hold none of this player's data.
    const other = (path: string) => readOnly.call('GET', `/api/admin/players/${b.id}${path}`)
    expect((await other('/rounds')).json<{ data: unknown[] }>().data).toEqual([])
    expect((await other('/documents')).json<{ data: unknown[] }>().data).toEqual([])
    expect((await other('/limits')).json<{ current: unknown[] }>().current).toEqual([])
    expect(
      (await other('/ledger')).json<{ data: Array<{ amount: string }> }>().data.map((e) => e.amount),
    ).toEqual(['7000'])
    expect((await other('/wallets')).json<{ data: Array<{ real: string }> }>().data[0]!.real).toBe('7000')
    expect(
      (await other('/payments')).json<{ data: Array<{ amount: string }> }>().data.map((p) => p.amount),
    ).toEqual(['7000'])

    expect((await readOnly.call('GET', '/api/admin/players/999999999')).statusCode).toBe(404)
    expect((await readOnly.call('GET', '/api/admin/players/999999999/ledger')).statusCode).toBe(404)
  })
})

describe('support’s actions', () => {
  it('blocks a player: the session is refused, sign-in is refused, the entry is audited; unblocks', async () => {
    const p = await player()
    expect((await playerProfile(p.sid)).statusCode).toBe(200)

    const blocked = await owner.call('POST', `/api/admin/players/${p.id}/block`, { reason: 'chargebacks' })
    expect(blocked.statusCode).toBe(200)
    expect(blocked.json()).toMatchObject({ blocked: true, blocked_reason: 'chargebacks' })
    expect((await playerProfile(p.sid)).statusCode).toBe(401)
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      payload: { user: { email: p.email, password: 'Golden-Lynx-2048' } },
      remoteAddress: '10.97.0.1',
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'player_blocked' })
    const [entry] = await auditOf(p.id, 'player.blocked')
    expect(entry).toMatchObject({
      actor_label: owner.email,
      reason: 'chargebacks',
      before: expect.objectContaining({ blocked: false }),
      after: expect.objectContaining({ blocked: true }),
    })
    expect(
      (await owner.call('POST', `/api/admin/players/${p.id}/block`, { reason: 'again' })).statusCode,
    ).toBe(422)

    const unblocked = await owner.call('POST', `/api/admin/players/${p.id}/unblock`, { reason: 'resolved' })
    expect(unblocked.json()).toMatchObject({ blocked: false, blocked_reason: null })
    expect(await auditOf(p.id, 'player.unblocked')).toHaveLength(1)
    clock.advance(1000)
    expect(await signIn(ctx.app, p.email)).toEqual(expect.any(String))

    expect(
      (await readOnly.call('POST', `/api/admin/players/${p.id}/block`, { reason: 'x' })).statusCode,
    ).toBe(403)
    expect((await owner.call('POST', `/api/admin/players/${p.id}/block`, {})).statusCode).toBe(422)
  })

  it('ends every session of a player', async () => {
    const p = await player()
    clock.advance(1000)
    const second = await signIn(ctx.app, p.email)
    const res = await support.call('POST', `/api/admin/players/${p.id}/sessions/end`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ended: 2 })
    expect((await playerProfile(p.sid)).statusCode).toBe(401)
    expect((await playerProfile(second)).statusCode).toBe(401)
    expect(await auditOf(p.id, 'player.sessions_ended')).toEqual([
      expect.objectContaining({ after: { ended: 2 }, actor_label: support.email }),
    ])
    const sessions = (await readOnly.call('GET', `/api/admin/players/${p.id}/sessions`)).json<{
      data: Array<{ active: boolean }>
    }>().data
    expect(sessions.every((s) => !s.active)).toBe(true)
    expect((await readOnly.call('POST', `/api/admin/players/${p.id}/sessions/end`)).statusCode).toBe(403)
  })

  it('resets a player’s second factor (players:approve): support may not', async () => {
    const p = await player()
    const setup = await ctx.app.inject({ url: '/api/v2/player/two_factor', cookies: { sid: p.sid } })
    const { otp_secret: secret } = setup.json<{ otp_secret: string }>()
    const on = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/player/two_factor',
      cookies: { sid: p.sid },
      payload: {
        two_factor: {
          otp_secret: secret,
          authentication_code: await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) }),
        },
      },
      remoteAddress: '10.96.0.1',
    })
    expect(on.statusCode).toBe(200)
    expect((await owner.call('GET', `/api/admin/players/${p.id}`)).json()).toMatchObject({
      two_factor_enabled: true,
    })

    const denied = await support.call('POST', `/api/admin/players/${p.id}/2fa/reset`, {
      reason: 'lost phone',
    })
    expect(denied.statusCode).toBe(403)
    const reset = await owner.call('POST', `/api/admin/players/${p.id}/2fa/reset`, { reason: 'lost phone' })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toMatchObject({ two_factor_enabled: false })
    expect(await auditOf(p.id, 'player.two_factor_reset')).toEqual([
      expect.objectContaining({
        reason: 'lost phone',
        before: expect.objectContaining({ two_factor_enabled: true }),
        after: expect.objectContaining({ two_factor_enabled: false }),
      }),
    ])
    // The password alone signs in again.
    clock.advance(1000)
    expect(await signIn(ctx.app, p.email)).toEqual(expect.any(String))
    expect(
      (await owner.call('POST', `/api/admin/players/${p.id}/2fa/reset`, { reason: 'again' })).statusCode,
    ).toBe(422)
  })

  it('sets a limit on the player’s behalf, stricter only', async () => {
    const p = await player()
    const set = (body: object, who = support) => who.call('POST', `/api/admin/players/${p.id}/limits`, body)
    const deposit = (amount: number) => ({
      type: 'deposit',
      period: 'week',
      accounts: [{ currency: 'EUR', amount_cents: amount }],
      reason: 'affordability',
    })
    const first = await set(deposit(50_000))
    expect(first.statusCode).toBe(200)
    expect(
      first.json<{ current: Array<{ accounts: Array<{ amount_cents: number }> }> }>().current[0]!.accounts[0]!
        .amount_cents,
    ).toBe(50_000)

    const looser = await set(deposit(60_000))
    expect(looser.statusCode).toBe(422)
    expect(looser.json()).toMatchObject({ code: 'limit_not_stricter' })

    expect((await set(deposit(20_000))).statusCode).toBe(200)
    const limits = (await ctx.app.inject({ url: '/api/user_limits', cookies: { sid: p.sid } })).json<
      Array<{ type: string; accounts: Array<{ amount_cents: number }>; pending: unknown }>
    >()
    expect(limits).toEqual([expect.objectContaining({ type: 'deposit', pending: null })])
    expect(limits[0]!.accounts[0]!.amount_cents).toBe(20_000)

    const entries = await auditOf(p.id, 'player.limit_set')
    expect(entries).toHaveLength(2)
    expect(entries[0]).toMatchObject({
      reason: 'affordability',
      before: expect.objectContaining({ amounts: { EUR: 50_000 } }),
      after: expect.objectContaining({ amounts: { EUR: 20_000 } }),
    })
    expect(entries[1]).toMatchObject({ before: null })

    // An exclusion begun on the player's behalf may only be lengthened.
    expect((await set({ type: 'coolingoff', period: 'week' })).statusCode).toBe(200)
    expect((await set({ type: 'coolingoff', period: 'day' })).json()).toMatchObject({
      code: 'exclusion_locked',
    })
    expect((await set(deposit(1_000), readOnly)).statusCode).toBe(403)
    expect((await set({ type: 'deposit', period: 'week', accounts: [] })).statusCode).toBe(422)
  })

  it('marks a test account and back', async () => {
    const p = await player()
    const res = await support.call('POST', `/api/admin/players/${p.id}/test-account`, { test: true })
    expect(res.json()).toMatchObject({ test_account: true })
    const [row] = await ctx.db.query<{ test_account: boolean }>(
      'SELECT test_account FROM users WHERE id = $1',
      [p.id.toString()],
    )
    expect(row!.test_account).toBe(true)
    expect(
      (await support.call('POST', `/api/admin/players/${p.id}/test-account`, { test: false })).json(),
    ).toMatchObject({
      test_account: false,
    })
    expect(await auditOf(p.id, 'player.test_account')).toHaveLength(2)
    expect(
      (await payments.call('POST', `/api/admin/players/${p.id}/test-account`, { test: true })).statusCode,
    ).toBe(403)
  })

  it('adds notes (support may), append-only, shown on the player’s notes and audit tabs', async () => {
    const p = await player()
    const other = await player()
    const note = await support.call('POST', `/api/admin/players/${p.id}/notes`, {
      text: 'Called about a bonus.',
    })
    expect(note.statusCode).toBe(201)
    expect(note.json()).toMatchObject({ text: 'Called about a bonus.', staff: support.email })
    await support.call('POST', `/api/admin/players/${p.id}/notes`, { text: 'Second call.' })

    const notes = (await readOnly.call('GET', `/api/admin/players/${p.id}/notes`)).json<{
      data: Array<{ text: string }>
    }>()
    expect(notes.data.map((n) => n.text)).toEqual(['Second call.', 'Called about a bonus.'])
    expect(
      (await readOnly.call('GET', `/api/admin/players/${other.id}/notes`)).json<{ data: unknown[] }>().data,
    ).toEqual([])
    expect((await support.call('POST', `/api/admin/players/${p.id}/notes`, { text: '' })).statusCode).toBe(
      422,
    )
    expect(
      (await support.call('POST', `/api/admin/players/${p.id}/notes`, { text: 'x'.repeat(2001) })).statusCode,
    ).toBe(422)
    expect((await readOnly.call('POST', `/api/admin/players/${p.id}/notes`, { text: 'hi' })).statusCode).toBe(
      403,
    )
    await expect(ctx.db.query('UPDATE player_notes SET text = $1', ['changed'])).rejects.toThrow(
      /append-only/,
    )
    await expect(ctx.db.query('DELETE FROM player_notes')).rejects.toThrow(/append-only/)

    const trail = (await readOnly.call('GET', `/api/admin/players/${p.id}/audit`)).json<{
      data: Array<{ action: string; target_id: string }>
    }>()
    expect(trail.data.map((e) => e.action)).toEqual(['player.note_added', 'player.note_added'])
    expect(trail.data.every((e) => e.target_id === p.id.toString())).toBe(true)
    expect(
      (await readOnly.call('GET', `/api/admin/players/${other.id}/audit`)).json<{ data: unknown[] }>().data,
    ).toEqual([])
  })
})
