import { darken, lighten } from './color.ts'
import { boldText, circle, gloss, line, path, rect, shine, type Kit } from './shapes.ts'
import { FONT_STACK, num, type Random } from './svg.ts'

/**
 * Drawings for table games, which have no reel symbols: a roulette wheel (also for live roulette)
 * and a blackjack hand with chips. Coordinates are in the preview's user units.
 */

const POCKETS = 37
const RED = '#c8102e'
const BLACK = '#17171d'
const GREEN = '#0f8a3c'

/**
 * A European wheel seen from above. The 37 pockets are three dashed circles (black ring, red dashes
 * on every other pocket, one green dash for zero) instead of 37 wedge paths, which keeps the wheel
 * under a kilobyte; the ball lands in a seeded pocket so each roulette game looks its own.
 */
export function rouletteWheel(kit: Kit, rng: Random, cx: number, cy: number, r: number): string {
  const { pal, ink } = kit
  const ringRadius = r * 0.76
  const ringWidth = r * 0.2
  const pocket = (2 * Math.PI * ringRadius) / POCKETS
  const ring = (stroke: string, width: number, extra: string) =>
    circle(cx, cy, ringRadius, 'none', ` stroke="${stroke}" stroke-width="${num(width)}"${extra}`)
  const spin = Math.round(rng.range(0, 360))
  const ballAngle = ((Math.floor(rng.range(0, POCKETS)) + 0.5) / POCKETS) * Math.PI * 2
  const ballRadius = ringRadius - ringWidth * 0.15
  const spokes = [0, 90, 180, 270]
    .map((angle) => {
      const a = ((angle + 45) * Math.PI) / 180
      return `M${num(cx)} ${num(cy)}L${num(cx + r * 0.42 * Math.cos(a))} ${num(cy + r * 0.42 * Math.sin(a))}`
    })
    .join('')
  const knobs = [0, 90, 180, 270]
    .map((angle) => {
      const a = ((angle + 45) * Math.PI) / 180
      return circle(
        cx + r * 0.42 * Math.cos(a),
        cy + r * 0.42 * Math.sin(a),
        r * 0.06,
        gloss(kit, pal.primary),
      )
    })
    .join('')
  return (
    circle(cx, cy + r * 0.06, r * 1.02, '#000000', ' opacity=".35"') +
    circle(cx, cy, r, gloss(kit, '#8a4b22'), ` stroke="${ink}" stroke-width="3"`) +
    circle(cx, cy, r * 0.9, 'none', ` stroke="${pal.primary}" stroke-width="3"`) +
    `<g transform="rotate(${spin} ${num(cx)} ${num(cy)})">` +
    ring(BLACK, ringWidth, '') +
    ring(
      RED,
      ringWidth,
      ` stroke-dasharray="${num(pocket)} ${num(pocket)}" stroke-dashoffset="${num(-pocket)}"`,
    ) +
    ring(GREEN, ringWidth, ` stroke-dasharray="${num(pocket)} ${num(pocket * POCKETS)}"`) +
    ring(lighten(pal.primary, 0.2), ringWidth, ` stroke-dasharray="1 ${num(pocket - 1)}"`) +
    circle(
      cx + ballRadius * Math.cos(ballAngle),
      cy + ballRadius * Math.sin(ballAngle),
      r * 0.06,
      '#ffffff',
      ` stroke="${ink}" stroke-width="1"`,
    ) +
    `</g>` +
    circle(
      cx,
      cy,
      r * 0.64,
      kit.defs.radial('#c27a3e', '#5a2c10', 1, 1, 0.45, 0.4),
      ` stroke="${pal.primary}" stroke-width="2.5"`,
    ) +
    line(spokes, ink, r * 0.09, ' stroke-linecap="round"') +
    line(spokes, pal.primary, r * 0.05, ' stroke-linecap="round"') +
    knobs +
    circle(cx, cy, r * 0.12, gloss(kit, pal.primary), ` stroke="${ink}" stroke-width="2"`) +
    shine(cx - r * 0.45, cy - r * 0.55, r * 0.12, r * 0.05, -40)
  )
}

const SPADE = 'M0 -10C4 -5 10 -2 10 3C10 7 6 9 2 7L4 11H-4L-2 7C-6 9 -10 7 -10 3C-10 -2 -4 -5 0 -10Z'
const HEART =
  'M0 9C-6 4 -10 0 -10 -4C-10 -8 -6 -10 -3 -9C-1 -8 0 -6 0 -5C0 -6 1 -8 3 -9C6 -10 10 -8 10 -4C10 0 6 4 0 9Z'

/** A playing card (72 × 100 before scaling) with its rank in the corners and a big suit. */
function card(
  kit: Kit,
  x: number,
  y: number,
  rotate: number,
  rank: string,
  suit: string,
  color: string,
): string {
  const corner = `<text x="9" y="24" font-family="${FONT_STACK}" font-size="20" font-weight="800" fill="${color}">${rank}</text>`
  return (
    `<g transform="translate(${num(x)} ${num(y)}) rotate(${num(rotate)}) scale(1.2) translate(-36 -50)">` +
    rect(0, 0, 72, 100, 8, '#ffffff', ` stroke="${kit.ink}" stroke-width="2.5"`) +
    rect(5, 5, 62, 90, 5, 'none', ` stroke="${color}" stroke-opacity=".25" stroke-width="1.5"`) +
    corner +
    path(suit, color, ' transform="translate(15 36) scale(.55)"') +
    path(suit, color, ' transform="translate(36 60) scale(1.9)"') +
    `</g>`
  )
}

/** A casino chip seen from above, with the dashed edge inlay chips are known by. */
export function chip(kit: Kit, cx: number, cy: number, r: number, color: string): string {
  return (
    circle(cx, cy + 3, r, darken(color, 0.45), ` stroke="${kit.ink}" stroke-width="2"`) +
    circle(cx, cy, r, gloss(kit, color), ` stroke="${kit.ink}" stroke-width="2"`) +
    circle(
      cx,
      cy,
      r * 0.8,
      'none',
      ` stroke="#ffffff" stroke-width="${num(r * 0.25)}" stroke-dasharray="${num(r * 0.42)} ${num(r * 0.42)}"`,
    ) +
    circle(cx, cy, r * 0.55, lighten(color, 0.25), ` stroke="${darken(color, 0.3)}" stroke-width="1.5"`)
  )
}

/** Blackjack: an ace and a king (a natural blackjack) fanned over two stacks of chips. */
export function blackjackHand(kit: Kit, rng: Random, cx: number, cy: number): string {
  const { pal } = kit
  const tilt = rng.range(-4, 4)
  return (
    chip(kit, cx - 120, cy + 40, 24, pal.secondary) +
    chip(kit, cx - 104, cy + 14, 24, pal.accent) +
    chip(kit, cx + 118, cy + 36, 24, pal.primary) +
    card(kit, cx - 30, cy, -12 + tilt, 'A', SPADE, BLACK) +
    card(kit, cx + 32, cy + 6, 10 + tilt, 'K', HEART, RED)
  )
}

/** The red LIVE badge of live-dealer games, with the "on air" dot. */
export function liveBadge(x: number, y: number): string {
  return (
    rect(x, y, 74, 28, 14, '#d3121f', ' stroke="#ffffff" stroke-width="2"') +
    circle(x + 16, y + 14, 5, '#ffffff') +
    boldText(x + 44, y + 20, 15, 'LIVE', '#ffffff', '#d3121f', 0)
  )
}
