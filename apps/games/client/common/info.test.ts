import { describe, expect, it } from 'vitest'
import { studioName } from './info.ts'

describe('studio names', () => {
  it('names the catalogue studios from their ids', () => {
    expect(studioName('goldfinch')).toBe('Goldfinch Games')
    expect(studioName('red-lantern')).toBe('Red Lantern Gaming')
    expect(studioName('aurum-tables')).toBe('Aurum Tables')
    expect(studioName('aurum-live')).toBe('Aurum Live')
    expect(studioName('new-studio_x')).toBe('New Studio X')
  })
})
