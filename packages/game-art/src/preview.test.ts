import { describe, expect, it } from 'vitest'
import { svgProblems } from './check.ts'
import { studioLogoSvg } from './logo.ts'
import { previewSvg, type PreviewGame } from './preview.ts'
import { layoutTitle, textWidth } from './text.ts'
import { THEMES, type IconId } from './vocabulary.ts'

const ICON_SETS: IconId[][] = [
  ['crown', 'gem'],
  ['cherry', 'seven', 'bar'],
  ['dragon', 'treasure_chest', 'wild', 'scatter'],
]

function game(overrides: Partial<PreviewGame> = {}): PreviewGame {
  return {
    identifier: 'aurum-test',
    title: 'Gold Rush',
    studio: 'Aurum Originals',
    theme: 'egypt',
    icons: ['pyramid', 'scarab', 'eye'],
    ...overrides,
  }
}

/** The drawing with its (input-derived) gradient ids blanked, to compare scenes rather than ids. */
const withoutIds = (svg: string) => svg.replace(/ id="[^"]+"/g, '').replace(/url\(#[^)]+\)/g, 'url()')

describe('previewSvg', () => {
  it('draws a well-formed tile under 12 KB for every theme and number of symbols', () => {
    for (const theme of THEMES) {
      for (const icons of ICON_SETS) {
        const svg = previewSvg(
          game({
            identifier: `aurum-${theme}-${icons.length}`,
            theme,
            icons,
            title: 'Mega Fortune Wheel of Riches',
          }),
        )
        expect(svgProblems(svg), theme).toEqual([])
        expect(svg.length, `${theme} with ${icons.length}`).toBeLessThan(12 * 1024)
        expect(svg).toContain('width="400" height="300" viewBox="0 0 400 300"')
      }
    }
  })

  it('draws the table games: roulette wheel, blackjack cards and the LIVE badge', () => {
    for (const kind of ['roulette', 'live_roulette', 'blackjack'] as const) {
      for (const theme of THEMES) {
        const svg = previewSvg(game({ identifier: `table-${kind}`, kind, theme, icons: [] }))
        expect(svgProblems(svg), `${kind}/${theme}`).toEqual([])
        expect(svg.length).toBeLessThan(12 * 1024)
      }
    }
    expect(previewSvg(game({ kind: 'live_roulette' }))).toContain('>LIVE</text>')
    expect(previewSvg(game({ kind: 'roulette' }))).not.toContain('>LIVE</text>')
    expect(previewSvg(game({ kind: 'blackjack' }))).toMatch(/>A<\/text>.*>K<\/text>/)
  })

  it('is deterministic', () => {
    expect(previewSvg(game())).toBe(previewSvg(game()))
    expect(previewSvg(game({ kind: 'roulette' }))).toBe(previewSvg(game({ kind: 'roulette' })))
  })

  it('draws a different scene for two games of the same theme', () => {
    for (const theme of THEMES) {
      const a = previewSvg(game({ identifier: 'first-game', theme }))
      const b = previewSvg(game({ identifier: 'second-game', theme }))
      expect(withoutIds(a), theme).not.toBe(withoutIds(b))
    }
    const wheelA = previewSvg(game({ identifier: 'wheel-a', kind: 'roulette' }))
    const wheelB = previewSvg(game({ identifier: 'wheel-b', kind: 'roulette' }))
    expect(withoutIds(wheelA)).not.toBe(withoutIds(wheelB))
  })

  it('escapes the title and the studio', () => {
    const svg = previewSvg(game({ title: "Tom & Jerry's <Gold>", studio: 'A&B "Games"' }))
    expect(svgProblems(svg)).toEqual([])
    expect(svg).toContain('Tom &amp; Jerry&apos;s &lt;Gold&gt;')
    expect(svg).toContain('A&amp;B &quot;GAMES&quot;')
    expect(svg).not.toContain('<Gold>')
    expect(svg).toContain('aria-label="Tom &amp; Jerry&apos;s &lt;Gold&gt; (A&amp;B &quot;Games&quot;)"')
  })

  it('wraps long titles to two lines and keeps short ones on one', () => {
    const lines = (svg: string) => [...svg.matchAll(/<tspan /g)].length
    expect(lines(previewSvg(game({ title: 'Gold Rush' })))).toBe(1)
    expect(lines(previewSvg(game({ title: 'Cosmic Voyager: Beyond the Event Horizon' })))).toBe(2)
  })

  it('follows the requested size and aspect ratio', () => {
    const wide = previewSvg(game(), { width: 640, height: 360 })
    expect(wide).toContain('width="640" height="360" viewBox="0 0 400 225"')
    expect(svgProblems(wide)).toEqual([])
    expect(svgProblems(previewSvg(game(), { width: 300, height: 400 }))).toEqual([])
    expect(() => previewSvg(game(), { width: 0 })).toThrow(/size/)
  })

  it('copes with no symbols, too many and names it does not know', () => {
    expect(svgProblems(previewSvg(game({ icons: [] })))).toEqual([])
    const many = previewSvg(game({ icons: ['coin', 'star', 'bell', 'gem', 'crown', 'seven'] }))
    expect(svgProblems(many)).toEqual([])
    expect(svgProblems(previewSvg(game({ icons: ['coin', 'joker' as IconId] })))).toEqual([])
  })
})

describe('layoutTitle', () => {
  it('keeps titles inside the width at a readable size', () => {
    for (const title of [
      'Hot 777',
      'Lucky Leprechaun Riches',
      'Supercalifragilisticexpialidocious Jackpot Megaways Deluxe Edition',
    ]) {
      const layout = layoutTitle(title, 360, 36, 17)
      expect(layout.lines.length).toBeLessThanOrEqual(2)
      expect(layout.size).toBeGreaterThanOrEqual(17)
      for (const line of layout.lines) expect(textWidth(line, layout.size)).toBeLessThanOrEqual(360)
    }
    expect(layoutTitle('A'.repeat(80), 360, 36, 17).lines[0]).toMatch(/…$/)
  })
})

describe('studioLogoSvg', () => {
  it('draws a deterministic, escaped wordmark badge', () => {
    const svg = studioLogoSvg('Tom & Jerry <Studio>', 'Gold Rush')
    expect(svgProblems(svg)).toEqual([])
    expect(svg).toContain('TOM &amp; JERRY &lt;STUDIO&gt;')
    expect(svg).toBe(studioLogoSvg('Tom & Jerry <Studio>', 'Gold Rush'))
    expect(svgProblems(studioLogoSvg('', ''))).toEqual([])
  })

  it('keeps a studio colour across its games', () => {
    const colour = (svg: string) => /<rect [^>]*fill="(#[0-9a-f]{6})"/.exec(svg)?.[1]
    expect(colour(studioLogoSvg('Golden Fox', 'One'))).toBe(colour(studioLogoSvg('Golden Fox', 'Two')))
    expect(colour(studioLogoSvg('Golden Fox', 'One'))).not.toBe(colour(studioLogoSvg('Lumen Play', 'One')))
  })
})
