import { RED_NUMBERS, type RouletteBetKind } from '@aurum/games-math/roulette'

/**
 * The European betting layout as data. Table units: a number cell is 1 × 1; numbers run in 12
 * columns (x 0..12) of 3 rows (y 0..3, the top row holds 3, 6, … 36), the zero sits left of them
 * (x -1..0), the columns' "2 to 1" right (x 12..13), the dozens below (y 3..4) and the even-money
 * bets under those (y 4..5). Inside bets that sit on lines (splits, streets, corners, six lines,
 * the zero's splits, trios and first four) are small zones centred on the lines and corners.
 */
export interface Spot {
  /** Stable id: kind and numbers, e.g. "split:1-2". */
  id: string
  kind: RouletteBetKind
  /** The numbers the bet covers, ascending (empty for even-money bets: the server knows them). */
  numbers: number[]
  x: number
  y: number
  w: number
  h: number
  /** Cells drawn with a label (numbers and outside bets); line zones are drawn only as chips. */
  cell: boolean
}

export type Colour = 'red' | 'black' | 'green'

export function colourOf(n: number): Colour {
  if (n === 0) return 'green'
  return RED_NUMBERS.includes(n) ? 'red' : 'black'
}

/** Column 0..11 and row 0..2 (0 = top row: 3, 6, …) of a number 1..36. */
export function cellOf(n: number): { col: number; row: number } {
  return { col: Math.floor((n - 1) / 3), row: 2 - ((n - 1) % 3) }
}

/** Half the size of a line zone, in table units. */
const E = 0.18

const spotId = (kind: RouletteBetKind, numbers: number[]) => `${kind}:${numbers.join('-')}`

function spot(
  kind: RouletteBetKind,
  numbers: number[],
  x: number,
  y: number,
  w: number,
  h: number,
  cell = false,
): Spot {
  const sorted = [...numbers].sort((a, b) => a - b)
  return { id: spotId(kind, sorted), kind, numbers: sorted, x, y, w, h, cell }
}

/** Every bet spot of the table: 37 straights, 60 splits, 14 streets, 23 corners, 11 six lines and the outside bets. */
export function rouletteSpots(): Spot[] {
  const spots: Spot[] = [spot('straight', [0], -1, 0, 1, 3, true)]
  for (let n = 1; n <= 36; n++) {
    const { col, row } = cellOf(n)
    spots.push(spot('straight', [n], col, row, 1, 1, true))
  }
  // Outside bets.
  for (let c = 1; c <= 3; c++) {
    const numbers = Array.from({ length: 12 }, (_, i) => c + 3 * i)
    spots.push(spot('column', numbers, 12, 3 - c, 1, 1, true))
  }
  for (let d = 0; d < 3; d++) {
    const numbers = Array.from({ length: 12 }, (_, i) => 12 * d + i + 1)
    spots.push(spot('dozen', numbers, 4 * d, 3, 4, 1, true))
  }
  const even: RouletteBetKind[] = ['low', 'even', 'red', 'black', 'odd', 'high']
  even.forEach((kind, i) => spots.push({ ...spot(kind, [], 2 * i, 4, 2, 1, true), id: kind }))

  // Line zones over the numbers.
  for (let n = 1; n <= 36; n++) {
    const { col, row } = cellOf(n)
    const top = row
    // n and n+1 share the line above n (n+1 is the row above), within a column.
    if (n % 3 !== 0) spots.push(spot('split', [n, n + 1], col + E, top - E, 1 - 2 * E, 2 * E))
    // n and n+3 share the line right of n.
    if (n <= 33) spots.push(spot('split', [n, n + 3], col + 1 - E, top + E, 2 * E, 1 - 2 * E))
    // The corner of n, n+1, n+3, n+4: top right of n.
    if (n % 3 !== 0 && n <= 32)
      spots.push(spot('corner', [n, n + 1, n + 3, n + 4], col + 1 - E, top - E, 2 * E, 2 * E))
  }
  for (let col = 0; col < 12; col++) {
    const first = 3 * col + 1
    // Streets on the bottom edge of their column, six lines on the bottom corner between two columns.
    spots.push(spot('street', [first, first + 1, first + 2], col + E, 3 - E, 1 - 2 * E, 2 * E))
    if (col < 11)
      spots.push(
        spot(
          'six_line',
          [first, first + 1, first + 2, first + 3, first + 4, first + 5],
          col + 1 - E,
          3 - E,
          2 * E,
          2 * E,
        ),
      )
  }
  // The zero's line: splits with 1, 2 and 3, the trios 0-1-2 and 0-2-3, the first four 0-1-2-3.
  for (const n of [1, 2, 3]) spots.push(spot('split', [0, n], -E, cellOf(n).row + E, 2 * E, 1 - 2 * E))
  spots.push(spot('street', [0, 1, 2], -E, 2 - E, 2 * E, 2 * E))
  spots.push(spot('street', [0, 2, 3], -E, 1 - E, 2 * E, 2 * E))
  spots.push(spot('corner', [0, 1, 2, 3], -E, 3 - E, 2 * E, 2 * E))
  return spots
}

/** The table's extent in table units, for each orientation. */
export const HORIZONTAL = { minX: -1, minY: 0, width: 14, height: 5 }
export const VERTICAL = { minX: -2, minY: -1, width: 5, height: 14 }

/**
 * The same spot on the upright table phones use: numbers run down in rows of three (1 2 3 on
 * top), the zero above, the columns below, the dozens and even-money bets in strips on the left.
 */
export function upright(s: Pick<Spot, 'x' | 'y' | 'w' | 'h'>): {
  x: number
  y: number
  w: number
  h: number
} {
  return { x: 3 - s.y - s.h, y: s.x, w: s.h, h: s.w }
}

/** What the server wants for a spot: its kind and numbers (even-money bets may send none). */
export function wireBet(s: Pick<Spot, 'kind' | 'numbers'>, amountCents: number) {
  return { kind: s.kind, numbers: [...s.numbers], amount_cents: amountCents }
}

/** The bets a result wins: those covering it (even-money bets by their rule, zero loses them). */
export function spotCovers(s: Pick<Spot, 'kind' | 'numbers'>, n: number): boolean {
  switch (s.kind) {
    case 'red':
      return n > 0 && RED_NUMBERS.includes(n)
    case 'black':
      return n > 0 && !RED_NUMBERS.includes(n)
    case 'odd':
      return n > 0 && n % 2 === 1
    case 'even':
      return n > 0 && n % 2 === 0
    case 'low':
      return n >= 1 && n <= 18
    case 'high':
      return n >= 19
    default:
      return s.numbers.includes(n)
  }
}

/** Pockets of the European wheel clockwise from the zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
]

/** Payout odds by kind (the info dialog's table). */
export const PAYOUTS: Array<[RouletteBetKind, number]> = [
  ['straight', 35],
  ['split', 17],
  ['street', 11],
  ['corner', 8],
  ['six_line', 5],
  ['column', 2],
  ['dozen', 2],
  ['red', 1],
  ['odd', 1],
  ['low', 1],
]
