import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'

/** Every log line the app writes, to check that no password ever appears in it. */
const logLines: string[] = []
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString())
    done()
  },
})

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ LOG_LEVEL: 'trace' }, logStream)
})
afterAll(() => ctx.close())

const PASSWORD = 'Golden-Lynx-2048'
const NEW_PASSWORD = 'Silver-Heron-4096'
let seq = 0
const newEmail = () => `flow${++seq}.${Date.now()}@example.com`

async function lastMail(to: string) {
  const [mail] = await ctx.db.query<{ subject: string; text_body: string; template: string }>(
    'SELECT subject, text_body, template FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [to],
  )
  return mail
}
const tokenIn = (text: string, name: string) => new RegExp(`${name}=([\\w-]+)`).exec(text)?.[1]

describe('e-mail confirmation', () => {
  it('confirms once through the link from the e-mail', async () => {
    const email = newEmail()
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { email, password: PASSWORD, terms_acceptance: true } },
    })
    const token = tokenIn((await lastMail(email))!.text_body, 'confirmation_token')!
    const res = await ctx.app.inject(`/api/users/confirmation?confirmation_token=${token}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().confirmed_at).not.toBeNull()
    const again = await ctx.app.inject(`/api/users/confirmation?confirmation_token=${token}`)
    expect(again.statusCode).toBe(422)
    expect(again.json().errors.confirmation_token).toHaveLength(1)
  })

  it('resends with the same answer for known and unknown addresses', async () => {
    const email = newEmail()
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { email, password: PASSWORD, terms_acceptance: true } },
    })
    const known = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/confirmation',
      payload: { user: { email } },
      remoteAddress: '10.20.0.1',
    })
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/confirmation',
      payload: { user: { email: newEmail() } },
      remoteAddress: '10.20.0.2',
    })
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(unknown.body).toBe(known.body)
    const [row] = await ctx.db.query<{ n: bigint }>(
      "SELECT count(*) AS n FROM email_outbox WHERE to_address = $1 AND template = 'confirmation'",
      [email],
    )
    expect(Number(row!.n)).toBe(2)
  })
})

describe('password reset', () => {
  it('answers known and unknown addresses identically', async () => {
    const email = newEmail()
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { email, password: PASSWORD, terms_acceptance: true } },
    })
    const known = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/password',
      payload: { user: { email } },
      remoteAddress: '10.21.0.1',
    })
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/password',
      payload: { user: { email: newEmail() } },
      remoteAddress: '10.21.0.2',
    })
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200])
    expect(unknown.body).toBe(known.body)
    expect(unknown.headers['content-length']).toBe(known.headers['content-length'])
  })

  it('sets a new password through the e-mailed link: old password fails, other sessions end, the link works once', async () => {
    const email = newEmail()
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { email, password: PASSWORD, terms_acceptance: true } },
    })
    const oldSession = reg.cookies.find((c) => c.name === 'sid')!.value
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/password',
      payload: { user: { email } },
      remoteAddress: '10.22.0.1',
    })
    const mail = (await lastMail(email))!
    expect(mail.template).toBe('password_reset')
    const token = tokenIn(mail.text_body, 'reset_password_token')!
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: {
        user: { reset_password_token: token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      },
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.cookies.find((c) => c.name === 'sid')).toBeDefined()
    expect((await ctx.app.inject({ url: '/api/player', cookies: { sid: oldSession } })).statusCode).toBe(401)
    expect((await lastMail(email))!.template).toBe('password_changed')
    const signIn = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/sign_in',
        payload: { user: { email, password } },
        remoteAddress: '10.22.0.2',
      })
    expect((await signIn(PASSWORD)).statusCode).toBe(422)
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200)
    const reuse = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { user: { reset_password_token: token, password: 'Another-Pass-8192' } },
    })
    expect(reuse.statusCode).toBe(422)
    expect(reuse.json().errors.reset_password_token).toHaveLength(1)
  })

  it('refuses a common new password', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { user: { reset_password_token: 'x'.repeat(43), password: 'qwerty123' } },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.password[0]).toMatch(/common/)
  })
})

describe('logs', () => {
  it('never contain a password', () => {
    expect(logLines.length).toBeGreaterThan(10)
    const all = logLines.join('')
    expect(all).not.toContain(PASSWORD)
    expect(all).not.toContain(NEW_PASSWORD)
  })
})
