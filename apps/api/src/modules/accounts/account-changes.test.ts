import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../../lib/passwords.ts'
import { ACCOUNT_FAILURES_PER_HOUR } from './service.ts'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, TEST_PASSWORD, type TestContext } from '../../test/helpers.ts'

let ctx: TestContext
const clock = testClock()
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { clock })
})
afterAll(() => ctx.close())

const NEW_PASSWORD = 'Silver-Heron-4096'
let seq = 0
const newEmail = () => `change${++seq}.${Date.now()}@example.com`
const sidOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'sid')?.value

function changeCredentials(sid: string | undefined, user: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/users',
    payload: { user },
    cookies: sid ? { sid } : {},
    headers,
    remoteAddress: `10.60.${++seq % 250}.1`,
  })
}
function signIn(email: string, password: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/users/sign_in',
    payload: { user: { email, password } },
    remoteAddress: `10.61.${++seq % 250}.1`,
  })
}
const profile = (sid: string) => ctx.app.inject({ url: '/api/player', cookies: { sid } })
async function mails(to: string) {
  // Reset and resend links are made after the answer.
  await ctx.app.services.accounts.drainMailRequests()
  return ctx.db.query<{ template: string; text_body: string }>(
    'SELECT template, text_body FROM email_outbox WHERE to_address = $1 ORDER BY id',
    [to],
  )
}
const confirmationToken = (text: string) => /confirmation_token=([\w-]+)/.exec(text)?.[1]
const confirm = (token: string) => ctx.app.inject(`/api/users/confirmation?confirmation_token=${token}`)
async function failures(email: string) {
  const [row] = await ctx.db.query<{ n: bigint }>(
    'SELECT count(*) AS n FROM auth_failures WHERE email_normalized = $1',
    [email.toLowerCase()],
  )
  return Number(row!.n)
}
/** Turning 2FA on needs a recent password: 403 when the session is not re-authenticated, else a field error. */
const twoFactorReauthStatus = async (sid: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/player/two_factor',
      cookies: { sid },
      payload: { two_factor: { otp_secret: 'A'.repeat(32), authentication_code: '000000' } },
    })
  ).statusCode

