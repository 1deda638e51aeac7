import net from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'

/** A real SMTP server on loopback that keeps what it receives. */
let smtp: SMTPServer
let port: number
const received: Array<{ to: string[]; raw: string }> = []
let ctx: TestContext

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  port = (smtp.server.address() as net.AddressInfo).port
  ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: 'help@aurum.test' })
})
afterAll(async () => {
  await ctx.close()
  await new Promise<void>((resolve) => smtp.close(resolve))
})

describe('contact messages with SMTP configured', () => {
  it('e-mails the message to support, replying to the player, and records the delivery', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/send_contact_message',
      payload: { contact: { email: 'player@example.com', content: 'Please close my account.' } },
    })
    expect(res.statusCode).toBe(201)
    const { id } = res.json<{ id: number }>()
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(1)
    expect(received[0]!.to).toEqual(['help@aurum.test'])
    expect(received[0]!.raw).toContain('Please close my account.')
    expect(received[0]!.raw).toMatch(/Reply-To: player@example.com/i)
    await expect
      .poll(async () => {
        const [row] = await ctx.db.query<{ emailed_at: Date | null }>(
          'SELECT emailed_at FROM contact_messages WHERE id = $1',
          [id],
        )
        return row?.emailed_at instanceof Date
      })
      .toBe(true)
  })
})
