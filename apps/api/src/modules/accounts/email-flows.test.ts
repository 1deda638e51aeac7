import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { count, createTestApp, type TestContext } from '../../test/helpers.ts'
import { systemClock, testClock } from '@aurum/db'
import { createServices } from '../../services.ts'

/** Every log line the app writes, to check that no password ever appears in it. */
const logLines: string[] = []
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString())
    done()
  },
})

let ctx: TestContext
const clock = testClock()
beforeAll(async () => {
  // The event consumers look at the outbox only when woken (none of these flows writes an event):
  // their polling would add statements to the ones the timing cases compare.
  ctx = await createTestApp({ LOG_LEVEL: 'trace', EVENT_POLL_MS: '60000' }, logStream, { clock })
})
afterAll(() => ctx.close())

const PASSWORD = 'Golden-Lynx-2048'
const NEW_PASSWORD = 'Silver-Heron-4096'
let seq = 0
const newEmail = () => `flow${++seq}.${Date.now()}@example.com`

async function lastMail(to: string) {
  // Reset and resend links are made after the answer.
  await ctx.app.services.accounts.drainMailRequests()
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

  it('tells a link used already (account confirmed) from an expired or unknown one, signed in or not', async () => {
    const email = newEmail()
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { email, password: PASSWORD, terms_acceptance: true } },
    })
    const sid = reg.cookies.find((c) => c.name === 'sid')!.value
    const token = tokenIn((await lastMail(email))!.text_body, 'confirmation_token')!
    const confirm = (t: string, cookies: Record<string, string> = {}) =>
      ctx.app.inject({ url: `/api/users/confirmation?confirmation_token=${t}`, cookies })
    expect((await confirm(token)).statusCode).toBe(200)
    for (const cookies of [{}, { sid }] as Array<Record<string, string>>) {
      const again = await confirm(token, cookies)
      expect(again.statusCode).toBe(422)
      expect(again.json()).toEqual({
        code: 'already_confirmed',
        error: 'This link was used already: the email address is confirmed.',
        errors: { confirmation_token: ['Your email address is already confirmed.'] },
      })
    }
    // Unknown, and expired for an account never confirmed: the link is simply no good.
    const unknown = await confirm('x'.repeat(32))
    expect(unknown.json()).toMatchObject({ code: 'validation_failed' })
    expect(unknown.json().errors.confirmation_token[0]).toMatch(/invalid or has expired/)
    const other = newEmail()
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { email: other, password: PASSWORD, terms_acceptance: true } },
    })
    const stale = tokenIn((await lastMail(other))!.text_body, 'confirmation_token')!
    // A confirmation link lives 48 hours.
    const past = 48 * 3_600_000 + 60_000
    clock.advance(past)
    try {
      const expired = await confirm(stale)
      expect(expired.json()).toMatchObject({ code: 'validation_failed' })
      expect(expired.json().errors.confirmation_token[0]).toMatch(/invalid or has expired/)
    } finally {
      clock.advance(-past)
    }
    // A minute before its end the same link still confirms: the clock, not the rows, decided.
    clock.advance(past - 2 * 60_000)
    try {
      expect((await confirm(stale)).statusCode).toBe(200)
    } finally {
      clock.advance(-(past - 2 * 60_000))
    }
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
    await ctx.app.services.accounts.drainMailRequests()
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

  it('voids every other outstanding reset link once one of them sets a new password', async () => {
    const email = newEmail()
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { email, password: PASSWORD, terms_acceptance: true } },
    })
    const requestLink = async (n: number) => {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/users/password',
        payload: { user: { email } },
        remoteAddress: `10.23.0.${n}`,
      })
      return tokenIn((await lastMail(email))!.text_body, 'reset_password_token')!
    }
    const first = await requestLink(1)
    const second = await requestLink(2)
    expect(second).not.toBe(first)
    const reset = (token: string, password: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/users/password',
        payload: { user: { reset_password_token: token, password } },
      })
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(200)
    const stale = await reset(first, 'Another-Pass-8192')
    expect(stale.statusCode).toBe(422)
    expect(stale.json().errors.reset_password_token).toHaveLength(1)
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

