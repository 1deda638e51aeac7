/** The four in-house studios that publish Aurum's slots. */
export type StudioId = 'goldfinch' | 'northwind' | 'red-lantern' | 'pixel-forge'

export const STUDIOS: Record<StudioId, { title: string }> = {
  goldfinch: { title: 'Goldfinch Games' },
  northwind: { title: 'Northwind Studio' },
  'red-lantern': { title: 'Red Lantern Gaming' },
  'pixel-forge': { title: 'Pixel Forge' },
}

/** Visual themes; the art package draws backgrounds and frames for exactly these. */
export const THEMES = [
  'egypt',
  'fruits',
  'ocean',
  'space',
  'dragons',
  'vikings',
  'jungle',
  'candy',
  'pirates',
  'wild_west',
  'aztec',
  'lucky_clover',
  'olympus',
  'safari',
  'arctic',
  'samurai',
  'classic_sevens',
  'halloween',
  'gems',
  'fairy_forest',
] as const

export type ThemeId = (typeof THEMES)[number]

/** Symbol pictures; the art package draws exactly these, so configurations may use no others. */
export const ICONS = [
  'ace',
  'king',
  'queen',
  'jack',
  'ten',
  'nine',
  'crown',
  'gem',
  'diamond',
  'coin',
  'star',
  'bell',
  'seven',
  'bar',
  'cherry',
  'lemon',
  'orange',
  'plum',
  'grapes',
  'watermelon',
  'horseshoe',
  'clover',
  'pot_of_gold',
  'anchor',
  'ship',
  'skull',
  'treasure_chest',
  'dragon',
  'pearl',
  'fish',
  'shell',
  'rocket',
  'planet',
  'alien',
  'pyramid',
  'scarab',
  'eye',
  'ankh',
  'mask',
  'sun',
  'moon',
  'lantern',
  'shield',
  'helmet',
  'tiger',
  'elephant',
  'lion',
  'penguin',
  'snowflake',
  'pumpkin',
  'ghost',
  'bat',
  'mushroom',
  'flower',
  'candy',
  'cupcake',
  'cactus',
  'sheriff_star',
  'totem',
  'wild',
  'scatter',
] as const

export type IconId = (typeof ICONS)[number]

export type SymbolKind = 'low' | 'high' | 'wild' | 'scatter'
export type Volatility = 'low' | 'medium' | 'high'

export interface SlotSymbol {
  icon: IconId
  kind: SymbolKind
  /**
   * Coins won for 3, 4 and 5 of a kind. Lines games: per line, for a 1-coin line. Ways games: per
   * way. A scatter's pays are not used here (see `SlotConfig.scatter.pays`): write [0, 0, 0].
   */
  pays: number[]
}

export type SlotMode = { kind: 'lines'; lines: number[][] } | { kind: 'ways' }

export interface SlotConfig {
  /** Kebab-case, unique across all slots; the game's slug. */
  id: string
  title: string
  studio: StudioId
  theme: ThemeId
  rows: 3 | 4
  /** Five reel strips of symbol ids (each 20–80 long); a reel shows `rows` consecutive symbols, wrapping. */
  reels: string[][]
  /** Paylines (a row index per reel) or all ways (leftmost adjacent reels, any row). */
  mode: SlotMode
  /**
   * Coins in one bet: the bet in cents must be a positive multiple of it and one coin is worth
   * bet / coinsPerBet cents. Lines games bet one coin per line, so it equals the number of lines.
   */
  coinsPerBet: number
  symbols: Record<string, SlotSymbol>
  /** The wild substitutes for every symbol but the scatter; in lines games a win it helps is multiplied. */
  wild?: { symbol: string; multiplier?: number }
  scatter?: {
    symbol: string
    /** Pays for 3, 4 and 5 scatters anywhere, as multiples of the total bet (coins × coinsPerBet). */
    pays: number[]
    /** Free spins for 3, 4 and 5 scatters. */
    freeSpins: number[]
    /** Every win during free spins is multiplied by this. */
    multiplier: number
    /** Whether 3+ scatters during free spins award more free spins. */
    retrigger: boolean
  }
  volatility: Volatility
  /** The return the configuration was tuned to; its computed RTP is within 0.0005 of it. */
  targetRtp: number
}

export interface SlotWin {
  kind: 'line' | 'ways' | 'scatter'
  /** Index into the config's lines (lines games). */
  line?: number
  symbol: string
  count: number
  /** Number of ways (ways games). */
  ways?: number
  winCents: number
  positions: Array<[reel: number, row: number]>
}

export interface SlotSpin {
  free: boolean
  /** Strip index shown on the top row of each reel. */
  stops: number[]
  /** Symbol ids, grid[reel][row]. */
  grid: string[][]
  wins: SlotWin[]
  winCents: number
  /** The win multiplier applied to this spin (1 for the base spin). */
  multiplier: number
}

export interface SlotRound {
  betCents: number
  winCents: number
  /** The base spin followed by every free spin. */
  spins: SlotSpin[]
  /** Free spins awarded in the round, retriggers included. */
  freeSpinsAwarded: number
}
