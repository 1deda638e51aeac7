import { describe, expect, it } from 'vitest'
import { ALL_GAMES, categoryPath, listCategory, producerPath } from './list-routes.ts'
import { pageNumbers } from './page-numbers.ts'

describe('the lobby’s list addresses', () => {
  it('maps /pokies/all to every game, /live/all to the live tables, and links each back', () => {
    expect(listCategory('pokies', 'all')).toBe(ALL_GAMES)
    expect(listCategory('live', 'all')).toBe('live')
    expect(listCategory('pokies', 'slots')).toBe('slots')
    // `all` is no category's slug: /categories/all is not every game.
    expect(listCategory('category', 'all')).toBe('all')
    expect(categoryPath(ALL_GAMES)).toBe('/pokies/all')
    expect(categoryPath('live')).toBe('/live/all')
    expect(categoryPath('high-volatility')).toBe('/categories/high-volatility')
  })

  it('writes a studio’s first page without its number', () => {
    expect(producerPath('goldfinch')).toBe('/producers/goldfinch')
    expect(producerPath('goldfinch', 1)).toBe('/producers/goldfinch')
    expect(producerPath('goldfinch', 3)).toBe('/producers/goldfinch/3')
  })

  it('shows every page number of a short list, else the ends and the neighbours with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(2, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pageNumbers(1, 20)).toEqual([1, 2, null, 20])
    expect(pageNumbers(10, 20)).toEqual([1, null, 9, 10, 11, null, 20])
    // A gap of one page shows the page.
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20])
    expect(pageNumbers(20, 20)).toEqual([1, null, 19, 20])
  })
})
