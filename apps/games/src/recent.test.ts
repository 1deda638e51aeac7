import { describe, expect, it } from 'vitest'
import { RecentMap } from './recent.ts'

describe('RecentMap', () => {
  it('keeps the most recently set entries up to its limit', () => {
    const map = new RecentMap<string, number>(2)
    map.set('a', 1)
    map.set('b', 2)
    map.set('a', 3) // a is now the newest
    map.set('c', 4) // b, the oldest, goes
    expect(map.get('b')).toBeUndefined()
    expect(map.get('a')).toBe(3)
    expect(map.get('c')).toBe(4)
    expect(map.size).toBe(2)
    map.delete('a')
    expect(map.get('a')).toBeUndefined()
  })
})
