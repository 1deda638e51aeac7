import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { submitBody } from '@aurum/shared/contracts/payments'
import { cliServices } from './cli.ts'
import { checkLedger } from './modules/ledger/check.ts'
import { balance, cardFields, client, fund } from './modules/payments/testing.ts'
import type { Services } from './services.ts'
import { createTestApp, registerPlayer, type TestContext } from './test/helpers.ts'

// A command-line tool's services (cli.ts: createServices on the same database, no HTTP) beside a
// running node's: the same rules, the same compliance checks, and the players told through the
// event outbox that the node consumes.
let ctx: TestContext
let cli: Services
beforeAll(async () => {
  ctx = await createTestApp()
  cli = await cliServices(ctx.db, ctx.config)
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx?.close()
})

const cashout = (sid: string, amount: number) =>
  client(ctx, sid).submit({
    action: 'cashout',
    amount_cents: amount,
    fields: { card_number: '4242 4242 4242 4242' },
  })

describe("a command-line tool's services", () => {
  it("pay out an operator's approval, and the player's open page is told by the node through the outbox", async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 10_000)
    const { id } = (await cashout(player.sid, 3_000)).json<{ payment: { id: number } }>().payment
    const publish = vi.spyOn(ctx.app.realtime, 'publish')
    try {
      const paid = await cli.payments.operatorDecide({ actor: 'cli' }, BigInt(id), 'approve')
      expect(paid.state).toBe('succeeded')
      // The node's realtime consumer applies what the tool's transaction wrote to the outbox.
      await ctx.app.services.eventLog.drain('realtime')
      const told = publish.mock.calls
        .filter(([channel]) => channel === `payments_changes#${player.id}`)
        .map(([, data]) => data)
      expect(told).toContainEqual(
        expect.objectContaining({ id: String(id), type: 'succeeded', success: true }),
      )
    } finally {
      publish.mockRestore()
    }
    expect(await balance(ctx, player.sid)).toBe(7_000)
  })

  it("refuse a deposit over the player's limit, as the node does (the limits are wired, never optional)", async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const limit = await client(ctx, player.sid).post('/api/user_limits', {
      type: 'deposit',
      period: 'day',
      accounts: [{ currency: 'EUR', amount_cents: 5_000 }],
    })
    expect(limit.statusCode).toBe(204)
    const input = submitBody.parse({
      action: 'deposit',
      method_id: 'card',
      amount_cents: 6_000,
      fields: cardFields(),
      currency: 'EUR',
    })
    await expect(cli.payments.submit(BigInt(player.id), input, undefined, 'en')).rejects.toMatchObject({
      code: 'deposit_limit',
      status: 422,
    })
    expect(await balance(ctx, player.sid)).toBe(0)
  })
})
