import { describe, expect, it } from 'vitest'
import { findGame } from './catalogue.ts'
import { Rng } from './rng.ts'
import { seededSource } from './seeded-source.ts'
import { simulateGame, summarise } from './simulate.ts'

/**
 * A fast subset of verify:rtp (which plays every game 10^6 times on the production RNG): 3 slots of
 * different kinds and roulette here, blackjack in rtp-blackjack.test.ts (a file of its own runs in
 * parallel); 2 × 10^5 rounds each on a seeded source, within 4 standard errors of the theoretical RTP.
 */
describe('simulated RTP', () => {
  it.each([
    'red-lantern:coral-abacus', // 20 lines, low volatility, retriggering free spins
    'red-lantern:runestone-longhouse', // 243 ways, medium volatility
    'pixel-forge:savanna-pixel-patrol', // 1,024 ways on 4 rows
    'aurum-tables:european-roulette',
  ])(
    '%s matches its theoretical RTP',
    (identifier) => {
      const game = findGame(identifier)!
      const { rtp, se } = summarise(simulateGame(game, new Rng(seededSource(identifier.length)), 200_000))
      expect(Math.abs(rtp - game.rtp)).toBeLessThan(4 * se)
    },
    60_000,
  )
})
