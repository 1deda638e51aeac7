import { describe, expect, it } from 'vitest'
import { RED_NUMBERS, validateRouletteBet } from '@aurum/games-math/roulette'
import {
  HORIZONTAL,
  VERTICAL,
  WHEEL_ORDER,
  cellOf,
  colourOf,
  rouletteSpots,
  spotCovers,
  upright,
  wireBet,
  type Spot,
} from './layout.ts'

const spots = rouletteSpots()
const byId = new Map(spots.map((s) => [s.id, s]))
const count = (kind: string) => spots.filter((s) => s.kind === kind).length

/** The spot under a point of the table (zones over cells, as the page stacks them). */
function hit(x: number, y: number): Spot | undefined {
  const under = spots.filter((s) => x > s.x && x < s.x + s.w && y > s.y && y < s.y + s.h)
  return under.find((s) => !s.cell) ?? under[0]
}

describe('roulette layout', () => {
  it('offers every bet of the European table once', () => {
    expect(count('straight')).toBe(37)
    expect(count('split')).toBe(60)
    expect(count('street')).toBe(14)
    expect(count('corner')).toBe(23)
    expect(count('six_line')).toBe(11)
    expect(count('column')).toBe(3)
    expect(count('dozen')).toBe(3)
    for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high']) expect(count(kind)).toBe(1)
    expect(byId.size).toBe(spots.length)
  })

  it('maps every spot to a bet the server accepts', () => {
    for (const s of spots) {
      const bet = wireBet(s, 100)
      expect(
        validateRouletteBet({ kind: bet.kind, numbers: bet.numbers, amountCents: bet.amount_cents }),
        s.id,
      ).toBe(true)
    }
  })

  it('places the numbers in three rows, 3 on top and 1 at the bottom', () => {
    expect(cellOf(1)).toEqual({ col: 0, row: 2 })
    expect(cellOf(3)).toEqual({ col: 0, row: 0 })
    expect(cellOf(36)).toEqual({ col: 11, row: 0 })
    expect(colourOf(0)).toBe('green')
    expect(colourOf(1)).toBe('red')
    expect(colourOf(2)).toBe('black')
    expect(RED_NUMBERS.filter((n) => colourOf(n) === 'red')).toHaveLength(18)
  })

  it('turns a click on a cell, a line or a corner into the bet under it', () => {
    expect(hit(0.5, 2.5)?.id).toBe('straight:1')
    expect(hit(-0.5, 1.5)?.id).toBe('straight:0')
    // The line between 1 (bottom) and 2 (middle) in the first column.
    expect(hit(0.5, 2.02)?.id).toBe('split:1-2')
    // The line between 1 and 4.
    expect(hit(1.02, 2.5)?.id).toBe('split:1-4')
    // The corner of 1, 2, 4, 5.
    expect(hit(1.02, 2.02)?.id).toBe('corner:1-2-4-5')
    // The bottom edge of a column: its street; between two columns: the six line.
    expect(hit(0.5, 2.95)?.id).toBe('street:1-2-3')
    expect(hit(1.02, 2.95)?.id).toBe('six_line:1-2-3-4-5-6')
    // The zero's line.
    expect(hit(0.02, 2.5)?.id).toBe('split:0-1')
    expect(hit(0.02, 2.02)?.id).toBe('street:0-1-2')
    expect(hit(0.02, 1.02)?.id).toBe('street:0-2-3')
    expect(hit(0.02, 2.95)?.id).toBe('corner:0-1-2-3')
    // Outside.
    expect(hit(12.5, 2.5)?.id).toBe('column:1-4-7-10-13-16-19-22-25-28-31-34')
    expect(hit(12.5, 0.5)?.numbers[0]).toBe(3)
    expect(hit(5, 3.5)?.id).toBe('dozen:13-14-15-16-17-18-19-20-21-22-23-24')
    expect(hit(4.5, 4.5)?.id).toBe('red')
    expect(hit(7.5, 4.5)?.id).toBe('black')
    expect(hit(0.5, 4.5)?.id).toBe('low')
    expect(hit(11.5, 4.5)?.id).toBe('high')
  })

  it('keeps every spot on the table in both orientations', () => {
    for (const s of spots) {
      expect(s.x).toBeGreaterThanOrEqual(HORIZONTAL.minX - 0.2)
      expect(s.x + s.w).toBeLessThanOrEqual(HORIZONTAL.minX + HORIZONTAL.width)
      expect(s.y + s.h).toBeLessThanOrEqual(HORIZONTAL.minY + HORIZONTAL.height)
      const u = upright(s)
      expect(u.x).toBeGreaterThanOrEqual(VERTICAL.minX)
      expect(u.x + u.w).toBeLessThanOrEqual(VERTICAL.minX + VERTICAL.width + 0.2)
      expect(u.y + u.h).toBeLessThanOrEqual(VERTICAL.minY + VERTICAL.height)
    }
    // Upright: 1 2 3 across the top row, the zero above them, the dozens on the left.
    expect(upright(byId.get('straight:1')!)).toEqual({ x: 0, y: 0, w: 1, h: 1 })
    expect(upright(byId.get('straight:3')!)).toEqual({ x: 2, y: 0, w: 1, h: 1 })
    expect(upright(byId.get('straight:0')!)).toEqual({ x: 0, y: -1, w: 3, h: 1 })
    expect(upright(byId.get('dozen:1-2-3-4-5-6-7-8-9-10-11-12')!)).toEqual({ x: -1, y: 0, w: 1, h: 4 })
  })

  it('lights the outside bets a number belongs to, none of them on zero', () => {
    const covering = (n: number) =>
      spots.filter((s) => s.cell && s.kind !== 'straight' && spotCovers(s, n)).map((s) => s.id.split(':')[0])
    expect(covering(0)).toEqual([])
    expect(covering(7).sort()).toEqual(['column', 'dozen', 'low', 'odd', 'red'])
    expect(covering(36).sort()).toEqual(['column', 'dozen', 'even', 'high', 'red'])
  })

  it('has each pocket on the wheel once', () => {
    expect(WHEEL_ORDER).toHaveLength(37)
    expect(new Set(WHEEL_ORDER).size).toBe(37)
  })
})
