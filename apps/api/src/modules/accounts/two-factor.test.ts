import crypto from 'node:crypto'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '@aurum/db'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { AccountsRepository } from './repository.ts'
import { TwoFactor } from './two-factor.ts'

let ctx: TestContext
/** Given, so that a test can build the start-up's TwoFactor with the app's keys. */
const SESSION_SECRET = 'two-factor-test-session-secret-0123456789'
beforeAll(async () => {
  ctx = await createTestApp({ SESSION_SECRET })
})
afterAll(() => ctx.close())

const PASSWORD = 'Golden-Lynx-2048'
/** The code of the current 30-second step, or of a later one. */
const code = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 })
const sid = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'sid')?.value

let players = 0
async function newPlayer() {
  const email = `twofa.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { user: { email, password: PASSWORD, terms_acceptance: true } },
    // Registration is rate-limited per address.
    remoteAddress: `10.31.0.${++players}`,
  })
  return { email, session: sid(reg)! }
}

async function enable(session: string) {
  const setup = await ctx.app.inject({ url: '/api/v2/player/two_factor', cookies: { sid: session } })
  const { otp_secret: secret } = setup.json<{ otp_secret: string }>()
  const used = await code(secret)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/player/two_factor',
    cookies: { sid: session },
    payload: { two_factor: { otp_secret: secret, authentication_code: used } },
    // Turning 2FA on is rate-limited per address.
    remoteAddress: `10.32.0.${++players}`,
  })
  return { secret, res, setup, used }
}

function passwordStep(email: string, password = PASSWORD, remoteAddress = '10.30.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/users/sign_in',
    payload: { user: { email, password } },
    remoteAddress,
  })
}
function codeStep(challenge: string | undefined, otp: string, remoteAddress = '10.30.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/users/sign_in',
    payload: { user: { otp_attempt: otp } },
    cookies: challenge ? { otp_challenge: challenge } : {},
    remoteAddress,
  })
}

describe('two-factor authentication (TOTP)', () => {
  it('sets up with a secret, an otpauth URI and a QR code, then turns on with a code; sessions rotate', async () => {
    const { email, session } = await newPlayer()
    const { secret, res, setup } = await enable(session)
    expect(setup.json()).toMatchObject({
      otp_secret: expect.stringMatching(/^[A-Z2-7]{16,}$/),
      data: expect.stringMatching(/^otpauth:\/\/totp\/Aurum%20Casino:/),
      qr: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().backup_codes).toHaveLength(10)
    expect(sid(res)).toBeDefined()
    expect((await ctx.app.inject({ url: '/api/player', cookies: { sid: session } })).statusCode).toBe(401)
    const me = await ctx.app.inject({ url: '/api/player', cookies: { sid: sid(res)! } })
    expect(me.json()).toMatchObject({ email, two_factor_enabled: true })
    expect(
      (await ctx.app.inject({ url: '/api/v2/player/two_factor', cookies: { sid: sid(res)! } })).statusCode,
    ).toBe(204)
    expect(secret).not.toBe('')
    // The secret is stored encrypted, never as is.
    const [row] = await ctx.db.query<{ two_factor_secret: string }>(
      'SELECT two_factor_secret FROM users WHERE email = $1',
      [email],
    )
    expect(row!.two_factor_secret).not.toContain(secret)
  })

  it('refuses a wrong code when turning on', async () => {
    const { session } = await newPlayer()
    const setup = await ctx.app.inject({ url: '/api/v2/player/two_factor', cookies: { sid: session } })
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/player/two_factor',
      cookies: { sid: session },
      payload: { two_factor: { otp_secret: setup.json().otp_secret, authentication_code: '000000' } },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.authentication_code).toHaveLength(1)
  })

  it('signs in in two steps; each code works once; a backup code works once', async () => {
    const { email, session } = await newPlayer()
    const { secret, res, used } = await enable(session)
    const backup = res.json<{ backup_codes: string[] }>().backup_codes[0]!
    const first = await passwordStep(email)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ two_factor_required: true })
    expect(sid(first)).toBeUndefined()
    const challenge = first.cookies.find((c) => c.name === 'otp_challenge')!.value
    // The code used to turn 2FA on cannot be replayed.
    const replay = await codeStep(challenge, used)
    expect(replay.statusCode).toBe(422)
    expect(replay.json().errors.otp_attempt).toHaveLength(1)
    // The next step's code is within the allowed skew and newer than the one used.
    const ok = await codeStep(challenge, await code(secret, 1))
    expect(ok.statusCode).toBe(200)
    expect(ok.json().email).toBe(email)
    expect(sid(ok)).toBeDefined()
    // A backup code, once.
    const again = (await passwordStep(email)).cookies.find((c) => c.name === 'otp_challenge')!.value
    expect((await codeStep(again, backup)).statusCode).toBe(200)
    const third = (await passwordStep(email)).cookies.find((c) => c.name === 'otp_challenge')!.value
    expect((await codeStep(third, backup)).statusCode).toBe(422)
  })

  it('needs the password step first', async () => {
    const res = await codeStep(undefined, '123456')
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('two_factor_expired')
    expect((await codeStep('forged.cookie', '123456')).statusCode).toBe(422)
  })

  it('turns off with the password and a code', async () => {
    const { email, session } = await newPlayer()
    const { res } = await enable(session)
    const current = sid(res)!
    const backup = res.json<{ backup_codes: string[] }>().backup_codes[1]!
    const wrong = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v2/player/two_factor',
      cookies: { sid: current },
      payload: { two_factor: { authentication_code: backup, password: 'Not-The-Password-1' } },
    })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors.password).toHaveLength(1)
    const off = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v2/player/two_factor',
      cookies: { sid: current },
      payload: { two_factor: { authentication_code: backup, password: PASSWORD } },
    })
    expect(off.statusCode).toBe(204)
    const signIn = await passwordStep(email)
    expect(signIn.json().email).toBe(email)
  })

  it('stays in force after a password reset: the link alone signs nobody in', async () => {
    const { email, session } = await newPlayer()
    const { res } = await enable(session)
    const backup = res.json<{ backup_codes: string[] }>().backup_codes[0]!
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/password',
      payload: { user: { email } },
      remoteAddress: '10.30.0.9',
    })
    // The link is made after the answer.
    await ctx.app.services.accounts.drainMailRequests()
    const [mail] = await ctx.db.query<{ text_body: string }>(
      `SELECT text_body FROM email_outbox WHERE to_address = $1 AND template = 'password_reset' ORDER BY id DESC LIMIT 1`,
      [email],
    )
    const token = /reset_password_token=([\w-]+)/.exec(mail!.text_body)![1]!
    const NEW = 'Silver-Heron-4096'
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { user: { reset_password_token: token, password: NEW, password_confirmation: NEW } },
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ two_factor_required: true })
    expect(sid(reset)).toBeUndefined()
    // Every session ended, the one that turned 2FA on included.
    expect((await ctx.app.inject({ url: '/api/player', cookies: { sid: sid(res)! } })).statusCode).toBe(401)
    const challenge = reset.cookies.find((c) => c.name === 'otp_challenge')?.value
    expect((await codeStep(challenge, '000000')).statusCode).toBe(422)
    const done = await codeStep(challenge, backup)
    expect(done.statusCode).toBe(200)
    expect(done.json().email).toBe(email)
    expect((await passwordStep(email, NEW)).json()).toEqual({ two_factor_required: true })
  })

  it('backup codes carry 80 bits in four readable groups, are kept only as keyed hashes and work in any case or spacing', async () => {
    const { email, session } = await newPlayer()
    const { res } = await enable(session)
    const codes = res.json<{ backup_codes: string[] }>().backup_codes
    expect(codes).toHaveLength(10)
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/)
    expect(new Set(codes).size).toBe(10)
    const rows = await ctx.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM user_backup_codes WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      [email],
    )
    expect(rows).toHaveLength(10)
    // Not a plain digest of the code in any spelling: a database dump alone cannot test guesses.
    const plain = codes.flatMap((c) => [
      c,
      c.toLowerCase(),
      c.replace(/-/g, ''),
      c.replace(/-/g, '').toLowerCase(),
    ])
    const digests = new Set(plain.map((c) => crypto.createHash('sha256').update(c).digest('hex')))
    for (const row of rows) {
      expect(digests.has(row.code_hash)).toBe(false)
      for (const c of plain) expect(row.code_hash).not.toContain(c)
    }
    // Lower case, spaces instead of dashes: the same code, and only once.
    const typed = codes[3]!.toLowerCase().replace(/-/g, ' ')
    const challenge = (await passwordStep(email)).cookies.find((c) => c.name === 'otp_challenge')!.value
    expect((await codeStep(challenge, typed)).statusCode).toBe(200)
    const again = (await passwordStep(email)).cookies.find((c) => c.name === 'otp_challenge')!.value
    expect((await codeStep(again, codes[3]!)).statusCode).toBe(422)
  })

  it('still accepts a backup code of the old kind (40 bits, plain SHA-256) once', async () => {
    const { email, session } = await newPlayer()
    await enable(session)
    // A code issued before the change, stored the old way.
    const legacy = 'a1b2c-3d4e5'
    const [user] = await ctx.db.query<{ id: bigint }>('SELECT id FROM users WHERE email = $1', [email])
    await ctx.db.query('INSERT INTO user_backup_codes (user_id, code_hash) VALUES ($1, $2)', [
      user!.id.toString(),
      crypto.createHash('sha256').update('a1b2c3d4e5').digest('hex'),
    ])
    const challenge = (await passwordStep(email)).cookies.find((c) => c.name === 'otp_challenge')!.value
    expect((await codeStep(challenge, legacy.toUpperCase())).statusCode).toBe(200)
    const again = (await passwordStep(email)).cookies.find((c) => c.name === 'otp_challenge')!.value
    expect((await codeStep(again, legacy)).statusCode).toBe(422)
  })

  it('wraps backup codes of the old kind in the keyed hash; they keep working once', async () => {
    const { email, session } = await newPlayer()
    await enable(session)
    const [user] = await ctx.db.query<{ id: bigint }>('SELECT id FROM users WHERE email = $1', [email])
    const plainDigest = crypto.createHash('sha256').update('0f1e2d3c4b').digest('hex')
    await ctx.db.query('INSERT INTO user_backup_codes (user_id, code_hash) VALUES ($1, $2)', [
      user!.id.toString(),
      plainDigest,
    ])
    // What start-up does, with the app's own secret: the same keys, so the app accepts the result.
    const twoFactor = new TwoFactor(
      new AccountsRepository(ctx.db),
      SESSION_SECRET,
      'Aurum Casino',
      systemClock,
    )
    expect(await twoFactor.wrapLegacyBackupCodes()).toBeGreaterThanOrEqual(1)
    expect(await twoFactor.wrapLegacyBackupCodes()).toBe(0)
    const rows = await ctx.db.query<{ code_hash: string; keyed: boolean }>(
      'SELECT code_hash, keyed FROM user_backup_codes WHERE user_id = $1',
      [user!.id.toString()],
    )
    expect(rows.every((r) => r.keyed && r.code_hash !== plainDigest)).toBe(true)
    const challenge = (await passwordStep(email)).cookies.find((c) => c.name === 'otp_challenge')!.value
    expect((await codeStep(challenge, '0f1e2-d3c4b')).statusCode).toBe(200)
    const again = (await passwordStep(email)).cookies.find((c) => c.name === 'otp_challenge')!.value
    expect((await codeStep(again, '0f1e2-d3c4b')).statusCode).toBe(422)
  })

  it('GET is safe: asking again during a set-up neither renews the secret nor voids the set-up', async () => {
    const { session } = await newPlayer()
    const first = await ctx.app.inject({ url: '/api/v2/player/two_factor', cookies: { sid: session } })
    const second = await ctx.app.inject({ url: '/api/v2/player/two_factor', cookies: { sid: session } })
    const secret = first.json<{ otp_secret: string }>().otp_secret
    expect(second.json<{ otp_secret: string }>().otp_secret).toBe(secret)
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/player/two_factor',
      cookies: { sid: session },
      payload: { two_factor: { otp_secret: secret, authentication_code: await code(secret) } },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().backup_codes).toHaveLength(10)
  })

  it('gives a new secret to a set-up after 2FA was turned off', async () => {
    const { session } = await newPlayer()
    const { secret, res } = await enable(session)
    const current = sid(res)!
    const backup = res.json<{ backup_codes: string[] }>().backup_codes[0]!
    const off = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v2/player/two_factor',
      cookies: { sid: current },
      payload: { two_factor: { authentication_code: backup, password: PASSWORD } },
    })
    expect(off.statusCode).toBe(204)
    const next = await ctx.app.inject({ url: '/api/v2/player/two_factor', cookies: { sid: sid(off)! } })
    expect(next.statusCode).toBe(200)
    expect(next.json<{ otp_secret: string }>().otp_secret).not.toBe(secret)
  })

  it('a challenge cookie works once: replayed after a successful sign-in with another valid code, it is refused', async () => {
    const { email, session } = await newPlayer()
    const { secret, res } = await enable(session)
    const backup = res.json<{ backup_codes: string[] }>().backup_codes[0]!
    const challenge = (await passwordStep(email)).cookies.find((c) => c.name === 'otp_challenge')!.value
    expect((await codeStep(challenge, await code(secret, 1))).statusCode).toBe(200)
    const replay = await codeStep(challenge, backup)
    expect(replay.statusCode).toBe(422)
    expect(replay.json().code).toBe('two_factor_expired')
    // The backup code was not spent by the refused replay.
    const fresh = (await passwordStep(email)).cookies.find((c) => c.name === 'otp_challenge')!.value
    expect((await codeStep(fresh, backup)).statusCode).toBe(200)
  })

  it('offers new backup codes: how many are left, a notice for codes of the old kind, and new ones that void the rest', async () => {
    const { email, session } = await newPlayer()
    const { secret, res } = await enable(session)
    const current = sid(res)!
    const oldCodes = res.json<{ backup_codes: string[] }>().backup_codes
    const status = async () =>
      (
        await ctx.app.inject({ url: '/api/v2/player/two_factor/backup_codes', cookies: { sid: current } })
      ).json()
    expect(await status()).toEqual({ remaining: 10, outdated: false })
    const [user] = await ctx.db.query<{ id: bigint }>('SELECT id FROM users WHERE email = $1', [email])
    await ctx.db.query('INSERT INTO user_backup_codes (user_id, code_hash) VALUES ($1, $2)', [
      user!.id.toString(),
      crypto.createHash('sha256').update('9a8b7c6d5e').digest('hex'),
    ])
    expect(await status()).toEqual({ remaining: 11, outdated: true })
    const renew = (authentication_code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/player/two_factor/backup_codes',
        cookies: { sid: current },
        payload: { two_factor: { authentication_code } },
        remoteAddress: '10.33.0.1',
      })
    const wrong = await renew('000000')
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors.authentication_code).toHaveLength(1)
    const renewed = await renew(await code(secret, 1))
    expect(renewed.statusCode).toBe(200)
    const newCodes = renewed.json<{ backup_codes: string[] }>().backup_codes
    expect(newCodes).toHaveLength(10)
    expect(await status()).toEqual({ remaining: 10, outdated: false })
    for (const old of [oldCodes[0]!, '9a8b7-c6d5e']) {
      const challenge = (await passwordStep(email, PASSWORD, '10.33.0.2')).cookies.find(
        (c) => c.name === 'otp_challenge',
      )!.value
      expect((await codeStep(challenge, old, '10.33.0.2')).statusCode).toBe(422)
    }
    const challenge = (await passwordStep(email, PASSWORD, '10.33.0.2')).cookies.find(
      (c) => c.name === 'otp_challenge',
    )!.value
    expect((await codeStep(challenge, newCodes[0]!, '10.33.0.2')).statusCode).toBe(200)
  })
})
