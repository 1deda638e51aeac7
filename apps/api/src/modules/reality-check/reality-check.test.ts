import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REALITY_CHECK_OPTIONS, type RealityCheckState } from '@aurum/shared'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { ConfigError, loadConfig } from '../../config.ts'
import { client, fund } from '../payments/testing.ts'
import { openRealSession, seedTestGames, spin, TEST_WALLET_SECRET } from '../games/testing.ts'
import { currentPlaySession, type GameSessionSpan } from './service.ts'

let ctx: TestContext
const clock = testClock()
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET }, undefined, { clock })
  await seedTestGames(ctx)
})
afterAll(() => ctx.close())

const url = '/api/player/reality_check'
const read = async (sid: string) => {
  const res = await client(ctx, sid).get(url)
  expect(res.statusCode).toBe(200)
  return res.json<RealityCheckState>()
}
const put = (sid: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PUT', url, cookies: sid ? { sid } : {}, payload: payload as object, headers })

/** A player with 50.00 EUR and a real-money slot open. */
async function playing() {
  const player = await registerPlayer(ctx.app, { currency: 'EUR' })
  await fund(ctx, player.sid, 5_000)
  const sessionId = await openRealSession(ctx, player.sid)
  return { ...player, sessionId }
}

async function createdAt(sessionId: string): Promise<Date> {
  const [row] = await ctx.db.query<{ created_at: Date }>(
    'SELECT created_at FROM game_sessions WHERE id = $1',
    [sessionId],
  )
  return row!.created_at
}

describe('the reality-check interval', () => {
  it('is the casino default until the player chooses one of the options, and is kept', async () => {
    const { sid } = await registerPlayer(ctx.app)
    expect(await read(sid)).toEqual({
      interval_minutes: 60,
      default_minutes: 60,
      options: [15, 30, 45, 60, 90, 120],
      session: null,
    })
    const res = await put(sid, { interval_minutes: 15 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ interval_minutes: 15, default_minutes: 60 })
    expect((await read(sid)).interval_minutes).toBe(15)
    expect((await put(sid, { interval_minutes: 120 })).json().interval_minutes).toBe(120)
    expect((await read(sid)).interval_minutes).toBe(120)
  })

  it('refuses anything but the options (no "off"), with the message in the request’s language', async () => {
    const { sid } = await registerPlayer(ctx.app)
    for (const value of [0, 20, 240, 30.5, -15]) {
      const res = await put(sid, { interval_minutes: value })
      expect(res.statusCode, String(value)).toBe(422)
      expect(res.json().code).toBe('validation_failed')
      expect(res.json().errors.interval_minutes).toHaveLength(1)
    }
    const german = await put(sid, { interval_minutes: 20 }, { 'accept-language': 'de' })
    expect(german.json().errors).toEqual({
      interval_minutes: ['Wählen Sie eines der angebotenen Intervalle: 15, 30, 45, 60, 90 oder 120 Minuten.'],
    })
    const missing = await put(sid, {})
    expect(missing.statusCode).toBe(422)
    expect(missing.json().errors.interval_minutes).toEqual(['Reality check interval is required.'])
    const unknown = await put(sid, { interval_minutes: 30, off: true })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().errors.base).toEqual(['Unknown fields: off.'])
    // A wrong type is a malformed request.
    expect((await put(sid, { interval_minutes: 'off' })).statusCode).toBe(400)
    expect((await put(sid, { interval_minutes: null })).statusCode).toBe(400)
    expect((await read(sid)).interval_minutes).toBe(60)
  })

  it('needs a signed-in player and a same-site request', async () => {
    expect((await ctx.app.inject({ url })).statusCode).toBe(401)
    const guest = await put(undefined, { interval_minutes: 30 })
    expect(guest.statusCode).toBe(401)
    expect(guest.json().code).toBe('unauthorized')
    // Told to sign in whatever the body.
    expect((await put(undefined, { interval_minutes: 7 })).statusCode).toBe(401)
    const { sid } = await registerPlayer(ctx.app)
    const forged = await put(sid, { interval_minutes: 15 }, { 'sec-fetch-site': 'cross-site' })
    expect(forged.statusCode).toBe(403)
    expect(forged.json().code).toBe('csrf_failed')
    const foreign = await put(sid, { interval_minutes: 15 }, { origin: 'https://evil.example' })
    expect(foreign.statusCode).toBe(403)
    expect((await read(sid)).interval_minutes).toBe(60)
    expect((await put(sid, { interval_minutes: 15 }, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
      200,
    )
  })

  it('defaults to REALITY_CHECK_MINUTES, which must be one of the options', () => {
    const env = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), WALLET_SECRET: 'y'.repeat(32) }
    expect(loadConfig(env).REALITY_CHECK_MINUTES).toBe(60)
    expect(loadConfig({ ...env, REALITY_CHECK_MINUTES: '90' }).REALITY_CHECK_MINUTES).toBe(90)
    for (const bad of ['20', '0', 'off', '1.5']) {
      expect(() => loadConfig({ ...env, REALITY_CHECK_MINUTES: bad }), bad).toThrow(ConfigError)
    }
    expect(() => loadConfig({ ...env, REALITY_CHECK_MINUTES: '20' })).toThrow(
      `REALITY_CHECK_MINUTES: must be one of ${REALITY_CHECK_OPTIONS.join(', ')}`,
    )
  })
})

