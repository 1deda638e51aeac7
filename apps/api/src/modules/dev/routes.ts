import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { MovableClock } from '../../lib/clock.ts'
import type { MailService } from '../../lib/mail.ts'

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')

/** The development outbox: every e-mail the casino would have sent, newest first. Registered outside production only. */
export const devRoutes: FastifyPluginAsyncZod<{
  mail: MailService
  /** Finishes the mail work that runs after an answer (reset and resend links), so the page shows it. */
  beforeRead?: () => Promise<void>
  /** The server's clock when a test may move it (TEST_CLOCK): POST /dev/clock is served then. */
  clock?: MovableClock
}> = async (app, { mail, beforeRead, clock }) => {
  if (clock) {
    app.post(
      '/dev/clock',
      {
        schema: {
          hide: true,
          body: z.strictObject({
            advance_ms: z
              .number()
              .int()
              .min(0)
              .max(366 * 86_400_000),
          }),
          response: { 200: z.object({ now: z.string() }) },
        },
      },
      async (request) => ({ now: clock.advance(request.body.advance_ms).toISOString() }),
    )
  }

  app.get(
    '/dev/outbox',
    {
      schema: {
        hide: true,
        querystring: z.strictObject({ to: z.string().max(254).optional() }),
      },
    },
    async (request, reply) => {
      await beforeRead?.()
      const rows = await mail.recent(request.query.to ?? null)
      const items = rows
        .map(
          (m) =>
            `<article><h2>${escape(m.subject)}</h2><p><strong>To:</strong> ${escape(m.to_address)} · ${m.created_at.toISOString()}${m.sent_at ? ' · sent over SMTP' : ''}</p><pre>${linkify(m.text_body)}</pre></article>`,
        )
        .join('')
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development outbox</title><style>body{font:16px system-ui;margin:2rem;background:#0b0f1a;color:#e8ecf5}article{border:1px solid #2a3552;border-radius:12px;padding:1rem;margin:1rem 0}a{color:#f5c451}pre{white-space:pre-wrap}</style></head><body><h1>Development outbox</h1>${items || '<p>No e-mails yet.</p>'}</body></html>`,
        )
    },
  )
}
