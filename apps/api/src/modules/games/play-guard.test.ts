import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../lib/errors.ts'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { balance, client, fund } from '../payments/testing.ts'
import { seedTestGames, TEST_WALLET_SECRET, walletCall } from './testing.ts'
import { WalletError, type PlayGuard } from './wallet.ts'

/** A guard as the limits issue will plug in: players listed are stopped, bets above 500 refused. */
const stopped = new Set<bigint>()
const guard: PlayGuard = {
  async beforeLaunch({ userId }) {
    if (stopped.has(userId)) throw new AppError('limit_reached', 403)
  },
  async beforeBet(_tx, { userId, amountCents }) {
    if (stopped.has(userId) || amountCents > 500n) throw new WalletError('limit_reached')
  },
}

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET }, undefined, { playGuard: guard })
  await seedTestGames(ctx)
})
afterAll(() => ctx.close())

const launch = (sid: string) =>
  client(ctx, sid).post(
    '/api/games/launch',
    { identifier: 'goldfinch:test-slot-1', mode: 'real' },
    { 'accept-language': 'de' },
  )

describe('the play guard (the hook of the responsible-gambling limits)', () => {
  it('is asked before a real-money game opens and before each new bet, never for a replayed one', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 2_000)
    const token = new URL((await launch(player.sid)).json().url).searchParams.get('token')!
    const sessionId = (await walletCall(ctx, 'authenticate', { token })).json().session_id as string
    const bet = (amount: number, transactionId = `bet-${Math.random()}`) =>
      walletCall(ctx, 'bet', {
        session_id: sessionId,
        transaction_id: transactionId,
        round_id: `round-${Math.random()}`,
        amount_cents: amount,
      })

    const first = await bet(300, 'guarded-bet-1')
    expect(first.statusCode).toBe(200)
    const tooBig = await bet(600)
    expect(tooBig.statusCode).toBe(422)
    expect(tooBig.json().code).toBe('limit_reached')
    expect(await balance(ctx, player.sid)).toBe(1_700)

    stopped.add(BigInt(player.id))
    // A bet taken before the limit answers its first answer again; a new one is refused.
    expect((await bet(300, 'guarded-bet-1')).json()).toEqual(first.json())
    expect((await bet(100)).json().code).toBe('limit_reached')
    const refused = await launch(player.sid)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'limit_reached' })
    expect(refused.json().error).toBe('Ein von Ihnen gesetztes Limit ist erreicht.')
    expect(await balance(ctx, player.sid)).toBe(1_700)
    // Demo play is not money: still open.
    const demo = await client(ctx, player.sid).post('/api/games/launch', {
      identifier: 'goldfinch:test-slot-1',
      mode: 'demo',
    })
    expect(demo.statusCode).toBe(200)
  })
})
