// The pure, isomorphic game mathematics (no node:* imports here: crypto-source.node.ts is imported
// on its own as @aurum/games-math/crypto-source.node).
export * from './rng.ts'
export * from './hmac.ts'
export * from './fair.ts'
export * from './roulette.ts'
export * from './blackjack.ts'
export * from './blackjack-strategy.ts'
export * from './blackjack-theory.ts'
export * from './catalogue.ts'
export * from './slots/types.ts'
export { validateSlotConfig } from './slots/validate.ts'
export {
  playSlotRound,
  checkSlotBet,
  evaluateSlotGrid,
  MAX_FREE_SPINS,
  type SlotGridResult,
} from './slots/play.ts'
export { slotMath, slotReturn, type SlotMath, type SlotReturn } from './slots/math.ts'
export { LINES_3_ROWS, LINES_4_ROWS } from './slots/lines.ts'
export { SLOTS } from './slots/configs.ts'
