import { describe, expect, it } from 'vitest'
import { svgProblems } from './check.ts'
import { symbolSvg } from './symbol.ts'
import { ICONS, THEMES, type IconId, type ThemeId } from './vocabulary.ts'

const SAMPLE_THEMES: ThemeId[] = ['egypt', 'candy', 'arctic', 'halloween']

describe('symbolSvg', () => {
  it('draws every icon as well-formed, self-contained SVG under 6 KB in several themes', () => {
    for (const theme of SAMPLE_THEMES) {
      for (const icon of ICONS) {
        const svg = symbolSvg(icon, theme)
        expect(svgProblems(svg), `${icon}/${theme}`).toEqual([])
        expect(svg.length, `${icon}/${theme}`).toBeLessThan(6 * 1024)
        expect(svg).toContain('width="128" height="128" viewBox="0 0 100 100"')
      }
    }
  })

  it('stays within the limits in every theme, with and without the tile', () => {
    for (const theme of THEMES) {
      for (const icon of ICONS) {
        const bare = symbolSvg(icon, theme, { tile: false, size: 64 })
        expect(bare.length).toBeLessThan(6 * 1024)
        expect(bare).not.toContain('<rect x="2" y="2" width="96"')
      }
    }
  })

  it('is deterministic, and differs by icon and by theme', () => {
    expect(symbolSvg('dragon', 'dragons')).toBe(symbolSvg('dragon', 'dragons'))
    const drawings = new Set(ICONS.map((icon) => symbolSvg(icon, 'gems')))
    expect(drawings.size).toBe(ICONS.length)
    expect(symbolSvg('crown', 'egypt')).not.toBe(symbolSvg('crown', 'ocean'))
  })

  it('draws the card royals as letters and the specials as WILD and SCATTER badges', () => {
    expect(symbolSvg('wild', 'space')).toMatch(/>WILD<\/text>/)
    expect(symbolSvg('scatter', 'space')).toMatch(/>SCATTER<\/text>/)
    expect(symbolSvg('bar', 'classic_sevens')).toMatch(/>BAR<\/text>/)
    // The royals are hand-built paths, not text in whatever font the viewer has.
    for (const icon of ['ace', 'king', 'queen', 'jack', 'ten', 'nine'] as const) {
      expect(symbolSvg(icon, 'egypt')).not.toContain('<text')
    }
  })

  it('uses only the generic font stack for text', () => {
    expect(symbolSvg('wild', 'fruits')).toContain(
      'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"',
    )
  })

  it('honours the size and rejects what it cannot draw', () => {
    expect(symbolSvg('star', 'gems', { size: 64 })).toContain('width="64" height="64"')
    expect(() => symbolSvg('joker' as IconId, 'gems')).toThrow(/unknown icon/)
    expect(() => symbolSvg('star', 'mars' as ThemeId)).toThrow(/unknown theme/)
    expect(() => symbolSvg('star', 'gems', { size: 0 })).toThrow(/size/)
  })

  it('gives gradient ids unique per drawing, so several symbols can share one HTML page', () => {
    const ids = (svg: string) => [...svg.matchAll(/ id="([^"]+)"/g)].map((match) => match[1])
    const a = ids(symbolSvg('coin', 'egypt'))
    const b = ids(symbolSvg('coin', 'pirates'))
    expect(a.length).toBeGreaterThan(0)
    expect(a.filter((id) => b.includes(id))).toEqual([])
  })
})
