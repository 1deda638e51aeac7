/** A blackjack decision. */
export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split'

/** What the basic strategy looks at: the hand's total, whether it is soft, the pair's card value. */
export interface StrategyHand {
  total: number
  soft: boolean
  /** Card value (1 = ace, 10 = any ten) when the hand is a pair that may still be split, else null. */
  pair: number | null
  canDouble: boolean
}

/**
 * Basic strategy for our rules (6 decks, dealer stands on soft 17, double on any two cards, double
 * after split, one split, no surrender): the standard total-dependent chart. `up` is the dealer's
 * card value, 1 for an ace. A double that is not allowed becomes a hit, except soft 18 which stands.
 * Its exact return is computed by blackjackTheory (blackjack-theory.ts) and simulated by verify:rtp.
 */
export function strategyAction(hand: StrategyHand, up: number): BlackjackAction {
  const u = up === 1 ? 11 : up
  if (hand.pair !== null && splits(hand.pair, u)) return 'split'
  const doubleOr = (fallback: BlackjackAction): BlackjackAction => (hand.canDouble ? 'double' : fallback)
  const { total } = hand
  if (hand.soft) {
    if (total >= 19) return 'stand'
    if (total === 18) return u >= 3 && u <= 6 ? doubleOr('stand') : u <= 8 ? 'stand' : 'hit'
    if (total === 17) return u >= 3 && u <= 6 ? doubleOr('hit') : 'hit'
    if (total >= 15) return u >= 4 && u <= 6 ? doubleOr('hit') : 'hit'
    if (total >= 13) return u >= 5 && u <= 6 ? doubleOr('hit') : 'hit'
    return 'hit'
  }
  if (total >= 17) return 'stand'
  if (total >= 13) return u <= 6 ? 'stand' : 'hit'
  if (total === 12) return u >= 4 && u <= 6 ? 'stand' : 'hit'
  if (total === 11) return u <= 10 ? doubleOr('hit') : 'hit'
  if (total === 10) return u <= 9 ? doubleOr('hit') : 'hit'
  if (total === 9) return u >= 3 && u <= 6 ? doubleOr('hit') : 'hit'
  return 'hit'
}

/** Pair splitting with double after split allowed; `u` is the dealer's card with the ace as 11. */
function splits(value: number, u: number): boolean {
  switch (value) {
    case 1:
    case 8:
      return true
    case 9:
      return u <= 9 && u !== 7
    case 7:
    case 2:
    case 3:
      return u <= 7
    case 6:
      return u <= 6
    case 4:
      return u === 5 || u === 6
    default:
      return false
  }
}