describe('reset and resend: the same work for known and unknown addresses', () => {
  for (const [url, template] of [
    ['/api/users/password', 'password_reset'],
    ['/api/users/confirmation', 'confirmation'],
  ] as const) {
    it(`${url} answers after the same statements, before any token or e-mail; the mail follows`, async () => {
      const email = newEmail()
      await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { user: { email, password: PASSWORD, terms_acceptance: true } },
      })
      // The registration's events are applied first and the consumers rest while the statements
      // are counted: theirs are no request's.
      const { eventLog } = ctx.app.services
      await eventLog.stop()
      await eventLog.drain('realtime')
      await eventLog.drain('daily-totals')
      const before = await ctx.db.query<{ n: bigint }>(
        'SELECT count(*) AS n FROM email_outbox WHERE to_address = $1',
        [email],
      )
      // Held back here, to look between the answer and the work that follows it.
      const kick = vi.spyOn(ctx.app.services.accounts, 'kickMailRequests').mockImplementation(() => undefined)
      // Every statement, alone or in a transaction.
      const sql: string[] = []
      const statements = vi.spyOn(ctx.db, 'query')
      const transaction = ctx.db.transaction.bind(ctx.db)
      const transactions = vi.spyOn(ctx.db, 'transaction').mockImplementation((fn) =>
        transaction((tx) =>
          fn({
            ...tx,
            query: (text, params) => {
              sql.push(text)
              return tx.query(text, params)
            },
          }),
        ),
      )
      const ask = async (address: string, n: number) => {
        statements.mockClear()
        sql.length = 0
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload: { user: { email: address } },
          remoteAddress: `10.25.${n}.1`,
        })
        return { res, sql: [...statements.mock.calls.map(([text]) => text), ...sql] }
      }
      const known = await ask(email.toUpperCase(), 1)
      const unknown = await ask(newEmail(), 2)
      statements.mockRestore()
      transactions.mockRestore()
      await eventLog.start()
      expect([known.res.statusCode, unknown.res.statusCode]).toEqual([200, 200])
      expect(unknown.res.body).toBe(known.res.body)
      expect(known.sql.length).toBeGreaterThan(0)
      expect(unknown.sql).toEqual(known.sql)
      const tokens = await ctx.db.query<{ n: bigint }>(
        `SELECT count(*) AS n FROM user_tokens t JOIN users u ON u.id = t.user_id
          WHERE u.email_normalized = $1 AND t.purpose = $2`,
        [email, template],
      )
      expect(Number(tokens[0]!.n)).toBe(template === 'confirmation' ? 1 : 0)
      const after = await ctx.db.query<{ n: bigint }>(
        'SELECT count(*) AS n FROM email_outbox WHERE to_address = $1',
        [email],
      )
      expect(after[0]!.n).toBe(before[0]!.n)
      expect(kick).toHaveBeenCalledTimes(2)
      kick.mockRestore()
      await ctx.app.services.accounts.drainMailRequests()
      const sent = await ctx.db.query<{ template: string }>(
        'SELECT template FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
        [email],
      )
      expect(sent[0]!.template).toBe(template)
      expect(await count(ctx.db, 'account_mail_requests')).toBe(0)
    })
  }
})

describe('the requests recorded for after the answer', () => {
  it('are each handled once when several nodes drain at the same time', async () => {
    const kick = vi.spyOn(ctx.app.services.accounts, 'kickMailRequests').mockImplementation(() => undefined)
    const emails = Array.from({ length: 6 }, () => newEmail())
    for (const email of emails) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { user: { email, password: PASSWORD, terms_acceptance: true } },
        remoteAddress: '10.26.0.1',
      })
    }
    for (const [i, email] of [...emails, ...emails].entries()) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/users/password',
        payload: { user: { email } },
        remoteAddress: `10.26.1.${i}`,
      })
    }
    kick.mockRestore()
    // Other nodes: services of their own on the same database (on PostgreSQL, other connections).
    const log = ctx.app.log
    const nodes = await Promise.all(
      [1, 2].map(
        async () =>
          (await createServices({ config: ctx.config, db: ctx.db, clock: systemClock, log })).accounts,
      ),
    )
    await Promise.all([ctx.app.services.accounts, ...nodes].map((node) => node.drainMailRequests()))
    const sent = await ctx.db.query<{ to_address: string; n: bigint }>(
      `SELECT to_address, count(*) AS n FROM email_outbox
        WHERE template = 'password_reset' AND to_address = ANY($1) GROUP BY to_address`,
      [emails],
    )
    expect(sent.map((r) => [r.to_address, Number(r.n)]).sort()).toEqual(emails.map((e) => [e, 2]).sort())
    expect(await count(ctx.db, 'account_mail_requests')).toBe(0)
  })
})

describe('links in e-mails', () => {
  const mailOf = async (app: TestContext, to: string) => {
    await app.app.services.accounts.drainMailRequests()
    const [mail] = await app.db.query<{ text_body: string }>(
      'SELECT text_body FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [to],
    )
    return mail!.text_body
  }
  const register = (app: TestContext, email: string, host: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { host },
      payload: { user: { email, password: PASSWORD, terms_acceptance: true } },
      remoteAddress: '10.24.0.1',
    })
  const requestReset = (app: TestContext, email: string, host: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/users/password',
      headers: { host },
      payload: { user: { email } },
      remoteAddress: `10.24.1.${++seq % 250}`,
    })

  it('take the canonical origin, never the Host header (reset, confirmation, e-mail change)', async () => {
    const email = newEmail()
    const reg = await register(ctx, email, 'evil.example')
    expect(await mailOf(ctx, email)).toContain('http://localhost:3000/confirmation?confirmation_token=')
    await requestReset(ctx, email, 'evil.example')
    const reset = await mailOf(ctx, email)
    expect(reset).toContain('http://localhost:3000/new-password?reset_password_token=')
    expect(reset).not.toContain('evil.example')
    const changed = newEmail()
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { host: 'evil.example' },
      cookies: { sid: reg.cookies.find((c) => c.name === 'sid')!.value },
      payload: { user: { current_password: PASSWORD, email: changed } },
    })
    expect(change.statusCode).toBe(200)
    expect(await mailOf(ctx, changed)).toContain('http://localhost:3000/confirmation?confirmation_token=')
  })

  it("use a domain of DOMAIN_COUNTRIES only when it is listed exactly, never a wildcard's host", async () => {
    const regional = await createTestApp({
      PUBLIC_URL: 'https://casino.example:8443/',
      DOMAIN_COUNTRIES: 'aurum.ca=CA,*.com.au=AU',
    })
    try {
      const email = newEmail()
      await register(regional, email, 'aurum.ca')
      expect(await mailOf(regional, email)).toContain('https://aurum.ca:8443/confirmation?')
      await requestReset(regional, email, 'evil.com.au')
      expect(await mailOf(regional, email)).toContain('https://casino.example:8443/new-password?')
      await requestReset(regional, email, 'AURUM.CA:3000')
      expect(await mailOf(regional, email)).toContain('https://aurum.ca:8443/new-password?')
    } finally {
      await regional.close()
    }
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
