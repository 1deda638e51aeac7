import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { currencyDefinition, minorToMajor, type Locale } from '@aurum/shared'
import { t } from '../../lib/i18n.ts'
import { SANDBOX_PAGE_PATH, SandboxProvider } from './sandbox-provider.ts'
import type { PaymentService } from './service.ts'

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const STYLE =
  'body{font:16px system-ui;margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0f1a;color:#e8ecf5}' +
  'main{max-width:26rem;border:1px solid #2a3552;border-radius:16px;padding:2rem;text-align:center}' +
  'form{display:flex;gap:1rem;justify-content:center;margin-top:1.5rem}' +
  'button{font:inherit;padding:.7rem 1.4rem;border-radius:10px;border:0;cursor:pointer}' +
  '.ok{background:#f5c451;color:#0b0f1a}.fail{background:#2a3552;color:#e8ecf5}'

function page(locale: Locale, kind: 'three_ds' | 'wallet', amount: string, action: string, token: string) {
  const title = t(locale, `payments.sandbox.${kind}_title`)
  // No script at all: a plain form POST, so the page works under `script-src 'self'`.
  return `<!doctype html><html lang="${escape(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main><h1>${escape(title)}</h1><p>${escape(t(locale, `payments.sandbox.${kind}_text`, { amount }))}</p><p><small>${escape(t(locale, 'payments.sandbox.notice'))}</small></p><form method="post" action="${escape(action)}"><input type="hidden" name="token" value="${escape(token)}"><button class="ok" name="result" value="approve">${escape(t(locale, 'payments.sandbox.approve'))}</button><button class="fail" name="result" value="fail">${escape(t(locale, 'payments.sandbox.fail'))}</button></form></main></body></html>`
}

/**
 * The sandbox provider's own pages: the 3-D Secure challenge and the e-wallet sign-in. No session
 * is needed (the provider's domain would not have one); the signed token in the URL opens the
 * page of one payment. Approve or Fail signs the provider event and delivers it to our callback
 * endpoint, then sends the player back to the cashbox with the result.
 */
export const sandboxPageRoutes: FastifyPluginAsyncZod<{
  payments: PaymentService
  provider: SandboxProvider
}> = async (app, { payments, provider }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    },
  )
  const params = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
  const token = z.string().regex(/^[0-9a-f]{64}$/, 'validation.token_invalid')

  for (const kind of ['three_ds', 'wallet'] as const) {
    const path = `${SANDBOX_PAGE_PATH[kind]}/:id`
    const open = async (id: number, value: string) => {
      const payment = await payments.byId(BigInt(id))
      if (!payment || !provider.verifyPageToken(payment.id, value)) return undefined
      return payment
    }
    app.get(
      path,
      {
        schema: {
          tags: ['payments'],
          summary: `Sandbox ${kind === 'three_ds' ? '3-D Secure challenge' : 'e-wallet'} page (HTML; the signed token opens it)`,
          params,
          querystring: z.strictObject({ token }),
        },
      },
      async (request, reply) => {
        const payment = await open(request.params.id, request.query.token)
        if (!payment)
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(t(request.locale, 'api.errors.not_found'))
        if (payment.state !== 'pending')
          return reply.redirect(`/?payment=${payment.id}&status=${payment.state}`, 303)
        const subunits = currencyDefinition(payment.currency)?.subunits_to_unit ?? 100
        const amount = `${minorToMajor(payment.amount_cents + payment.fee_cents, subunits)} ${payment.currency}`
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            page(
              request.locale,
              kind,
              amount,
              `${SANDBOX_PAGE_PATH[kind]}/${payment.id}`,
              request.query.token,
            ),
          )
      },
    )
    app.post(
      path,
      {
        schema: {
          tags: ['payments'],
          summary: `Sandbox ${kind === 'three_ds' ? '3-D Secure' : 'e-wallet'} decision: delivers the signed provider event, then back to the cashbox`,
          params,
          body: z.strictObject({ token, result: z.enum(['approve', 'fail']) }),
        },
      },
      async (request, reply) => {
        const payment = await open(request.params.id, request.body.token)
        if (!payment)
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(t(request.locale, 'api.errors.not_found'))
        if (payment.state === 'pending' && payment.provider_reference) {
          const approve = request.body.result === 'approve'
          const reason = kind === 'three_ds' ? 'three_ds_failed' : 'wallet_declined'
          // The player decided on the provider's page: its record first, then its callback.
          await provider.complete(payment.id, approve, reason)
          const { body, signature } = provider.signEvent({
            id: SandboxProvider.eventId(),
            type: approve ? 'payment.succeeded' : 'payment.failed',
            payment_id: Number(payment.id),
            reference: payment.provider_reference,
            ...(approve ? {} : { reason }),
          })
          // Delivered like the provider would: over HTTP to the callback endpoint, signed.
          const delivered = await app.inject({
            method: 'POST',
            url: '/api/payments/callbacks/sandbox',
            headers: { 'content-type': 'application/json', 'x-signature': signature },
            payload: body,
          })
          if (delivered.statusCode !== 204)
            request.log.error({ status: delivered.statusCode }, 'sandbox callback refused')
        }
        const after = (await payments.byId(payment.id))!
        return reply.redirect(`/?payment=${after.id}&status=${after.state}`, 303)
      },
    )
  }
}
