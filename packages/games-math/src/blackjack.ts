import { strategyAction, type BlackjackAction } from './blackjack-strategy.ts'
import type { Rng } from './rng.ts'

export type { BlackjackAction } from './blackjack-strategy.ts'

export type Suit = 'clubs' | 'diamonds' | 'hearts' | 'spades'
export type Rank = 'A' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | 'J' | 'Q' | 'K'

export interface Card {
  rank: Rank
  suit: Suit
}

export const SUITS: readonly Suit[] = ['clubs', 'diamonds', 'hearts', 'spades']
export const RANKS: readonly Rank[] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']
export const DECKS = 6

export type HandStatus = 'playing' | 'stood' | 'bust' | 'blackjack'

export interface BlackjackHand {
  cards: Card[]
  betCents: number
  /** playing: waiting for actions; stood: done (stand, double, 21, split aces); bust; blackjack (two-card 21, unsplit). */
  status: HandStatus
  doubled: boolean
  /** The hand came from a split (its 21 is not a blackjack). */
  split: boolean
  /** Set when the round is finished. */
  result?: 'win' | 'lose' | 'push' | 'blackjack'
  /** What the hand returned, stake included (0 until finished). */
  winCents: number
}

/**
 * A round as plain, JSON-serialisable data. The whole shoe is shuffled at the deal, so the outcome
 * of every possible line of play is fixed before anything is shown; actions only read the next
 * card from `shoe` at `next`. Keep this on the server: it contains the dealer's hole card and every
 * card to come. Players get `publicView(state)`.
 */
export interface BlackjackState {
  hands: BlackjackHand[]
  /** Index of the hand to act on; -1 when none is waiting. */
  active: number
  /** Up card first, then the hole card, then the dealer's draws. */
  dealer: { cards: Card[] }
  shoe: Card[]
  next: number
  finished: boolean
  /** The bet of the deal. */
  baseBetCents: number
  /** Every stake of the round: the deal plus doubles and splits (the server charges each addition). */
  totalBetCents: number
  /** Total returned when finished (stakes of winning and pushed hands included). */
  winCents: number
}

export interface BlackjackPublicView {
  hands: BlackjackHand[]
  active: number
  /** Only the up card until the round is finished. */
  dealer: { cards: Card[]; total: number | null }
  finished: boolean
  baseBetCents: number
  totalBetCents: number
  winCents: number
  actions: BlackjackAction[]
}

/** Blackjack value of a card: ace 1 (counted as 11 by handTotal when it fits), faces 10. */
export function cardValue(card: Card): number {
  if (card.rank === 'A') return 1
  if (card.rank === 'J' || card.rank === 'Q' || card.rank === 'K') return 10
  return Number(card.rank)
}

/** Best total of a hand, and whether an ace is counted as 11 in it (soft). */
export function handTotal(cards: Card[]): { total: number; soft: boolean } {
  let total = 0
  let aces = false
  for (const card of cards) {
    const value = cardValue(card)
    total += value
    if (value === 1) aces = true
  }
  if (aces && total + 10 <= 21) return { total: total + 10, soft: true }
  return { total, soft: false }
}

const isBlackjack = (cards: Card[]): boolean => cards.length === 2 && handTotal(cards).total === 21

/** The 52 cards, shared by every shoe: cards are values and never changed, so 6 decks can hold the same objects. */
const DECK: readonly Card[] = SUITS.flatMap((suit) => RANKS.map((rank) => Object.freeze({ rank, suit })))

/** A fresh shoe of 6 decks in a fixed order (deck by deck, suit by suit, ace to king). */
export function freshShoe(): Card[] {
  const shoe: Card[] = []
  for (let deck = 0; deck < DECKS; deck++) shoe.push(...DECK)
  return shoe
}

function checkBet(betCents: number): void {
  if (!Number.isSafeInteger(betCents) || betCents <= 0)
    throw new RangeError(`blackjack: the bet must be a positive whole number of cents, got ${betCents}`)
}

/**
 * Deals a round: the fresh shoe is shuffled whole with `rng.shuffle` (311 draws), then cards go
 * player, dealer up, player, dealer hole. A round that the deal decides (a blackjack on either
 * side, the dealer's found by peeking under an ace or a ten) is finished at once.
 */
export function startBlackjack(rng: Rng, betCents: number): BlackjackState {
  checkBet(betCents)
  return blackjackFromShoe(rng.shuffle(freshShoe()), betCents)
}

/** A round dealt from a given shoe order (tests, and verifiers replaying a round). */
export function blackjackFromShoe(shoe: Card[], betCents: number): BlackjackState {
  checkBet(betCents)
  if (shoe.length < 20) throw new RangeError('blackjack: the shoe is too short')
  const [p1, d1, p2, d2] = shoe as [Card, Card, Card, Card]
  const state: BlackjackState = {
    hands: [{ cards: [p1, p2], betCents, status: 'playing', doubled: false, split: false, winCents: 0 }],
    active: 0,
    dealer: { cards: [d1, d2] },
    shoe,
    next: 4,
    finished: false,
    baseBetCents: betCents,
    totalBetCents: betCents,
    winCents: 0,
  }
  const hand = state.hands[0]!
  const playerBlackjack = isBlackjack(hand.cards)
  if (playerBlackjack) hand.status = 'blackjack'
  const peeks = cardValue(d1) === 1 || cardValue(d1) === 10
  if ((peeks && isBlackjack(state.dealer.cards)) || playerBlackjack) return settle(state)
  return state
}

