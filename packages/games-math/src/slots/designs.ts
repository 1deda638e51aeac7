import type { IconId, StudioId, ThemeId, Volatility } from './types.ts'

/**
 * The design of each catalogue slot, the input of the generator (generate.node.ts): what makes the
 * games differ (theme, symbols, grid, lines or ways, volatility, feature). Reel strips and pays are
 * derived from it and tuned to the target RTP.
 */
export type Mode = 'l10' | 'l20' | 'l25' | 'w243' | 'w1024'

export interface Design {
  id: string
  title: string
  studio: StudioId
  theme: ThemeId
  mode: Mode
  /** 4 rows for 1024 ways and some lines games; 3 otherwise. */
  rows: 3 | 4
  volatility: Volatility
  /** Low symbols, lowest first. */
  lows: IconId[]
  /** High symbols, lowest first. */
  highs: IconId[]
  scatter: IconId
  wildMultiplier?: number
  freeSpins: [number, number, number]
  multiplier: number
  retrigger: boolean
}

const ROYALS: IconId[] = ['nine', 'ten', 'jack', 'queen', 'king', 'ace']
const royals = (count: number): IconId[] => ROYALS.slice(ROYALS.length - count)

/** One slot per line, grouped by studio. */
// prettier-ignore
export const DESIGNS: Design[] = [
  // Goldfinch Games
  { id: 'sunstone-dynasty', title: 'Sunstone Dynasty', studio: 'goldfinch', theme: 'egypt', mode: 'l20', rows: 3, volatility: 'medium', lows: royals(5), highs: ['ankh', 'eye', 'scarab', 'pyramid'], scatter: 'sun', wildMultiplier: 2, freeSpins: [10, 15, 20], multiplier: 2, retrigger: true },
  { id: 'orchard-thirteen', title: 'Orchard Thirteen', studio: 'goldfinch', theme: 'fruits', mode: 'l10', rows: 3, volatility: 'low', lows: ['cherry', 'lemon', 'orange', 'plum'], highs: ['grapes', 'watermelon', 'bell', 'seven'], scatter: 'star', freeSpins: [8, 12, 16], multiplier: 2, retrigger: false },
  { id: 'tidepool-treasury', title: 'Tidepool Treasury', studio: 'goldfinch', theme: 'ocean', mode: 'l25', rows: 4, volatility: 'medium', lows: royals(6), highs: ['shell', 'fish', 'pearl', 'anchor', 'ship'], scatter: 'treasure_chest', freeSpins: [10, 15, 25], multiplier: 2, retrigger: true },
  { id: 'comet-cartographer', title: 'Comet Cartographer', studio: 'goldfinch', theme: 'space', mode: 'w243', rows: 3, volatility: 'high', lows: royals(5), highs: ['moon', 'star', 'alien', 'planet', 'rocket'], scatter: 'scatter', freeSpins: [8, 12, 20], multiplier: 3, retrigger: true },
  { id: 'ember-scale-court', title: 'Ember Scale Court', studio: 'goldfinch', theme: 'dragons', mode: 'w1024', rows: 4, volatility: 'high', lows: royals(4), highs: ['coin', 'lantern', 'pearl', 'dragon'], scatter: 'gem', freeSpins: [10, 15, 20], multiplier: 3, retrigger: false },
  { id: 'fjordhammer-saga', title: 'Fjordhammer Saga', studio: 'goldfinch', theme: 'vikings', mode: 'l25', rows: 3, volatility: 'high', lows: royals(5), highs: ['coin', 'shield', 'helmet', 'ship'], scatter: 'scatter', wildMultiplier: 3, freeSpins: [10, 12, 15], multiplier: 3, retrigger: true },
  { id: 'canopy-drums', title: 'Canopy Drums', studio: 'goldfinch', theme: 'jungle', mode: 'l20', rows: 3, volatility: 'low', lows: royals(6), highs: ['mask', 'totem', 'elephant', 'tiger'], scatter: 'sun', freeSpins: [10, 12, 15], multiplier: 1, retrigger: true },
  { id: 'caramel-cloudworks', title: 'Caramel Cloudworks', studio: 'goldfinch', theme: 'candy', mode: 'w243', rows: 3, volatility: 'low', lows: ['cherry', 'lemon', 'plum', 'grapes'], highs: ['star', 'candy', 'cupcake', 'gem'], scatter: 'scatter', freeSpins: [10, 15, 20], multiplier: 1, retrigger: true },
  { id: 'brass-compass-bay', title: 'Brass Compass Bay', studio: 'goldfinch', theme: 'pirates', mode: 'l10', rows: 3, volatility: 'medium', lows: royals(5), highs: ['anchor', 'skull', 'ship', 'treasure_chest'], scatter: 'scatter', freeSpins: [10, 15, 20], multiplier: 2, retrigger: false },
  { id: 'tumbleweed-assay-office', title: 'Tumbleweed Assay Office', studio: 'goldfinch', theme: 'wild_west', mode: 'l20', rows: 4, volatility: 'medium', lows: royals(4), highs: ['horseshoe', 'cactus', 'coin', 'sheriff_star'], scatter: 'skull', freeSpins: [8, 12, 16], multiplier: 2, retrigger: true },
  // Northwind Studio
  { id: 'obsidian-sun-steps', title: 'Obsidian Sun Steps', studio: 'northwind', theme: 'aztec', mode: 'l25', rows: 3, volatility: 'high', lows: royals(5), highs: ['gem', 'totem', 'mask', 'sun'], scatter: 'pyramid', wildMultiplier: 2, freeSpins: [12, 15, 20], multiplier: 3, retrigger: false },
  { id: 'clovermere-hollow', title: 'Clovermere Hollow', studio: 'northwind', theme: 'lucky_clover', mode: 'l20', rows: 3, volatility: 'low', lows: royals(6), highs: ['horseshoe', 'bell', 'clover', 'pot_of_gold'], scatter: 'coin', freeSpins: [10, 12, 15], multiplier: 2, retrigger: false },
  { id: 'marble-thunder-hall', title: 'Marble Thunder Hall', studio: 'northwind', theme: 'olympus', mode: 'w1024', rows: 4, volatility: 'high', lows: royals(5), highs: ['shield', 'helmet', 'lion', 'crown'], scatter: 'star', freeSpins: [10, 15, 25], multiplier: 3, retrigger: true },
  { id: 'acacia-dusk-run', title: 'Acacia Dusk Run', studio: 'northwind', theme: 'safari', mode: 'w243', rows: 3, volatility: 'medium', lows: royals(4), highs: ['sun', 'elephant', 'tiger', 'lion'], scatter: 'moon', freeSpins: [10, 15, 20], multiplier: 2, retrigger: false },
  { id: 'polar-lantern-drift', title: 'Polar Lantern Drift', studio: 'northwind', theme: 'arctic', mode: 'l10', rows: 3, volatility: 'low', lows: royals(5), highs: ['fish', 'snowflake', 'penguin', 'lantern'], scatter: 'moon', freeSpins: [8, 10, 12], multiplier: 2, retrigger: true },
  { id: 'seven-cedar-ronin', title: 'Seven Cedar Ronin', studio: 'northwind', theme: 'samurai', mode: 'l25', rows: 4, volatility: 'high', lows: royals(5), highs: ['lantern', 'mask', 'shield', 'helmet', 'dragon'], scatter: 'moon', freeSpins: [10, 15, 20], multiplier: 3, retrigger: true },
  { id: 'chrome-sevens-diner', title: 'Chrome Sevens Diner', studio: 'northwind', theme: 'classic_sevens', mode: 'l10', rows: 3, volatility: 'medium', lows: ['cherry', 'lemon', 'bar'], highs: ['bell', 'star', 'diamond', 'seven'], scatter: 'scatter', wildMultiplier: 2, freeSpins: [8, 10, 15], multiplier: 2, retrigger: false },
  { id: 'lantern-hill-hauntings', title: 'Lantern Hill Hauntings', studio: 'northwind', theme: 'halloween', mode: 'l20', rows: 3, volatility: 'high', lows: royals(5), highs: ['bat', 'ghost', 'pumpkin', 'skull'], scatter: 'moon', freeSpins: [10, 15, 20], multiplier: 3, retrigger: false },
  { id: 'prism-quarry', title: 'Prism Quarry', studio: 'northwind', theme: 'gems', mode: 'l20', rows: 4, volatility: 'low', lows: ['coin', 'star', 'bell', 'horseshoe'], highs: ['gem', 'diamond', 'crown'], scatter: 'scatter', freeSpins: [8, 12, 15], multiplier: 2, retrigger: true },
  { id: 'thistlewick-glade', title: 'Thistlewick Glade', studio: 'northwind', theme: 'fairy_forest', mode: 'w243', rows: 3, volatility: 'medium', lows: royals(5), highs: ['flower', 'mushroom', 'clover', 'star'], scatter: 'moon', freeSpins: [10, 12, 15], multiplier: 2, retrigger: true },
  // Red Lantern Gaming
  { id: 'ankh-of-the-reed-marsh', title: 'Ankh of the Reed Marsh', studio: 'red-lantern', theme: 'egypt', mode: 'w1024', rows: 4, volatility: 'medium', lows: royals(6), highs: ['eye', 'ankh', 'scarab', 'pyramid'], scatter: 'scatter', freeSpins: [10, 15, 20], multiplier: 2, retrigger: false },
  { id: 'citrus-night-market', title: 'Citrus Night Market', studio: 'red-lantern', theme: 'fruits', mode: 'l25', rows: 3, volatility: 'high', lows: ['lemon', 'orange', 'plum', 'cherry'], highs: ['grapes', 'watermelon', 'bell', 'seven'], scatter: 'lantern', wildMultiplier: 2, freeSpins: [10, 12, 15], multiplier: 3, retrigger: false },
  { id: 'coral-abacus', title: 'Coral Abacus', studio: 'red-lantern', theme: 'ocean', mode: 'l20', rows: 3, volatility: 'low', lows: royals(5), highs: ['fish', 'shell', 'pearl'], scatter: 'anchor', freeSpins: [10, 12, 15], multiplier: 1, retrigger: true },
  { id: 'nebula-ferryman', title: 'Nebula Ferryman', studio: 'red-lantern', theme: 'space', mode: 'l25', rows: 4, volatility: 'medium', lows: royals(5), highs: ['planet', 'alien', 'rocket'], scatter: 'star', freeSpins: [8, 12, 16], multiplier: 2, retrigger: true },
  { id: 'paper-dragon-parade', title: 'Paper Dragon Parade', studio: 'red-lantern', theme: 'dragons', mode: 'l10', rows: 3, volatility: 'high', lows: royals(4), highs: ['lantern', 'coin', 'dragon'], scatter: 'pearl', wildMultiplier: 2, freeSpins: [10, 15, 20], multiplier: 3, retrigger: false },
  { id: 'runestone-longhouse', title: 'Runestone Longhouse', studio: 'red-lantern', theme: 'vikings', mode: 'w243', rows: 3, volatility: 'medium', lows: royals(5), highs: ['shield', 'helmet', 'ship', 'crown'], scatter: 'coin', freeSpins: [8, 12, 20], multiplier: 2, retrigger: true },
  { id: 'emerald-totem-trail', title: 'Emerald Totem Trail', studio: 'red-lantern', theme: 'jungle', mode: 'l20', rows: 4, volatility: 'high', lows: royals(5), highs: ['totem', 'mask', 'tiger', 'elephant'], scatter: 'gem', freeSpins: [10, 15, 20], multiplier: 3, retrigger: true },
  { id: 'sugar-loom', title: 'Sugar Loom', studio: 'red-lantern', theme: 'candy', mode: 'l25', rows: 3, volatility: 'low', lows: royals(5), highs: ['candy', 'cupcake', 'star'], scatter: 'scatter', freeSpins: [10, 12, 15], multiplier: 2, retrigger: false },
  { id: 'salt-and-doubloons', title: 'Salt and Doubloons', studio: 'red-lantern', theme: 'pirates', mode: 'w243', rows: 3, volatility: 'high', lows: royals(4), highs: ['skull', 'anchor', 'ship', 'treasure_chest'], scatter: 'coin', freeSpins: [10, 15, 20], multiplier: 3, retrigger: false },
  { id: 'cactus-flats-sheriff', title: 'Cactus Flats Sheriff', studio: 'red-lantern', theme: 'wild_west', mode: 'l20', rows: 3, volatility: 'medium', lows: royals(5), highs: ['cactus', 'horseshoe', 'skull', 'sheriff_star'], scatter: 'coin', wildMultiplier: 2, freeSpins: [8, 12, 15], multiplier: 2, retrigger: true },
  // Pixel Forge
  { id: 'jaguar-codex', title: 'Jaguar Codex', studio: 'pixel-forge', theme: 'aztec', mode: 'l25', rows: 4, volatility: 'medium', lows: royals(5), highs: ['sun', 'mask', 'totem', 'tiger'], scatter: 'pyramid', freeSpins: [10, 15, 20], multiplier: 2, retrigger: true },
  { id: 'shamrock-switchboard', title: 'Shamrock Switchboard', studio: 'pixel-forge', theme: 'lucky_clover', mode: 'w243', rows: 3, volatility: 'high', lows: royals(5), highs: ['clover', 'horseshoe', 'pot_of_gold'], scatter: 'coin', freeSpins: [10, 15, 25], multiplier: 3, retrigger: true },
  { id: 'olive-crown-arena', title: 'Olive Crown Arena', studio: 'pixel-forge', theme: 'olympus', mode: 'l20', rows: 3, volatility: 'medium', lows: royals(5), highs: ['shield', 'helmet', 'lion', 'crown'], scatter: 'star', freeSpins: [10, 15, 20], multiplier: 2, retrigger: false },
  { id: 'savanna-pixel-patrol', title: 'Savanna Pixel Patrol', studio: 'pixel-forge', theme: 'safari', mode: 'w1024', rows: 4, volatility: 'low', lows: royals(5), highs: ['sun', 'elephant', 'tiger', 'lion'], scatter: 'moon', freeSpins: [8, 10, 12], multiplier: 2, retrigger: true },
  { id: 'floe-runners', title: 'Floe Runners', studio: 'pixel-forge', theme: 'arctic', mode: 'l25', rows: 3, volatility: 'high', lows: royals(5), highs: ['fish', 'snowflake', 'penguin'], scatter: 'moon', wildMultiplier: 3, freeSpins: [10, 12, 15], multiplier: 3, retrigger: false },
  { id: 'moonlit-dojo-scrolls', title: 'Moonlit Dojo Scrolls', studio: 'pixel-forge', theme: 'samurai', mode: 'l10', rows: 3, volatility: 'low', lows: royals(4), highs: ['lantern', 'mask', 'helmet', 'dragon'], scatter: 'moon', freeSpins: [8, 10, 12], multiplier: 2, retrigger: false },
  { id: 'neon-bar-sevens', title: 'Neon Bar Sevens', studio: 'pixel-forge', theme: 'classic_sevens', mode: 'l20', rows: 3, volatility: 'high', lows: ['cherry', 'plum', 'bar'], highs: ['bell', 'diamond', 'seven'], scatter: 'star', freeSpins: [10, 15, 20], multiplier: 3, retrigger: true },
  { id: 'pumpkin-patch-poltergeist', title: 'Pumpkin Patch Poltergeist', studio: 'pixel-forge', theme: 'halloween', mode: 'l25', rows: 4, volatility: 'low', lows: royals(5), highs: ['bat', 'ghost', 'pumpkin'], scatter: 'moon', freeSpins: [10, 12, 15], multiplier: 2, retrigger: true },
  { id: 'facet-forge', title: 'Facet Forge', studio: 'pixel-forge', theme: 'gems', mode: 'w243', rows: 3, volatility: 'low', lows: royals(5), highs: ['coin', 'gem', 'diamond', 'crown'], scatter: 'star', freeSpins: [8, 10, 15], multiplier: 2, retrigger: false },
  { id: 'mossbell-fairies', title: 'Mossbell Fairies', studio: 'pixel-forge', theme: 'fairy_forest', mode: 'w1024', rows: 4, volatility: 'medium', lows: royals(5), highs: ['flower', 'mushroom', 'moon'], scatter: 'star', freeSpins: [10, 15, 20], multiplier: 2, retrigger: true },
]
