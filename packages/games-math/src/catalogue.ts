import { BLACKJACK_RTP, BLACKJACK_WIN_PROBABILITY } from './blackjack-theory.ts'
import { ROULETTE_RTP } from './roulette.ts'
import { SLOTS } from './slots/configs.ts'
import { SLOT_STATS } from './slots/stats.ts'
import type { SlotConfig, StudioId, ThemeId } from './slots/types.ts'

export type GameType = 'slot' | 'roulette' | 'blackjack' | 'live_roulette'

export interface GameDefinition {
  /** `<studio>:<slug>`: the game's identifier in the catalogue and the game server's URLs. */
  identifier: string
  slug: string
  title: string
  studio: StudioId | 'aurum-tables' | 'aurum-live'
  type: GameType
  theme: ThemeId
  /** Theoretical return to player (a fraction). */
  rtp: number
  volatility: 'low' | 'medium' | 'high'
  lines: number | null
  ways: number | null
  /** Probability that a round (a slot's base spin) pays something; see docs/games.md for tables. */
  hitRate: number
  /** Largest return of one round (a slot's base spin) as a multiple of the bet. */
  maxWinX: number
  /** In EUR cents. */
  minBetCents: number
  maxBetCents: number
  hasDemo: boolean
}

/** Bets up to 100 EUR on slots, in whole coins of at least one cent. */
const SLOT_MAX_BET_CENTS = 10_000

function slotDefinition(config: SlotConfig): GameDefinition {
  const stats = SLOT_STATS[config.id]
  if (!stats) throw new Error(`no statistics for ${config.id}: run the slot generator`)
  return {
    identifier: `${config.studio}:${config.id}`,
    slug: config.id,
    title: config.title,
    studio: config.studio,
    type: 'slot',
    theme: config.theme,
    rtp: stats.rtp,
    volatility: config.volatility,
    lines: config.mode.kind === 'lines' ? config.mode.lines.length : null,
    ways: config.mode.kind === 'ways' ? config.rows ** 5 : null,
    hitRate: stats.hitRate,
    maxWinX: stats.maxWinX,
    minBetCents: config.coinsPerBet,
    maxBetCents: Math.floor(SLOT_MAX_BET_CENTS / config.coinsPerBet) * config.coinsPerBet,
    hasDemo: true,
  }
}

/**
 * Table games. Roulette's hit rate is that of an even-money bet (18/37) and its largest return a
 * straight-up win (36×); blackjack's are the probability that basic strategy wins a round and a
 * split with both hands doubled and won (8× the initial bet).
 */
const TABLES: GameDefinition[] = [
  {
    identifier: 'aurum-tables:european-roulette',
    slug: 'european-roulette',
    title: 'European Roulette',
    studio: 'aurum-tables',
    type: 'roulette',
    theme: 'gems',
    rtp: ROULETTE_RTP,
    volatility: 'medium',
    lines: null,
    ways: null,
    hitRate: 18 / 37,
    maxWinX: 36,
    minBetCents: 10,
    maxBetCents: 50_000,
    hasDemo: true,
  },
  {
    identifier: 'aurum-tables:blackjack',
    slug: 'blackjack',
    title: 'Blackjack',
    studio: 'aurum-tables',
    type: 'blackjack',
    theme: 'classic_sevens',
    rtp: BLACKJACK_RTP,
    volatility: 'low',
    lines: null,
    ways: null,
    hitRate: BLACKJACK_WIN_PROBABILITY,
    maxWinX: 8,
    minBetCents: 100,
    maxBetCents: 50_000,
    hasDemo: true,
  },
  {
    identifier: 'aurum-live:live-roulette',
    slug: 'live-roulette',
    title: 'Live Roulette',
    studio: 'aurum-live',
    type: 'live_roulette',
    theme: 'gems',
    rtp: ROULETTE_RTP,
    volatility: 'medium',
    lines: null,
    ways: null,
    hitRate: 18 / 37,
    maxWinX: 36,
    minBetCents: 20,
    maxBetCents: 100_000,
    hasDemo: false,
  },
]

/** Every game of the casino: the slots (from precomputed statistics, so building this is cheap) and the tables. */
export const GAMES: GameDefinition[] = [...SLOTS.map(slotDefinition), ...TABLES]

/** The same list, for callers written against a lazily computed catalogue. */
export function gameDefinitions(): GameDefinition[] {
  return GAMES
}

/** A game by identifier or slug. */
export function findGame(identifierOrSlug: string): GameDefinition | undefined {
  return GAMES.find((game) => game.identifier === identifierOrSlug || game.slug === identifierOrSlug)
}

/** A slot's configuration by slug (its id). */
export function findSlot(slug: string): SlotConfig | undefined {
  return SLOTS.find((config) => config.id === slug)
}
