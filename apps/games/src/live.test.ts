import { describe, expect, it } from 'vitest'
import { fairSource, Rng, serverSeedHash, spinRoulette } from '@aurum/games-math'
import { LIVE_BETTING_MS, LIVE_CYCLE_MS, LiveTable } from './live.ts'

describe('the live roulette table', () => {
  it('runs the same rounds on every node: bets for 15 s, then the wheel, then the payout', () => {
    const t0 = 1_800_000_000_000 - (1_800_000_000_000 % LIVE_CYCLE_MS)
    const a = new LiveTable('live-roulette', 'secret-one-0123456789-0123456789-01')
    const b = new LiveTable('live-roulette', 'secret-one-0123456789-0123456789-01')
    const round = t0 / LIVE_CYCLE_MS
    expect(a.state(t0 + 1)).toEqual(b.state(t0 + 1))
    const open = a.state(t0 + 1)
    expect(open).toMatchObject({ round, phase: 'betting', ends_at: t0 + LIVE_BETTING_MS, current: null })
    expect(a.openRound(t0 + LIVE_BETTING_MS - 1)).toBe(round)
    expect(a.openRound(t0 + LIVE_BETTING_MS)).toBeUndefined()
    // The hash published while bets are open matches the seed revealed once they close.
    const spinning = a.state(t0 + LIVE_BETTING_MS)
    expect(spinning.phase).toBe('spinning')
    expect(serverSeedHash(spinning.current!.seed)).toBe(open.seed_hash)
    expect(spinning.current!.result).toBe(
      spinRoulette(new Rng(fairSource(spinning.current!.seed, 'live-roulette', round))),
    )
    const bet = [{ kind: 'straight' as const, numbers: [spinning.current!.result], amountCents: 100 }]
    expect(a.settle(round, bet, t0 + LIVE_CYCLE_MS - 1)).toBeUndefined()
    expect(a.settle(round, bet, t0 + LIVE_CYCLE_MS)).toEqual({
      result: spinning.current!.result,
      winCents: 3_600,
    })
    // Another secret makes other rounds (players cannot predict them).
    const other = new LiveTable('live-roulette', 'secret-two-0123456789-0123456789-01')
    expect(other.state(t0 + 1).seed_hash).not.toBe(open.seed_hash)
    expect(a.state(t0 + LIVE_CYCLE_MS).last).toEqual({
      round,
      seed: spinning.current!.seed,
      result: spinning.current!.result,
    })
  })
})
