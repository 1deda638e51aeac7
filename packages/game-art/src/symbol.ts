import { lighten } from './color.ts'
import { iconBody } from './icons.ts'
import { THEME_PALETTES, inkOf, symbolPalette } from './palettes.ts'
import { Defs, idPrefix, svgDocument } from './svg.ts'
import { isIconId, isThemeId, type IconId, type ThemeId } from './vocabulary.ts'

export interface SymbolOptions {
  /** Width and height in pixels (the drawing scales; default 128). */
  size?: number
  /**
   * Draw the subtle rounded tile behind the icon (default true). The reels can turn it off to put
   * symbols straight on their own background.
   */
  tile?: boolean
}

/** Checks a theme from outside the type system (a database row) before anything is drawn. */
export function themePalette(theme: ThemeId) {
  if (!isThemeId(theme)) throw new Error(`unknown theme: ${String(theme)}`)
  return THEME_PALETTES[theme]
}

/**
 * A reel symbol as a square standalone SVG: the icon drawn in the theme's colours on a rounded
 * tile with a soft glow. The same input gives the same string, so the result can be cached forever.
 */
export function symbolSvg(icon: IconId, theme: ThemeId, options: SymbolOptions = {}): string {
  if (!isIconId(icon)) throw new Error(`unknown icon: ${String(icon)}`)
  const pal = themePalette(theme)
  const size = options.size ?? 128
  if (!(size > 0 && size <= 4096)) throw new Error(`symbol size out of range: ${size}`)
  const tile = options.tile ?? true
  const defs = new Defs(idPrefix('s', `${icon}|${theme}|${tile}`))
  const kit = { pal: symbolPalette(pal), ink: inkOf(pal), defs }
  const body = iconBody(icon, kit)
  let background = ''
  if (tile) {
    const fill = defs.radial(lighten(pal.background[0], 0.12), pal.background[1], 1, 1, 0.5, 0.4)
    background =
      `<rect x="2" y="2" width="96" height="96" rx="20" fill="${fill}" stroke="${pal.primary}" stroke-opacity=".55" stroke-width="2"/>` +
      `<circle cx="50" cy="46" r="38" fill="${defs.radial('#ffffff', '#ffffff', 0.25, 0, 0.5, 0.5, 0.5)}"/>`
  }
  // The drawing is scaled to 88 % so that outlines and sparkles near the edge stay inside the tile.
  return svgDocument(
    size,
    size,
    '0 0 100 100',
    icon.replace(/_/g, ' '),
    `${defs.toString()}${background}<g transform="translate(6 6) scale(.88)">${body}</g>`,
  )
}
