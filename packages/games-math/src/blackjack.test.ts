import { describe, expect, it } from 'vitest'
import {
  actBlackjack,
  basicStrategy,
  blackjackActions,
  blackjackFromShoe,
  freshShoe,
  handTotal,
  publicView,
  startBlackjack,
  type BlackjackState,
  type Card,
  type Rank,
} from './blackjack.ts'
import { BLACKJACK_RTP, BLACKJACK_WIN_PROBABILITY, blackjackTheory } from './blackjack-theory.ts'
import { strategyAction } from './blackjack-strategy.ts'
import { Rng } from './rng.ts'
import { seededSource } from './seeded-source.ts'

/**
 * A rigged shoe: the deal takes player, dealer up, player, dealer hole; then the cards in order.
 * Padded with 2s so every round has enough cards.
 */
function shoe(...ranks: Rank[]): Card[] {
  const cards = ranks.map((rank): Card => ({ rank, suit: 'hearts' }))
  while (cards.length < 40) cards.push({ rank: '2', suit: 'clubs' })
  return cards
}

const deal = (player: [Rank, Rank], dealer: [Rank, Rank], ...rest: Rank[]): BlackjackState =>
  blackjackFromShoe(shoe(player[0], dealer[0], player[1], dealer[1], ...rest), 1000)

const play = (
  state: BlackjackState,
  ...actions: Array<'hit' | 'stand' | 'double' | 'split'>
): BlackjackState => actions.reduce(actBlackjack, state)

describe('the deal', () => {
  it('pays a player blackjack 3:2 at once', () => {
    const state = deal(['A', 'K'], ['9', '7'])
    expect(state).toMatchObject({ finished: true, winCents: 2500, totalBetCents: 1000 })
    expect(state.hands[0]).toMatchObject({ status: 'blackjack', result: 'blackjack', winCents: 2500 })
    expect(state.dealer.cards).toHaveLength(2)
  })

  it('rounds a half cent of a blackjack down', () => {
    expect(blackjackFromShoe(shoe('A', '9', 'Q', '7'), 101).winCents).toBe(101 + 151)
  })

  it('peeks under an ace or a ten: a dealer blackjack ends the round, a player blackjack pushes', () => {
    expect(deal(['10', '9'], ['A', 'K'])).toMatchObject({ finished: true, winCents: 0 })
    expect(deal(['10', '9'], ['Q', 'A'])).toMatchObject({ finished: true, winCents: 0 })
    const push = deal(['A', 'J'], ['A', '10'])
    expect(push).toMatchObject({ finished: true, winCents: 1000 })
    expect(push.hands[0]!.result).toBe('push')
    // No blackjack under the ace: the player plays on.
    expect(deal(['10', '9'], ['A', '9'])).toMatchObject({ finished: false, active: 0 })
  })

  it('uses the whole shuffled shoe of 6 decks', () => {
    const rng = new Rng(seededSource(5))
    const state = startBlackjack(rng, 500)
    expect(state.shoe).toHaveLength(312)
    expect(rng.draws).toBeGreaterThanOrEqual(311)
    const counts = new Map<string, number>()
    for (const card of state.shoe)
      counts.set(`${card.rank}${card.suit}`, (counts.get(`${card.rank}${card.suit}`) ?? 0) + 1)
    expect(counts.size).toBe(52)
    expect([...counts.values()].every((count) => count === 6)).toBe(true)
    expect(freshShoe()).toHaveLength(312)
    expect(() => startBlackjack(rng, 0)).toThrow(RangeError)
    expect(() => startBlackjack(rng, 10.5)).toThrow(RangeError)
  })
})