describe('PUT /api/users: password change', () => {
  it('needs the current password; ends every other session, rotates this one (re-authenticated) and e-mails a notice', async () => {
    const player = await registerPlayer(ctx.app)
    const other = sidOf(await signIn(player.email, TEST_PASSWORD))!
    // The password was entered at sign-in; within 15 minutes it is not asked again, after that it is.
    expect(await twoFactorReauthStatus(player.sid)).toBe(422)
    clock.advance(20 * 60_000)
    expect(await twoFactorReauthStatus(player.sid)).toBe(403)

    const res = await changeCredentials(player.sid, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: player.id, email: player.email })
    const rotated = sidOf(res)!
    expect(rotated).not.toBe(player.sid)
    expect((await profile(rotated)).statusCode).toBe(200)
    expect((await profile(player.sid)).statusCode).toBe(401)
    expect((await profile(other)).statusCode).toBe(401)
    expect(await twoFactorReauthStatus(rotated)).toBe(422)

    const [stored] = await ctx.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [player.id],
    )
    expect(stored!.password_hash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(stored!.password_hash, NEW_PASSWORD)).toBe(true)
    expect((await mails(player.email)).at(-1)!.template).toBe('password_changed')
    expect((await signIn(player.email, TEST_PASSWORD)).statusCode).toBe(422)
    expect((await signIn(player.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('voids the reset links issued before a password change or an e-mail change', async () => {
    const resetLink = async (email: string) => {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/users/password',
        payload: { user: { email } },
        remoteAddress: `10.62.${++seq % 250}.1`,
      })
      const sent = (await mails(email)).filter((m) => m.template === 'password_reset').at(-1)!
      return /reset_password_token=([\w-]+)/.exec(sent.text_body)![1]!
    }
    const reset = (token: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/users/password',
        payload: { user: { reset_password_token: token, password: 'Copper-Falcon-1024' } },
      })

    const player = await registerPlayer(ctx.app)
    const beforeChange = await resetLink(player.email)
    const changed = await changeCredentials(player.sid, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
    })
    expect(changed.statusCode).toBe(200)
    const refused = await reset(beforeChange)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors.reset_password_token).toHaveLength(1)
    expect((await signIn(player.email, NEW_PASSWORD)).statusCode).toBe(200)

    const other = await registerPlayer(ctx.app)
    const beforeSwap = await resetLink(other.email)
    const newAddress = newEmail()
    await changeCredentials(other.sid, { current_password: TEST_PASSWORD, email: newAddress })
    const swap = (await mails(newAddress)).find((m) => m.template === 'email_change')!
    expect((await confirm(confirmationToken(swap.text_body)!)).statusCode).toBe(200)
    expect((await reset(beforeSwap)).statusCode).toBe(422)
  })

  it('answers 422 errors.current_password for a wrong one, changes nothing and counts a failed sign-in', async () => {
    const player = await registerPlayer(ctx.app)
    const res = await changeCredentials(player.sid, {
      current_password: 'Wrong-Password-99',
      password: NEW_PASSWORD,
      email: newEmail(),
    })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors)).toEqual(['current_password'])
    expect(res.json().errors.current_password[0]).toBe('The password is not correct.')
    expect(sidOf(res)).toBeUndefined()
    expect((await profile(player.sid)).statusCode).toBe(200)
    expect(await failures(player.email)).toBe(1)
    expect((await mails(player.email)).map((m) => m.template)).toEqual(['confirmation'])
    expect((await signIn(player.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('is refused once the account is locked, even with the right password (the sign-in lockout)', async () => {
    const player = await registerPlayer(ctx.app)
    await ctx.db.query(
      `INSERT INTO auth_failures (email_normalized, ip) SELECT $1, '10.62.0.1' FROM generate_series(1, $2)`,
      [player.email.toLowerCase(), ACCOUNT_FAILURES_PER_HOUR - 1],
    )
    const last = await changeCredentials(player.sid, {
      current_password: 'Wrong-Password-99',
      password: NEW_PASSWORD,
    })
    expect(last.statusCode).toBe(422)
    const locked = await changeCredentials(player.sid, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
    })
    expect(locked.statusCode).toBe(429)
    expect(locked.json().code).toBe('account_locked')
    expect((await signIn(player.email, TEST_PASSWORD)).json().code).toBe('account_locked')
  })

  it.each([
    ['a short password', { password: 'Ab1!x' }, 'password'],
    ['a common password', { password: 'password123' }, 'password'],
    [
      'a mismatched confirmation',
      { password: NEW_PASSWORD, password_confirmation: 'Other-Pass-1234' },
      'password_confirmation',
    ],
    ['nothing to change', {}, 'base'],
    ['an invalid e-mail', { email: 'not-an-address' }, 'email'],
    ['an unknown field', { password: NEW_PASSWORD, nickname: 'x' }, 'user'],
  ])('answers 422 for %s and changes nothing', async (_name, change, field) => {
    const player = await registerPlayer(ctx.app)
    const res = await changeCredentials(player.sid, { current_password: TEST_PASSWORD, ...change })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors)).toContain(field)
    expect((await profile(player.sid)).statusCode).toBe(200)
    expect(await failures(player.email)).toBe(0)
  })

  it('answers 400 for wrong types, 401 without a session, 403 from another site', async () => {
    const player = await registerPlayer(ctx.app)
    expect((await changeCredentials(player.sid, { current_password: 12345678 })).statusCode).toBe(400)
    expect(
      (await changeCredentials(undefined, { current_password: TEST_PASSWORD, password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(401)
    const crossSite = await changeCredentials(
      player.sid,
      { current_password: TEST_PASSWORD, password: NEW_PASSWORD },
      { 'sec-fetch-site': 'cross-site' },
    )
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.json().code).toBe('csrf_failed')
    expect((await signIn(player.email, TEST_PASSWORD)).statusCode).toBe(200)
  })
})

describe('PUT /api/users: e-mail change', () => {
  it('confirms the new address from a link sent to it, tells the old one, then the new one signs in', async () => {
    const player = await registerPlayer(ctx.app)
    const address = newEmail()
    const res = await changeCredentials(player.sid, { current_password: TEST_PASSWORD, email: address })
    expect(res.statusCode).toBe(200)
    // Until the link is opened the account keeps its address.
    expect(res.json().email).toBe(player.email)
    const session = sidOf(res)!
    const [link] = await mails(address)
    expect(link!.template).toBe('email_change')
    const notice = (await mails(player.email)).at(-1)!
    expect(notice.template).toBe('email_change_requested')
    expect(notice.text_body).toContain(address)
    expect(confirmationToken(notice.text_body)).toBeUndefined()

    const confirmed = await confirm(confirmationToken(link!.text_body)!)
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({ id: player.id, email: address })
    expect(confirmed.json().confirmed_at).not.toBeNull()
    expect((await profile(session)).json().email).toBe(address)
    expect((await signIn(player.email, TEST_PASSWORD)).statusCode).toBe(422)
    expect((await signIn(address.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(200)
    const again = await confirm(confirmationToken(link!.text_body)!)
    expect(again.statusCode).toBe(422)
  })

  it('keeps only the latest request: an earlier link stops working, the own address cancels', async () => {
    const player = await registerPlayer(ctx.app)
    const first = newEmail()
    const second = newEmail()
    // Each change rotates the session.
    const rotated = sidOf(
      await changeCredentials(player.sid, { current_password: TEST_PASSWORD, email: first }),
    )!
    const sid = sidOf(await changeCredentials(rotated, { current_password: TEST_PASSWORD, email: second }))!
    const stale = await confirm(confirmationToken((await mails(first))[0]!.text_body)!)
    expect(stale.statusCode).toBe(422)
    expect(Object.keys(stale.json().errors)).toEqual(['confirmation_token'])
    expect((await profile(sid)).json().email).toBe(player.email)
    const cancel = await changeCredentials(sid, { current_password: TEST_PASSWORD, email: player.email })
    expect(cancel.statusCode).toBe(200)
    expect((await confirm(confirmationToken((await mails(second))[0]!.text_body)!)).statusCode).toBe(422)
    expect((await signIn(player.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('refuses an address another account uses: 422 errors.email at the request and at the confirmation', async () => {
    const player = await registerPlayer(ctx.app)
    const taken = await registerPlayer(ctx.app)
    const res = await changeCredentials(player.sid, {
      current_password: TEST_PASSWORD,
      email: taken.email.toUpperCase(),
      password: NEW_PASSWORD,
    })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors)).toEqual(['email'])
    // One transaction: the password in the same request did not change either.
    expect((await signIn(player.email, TEST_PASSWORD)).statusCode).toBe(200)

    // Free when asked for, taken by a registration before the link is opened.
    const address = newEmail()
    await changeCredentials(player.sid, { current_password: TEST_PASSWORD, email: address })
    await registerPlayer(ctx.app, { email: address })
    const token = confirmationToken((await mails(address))[0]!.text_body)!
    const late = await confirm(token)
    expect(late.statusCode).toBe(422)
    expect(Object.keys(late.json().errors)).toEqual(['email'])
    const [row] = await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [player.id])
    expect(row!.email).toBe(player.email)
  })
})

describe('POST /api/auth_providers/update_details', () => {
  const details = (sid: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth_providers/update_details',
      payload: body as Record<string, unknown>,
      cookies: sid ? { sid } : {},
      headers,
    })

  it('accepts the terms (leaving auth_fields_missed) and profile fields; answers the profile', async () => {
    const player = await registerPlayer(ctx.app)
    // As after a sign-up through a provider, or new terms: the acceptance is missing.
    await ctx.db.query('UPDATE users SET terms_accepted_at = NULL WHERE id = $1', [player.id])
    expect((await profile(player.sid)).json().auth_fields_missed).toEqual(['terms_acceptance'])
    const res = await details(player.sid, { terms_acceptance: true, first_name: 'Ana', city: 'Berlin' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ auth_fields_missed: [], first_name: 'Ana', city: 'Berlin' })
    expect((await profile(player.sid)).json().auth_fields_missed).toEqual([])
  })

  it('applies exactly the rules of PATCH /api/player', async () => {
    const player = await registerPlayer(ctx.app, { first_name: 'Ana' })
    const minor = `${new Date().getUTCFullYear() - 17}-01-01`
    const res = await details(player.sid, { date_of_birth: minor, postal_code: '!', gender: 'x' })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors).sort()).toEqual(['date_of_birth', 'gender', 'postal_code'])
    const once = await details(player.sid, { first_name: 'Anna' })
    expect(once.statusCode).toBe(422)
    expect(once.json().errors.first_name[0]).toMatch(/cannot be changed/)
    expect((await details(player.sid, { terms_acceptance: false })).statusCode).toBe(422)
    expect((await details(player.sid, { password_hash: 'x' })).statusCode).toBe(422)
    expect((await details(player.sid, { country: 'XX' })).json().errors.country).toHaveLength(1)
    const empty = await details(player.sid, {})
    expect(empty.statusCode).toBe(422)
    expect(empty.json().errors.base).toHaveLength(1)
    expect((await details(player.sid, { city: 7 })).statusCode).toBe(400)
    expect((await profile(player.sid)).json()).toMatchObject({ first_name: 'Ana', date_of_birth: null })
  })

  it('needs a session and refuses other sites', async () => {
    expect((await details(undefined, { terms_acceptance: true })).statusCode).toBe(401)
    const player = await registerPlayer(ctx.app)
    const res = await details(player.sid, { city: 'Paris' }, { origin: 'https://evil.example' })
    expect(res.statusCode).toBe(403)
    expect((await profile(player.sid)).json().city).toBeNull()
  })
})

describe('POST /users/email-verification/request/:id', () => {
  const requestLink = (
    id: number | string,
    sid: string | undefined,
    remoteAddress = '10.63.0.1',
    headers = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/users/email-verification/request/${id}`,
      cookies: sid ? { sid } : {},
      headers,
      remoteAddress,
    })

  it('e-mails the signed-in player a fresh confirmation link that works', async () => {
    const player = await registerPlayer(ctx.app)
    const res = await requestLink(player.id, player.sid, '10.63.1.1')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'accepted' })
    const sent = await mails(player.email)
    expect(sent.map((m) => m.template)).toEqual(['confirmation', 'confirmation'])
    const confirmed = await confirm(confirmationToken(sent[1]!.text_body)!)
    expect(confirmed.json().confirmed_at).not.toBeNull()

    const done = await requestLink(player.id, player.sid, '10.63.1.2')
    expect(done.statusCode).toBe(422)
    expect(done.json().errors.email).toEqual([expect.stringMatching(/address is already confirmed\.$/)])
  })

  it('sends to a requested new address while the change waits', async () => {
    const player = await registerPlayer(ctx.app)
    const address = newEmail()
    const sid = sidOf(
      await changeCredentials(player.sid, { current_password: TEST_PASSWORD, email: address }),
    )!
    expect((await requestLink(player.id, sid, '10.63.2.1')).statusCode).toBe(200)
    expect((await mails(address)).map((m) => m.template)).toEqual(['email_change', 'email_change'])
  })

  it('answers 404 for another player (like an unknown id), 401 without a session, 400 for a bad id', async () => {
    const player = await registerPlayer(ctx.app)
    const other = await registerPlayer(ctx.app)
    const foreign = await requestLink(other.id, player.sid, '10.63.3.1')
    const unknown = await requestLink(999_999_999, player.sid, '10.63.3.2')
    expect(foreign.statusCode).toBe(404)
    expect(foreign.body).toBe(unknown.body)
    expect((await mails(other.email)).length).toBe(1)
    expect((await requestLink(player.id, undefined, '10.63.3.3')).statusCode).toBe(401)
    expect((await requestLink('abc', player.sid, '10.63.3.4')).statusCode).toBe(400)
    const crossSite = await requestLink(player.id, player.sid, '10.63.3.5', {
      'sec-fetch-site': 'cross-site',
    })
    expect(crossSite.statusCode).toBe(403)
  })

  it('is rate-limited', async () => {
    const player = await registerPlayer(ctx.app)
    const codes: number[] = []
    for (let i = 0; i < 6; i++) codes.push((await requestLink(player.id, player.sid, '10.63.4.1')).statusCode)
    expect(codes).toEqual([200, 200, 200, 200, 200, 429])
    // A quiet limit too: at most 5 links an hour whatever the address (registration sent the first).
    expect((await mails(player.email)).length).toBe(5)
  })
})
