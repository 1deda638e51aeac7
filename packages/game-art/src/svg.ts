/**
 * Small helpers for building SVG as strings: escaping, compact numbers, a seeded random generator
 * and per-drawing gradient definitions. Everything here is deterministic so that the same input
 * always gives byte-identical output (cacheable, and stable in tests and snapshots).
 */

/** The generic font stack for all text: no web fonts, so the SVG needs nothing from outside. */
export const FONT_STACK = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif'

/** Text and attribute values escaped for XML; quotes too, because the same helper fills attributes. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** A number with at most one decimal: keeps computed coordinates short, the size limits are tight. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10
  return String(rounded === 0 ? 0 : rounded)
}

/** FNV-1a, 32 bits: a stable hash of a string for seeds and for unique gradient ids. */
export function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** Seeded pseudo-random numbers (mulberry32): the same game identifier always gives the same tile. */
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** The next number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next()
  }

  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1))
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!
  }
}

/**
 * Gradient definitions collected while a drawing is built. Ids carry a prefix derived from the
 * drawing's input, because several SVGs inlined in one HTML page share one id space: a plain `g0`
 * in two tiles would make the second tile use the first one's colours.
 */
export class Defs {
  private readonly items: string[] = []
  private readonly known = new Map<string, string>()

  constructor(private readonly prefix: string) {}

  /** A vertical shading of `hex` (light top, darker bottom) as a `url(#…)` fill. */
  shade(hex: string, light: string, dark: string): string {
    return this.add(
      `l${hex}${light}${dark}`,
      (id) =>
        `<linearGradient id="${id}" x2=".4" y2="1"><stop offset="0" stop-color="${light}"/><stop offset=".55" stop-color="${hex}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`,
    )
  }

  /** A two-colour linear gradient along the given direction. */
  linear(from: string, to: string, x2 = 0, y2 = 1): string {
    return this.add(
      `v${from}${to}${x2}${y2}`,
      (id) =>
        `<linearGradient id="${id}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    )
  }

  /** A radial gradient from `inner` (with its opacity) to `outer` (with its opacity). */
  radial(
    inner: string,
    outer: string,
    innerOpacity = 1,
    outerOpacity = 1,
    cx = 0.4,
    cy = 0.35,
    r = 0.75,
  ): string {
    return this.add(
      `r${inner}${outer}${innerOpacity}${outerOpacity}${cx}${cy}${r}`,
      (id) =>
        `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"><stop offset="0" stop-color="${inner}"${innerOpacity === 1 ? '' : ` stop-opacity="${innerOpacity}"`}/><stop offset="1" stop-color="${outer}"${outerOpacity === 1 ? '' : ` stop-opacity="${outerOpacity}"`}/></radialGradient>`,
    )
  }

  /** A vertical fade of one colour from transparent (top) to opaque (bottom), under titles. */
  fade(color: string): string {
    return this.add(
      `f${color}`,
      (id) =>
        `<linearGradient id="${id}" x2="0" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="0"/><stop offset=".55" stop-color="${color}" stop-opacity=".85"/><stop offset="1" stop-color="${color}"/></linearGradient>`,
    )
  }

  /** A soft drop shadow filter (`url(#…)` for the `filter` attribute) that lifts symbols off the scene. */
  shadow(): string {
    return this.add(
      'shadow',
      (id) =>
        `<filter id="${id}" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="4" stdDeviation="4" flood-color="#000" flood-opacity=".5"/></filter>`,
    )
  }

  /** The collected definitions as one `<defs>` element (empty string when there are none). */
  toString(): string {
    return this.items.length ? `<defs>${this.items.join('')}</defs>` : ''
  }

  private add(key: string, build: (id: string) => string): string {
    let id = this.known.get(key)
    if (!id) {
      id = `${this.prefix}${this.items.length.toString(36)}`
      this.known.set(key, id)
      this.items.push(build(id))
    }
    return `url(#${id})`
  }
}

/** The standalone SVG root every function of this package returns. */
export function svgDocument(
  width: number,
  height: number,
  viewBox: string,
  label: string,
  body: string,
): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="${viewBox}" role="img" aria-label="${escapeXml(label)}">${body}</svg>`
}

/** An id prefix for a drawing: a letter (ids must not start with a digit) and the input's hash. */
export function idPrefix(kind: string, input: string): string {
  return `${kind}${hash(input).toString(36)}`
}
