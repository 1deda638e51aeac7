import net from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerPlayer, type TestContext } from '../test/helpers.ts'

/** A port nobody listens on yet: the SMTP server is down until the test starts it there. */
async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

let t = Date.now()
const clock = { now: () => new Date(t) }
let port: number
let smtp: SMTPServer | undefined
/** Messages the server refuses before it accepts (a server that is up but not ready). */
let refusals = 1
const received: Array<{ to: string[]; raw: string }> = []
let ctx: TestContext

beforeAll(async () => {
  port = await freePort()
  ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, undefined, { clock })
})
afterAll(async () => {
  await ctx.close()
  if (smtp) await new Promise<void>((resolve) => smtp!.close(resolve))
})

interface OutboxRow {
  sent_at: Date | null
  attempts: number
  error: string | null
}
interface JobRow {
  state: string
  attempts: number
  run_at: Date
}

describe('e-mail delivery', () => {
  it('retries a failed SMTP send with backoff and delivers it once the server is back, once', async () => {
    const player = await registerPlayer(ctx.app)
    const outbox = async () =>
      (
        await ctx.db.query<OutboxRow & { id: bigint }>(
          'SELECT id, sent_at, attempts, error FROM email_outbox WHERE to_address = $1',
          [player.email],
        )
      )[0]!
    const { id } = await outbox()
    const job = async () =>
      (
        await ctx.db.query<JobRow>(
          `SELECT state, attempts, run_at FROM jobs WHERE name = 'mail.deliver' AND key = $1`,
          [id.toString()],
        )
      )[0]!
    // The confirmation was recorded with its delivery job, which ran at once: the server is down.
    await ctx.app.jobs.runDue(['mail.deliver'])
    expect(await outbox()).toMatchObject({
      sent_at: null,
      attempts: 1,
      error: expect.stringMatching(/ECONNREFUSED/),
    })
    expect(await job()).toMatchObject({ state: 'queued', attempts: 1 })
    expect((await job()).run_at.getTime()).toBe(t + 30_000)

    // The server comes up, but refuses the first message it is given.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
        stream.on('end', () => {
          if (refusals-- > 0) {
            callback(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }))
            return
          }
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', resolve))
    // Not before its backoff...
    expect(await ctx.app.jobs.runDue(['mail.deliver'])).toBe(0)
    t += 30_000
    expect(await ctx.app.jobs.runDue(['mail.deliver'])).toBe(1)
    expect(await outbox()).toMatchObject({ sent_at: null, attempts: 2, error: expect.stringMatching(/451/) })
    expect((await job()).run_at.getTime()).toBe(t + 60_000)
    // ...which doubles.
    t += 59_999
    expect(await ctx.app.jobs.runDue(['mail.deliver'])).toBe(0)
    t += 1
    expect(await ctx.app.jobs.runDue(['mail.deliver'])).toBe(1)
    expect(received).toHaveLength(1)
    expect(received[0]!.to).toEqual([player.email])
    expect(received[0]!.raw).toContain('confirmation_token=')
    const sent = await outbox()
    expect(sent.attempts).toBe(3)
    expect(sent.sent_at?.getTime()).toBe(t)
    expect(await job()).toMatchObject({ state: 'done', attempts: 3 })
    // Marked sent: never sent again, whatever the time.
    t += 86_400_000
    expect(await ctx.app.jobs.runDue(['mail.deliver'])).toBe(0)
    expect(received).toHaveLength(1)
  })
})
