import { describe, expect, it } from 'vitest'
import { findGame } from './catalogue.ts'
import { Rng } from './rng.ts'
import { seededSource } from './seeded-source.ts'
import { simulateGame, summarise } from './simulate.ts'

describe('simulated RTP', () => {
  it('blackjack by basic strategy on a fresh 6-deck shoe matches BLACKJACK_RTP (infinite deck) within 4 standard errors', () => {
    const game = findGame('aurum-tables:blackjack')!
    const { rtp, se } = summarise(simulateGame(game, new Rng(seededSource(21)), 200_000))
    expect(Math.abs(rtp - game.rtp)).toBeLessThan(4 * se)
  }, 60_000)
})
