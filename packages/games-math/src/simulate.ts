import { actBlackjack, basicStrategy, startBlackjack } from './blackjack.ts'
import { findSlot, type GameDefinition } from './catalogue.ts'
import type { Rng } from './rng.ts'
import { settleRoulette, spinRoulette, type RouletteBet } from './roulette.ts'
import { playSlotRound } from './slots/play.ts'

/**
 * The roulette layout a simulated round covers: one bet of every kind, so that validation and
 * settlement of each are exercised. Every bet returns 36/37 on average, so their sum does too.
 */
const ROULETTE_ROUND: RouletteBet[] = [
  { kind: 'straight', numbers: [17], amountCents: 100 },
  { kind: 'split', numbers: [0, 2], amountCents: 100 },
  { kind: 'street', numbers: [4, 5, 6], amountCents: 100 },
  { kind: 'corner', numbers: [26, 27, 29, 30], amountCents: 100 },
  { kind: 'six_line', numbers: [31, 32, 33, 34, 35, 36], amountCents: 100 },
  { kind: 'column', numbers: [1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34], amountCents: 100 },
  { kind: 'dozen', numbers: [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24], amountCents: 100 },
  { kind: 'red', numbers: [], amountCents: 100 },
  { kind: 'black', numbers: [], amountCents: 100 },
  { kind: 'odd', numbers: [], amountCents: 100 },
  { kind: 'even', numbers: [], amountCents: 100 },
  { kind: 'low', numbers: [], amountCents: 100 },
  { kind: 'high', numbers: [], amountCents: 100 },
]
const ROULETTE_STAKE = ROULETTE_ROUND.reduce((sum, bet) => sum + bet.amountCents, 0)

/** Blackjack's simulated bet: even, so that 3:2 needs no rounding. */
const BLACKJACK_BET = 200

/**
 * One round of a game, played the way verify:rtp checks it, as its return per unit of the (initial)
 * bet: a slot at its smallest bet, all free spins included; roulette on the layout above; blackjack
 * by basic strategy, doubles and splits adding to what is won or lost relative to the initial bet.
 */
export function roundPlayer(game: GameDefinition): (rng: Rng) => number {
  switch (game.type) {
    case 'slot': {
      const config = findSlot(game.slug)
      if (!config) throw new Error(`no slot ${game.slug}`)
      const bet = config.coinsPerBet
      return (rng) => playSlotRound(config, rng, bet).winCents / bet
    }
    case 'roulette':
    case 'live_roulette':
      return (rng) => settleRoulette(ROULETTE_ROUND, spinRoulette(rng)).winCents / ROULETTE_STAKE
    case 'blackjack':
      return (rng) => {
        let state = startBlackjack(rng, BLACKJACK_BET)
        while (!state.finished) state = actBlackjack(state, basicStrategy(state))
        return 1 + (state.winCents - state.totalBetCents) / BLACKJACK_BET
      }
  }
}

export interface SimulationResult {
  rounds: number
  /** Sum and sum of squares of the round returns, so that runs in parallel can be merged. */
  sum: number
  squares: number
}

export function simulateGame(game: GameDefinition, rng: Rng, rounds: number): SimulationResult {
  const play = roundPlayer(game)
  let sum = 0
  let squares = 0
  for (let i = 0; i < rounds; i++) {
    const x = play(rng)
    sum += x
    squares += x * x
  }
  return { rounds, sum, squares }
}

/** Mean return, the sample standard deviation of a round's return and the standard error of the mean. */
export function summarise(result: SimulationResult): { rtp: number; sd: number; se: number } {
  const { rounds, sum, squares } = result
  const rtp = sum / rounds
  const sd = Math.sqrt(Math.max(0, (squares - rounds * rtp * rtp) / (rounds - 1)))
  return { rtp, sd, se: sd / Math.sqrt(rounds) }
}