describe('playing a hand', () => {
  it('offers hit, stand, double and split on a pair; only hit and stand after a hit', () => {
    const state = deal(['8', '8'], ['10', '7'], '3')
    expect(blackjackActions(state)).toEqual(['hit', 'stand', 'double', 'split'])
    expect(blackjackActions(play(state, 'hit'))).toEqual(['hit', 'stand'])
    expect(blackjackActions(deal(['K', 'Q'], ['9', '7']))).toEqual(['hit', 'stand', 'double', 'split'])
    expect(blackjackActions(deal(['K', '9'], ['9', '7']))).toEqual(['hit', 'stand', 'double'])
    expect(() => actBlackjack(play(state, 'hit'), 'double')).toThrow(RangeError)
  })

  it('busts over 21 and loses without the dealer drawing', () => {
    const state = play(deal(['10', '6'], ['10', '6'], 'K', '5'), 'hit')
    expect(state).toMatchObject({ finished: true, winCents: 0 })
    expect(state.hands[0]).toMatchObject({ status: 'bust', result: 'lose' })
    expect(state.dealer.cards).toHaveLength(2)
  })

  it('has the dealer draw to 17 and stand on soft 17', () => {
    // Dealer A, 6 is soft 17: stands; player 18 wins.
    const soft = play(deal(['10', '8'], ['A', '6'], '5'), 'stand')
    expect(soft.dealer.cards).toHaveLength(2)
    expect(soft).toMatchObject({ finished: true, winCents: 2000 })
    // Dealer 10, 6 draws: 5 makes 21 and beats 20.
    const hard = play(deal(['10', 'Q'], ['10', '6'], '5'), 'stand')
    expect(handTotal(hard.dealer.cards)).toEqual({ total: 21, soft: false })
    expect(hard.winCents).toBe(0)
    // Dealer 6, 5, then 4, 3 = 18: pushes 18.
    const push = play(deal(['9', '9'], ['6', '5'], '4', '3'), 'stand')
    expect(push.winCents).toBe(1000)
    expect(push.hands[0]!.result).toBe('push')
  })

  it('stands automatically on 21', () => {
    const state = play(deal(['5', '6'], ['10', '7'], 'K'), 'hit')
    expect(state.finished).toBe(true)
    expect(state.hands[0]).toMatchObject({ status: 'stood', result: 'win', winCents: 2000 })
  })

  it('doubles: twice the stake, exactly one card', () => {
    const state = play(deal(['6', '5'], ['6', '10'], '9', '8'), 'double')
    expect(state.hands[0]!.cards).toHaveLength(3)
    expect(state).toMatchObject({ finished: true, totalBetCents: 2000 })
    // Player 20, dealer 16 draws 8: bust. The doubled hand returns 4,000.
    expect(state.winCents).toBe(4000)
    expect(state.hands[0]).toMatchObject({ doubled: true, betCents: 2000, result: 'win' })
  })

  it('splits once: each hand gets its second card in turn and may double', () => {
    // 8, 8 against 6: split; first hand draws 3 (11) and doubles on 10 (21); second draws 8 (8, 8 again: no resplit).
    let state = play(deal(['8', '8'], ['6', '10'], '3', '10', '8'), 'split')
    expect(state.hands.map((hand) => hand.cards.length)).toEqual([2, 1])
    expect(state.totalBetCents).toBe(2000)
    state = play(state, 'double')
    expect(state.hands[0]!.cards.map((card) => card.rank)).toEqual(['8', '3', '10'])
    expect(state.active).toBe(1)
    expect(state.hands[1]!.cards.map((card) => card.rank)).toEqual(['8', '8'])
    expect(blackjackActions(state)).toEqual(['hit', 'stand', 'double'])
    state = play(state, 'stand')
    // Dealer 16 draws a 2 (padding) = 18: first hand (21, doubled) wins 4,000, second (16) loses.
    expect(state).toMatchObject({ finished: true, totalBetCents: 3000, winCents: 4000 })
    expect(state.hands.map((hand) => hand.result)).toEqual(['win', 'lose'])
  })

  it('gives split aces one card each, and their 21 is not a blackjack', () => {
    const state = play(deal(['A', 'A'], ['9', '8'], 'K', '5'), 'split')
    expect(state.finished).toBe(true)
    expect(state.hands.map((hand) => handTotal(hand.cards).total)).toEqual([21, 16])
    // 21 pays 1:1 against the dealer's 17; the soft 16 loses.
    expect(state.hands.map((hand) => [hand.result, hand.winCents])).toEqual([
      ['win', 2000],
      ['lose', 0],
    ])
  })

  it('never changes the state it is given, and shares the shoe', () => {
    const state = deal(['10', '6'], ['10', '7'], '4')
    const before = JSON.stringify(state)
    const next = actBlackjack(state, 'hit')
    expect(JSON.stringify(state)).toBe(before)
    expect(next.shoe).toBe(state.shoe)
    expect(JSON.parse(JSON.stringify(next))).toEqual(next)
  })
})

