import { iconBody } from './icons.ts'
import { motif } from './motifs.ts'
import { inkOf, symbolPalette } from './palettes.ts'
import type { Kit } from './shapes.ts'
import { themePalette } from './symbol.ts'
import { blackjackHand, chip, liveBadge, rouletteWheel } from './tables.ts'
import { layoutTitle } from './text.ts'
import { Defs, FONT_STACK, Random, escapeXml, hash, idPrefix, num, svgDocument } from './svg.ts'
import { isIconId, type IconId, type ThemeId } from './vocabulary.ts'

export type GameKind = 'slot' | 'roulette' | 'blackjack' | 'live_roulette'

/** What a lobby tile shows of a game. */
export interface PreviewGame {
  /** Stable game identifier: seeds the scene, so the tile never changes between renders. */
  identifier: string
  title: string
  studio: string
  theme: ThemeId
  /** 2–4 featured symbols (slots); extra ones are ignored, table games do not use them. */
  icons: IconId[]
  kind?: GameKind
}

export interface PreviewOptions {
  /** Pixels; default 400 × 300 (4:3). The drawing keeps a 400-unit width and follows the aspect ratio. */
  width?: number
  height?: number
}

/**
 * Where the featured symbols go, by count, most prominent first: centre x, y offset from the centre
 * line, size and tilt (degrees). The first symbol of the game gets the first place.
 */
const LAYOUTS: Record<number, [number, number, number, number][]> = {
  1: [[200, 0, 150, 0]],
  2: [
    [138, 6, 132, -7],
    [262, 6, 132, 7],
  ],
  3: [
    [200, 0, 142, 0],
    [86, 16, 108, -9],
    [314, 16, 108, 9],
  ],
  4: [
    [148, 2, 122, -4],
    [252, 2, 122, 4],
    [56, 22, 92, -10],
    [344, 22, 92, 10],
  ],
}

/**
 * A lobby tile for one of our games: the theme's scene, the featured symbols (or the table drawing)
 * and the title with the studio name at the bottom. The output depends only on the input, so it can
 * be generated once and cached.
 */
export function previewSvg(game: PreviewGame, options: PreviewOptions = {}): string {
  const pal = themePalette(game.theme)
  const width = options.width ?? 400
  const height = options.height ?? 300
  if (!(width > 0 && height > 0 && width <= 4096 && height <= 4096)) {
    throw new Error(`preview size out of range: ${width}×${height}`)
  }
  const kind = game.kind ?? 'slot'
  const icons = game.icons.filter(isIconId).slice(0, 4)
  const w = 400
  const h = Math.round((400 * height) / width)
  const defs = new Defs(
    idPrefix('p', JSON.stringify([game.identifier, game.title, game.studio, game.theme, icons, kind, w, h])),
  )
  const kit: Kit = { pal: symbolPalette(pal), ink: inkOf(pal), defs }
  const rng = new Random(hash(`${game.identifier}|${game.theme}`))

  // The title band takes the bottom ~third; the artwork is centred in what is left above it.
  const band = Math.min(108, h * 0.36)
  const centreY = (h - band) / 2 + 8

  let art = ''
  if (kind === 'roulette' || kind === 'live_roulette') {
    const r = Math.min(92, (h - band) / 2 - 4)
    art +=
      chip(kit, w / 2 - r - 58, centreY + 30, 22, pal.secondary) +
      chip(kit, w / 2 + r + 56, centreY + 20, 22, pal.accent)
    art += rouletteWheel(kit, rng, w / 2, centreY, r)
  } else if (kind === 'blackjack') {
    art += blackjackHand(kit, rng, w / 2, centreY)
  } else {
    const layout = LAYOUTS[icons.length] ?? []
    const scale = Math.min(1, (h - band + 10) / 200)
    // Drawn from the least prominent place, so the large central symbols overlap the outer ones.
    for (let i = icons.length - 1; i >= 0; i--) {
      const icon = icons[i]!
      const slot = layout[i]!
      const size = slot[2] * scale
      const x = w / 2 + (slot[0] - 200) * Math.max(scale, 0.85)
      const y = centreY + slot[1] * scale
      art += `<g transform="translate(${num(x - size / 2)} ${num(y - size / 2)}) rotate(${slot[3]} ${num(size / 2)} ${num(size / 2)}) scale(${num(size / 100)})">${iconBody(icon, kit)}</g>`
    }
  }

  const title = layoutTitle(game.title, w - 40, 36, 17)
  const studioSize = 11
  const bottom = h - 14
  const lineGap = title.size * 1.08
  const lastBaseline = bottom - studioSize - 8
  const titleText = title.lines
    .map((text, i) => {
      const y = lastBaseline - (title.lines.length - 1 - i) * lineGap
      return `<tspan x="${w / 2}" y="${num(y)}">${escapeXml(text)}</tspan>`
    })
    .join('')

  const body =
    `<rect width="${w}" height="${h}" fill="${defs.linear(pal.background[0], pal.background[1])}"/>` +
    motif(game.theme, { rng, w, h, pal, defs }) +
    `<circle cx="${w / 2}" cy="${num(centreY)}" r="${num((h - band) * 0.62)}" fill="${defs.radial('#ffffff', '#ffffff', 0.3, 0, 0.5, 0.5, 0.5)}"/>` +
    `<g filter="${defs.shadow()}">${art}</g>` +
    (kind === 'live_roulette' ? liveBadge(14, 14) : '') +
    `<rect y="${num(h - band - 16)}" width="${w}" height="${num(band + 16)}" fill="${defs.fade(pal.background[1])}"/>` +
    `<g font-family="${FONT_STACK}" text-anchor="middle" fill="${pal.text}">` +
    `<text font-size="${title.size}" font-weight="800" stroke="${pal.background[1]}" stroke-width="4" stroke-linejoin="round" paint-order="stroke">${titleText}</text>` +
    `<text x="${w / 2}" y="${bottom}" font-size="${studioSize}" font-weight="600" letter-spacing="2" opacity=".85">${escapeXml(game.studio.toUpperCase())}</text></g>`

  return svgDocument(width, height, `0 0 ${w} ${h}`, `${game.title} (${game.studio})`, defs.toString() + body)
}