describe('the play session', () => {
  it('is null without a real-money game in use', async () => {
    const { sid } = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, sid, 1_000)
    expect((await read(sid)).session).toBeNull()
    // A demo opens no game session at the casino.
    const demo = await client(ctx, sid).post('/api/games/launch', {
      identifier: 'goldfinch:test-slot-1',
      mode: 'demo',
    })
    expect(demo.statusCode).toBe(200)
    expect((await read(sid)).session).toBeNull()
  })

  it('sums the session’s rounds exactly: wagered, won and net', async () => {
    const p = await playing()
    const empty = (await read(p.sid)).session!
    expect(empty).toEqual({
      started_at: (await createdAt(p.sessionId)).toISOString(),
      game_title: 'Frozen Test Slot 1',
      currency: 'EUR',
      wagered_cents: 0,
      won_cents: 0,
      net_cents: 0,
    })
    for (const [bet, win] of [
      [500, 0],
      [200, 800],
      [300, 0],
      [125, 40],
    ] as const) {
      expect((await spin(ctx, p.sessionId, bet, win)).statusCode).toBe(200)
    }
    expect((await read(p.sid)).session).toEqual({
      ...empty,
      wagered_cents: 1_125,
      won_cents: 840,
      net_cents: -285,
    })
  })

  it('goes on across a reload or another game (new game sessions) and counts their rounds together', async () => {
    const p = await playing()
    const started = await createdAt(p.sessionId)
    await spin(ctx, p.sessionId, 1_000, 2_500)
    // The game page is loaded again: another launch, another game session.
    const again = await openRealSession(ctx, p.sid, 'northwind:test-slot-2')
    await spin(ctx, again, 400, 0)
    const { session } = await read(p.sid)
    expect(session).toEqual({
      started_at: started.toISOString(),
      game_title: 'Golden Test Slot 2',
      currency: 'EUR',
      wagered_cents: 1_400,
      won_cents: 2_500,
      net_cents: 1_100,
    })
  })

  it('starts over after a pause of more than 30 minutes, and ends when the game is no longer in use', async () => {
    const p = await playing()
    await spin(ctx, p.sessionId, 700, 0)
    // A pause under 30 minutes continues the play session: it started with the earlier game.
    clock.advance(25 * 60_000)
    const next = await openRealSession(ctx, p.sid)
    await spin(ctx, next, 100, 0)
    expect((await read(p.sid)).session).toMatchObject({
      started_at: (await createdAt(p.sessionId)).toISOString(),
      wagered_cents: 800,
      net_cents: -800,
    })
    // 31 minutes without a call: no game is in use, the play session has ended.
    clock.advance(31 * 60_000)
    expect((await read(p.sid)).session).toBeNull()
    // Playing again starts a new one, counting only its own rounds.
    const now = await openRealSession(ctx, p.sid)
    await spin(ctx, now, 100, 0)
    expect((await read(p.sid)).session).toMatchObject({
      started_at: (await createdAt(now)).toISOString(),
      wagered_cents: 100,
      net_cents: -100,
    })
    // A cooling-off ends every open game: no session in use any more.
    expect(
      (await client(ctx, p.sid).post('/api/user_limits', { type: 'coolingoff', period: 'day' })).statusCode,
    ).toBe(204)
    expect((await read(p.sid)).session).toBeNull()
  })
})

describe('currentPlaySession', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 12, 0) + minutes * 60_000)
  const span = (id: string, from: number, to: number, closed: number | null = null): GameSessionSpan => ({
    id,
    game_id: 1n,
    currency: 'EUR',
    created_at: at(from),
    last_seen_at: at(to),
    closed_at: closed === null ? null : at(closed),
  })

  it('follows overlapping and nearby game sessions back to the start of their run', () => {
    // A long game (0–110), a short one inside it, then the current one 5 minutes after the long one.
    const sessions = [span('long', 0, 110), span('short', 30, 35, 36), span('now', 115, 118)]
    expect(currentPlaySession(sessions, at(120))).toEqual({ current: sessions[2], startedAt: at(0) })
  })

  it('starts a run after a pause longer than the break, and knows no session without one in use', () => {
    const sessions = [span('old', 0, 10), span('now', 41, 50)]
    expect(currentPlaySession(sessions, at(55))?.startedAt).toEqual(at(41))
    expect(currentPlaySession([span('old', 0, 10), span('now', 40, 50)], at(55))?.startedAt).toEqual(at(0))
    // Not used for 30 minutes, or closed: not in use.
    expect(currentPlaySession([span('idle', 0, 10)], at(40))).toBeNull()
    expect(currentPlaySession([span('closed', 0, 10, 11)], at(12))).toBeNull()
    // The newest session in use is the current one, even if a newer one was closed.
    const mixed = [span('a', 0, 20), span('b', 5, 19, 19)]
    expect(currentPlaySession(mixed, at(21))?.current.id).toBe('a')
  })
})
