import { describe, expect, it } from 'vitest'
import { BetBook } from './book.ts'

describe('bet book', () => {
  it('adds chips per spot and totals them', () => {
    const book = new BetBook(10_000)
    expect(book.place('straight:17', 100, 5000)).toBe('ok')
    expect(book.place('straight:17', 50, 5000)).toBe('ok')
    expect(book.place('red', 200, 5000)).toBe('ok')
    expect(book.entries()).toEqual([
      ['straight:17', 150],
      ['red', 200],
    ])
    expect(book.total).toBe(350)
  })

  it('refuses chips over the table limit or the balance', () => {
    const book = new BetBook(300)
    expect(book.place('red', 200, 1000)).toBe('ok')
    expect(book.place('black', 200, 1000)).toBe('table_limit')
    expect(book.place('black', 100, 250)).toBe('insufficient_funds')
    expect(book.total).toBe(200)
  })

  it('undoes placements, clears and undoes the clear', () => {
    const book = new BetBook(10_000)
    book.place('red', 100, 5000)
    book.place('odd', 100, 5000)
    book.undo()
    expect(book.entries()).toEqual([['red', 100]])
    book.clear()
    expect(book.empty).toBe(true)
    book.undo()
    expect(book.entries()).toEqual([['red', 100]])
    book.undo()
    expect(book.empty).toBe(true)
    expect(book.canUndo).toBe(false)
  })

  it('repeats the last spin with Re-bet', () => {
    const book = new BetBook(10_000)
    expect(book.canRebet).toBe(false)
    book.place('straight:0', 100, 5000)
    book.place('dozen:1-2-3-4-5-6-7-8-9-10-11-12', 300, 5000)
    book.spun()
    expect(book.canUndo).toBe(false)
    book.clear()
    expect(book.rebet(300)).toBe('insufficient_funds')
    expect(book.rebet(5000)).toBe('ok')
    expect(book.total).toBe(400)
    book.undo()
    expect(book.empty).toBe(true)
  })
})
