import { darken, lighten } from './color.ts'
import type { Palette } from './palettes.ts'
import { FONT_STACK, num, type Defs } from './svg.ts'

/**
 * Shape helpers shared by the icons and the preview motifs. They return SVG element strings in a
 * compact form because every byte counts towards the size limits of a tile (12 KB) and a symbol (6 KB).
 */

/** What a drawing needs from its context: the palette, the outline colour and a gradient registry. */
export interface Kit {
  pal: Palette
  /** Outline colour (every icon has a cartoon outline of this colour). */
  ink: string
  defs: Defs
}

/** A glossy vertical gradient of a colour, light at the top and deeper at the bottom. */
export function gloss(kit: Kit, hex: string): string {
  return kit.defs.shade(hex, lighten(hex, 0.4), darken(hex, 0.22))
}

export const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${fill}"${extra}/>`

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="${fill}"${extra}/>`

export const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra}/>`

export const rect = (
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  fill: string,
  extra = '',
): string =>
  `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"${r ? ` rx="${num(r)}"` : ''} fill="${fill}"${extra}/>`

export const polygon = (points: string, fill: string, extra = ''): string =>
  `<polygon points="${points}" fill="${fill}"${extra}/>`

/** An open stroked path (lines, curves) in one colour. */
export const line = (d: string, color: string, width: number, extra = ''): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${num(width)}"${extra}/>`

/**
 * A thick stroke with an outline and a gloss line: the path is drawn three times (outline, colour,
 * highlight). Letters, anchors and snowflakes are drawn this way, which keeps them a few hundred
 * bytes while looking like filled, outlined shapes.
 */
export function outlined(kit: Kit, d: string, color: string, width: number): string {
  return (
    line(d, kit.ink, width + 6) +
    line(d, color, width) +
    line(d, '#fff', Math.max(1.5, width / 4), ' stroke-opacity=".45" transform="translate(-1 -1.2)"')
  )
}

/** A white highlight (the glossy reflection on round things). */
export const shine = (cx: number, cy: number, rx: number, ry: number, rotate = 0): string =>
  `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="#fff" opacity=".5" stroke="none"${rotate ? ` transform="rotate(${num(rotate)} ${num(cx)} ${num(cy)})"` : ''}/>`

/** The outline of a four-pointed twinkle as path data, so that many can share one `<path>`. */
export function sparkleData(x: number, y: number, size: number): string {
  // Relative curves through the centre: a quarter of the bytes of absolute coordinates.
  const s = num(size)
  return `M${num(x)} ${num(y - size)}q0 ${s} ${s} ${s}q-${s} 0 -${s} ${s}q0 -${s} -${s} -${s}q${s} 0 ${s} -${s}Z`
}

export const sparkle = (x: number, y: number, size: number, fill = '#fff', extra = ''): string =>
  `<path d="${sparkleData(x, y, size)}" fill="${fill}" stroke="none"${extra}/>`

/** The points of a regular star (or a burst when `points` is large and the radii are close). */
export function starPoints(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  points: number,
  rotation = -90,
): string {
  const out: string[] = []
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 ? inner : outer
    const angle = ((rotation + (i * 180) / points) * Math.PI) / 180
    out.push(`${num(cx + r * Math.cos(angle))},${num(cy + r * Math.sin(angle))}`)
  }
  return out.join(' ')
}

/** Bold text with an outline painted under the letters (paint-order), for badges and titles. */
export function boldText(
  x: number,
  y: number,
  size: number,
  content: string,
  fill: string,
  outline: string,
  outlineWidth: number,
  extra = '',
): string {
  return `<text x="${num(x)}" y="${num(y)}" font-family="${FONT_STACK}" font-size="${num(size)}" font-weight="900" text-anchor="middle" fill="${fill}" stroke="${outline}" stroke-width="${num(outlineWidth)}" stroke-linejoin="round" paint-order="stroke"${extra}>${content}</text>`
}