describe('publicView', () => {
  it('hides the hole card and the shoe until the round is finished', () => {
    const state = deal(['10', '6'], ['9', 'K'], '4')
    const view = publicView(state)
    expect(view.dealer).toEqual({ cards: [{ rank: '9', suit: 'hearts' }], total: null })
    expect(view).not.toHaveProperty('shoe')
    expect(view).not.toHaveProperty('next')
    expect(JSON.stringify(view)).not.toContain('"K"')
    expect(view.actions).toEqual(['hit', 'stand', 'double'])
    const done = publicView(actBlackjack(state, 'stand'))
    expect(done.dealer.cards).toHaveLength(2)
    expect(done.dealer.total).toBe(19)
    expect(done.actions).toEqual([])
  })
})

describe('basic strategy', () => {
  it('follows the chart', () => {
    const hard = (total: number, up: number): string =>
      strategyAction({ total, soft: false, pair: null, canDouble: true }, up)
    const soft = (total: number, up: number, canDouble = true): string =>
      strategyAction({ total, soft: true, pair: null, canDouble }, up)
    const pair = (value: number, up: number): string =>
      strategyAction(
        { total: value === 1 ? 12 : 2 * value, soft: value === 1, pair: value, canDouble: true },
        up,
      )
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 1].map((up) => hard(12, up)).join(' ')).toBe(
      'hit hit stand stand stand hit hit hit hit hit',
    )
    expect([2, 6, 7, 1].map((up) => hard(16, up))).toEqual(['stand', 'stand', 'hit', 'hit'])
    expect([2, 10, 1].map((up) => hard(11, up))).toEqual(['double', 'double', 'hit'])
    expect([2, 3, 6, 7].map((up) => hard(9, up))).toEqual(['hit', 'double', 'double', 'hit'])
    expect([2, 3, 7, 9, 1].map((up) => soft(18, up))).toEqual(['stand', 'double', 'stand', 'hit', 'hit'])
    expect(soft(18, 4, false)).toBe('stand')
    expect(soft(17, 4, false)).toBe('hit')
    expect([7, 8, 10].map((up) => pair(9, up))).toEqual(['stand', 'split', 'stand'])
    expect([1, 10].map((up) => pair(8, up))).toEqual(['split', 'split'])
    expect([5, 7].map((up) => pair(4, up))).toEqual(['split', 'hit'])
    expect([6, 10].map((up) => pair(10, up))).toEqual(['stand', 'stand'])
    expect(pair(5, 6)).toBe('double')
    expect(pair(1, 1)).toBe('split')
  })

  it('is offered as the action for a state', () => {
    expect(basicStrategy(deal(['8', '8'], ['10', '7']))).toBe('split')
    expect(basicStrategy(deal(['A', '7'], ['5', '7']))).toBe('double')
    expect(basicStrategy(play(deal(['A', '2'], ['5', '7'], '5'), 'hit'))).toBe('stand')
    expect(() => basicStrategy(deal(['A', 'K'], ['5', '7']))).toThrow()
  })

  it('returns BLACKJACK_RTP for an infinite deck, computed exactly', () => {
    const theory = blackjackTheory()
    expect(theory.rtp).toBe(BLACKJACK_RTP)
    expect(theory.winProbability).toBe(BLACKJACK_WIN_PROBABILITY)
    // A house edge between 0.4 % and 0.7 % is what these rules give in the literature.
    expect(1 - BLACKJACK_RTP).toBeGreaterThan(0.004)
    expect(1 - BLACKJACK_RTP).toBeLessThan(0.007)
  })
})
