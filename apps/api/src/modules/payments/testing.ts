import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { TestContext } from '../../test/helpers.ts'
import type { ProviderEvent } from './provider.ts'
import type { FaultPoint, PaymentService } from './service.ts'

/** Test helpers of the payments suites: requests as a signed-in player, and test cards. */
export const CARDS = {
  approve: '4242 4242 4242 4242',
  threeDs: '4000 0000 0000 3220',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
} as const

export const cardFields = (number: string = CARDS.approve) => ({
  card_number: number,
  expiry: '12/39',
  cvv: '123',
  card_holder: 'Ada Lovelace',
})

type Reply = Promise<LightMyRequestResponse>

export function client(ctx: TestContext, sid?: string) {
  const cookies: Record<string, string> = sid ? { sid } : {}
  const inject = (options: InjectOptions): Reply => ctx.app.inject(options)
  return {
    get: (url: string) => inject({ url, cookies }),
    post: (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      inject({ method: 'POST', url, cookies, payload: payload as object, headers }),
    delete: (url: string) => inject({ method: 'DELETE', url, cookies }),
    /** A deposit or withdrawal through POST /api/payments. */
    submit: (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      inject({
        method: 'POST',
        url: '/api/payments',
        cookies,
        payload: { currency: 'EUR', action: 'deposit', method_id: 'card', fields: {}, ...body },
        headers,
      }),
  }
}

/** A card deposit that is approved at once (money for withdrawal tests). */
export async function fund(ctx: TestContext, sid: string, amountCents: number, currency = 'EUR') {
  const res = await client(ctx, sid).submit({ currency, amount_cents: amountCents, fields: cardFields() })
  const { payment } = res.json<{ payment?: { id: number; state: string } }>()
  if (payment?.state !== 'succeeded') throw new Error(`funding failed: ${res.body}`)
  return payment
}

export async function balance(ctx: TestContext, sid: string, currency = 'EUR'): Promise<number> {
  const wallets = (await client(ctx, sid).get('/api/player/accounts')).json<
    Array<{ currency: string; amount_cents: number }>
  >()
  return wallets.find((w) => w.currency === currency)?.amount_cents ?? 0
}

/** Delivers a provider event to the callback endpoint, signed by the sandbox (or with a given signature). */
export function deliver(ctx: TestContext, event: ProviderEvent, signature?: string): Reply {
  const signed = ctx.app.services.payments.provider.signEvent(event)
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/callbacks/sandbox',
    headers: { 'content-type': 'application/json', 'x-signature': signature ?? signed.signature },
    payload: signed.body,
  })
}

export async function paymentRow(ctx: TestContext, id: number) {
  const [row] = await ctx.db.query<{ state: string; provider_reference: string | null; details: unknown }>(
    'SELECT state, provider_reference, details FROM payments WHERE id = $1',
    [id],
  )
  return row!
}

/**
 * The node "dies" at a fault point (lib/fault-points.ts): the request or the operator's command
 * ends there and nothing after it runs, as the crash test's SIGKILL does, in-process.
 */
export function dieAtPoint(payments: PaymentService, point: FaultPoint): void {
  payments.faultHook = (at) => {
    if (at === point) throw new Error(`killed at ${at}`)
  }
}
