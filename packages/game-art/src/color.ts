/**
 * Colour arithmetic on `#rrggbb` strings: mixing for shading (gradients and outlines are derived
 * from a palette instead of being listed by hand) and WCAG contrast, which the palettes must meet.
 */

type Rgb = readonly [number, number, number]

function parse(hex: string): Rgb {
  const match = /^#([0-9a-f]{6})$/i.exec(hex)
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`)
  const value = parseInt(match[1]!, 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function format([r, g, b]: Rgb): string {
  const channel = (value: number) =>
    Math.round(Math.min(255, Math.max(0, value)))
      .toString(16)
      .padStart(2, '0')
  return `#${channel(r)}${channel(g)}${channel(b)}`
}

/** `a` moved towards `b` by `amount` (0 gives `a`, 1 gives `b`), in sRGB like a designer's blend. */
export function mix(a: string, b: string, amount: number): string {
  const x = parse(a)
  const y = parse(b)
  return format([x[0] + (y[0] - x[0]) * amount, x[1] + (y[1] - x[1]) * amount, x[2] + (y[2] - x[2]) * amount])
}

export const lighten = (hex: string, amount: number): string => mix(hex, '#ffffff', amount)
export const darken = (hex: string, amount: number): string => mix(hex, '#000000', amount)

/** HSL saturation (0 grey … 1 fully saturated). */
export function saturation(hex: string): number {
  const [r, g, b] = parse(hex).map((channel) => channel / 255) as [number, number, number]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const lightness = (max + min) / 2
  return max === min ? 0 : (max - min) / (1 - Math.abs(2 * lightness - 1))
}

/** WCAG 2 relative luminance (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const linear = parse(hex).map((channel) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * linear[0]! + 0.7152 * linear[1]! + 0.0722 * linear[2]!
}

/** WCAG 2 contrast ratio (1 … 21); 4.5 is the minimum for normal-size text. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a)
  const lb = relativeLuminance(b)
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

/** A colour from hue (degrees), saturation and lightness (0 … 1): used to give each studio its own hue. */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation
  const p = 2 * lightness - q
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t
    if (x < 1 / 6) return p + (q - p) * 6 * x
    if (x < 1 / 2) return q
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6
    return p
  }
  return format([channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255])
}
