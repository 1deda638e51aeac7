import type { Card, Rank, Suit } from '@aurum/games-math/blackjack'
import { h } from '../common/dom.ts'
import type { Translate } from '../common/i18n.ts'

export const SUIT_SYMBOL: Record<Suit, string> = { clubs: '♣', diamonds: '♦', hearts: '♥', spades: '♠' }

const RANK_KEY: Record<Rank, string> = {
  A: 'ace',
  '2': 'deuce',
  '3': 'three',
  '4': 'four',
  '5': 'five',
  '6': 'six',
  '7': 'seven',
  '8': 'eight',
  '9': 'nine',
  '10': 'ten',
  J: 'jack',
  Q: 'queen',
  K: 'king',
}

/** "Ace of spades" in the player's language. */
export function cardName(t: Translate, card: Card): string {
  return t('blackjack.card', {
    rank: t(`blackjack.rank_${RANK_KEY[card.rank]}`),
    suit: t(`blackjack.suit_${card.suit}`),
  })
}

export const isRed = (card: Card): boolean => card.suit === 'hearts' || card.suit === 'diamonds'

/** The pips of a number card as (column 0..2, row 0..1 fraction) positions, like a printed card. */
export function pipLayout(rank: Rank): Array<[number, number]> {
  const L = 0
  const C = 1
  const R = 2
  const layouts: Partial<Record<Rank, Array<[number, number]>>> = {
    A: [[C, 0.5]],
    '2': [
      [C, 0],
      [C, 1],
    ],
    '3': [
      [C, 0],
      [C, 0.5],
      [C, 1],
    ],
    '4': [
      [L, 0],
      [R, 0],
      [L, 1],
      [R, 1],
    ],
    '5': [
      [L, 0],
      [R, 0],
      [C, 0.5],
      [L, 1],
      [R, 1],
    ],
    '6': [
      [L, 0],
      [R, 0],
      [L, 0.5],
      [R, 0.5],
      [L, 1],
      [R, 1],
    ],
    '7': [
      [L, 0],
      [R, 0],
      [C, 0.25],
      [L, 0.5],
      [R, 0.5],
      [L, 1],
      [R, 1],
    ],
    '8': [
      [L, 0],
      [R, 0],
      [C, 0.25],
      [L, 0.5],
      [R, 0.5],
      [C, 0.75],
      [L, 1],
      [R, 1],
    ],
    '9': [
      [L, 0],
      [R, 0],
      [L, 1 / 3],
      [R, 1 / 3],
      [C, 0.5],
      [L, 2 / 3],
      [R, 2 / 3],
      [L, 1],
      [R, 1],
    ],
    '10': [
      [L, 0],
      [R, 0],
      [C, 1 / 6],
      [L, 1 / 3],
      [R, 1 / 3],
      [L, 2 / 3],
      [R, 2 / 3],
      [C, 5 / 6],
      [L, 1],
      [R, 1],
    ],
  }
  return layouts[rank] ?? []
}

/** A playing card drawn with CSS: corner indices, pips (or a framed letter for court cards). */
export function cardElement(t: Translate, card: Card): HTMLElement {
  const suit = SUIT_SYMBOL[card.suit]
  const corner = (cls: string) =>
    h('span', { class: `bj-corner ${cls}` }, h('b', {}, card.rank), h('i', {}, suit))
  const face = h('span', { class: 'bj-face' })
  const pips = pipLayout(card.rank)
  if (pips.length) {
    for (const [col, row] of pips) {
      face.append(
        h(
          'i',
          {
            class: `bj-pip${row > 0.5 ? ' bj-flip' : ''}`,
            style: `left:${22 + col * 28}%;top:${10 + row * 80}%`,
          },
          suit,
        ),
      )
    }
    if (card.rank === 'A') face.classList.add('bj-ace')
  } else {
    face.classList.add('bj-court')
    face.append(h('span', {}, h('b', {}, card.rank), h('i', {}, suit)))
  }
  return h(
    'div',
    { class: `bj-card${isRed(card) ? ' bj-red' : ''}`, role: 'img', 'aria-label': cardName(t, card) },
    corner('bj-tl'),
    face,
    corner('bj-br'),
  )
}

export function cardBack(t: Translate): HTMLElement {
  return h('div', { class: 'bj-card bj-back', role: 'img', 'aria-label': t('blackjack.hidden_card') })
}
