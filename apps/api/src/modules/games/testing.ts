import { signBody, walletKey, type WalletCall } from '@aurum/game-protocol'
import type { TestContext } from '../../test/helpers.ts'
import { syncCatalogue, type CatalogueEntry } from './catalogue.ts'

/** The wallet secret the test apps get, so tests can sign like the game server. */
export const TEST_WALLET_SECRET = 'test-wallet-secret-0123456789-abcdefghij'

/** A small catalogue of made-up games for the api tests (the real one comes from @aurum/games-math). */
export const TEST_GAMES: CatalogueEntry[] = [
  ...Array.from({ length: 30 }, (_, i): CatalogueEntry => ({
    identifier: `${i % 2 ? 'northwind' : 'goldfinch'}:test-slot-${i + 1}`,
    slug: `test-slot-${i + 1}`,
    title: `${i % 3 ? 'Golden' : 'Frozen'} Test Slot ${i + 1}`,
    studio: i % 2 ? 'northwind' : 'goldfinch',
    type: 'slot',
    theme: i % 4 ? 'egypt' : 'fruits',
    rtp: 0.96,
    volatility: i % 3 ? 'medium' : 'high',
    lines: 20,
    ways: null,
    hitRate: 0.25,
    maxWinX: 1000,
    minBetCents: 20,
    maxBetCents: 10_000,
    hasDemo: true,
    icons: ['crown', 'gem'],
  })),
  {
    identifier: 'aurum-live:live-roulette',
    slug: 'live-roulette',
    title: 'Live Roulette',
    studio: 'aurum-live',
    type: 'live_roulette',
    theme: 'gems',
    rtp: 36 / 37,
    volatility: 'low',
    lines: null,
    ways: null,
    hitRate: 0.48,
    maxWinX: 36,
    minBetCents: 100,
    maxBetCents: 100_000,
    hasDemo: false,
    icons: [],
  },
]

export const TEST_PROVIDERS = {
  goldfinch: 'Goldfinch Games',
  northwind: 'Northwind Studio',
  'aurum-live': 'Aurum Live',
}

export async function seedTestGames(ctx: TestContext): Promise<void> {
  await syncCatalogue(ctx.db, TEST_GAMES, TEST_PROVIDERS, ['EUR', 'USD', 'BTC'])
}

/** A signed wallet call as the game server makes it (or with a given signature). */
export function walletCall(ctx: TestContext, call: WalletCall, body: unknown, signature?: string) {
  const payload = JSON.stringify(body)
  return ctx.app.inject({
    method: 'POST',
    url: `/api/wallet/${call}`,
    headers: {
      'content-type': 'application/json',
      'x-signature': signature ?? signBody(walletKey(TEST_WALLET_SECRET), payload),
    },
    payload,
  })
}

/** A real-money game session of a signed-in player: launched by the casino, opened by the game server's authenticate. */
export async function openRealSession(ctx: TestContext, sid: string, identifier = 'goldfinch:test-slot-1') {
  const launch = await ctx.app.inject({
    method: 'POST',
    url: '/api/games/launch',
    cookies: { sid },
    payload: { identifier, mode: 'real' },
  })
  const token = new URL(launch.json<{ url: string }>().url).searchParams.get('token')!
  const auth = await walletCall(ctx, 'authenticate', { token })
  return auth.json<{ session_id: string }>().session_id
}

let spins = 0
/** An instant round as the game server settles it: the bet carrying its win, in one wallet call. */
export function spin(ctx: TestContext, sessionId: string, bet: number, win: number) {
  const n = `${process.pid}-${++spins}`
  return walletCall(ctx, 'bet', {
    session_id: sessionId,
    transaction_id: `spin-bet-${n}`,
    round_id: `spin-round-${n}`,
    amount_cents: bet,
    win: { transaction_id: `spin-win-${n}`, amount_cents: win },
  })
}
