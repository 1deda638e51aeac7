import { describe, expect, it } from 'vitest'
import { contrastRatio, relativeLuminance } from './color.ts'
import { THEME_PALETTES, textContrast } from './palettes.ts'
import { ICONS, THEMES, isIconId, isThemeId } from './vocabulary.ts'

describe('vocabulary', () => {
  it('has the 20 themes and 61 icons shared with the maths package, without duplicates', () => {
    expect(THEMES).toHaveLength(20)
    expect(ICONS).toHaveLength(61)
    expect(new Set(THEMES).size).toBe(THEMES.length)
    expect(new Set(ICONS).size).toBe(ICONS.length)
    expect(isThemeId('egypt')).toBe(true)
    expect(isThemeId('toString')).toBe(false)
    expect(isIconId('wild')).toBe(true)
    expect(isIconId('joker')).toBe(false)
  })
})

describe('palettes', () => {
  it('computes WCAG relative luminance and contrast', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5)
    expect(relativeLuminance('#000000')).toBe(0)
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
    expect(contrastRatio('#ffffff', '#777777')).toBe(contrastRatio('#777777', '#ffffff'))
  })

  it('gives every theme text with at least 4.5:1 contrast against both background colours', () => {
    for (const theme of THEMES) {
      const palette = THEME_PALETTES[theme]
      expect(textContrast(palette), theme).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(palette.text, palette.background[0]), theme).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(palette.text, palette.background[1]), theme).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('has a palette of valid colours per theme, all distinct', () => {
    expect(Object.keys(THEME_PALETTES).sort()).toEqual([...THEMES].sort())
    const signatures = new Set<string>()
    for (const theme of THEMES) {
      const { background, primary, secondary, accent, text } = THEME_PALETTES[theme]
      for (const color of [...background, primary, secondary, accent, text])
        expect(color).toMatch(/^#[0-9a-f]{6}$/)
      signatures.add(`${background.join()}${primary}`)
    }
    expect(signatures.size).toBe(THEMES.length)
  })
})
