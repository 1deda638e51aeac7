import type { SlotConfig, SlotRound } from '@aurum/games-math/slots/types'
import type { BlackjackHand, BlackjackPublicView, Card } from '@aurum/games-math/blackjack'
import type { RouletteBetKind } from '@aurum/games-math/roulette'

export type GameType = 'slot' | 'roulette' | 'blackjack' | 'live_roulette'

/** What the game page hands the client (apps/games/src/page.ts, bootData()). */
export interface BootData {
  identifier: string
  title: string
  studio: string
  type: GameType
  theme: string
  /** 0..1 */
  rtp: number
  volatility: string
  max_win_x: number
  hit_rate: number
  min_bet_cents: number
  max_bet_cents: number
  lines: number | null
  ways: number | null
  lang: string
  /** The `game_client` section of the player's locale. */
  strings: Strings
  launch: { token: string } | { demo: true }
  slot?: SlotConfig
}

export interface Strings {
  [key: string]: string | Strings
}

export interface FairState {
  server_seed_hash: string
  client_seed: string
  nonce: number
}

export interface BetLimits {
  min_bet_cents: number
  max_bet_cents: number
}

export interface SessionAnswer {
  session: string
  mode: 'real' | 'demo'
  game: string
  currency: string
  balance_cents: number
  /** The game's bet bounds in the session's currency (the boot data's are in euro cents). */
  bet_limits?: BetLimits
  fair: FairState
}

/** Live roulette's table (GET /api/live/state and the /api/live/events stream). */
export interface LiveState {
  table: string
  round: number
  phase: 'betting' | 'spinning'
  /** When the phase ends, ms since the epoch. */
  ends_at: number
  seed_hash: string
  current: { seed: string; result: number } | null
  last: { round: number; seed: string; result: number }
}

/** Every round answer; balance_cents may be missing on a blackjack action that moved no money. */
export interface RoundAnswer<O> {
  round_id: string
  bet_cents: number
  win_cents: number
  balance_cents?: number
  outcome: O
  fair?: FairState
}

export type SlotAnswer = RoundAnswer<SlotRound>

export interface RouletteWireBet {
  kind: RouletteBetKind
  numbers: number[]
  amount_cents: number
}

export interface RouletteOutcome {
  result: number
  bets: RouletteWireBet[]
  wins: Array<{ index: number; winCents: number }>
}

/**
 * A blackjack outcome. While the round is open `view` is the public view; once it is finished the
 * server sends the final state, whose dealer has every card but no total.
 */
export interface BlackjackOutcome {
  view: Pick<BlackjackPublicView, 'active' | 'finished' | 'baseBetCents' | 'totalBetCents' | 'winCents'> & {
    hands: BlackjackHand[]
    dealer: { cards: Card[]; total?: number | null }
  }
  actions: string[]
}

export interface HistoryRound {
  round_id: string
  game: string
  bet_cents: number
  win_cents: number
  status: string
  balance_after_cents: number | null
  created_at: string
  fair: FairState & { server_seed: string | null }
}

export interface RotateAnswer {
  revealed: { server_seed: string; server_seed_hash: string }
  next: FairState
}