/** Actions open to the active hand: hit and stand; double on two cards; split a pair once (not after a split). */
export function blackjackActions(state: BlackjackState): BlackjackAction[] {
  if (state.finished || state.active < 0) return []
  const hand = state.hands[state.active]!
  if (hand.status !== 'playing') return []
  const actions: BlackjackAction[] = ['hit', 'stand']
  if (hand.cards.length === 2) {
    actions.push('double')
    if (state.hands.length === 1 && cardValue(hand.cards[0]!) === cardValue(hand.cards[1]!))
      actions.push('split')
  }
  return actions
}

const clone = (state: BlackjackState): BlackjackState => ({
  ...state,
  hands: state.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
  dealer: { cards: [...state.dealer.cards] },
})

function draw(state: BlackjackState): Card {
  const card = state.shoe[state.next]
  if (!card) throw new Error('blackjack: the shoe ran out')
  state.next++
  return card
}

/**
 * Applies an action to the active hand and returns the new state (the given one is not changed;
 * the shoe array is shared, never mutated). Throws on an action that blackjackActions does not offer.
 */
export function actBlackjack(state: BlackjackState, action: BlackjackAction): BlackjackState {
  if (!blackjackActions(state).includes(action))
    throw new RangeError(`blackjack: ${action} is not allowed now`)
  const next = clone(state)
  const hand = next.hands[next.active]!
  switch (action) {
    case 'hit':
      hand.cards.push(draw(next))
      break
    case 'stand':
      hand.status = 'stood'
      break
    case 'double':
      next.totalBetCents += hand.betCents
      hand.betCents *= 2
      hand.doubled = true
      hand.cards.push(draw(next))
      if (hand.status === 'playing') hand.status = 'stood'
      break
    case 'split': {
      const [first, second] = hand.cards as [Card, Card]
      next.totalBetCents += hand.betCents
      next.hands = [
        { ...hand, cards: [first], split: true },
        { ...hand, cards: [second], split: true },
      ]
      const aces = cardValue(first) === 1
      // The first hand gets its second card now; the second when its turn comes (split aces: both now).
      next.hands[0]!.cards.push(draw(next))
      if (aces) {
        next.hands[1]!.cards.push(draw(next))
        for (const split of next.hands) split.status = 'stood'
      }
      break
    }
  }
  const current = next.hands[next.active]!
  const { total } = handTotal(current.cards)
  if (total > 21) current.status = 'bust'
  else if (total === 21) current.status = 'stood'
  return advance(next)
}

/** Moves to the next hand waiting for actions (dealing a split hand its second card), else lets the dealer play. */
function advance(state: BlackjackState): BlackjackState {
  while (state.active < state.hands.length) {
    const hand = state.hands[state.active]!
    if (hand.status === 'playing') {
      if (hand.cards.length === 1) {
        hand.cards.push(draw(state))
        if (handTotal(hand.cards).total === 21) {
          hand.status = 'stood'
          continue
        }
      }
      return state
    }
    state.active++
  }
  state.active = -1
  if (state.hands.some((hand) => hand.status !== 'bust')) {
    // Dealer draws to 17 and stands on all 17s, soft ones included.
    while (handTotal(state.dealer.cards).total < 17) state.dealer.cards.push(draw(state))
  }
  return settle(state)
}

/** Pays every hand: blackjack 3:2 (rounded down to the cent), a win 1:1, a push returns the stake. */
function settle(state: BlackjackState): BlackjackState {
  state.active = -1
  state.finished = true
  const dealer = handTotal(state.dealer.cards).total
  const dealerBlackjack = isBlackjack(state.dealer.cards)
  state.winCents = 0
  for (const hand of state.hands) {
    const total = handTotal(hand.cards).total
    if (hand.status === 'blackjack') {
      hand.result = dealerBlackjack ? 'push' : 'blackjack'
      hand.winCents = dealerBlackjack ? hand.betCents : hand.betCents + Math.floor((hand.betCents * 3) / 2)
    } else if (hand.status === 'bust' || dealerBlackjack || (dealer <= 21 && total < dealer)) {
      hand.result = 'lose'
      hand.winCents = 0
    } else if (dealer > 21 || total > dealer) {
      hand.result = 'win'
      hand.winCents = hand.betCents * 2
    } else {
      hand.result = 'push'
      hand.winCents = hand.betCents
    }
    if (hand.status === 'playing') hand.status = 'stood'
    state.winCents += hand.winCents
  }
  return state
}

/** What the player may see: no shoe, and only the dealer's up card until the round is finished. */
export function publicView(state: BlackjackState): BlackjackPublicView {
  const dealerCards = state.finished ? state.dealer.cards : state.dealer.cards.slice(0, 1)
  return {
    hands: state.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
    active: state.active,
    dealer: { cards: [...dealerCards], total: state.finished ? handTotal(dealerCards).total : null },
    finished: state.finished,
    baseBetCents: state.baseBetCents,
    totalBetCents: state.totalBetCents,
    winCents: state.winCents,
    actions: blackjackActions(state),
  }
}

/** The basic-strategy action for the active hand (blackjack-strategy.ts), among the actions allowed now. */
export function basicStrategy(state: BlackjackState): BlackjackAction {
  const actions = blackjackActions(state)
  if (actions.length === 0) throw new Error('blackjack: no decision to make')
  const hand = state.hands[state.active]!
  const { total, soft } = handTotal(hand.cards)
  const pair = actions.includes('split') ? cardValue(hand.cards[0]!) : null
  return strategyAction(
    { total, soft, pair, canDouble: actions.includes('double') },
    cardValue(state.dealer.cards[0]!),
  )
}
