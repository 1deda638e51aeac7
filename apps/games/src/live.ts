import crypto from 'node:crypto'
import {
  fairSource,
  Rng,
  serverSeedHash,
  settleRoulette,
  spinRoulette,
  type RouletteBet,
} from '@aurum/games-math'

/** Live roulette's cycle (spec-free, like a studio table): bets for 15 s, the wheel for 5 s. */
export const LIVE_CYCLE_MS = 20_000
export const LIVE_BETTING_MS = 15_000

export type LivePhase = 'betting' | 'spinning'

export interface LiveState {
  table: string
  /** Round number: the 20-second slot since the epoch (every node agrees on it). */
  round: number
  phase: LivePhase
  /** When the current phase ends (ms since the epoch). */
  ends_at: number
  /** SHA-256 of the round's seed, published while bets are open (commit). */
  seed_hash: string
  /** Once bets are closed: the round's result and seed (reveal), for the wheel to land on. */
  current: { seed: string; result: number } | null
  /** The previous round, revealed. */
  last: { round: number; seed: string; result: number }
}

/**
 * A live roulette table whose rounds run on a fixed schedule for everyone seated. Every node of
 * the game server computes the same rounds without talking to the others: the round is the 20 s
 * slot of the clock, its seed an HMAC of a secret and the round number (unpredictable to players,
 * identical on every node), its hash published while bets are open and the seed revealed after,
 * so any player can recompute every result (docs/games.md).
 */
export class LiveTable {
  private key: Buffer

  constructor(
    readonly table: string,
    secret: string,
    private now: () => number = Date.now,
  ) {
    this.key = crypto.createHmac('sha256', secret).update(`aurum/live-table/${table}`).digest()
  }

  seed(round: number): string {
    return crypto.createHmac('sha256', this.key).update(String(round)).digest('hex')
  }

  result(round: number): number {
    return spinRoulette(new Rng(fairSource(this.seed(round), this.table, round)))
  }

  state(at = this.now()): LiveState {
    const round = Math.floor(at / LIVE_CYCLE_MS)
    const start = round * LIVE_CYCLE_MS
    const betting = at - start < LIVE_BETTING_MS
    return {
      table: this.table,
      round,
      phase: betting ? 'betting' : 'spinning',
      ends_at: betting ? start + LIVE_BETTING_MS : start + LIVE_CYCLE_MS,
      seed_hash: serverSeedHash(this.seed(round)),
      current: betting ? null : { seed: this.seed(round), result: this.result(round) },
      last: { round: round - 1, seed: this.seed(round - 1), result: this.result(round - 1) },
    }
  }

  /** Bets are taken for the round now open, and only while it is. */
  openRound(at = this.now()): number | undefined {
    const state = this.state(at)
    return state.phase === 'betting' ? state.round : undefined
  }

  /** A finished round's payout for its bets (once the wheel has stopped); undefined before. */
  settle(
    round: number,
    bets: RouletteBet[],
    at = this.now(),
  ): { result: number; winCents: number } | undefined {
    if (at < (round + 1) * LIVE_CYCLE_MS) return undefined
    const result = this.result(round)
    return { result, winCents: settleRoulette(bets, result).winCents }
  }
}
