import { darken, lighten, mix } from './color.ts'
import type { Palette } from './palettes.ts'
import { circle, ellipse, line, path, polygon, rect, sparkleData } from './shapes.ts'
import { num, type Defs, type Random } from './svg.ts'
import type { ThemeId } from './vocabulary.ts'

/**
 * Background motifs of the preview tiles, one per theme. Placement comes from the game's seeded
 * random generator, so a game always gets the same scene and two games of one theme get different
 * ones. Motifs sit behind the featured symbols and the title, so they stay muted (translucent or
 * close to the background colours) and leave the middle for the symbols.
 */

export interface Scene {
  rng: Random
  /** Width of the drawing in user units (always 400). */
  w: number
  /** Height in user units (300 for the default 4:3 tile). */
  h: number
  pal: Palette
  defs: Defs
}

type Motif = (scene: Scene) => string

/** Many round dots of one size and colour as one path (a zero-length segment with round caps is a dot). */
function dots(
  scene: Scene,
  count: number,
  size: number,
  color: string,
  opacity: number,
  yMax = scene.h,
): string {
  let d = ''
  for (let i = 0; i < count; i++) {
    d += `M${num(scene.rng.range(4, scene.w - 4))} ${num(scene.rng.range(4, yMax))}h0`
  }
  return line(d, color, size, ` stroke-linecap="round" stroke-opacity="${opacity}"`)
}

/** Scattered four-pointed twinkles, all in one path. */
function twinkles(
  scene: Scene,
  count: number,
  min: number,
  max: number,
  color: string,
  opacity: number,
  yMax = scene.h * 0.7,
): string {
  let d = ''
  for (let i = 0; i < count; i++) {
    d += sparkleData(scene.rng.range(10, scene.w - 10), scene.rng.range(8, yMax), scene.rng.range(min, max))
  }
  return path(d, color, ` opacity="${opacity}"`)
}

/** A starry sky: two sizes of dots and a few twinkles. */
function starfield(scene: Scene, count: number, color = '#ffffff', yMax = scene.h * 0.7): string {
  return (
    dots(scene, count, 1.6, color, 0.7, yMax) +
    dots(scene, Math.ceil(count / 3), 3, color, 0.85, yMax) +
    twinkles(scene, 3, 4, 7, color, 0.8, yMax)
  )
}

/** Rays from a point, as one path of thin wedges. */
function sunburst(
  scene: Scene,
  cx: number,
  cy: number,
  rays: number,
  color: string,
  opacity: number,
): string {
  const reach = Math.hypot(scene.w, scene.h)
  const turn = scene.rng.range(0, Math.PI)
  let d = ''
  for (let i = 0; i < rays; i++) {
    const a = turn + (i / rays) * Math.PI * 2
    const b = a + Math.PI / rays
    d += `M${num(cx)} ${num(cy)}L${num(cx + reach * Math.cos(a))} ${num(cy + reach * Math.sin(a))}L${num(cx + reach * Math.cos(b))} ${num(cy + reach * Math.sin(b))}Z`
  }
  return path(d, color, ` opacity="${opacity}"`)
}

/** A ridge of peaks across the width (mountains, dunes with `smooth`), closed down to the bottom. */
function ridge(
  scene: Scene,
  base: number,
  height: number,
  peaks: number,
  color: string,
  smooth = false,
  extra = '',
): string {
  const { w, h, rng } = scene
  const step = w / peaks
  let d = `M0 ${num(h)}V${num(base - rng.range(0, height * 0.4))}`
  for (let i = 0; i < peaks; i++) {
    const x = step * i + rng.range(0.3, 0.7) * step
    const y = base - rng.range(height * 0.5, height)
    const end = step * (i + 1)
    const endY = base - rng.range(0, height * 0.35)
    d += smooth
      ? `Q${num(x)} ${num(y)} ${num(end)} ${num(endY)}`
      : `L${num(x)} ${num(y)}L${num(end)} ${num(endY)}`
  }
  return path(`${d}V${num(h)}Z`, color, extra)
}

/** Horizontal waves across the width, closed down to the bottom. */
function waves(
  scene: Scene,
  y: number,
  amplitude: number,
  length: number,
  color: string,
  extra = '',
): string {
  const phase = scene.rng.range(0, length)
  let d = `M${num(-phase)} ${num(y)}`
  for (let x = -phase; x < scene.w + length; x += length) {
    d += `q${num(length / 4)} ${num(-amplitude)} ${num(length / 2)} 0t${num(length / 2)} 0`
  }
  return path(`${d}V${num(scene.h)}H${num(-phase)}Z`, color, extra)
}

/** A glowing disc (sun, moon) with a soft halo. */
function glowDisc(scene: Scene, cx: number, cy: number, r: number, color: string): string {
  const halo = scene.defs.radial(color, color, 0.55, 0, 0.5, 0.5, 0.5)
  return circle(cx, cy, r * 2.2, halo) + circle(cx, cy, r, scene.defs.linear(lighten(color, 0.45), color))
}

/** A soft blob of colour (nebula, light pool, fog). */
function glow(scene: Scene, cx: number, cy: number, r: number, color: string, opacity: number): string {
  return circle(cx, cy, r, scene.defs.radial(color, color, opacity, 0, 0.5, 0.5, 0.5))
}

function pyramid(x: number, base: number, size: number, pal: Palette): string {
  const top = base - size * 0.75
  return (
    path(
      `M${num(x)} ${num(top)}L${num(x + size / 2)} ${num(base)}H${num(x - size / 2)}Z`,
      mix(pal.primary, pal.background[1], 0.35),
    ) +
    path(
      `M${num(x)} ${num(top)}L${num(x + size / 2)} ${num(base)}H${num(x + size * 0.08)}Z`,
      mix(pal.primary, pal.background[1], 0.6),
    )
  )
}

function palm(x: number, base: number, size: number, color: string): string {
  const top = base - size
  const fronds = [-70, -35, 0, 35, 70, 110, -110]
    .map((angle) => {
      const rad = (angle * Math.PI) / 180
      const ex = x + size * 0.5 * Math.sin(rad)
      const ey = top + size * 0.28 * (1 - Math.cos(rad)) - size * 0.05
      return `M${num(x)} ${num(top)}Q${num((x + ex) / 2)} ${num(top - size * 0.18)} ${num(ex)} ${num(ey)}`
    })
    .join('')
  return (
    line(
      `M${num(x - size * 0.05)} ${num(base)}Q${num(x - size * 0.12)} ${num(base - size * 0.5)} ${num(x)} ${num(top)}`,
      color,
      size * 0.07,
    ) + line(fronds, color, size * 0.06, ' stroke-linecap="round"')
  )
}

function cactus(x: number, base: number, size: number, color: string): string {
  const s = size / 10
  const d = `M${num(x)} ${num(base)}V${num(base - 9 * s)}M${num(x)} ${num(base - 4 * s)}H${num(x - 2.5 * s)}V${num(base - 6.5 * s)}M${num(x)} ${num(base - 5.5 * s)}H${num(x + 2.5 * s)}V${num(base - 8 * s)}`
  return line(d, color, 2.2 * s, ' stroke-linecap="round" stroke-linejoin="round"')
}

function cloud(x: number, y: number, size: number, color: string, opacity: number): string {
  const s = size / 10
  return `<g fill="${color}" opacity="${opacity}">${ellipse(x, y, 9 * s, 3.5 * s, color)}${circle(x - 3 * s, y - 2 * s, 3.8 * s, color)}${circle(x + 2.5 * s, y - 3 * s, 4.8 * s, color)}</g>`
}

function leaf(x: number, y: number, length: number, angle: number, color: string, vein: string): string {
  const l = length
  return `<g transform="translate(${num(x)} ${num(y)}) rotate(${num(angle)})">${path(`M0 0Q${num(l * 0.5)} ${num(-l * 0.32)} ${num(l)} 0Q${num(l * 0.5)} ${num(l * 0.32)} 0 0Z`, color)}${line(`M0 0L${num(l * 0.9)} 0`, vein, 1.5)}</g>`
}

function clover(x: number, y: number, r: number, color: string, opacity: number): string {
  const dot = (dx: number, dy: number) => `M${num(x + dx)} ${num(y + dy)}h0`
  return line(
    dot(-r, -r) + dot(r, -r) + dot(-r, r) + dot(r, r),
    color,
    r * 2.1,
    ` stroke-linecap="round" opacity="${opacity}"`,
  )
}

function bat(x: number, y: number, size: number, color: string): string {
  const s = size / 10
  return path(
    `M${num(x)} ${num(y)}q${num(-2 * s)} ${num(-3 * s)} ${num(-6 * s)} ${num(-3 * s)}q${num(s)} ${num(2 * s)} 0 ${num(4 * s)}q${num(2 * s)} ${num(-s)} ${num(3 * s)} ${num(s)}q${num(s)} ${num(-1.5 * s)} ${num(3 * s)} 0q${num(2 * s)} ${num(-1.5 * s)} ${num(3 * s)} 0q${num(s)} ${num(-2 * s)} ${num(3 * s)} ${num(-s)}q${num(-s)} ${num(-2 * s)} 0 ${num(-4 * s)}q${num(-4 * s)} 0 ${num(-6 * s)} ${num(3 * s)}Z`,
    color,
  )
}

function acacia(x: number, base: number, size: number, color: string): string {
  const top = base - size
  return (
    line(
      `M${num(x)} ${num(base)}L${num(x + size * 0.05)} ${num(top + size * 0.2)}M${num(x + size * 0.03)} ${num(top + size * 0.5)}L${num(x - size * 0.25)} ${num(top + size * 0.15)}`,
      color,
      size * 0.06,
    ) +
    ellipse(x, top + size * 0.12, size * 0.55, size * 0.12, color) +
    ellipse(x - size * 0.28, top + size * 0.15, size * 0.28, size * 0.08, color)
  )
}

function tree(x: number, base: number, size: number, color: string): string {
  const s = size / 10
  return (
    rect(x - 0.6 * s, base - 4 * s, 1.2 * s, 4 * s, 0, color) +
    circle(x, base - 6 * s, 3 * s, color) +
    circle(x - 2.2 * s, base - 4.5 * s, 2.4 * s, color) +
    circle(x + 2.2 * s, base - 4.5 * s, 2.4 * s, color) +
    circle(x, base - 8.5 * s, 2.2 * s, color)
  )
}

function lollipop(x: number, y: number, r: number, pal: Palette): string {
  return (
    line(`M${num(x)} ${num(y)}V${num(y + r * 3)}`, '#ffffff', r * 0.25, ' stroke-linecap="round"') +
    circle(x, y, r, pal.primary) +
    path(
      `M${num(x)} ${num(y)}m${num(-r * 0.7)} 0a${num(r * 0.7)} ${num(r * 0.7)} 0 0 1 ${num(r * 1.4)} 0a${num(r * 0.5)} ${num(r * 0.5)} 0 0 1 ${num(-r)} 0a${num(r * 0.3)} ${num(r * 0.3)} 0 0 1 ${num(r * 0.6)} 0`,
      'none',
      ` stroke="#ffffff" stroke-width="${num(r * 0.22)}"`,
    )
  )
}

function shard(x: number, base: number, size: number, color: string, tilt: number): string {
  const s = size / 10
  return (
    polygon(
      `${num(x - 2 * s)},${num(base)} ${num(x - 2.2 * s + tilt)},${num(base - 7 * s)} ${num(x + tilt)},${num(base - 10 * s)} ${num(x + 2.2 * s + tilt)},${num(base - 7 * s)} ${num(x + 2 * s)},${num(base)}`,
      color,
      ` stroke="${lighten(color, 0.5)}" stroke-width="1.5" opacity=".5"`,
    ) +
    line(
      `M${num(x + tilt)} ${num(base - 10 * s)}L${num(x + 0.3 * s)} ${num(base)}`,
      lighten(color, 0.5),
      1.5,
      ' opacity=".5"',
    )
  )
}

const motifs: Record<ThemeId, Motif> = {
  egypt: (sc) => {
    const { rng, w, h, pal } = sc
    let out = starfield(sc, 18, '#fff4d6', h * 0.45)
    out += glowDisc(
      sc,
      rng.range(60, w - 60),
      rng.range(50, 80),
      rng.range(24, 32),
      lighten(pal.primary, 0.2),
    )
    out += ridge(sc, h * 0.72, 40, 3, mix(pal.background[1], pal.primary, 0.25), true)
    const count = rng.int(2, 3)
    for (let i = 0; i < count; i++) {
      out += pyramid(((i + rng.range(0.25, 0.75)) * w) / count, h * 0.74, rng.range(80, 140), pal)
    }
    out += ridge(sc, h * 0.84, 24, 2, mix(pal.background[1], pal.primary, 0.15), true)
    return out
  },

  fruits: (sc) => {
    const { rng, w, h, pal } = sc
    let out = sunburst(sc, w / 2, h * 0.4, 16, '#ffffff', 0.08)
    for (const color of [pal.primary, pal.secondary, pal.accent]) {
      out += dots(sc, 6, rng.range(8, 14), color, 0.35)
    }
    return out + dots(sc, 14, 3, '#ffffff', 0.5)
  },

  ocean: (sc) => {
    const { rng, w, h, pal } = sc
    let out = ''
    for (let i = 0; i < 4; i++) {
      const x = rng.range(0, w)
      out += polygon(
        `${num(x)},0 ${num(x + 40)},0 ${num(x - 30 + rng.range(-60, 60))},${num(h)} ${num(x - 90 + rng.range(-60, 60))},${num(h)}`,
        '#ffffff',
        ' opacity=".06"',
      )
    }
    for (let i = 0; i < 4; i++) {
      const x = rng.range(10, w - 10)
      out += line(
        `M${num(x)} ${num(h)}q-12 -20 0 -40t0 -40`,
        mix(pal.secondary, '#1f9e6e', 0.6),
        6,
        ' stroke-linecap="round" opacity=".55"',
      )
    }
    out += waves(sc, h * 0.78, 10, 70, mix(pal.background[1], pal.primary, 0.22))
    let bubbles = ''
    for (let i = 0; i < 12; i++) {
      bubbles += circle(rng.range(8, w - 8), rng.range(10, h * 0.8), rng.range(3, 9), 'none')
    }
    return out + `<g stroke="#ffffff" stroke-opacity=".45" stroke-width="1.5">${bubbles}</g>`
  },

  space: (sc) => {
    const { rng, w, h, pal } = sc
    let out = glow(sc, rng.range(40, w - 40), rng.range(40, h - 80), rng.range(110, 150), pal.primary, 0.45)
    out += glow(sc, rng.range(40, w - 40), rng.range(40, h - 80), rng.range(90, 130), pal.accent, 0.35)
    out += starfield(sc, 45, '#ffffff', h)
    const px = rng.pick([rng.range(30, 70), rng.range(w - 70, w - 30)])
    const py = rng.range(40, 90)
    const pr = rng.range(18, 26)
    out += circle(px, py, pr, sc.defs.linear(lighten(pal.secondary, 0.3), darken(pal.secondary, 0.4)))
    out += ellipse(
      px,
      py,
      pr * 1.8,
      pr * 0.45,
      'none',
      ` stroke="${lighten(pal.primary, 0.3)}" stroke-width="3" transform="rotate(-20 ${num(px)} ${num(py)})"`,
    )
    const sx = rng.range(40, w - 140)
    return (
      out +
      line(
        `M${num(sx)} ${num(rng.range(20, 60))}l90 30`,
        '#ffffff',
        2,
        ' stroke-opacity=".6" stroke-linecap="round"',
      )
    )
  },

  dragons: (sc) => {
    const { w, h, pal } = sc
    let out = glow(sc, w / 2, h, w * 0.6, pal.primary, 0.55)
    out += ridge(sc, h * 0.7, 90, 4, darken(pal.background[1], 0.2))
    out += dots(sc, 16, 3, pal.accent, 0.8) + dots(sc, 10, 5, pal.primary, 0.6)
    return out
  },

  vikings: (sc) => {
    const { rng, w, h, pal } = sc
    let out = starfield(sc, 20, '#ffffff', h * 0.5)
    for (const color of [pal.secondary, '#5eead4']) {
      const y = rng.range(40, 90)
      out += path(
        `M0 ${num(y)}Q${num(w * 0.3)} ${num(y - 50)} ${num(w * 0.55)} ${num(y)}T${num(w)} ${num(y - 10)}V${num(y + 25)}Q${num(w * 0.55)} ${num(y + 5)} ${num(w * 0.3)} ${num(y + 30)}T0 ${num(y + 30)}Z`,
        color,
        ' opacity=".22"',
      )
    }
    out += ridge(sc, h * 0.68, 100, 4, mix(pal.background[1], pal.secondary, 0.35))
    out += ridge(sc, h * 0.8, 50, 5, mix(pal.background[1], '#000000', 0.2))
    return out + waves(sc, h * 0.86, 5, 50, darken(pal.background[1], 0.3))
  },

  jungle: (sc) => {
    const { rng, w, h, pal } = sc
    let out = ''
    for (let i = 0; i < 4; i++) {
      const x = rng.range(10, w - 10)
      out += line(
        `M${num(x)} 0q10 ${num(h * 0.15)} 0 ${num(h * 0.3)}t0 ${num(rng.range(20, h * 0.3))}`,
        mix(pal.background[0], pal.primary, 0.3),
        3,
        ' opacity=".8"',
      )
    }
    const greens = [
      mix(pal.background[0], pal.primary, 0.25),
      mix(pal.background[1], pal.primary, 0.3),
      darken(pal.background[0], 0.25),
    ]
    for (let i = 0; i < 10; i++) {
      const left = i % 2 === 0
      const x = left ? rng.range(-10, 20) : rng.range(w - 20, w + 10)
      const angle = left ? rng.range(-60, 40) : rng.range(140, 240)
      out += leaf(
        x,
        rng.range(0, h),
        rng.range(70, 120),
        angle,
        rng.pick(greens),
        darken(pal.background[1], 0.2),
      )
    }
    return out + dots(sc, 14, 4, '#f4ff9e', 0.8)
  },

  candy: (sc) => {
    const { rng, w, pal } = sc
    let out = dots(sc, 16, 14, '#ffffff', 0.45) + dots(sc, 10, 8, pal.accent, 0.3)
    out += lollipop(rng.range(26, 50), rng.range(50, 110), rng.range(18, 24), pal)
    out += lollipop(rng.range(w - 50, w - 26), rng.range(50, 110), rng.range(18, 24), {
      ...pal,
      primary: pal.secondary,
    })
    let d = `M0 0H${w}V18`
    for (let x = w; x > 0; x -= 40) {
      const drip = rng.range(8, 34)
      d += `Q${num(x - 10)} 18 ${num(x - 10)} ${num(drip)}a6 6 0 0 1 -12 0Q${num(x - 22)} 18 ${num(x - 40)} 18`
    }
    return out + path(`${d}Z`, pal.primary, ' opacity=".9"')
  },

  pirates: (sc) => {
    const { rng, w, h, pal } = sc
    let out = starfield(sc, 24, '#fff8e0', h * 0.55)
    out += glowDisc(sc, rng.range(50, w - 50), rng.range(40, 70), rng.range(16, 22), '#fff1c2')
    const ix = rng.pick([rng.range(40, 90), rng.range(w - 90, w - 40)])
    out += ellipse(ix, h * 0.74, 60, 16, darken(pal.background[1], 0.3))
    out += palm(ix + 6, h * 0.72, 70, darken(pal.background[1], 0.3))
    out += waves(sc, h * 0.74, 8, 60, mix(pal.background[0], '#000000', 0.25))
    return out + waves(sc, h * 0.84, 6, 44, mix(pal.background[1], pal.background[0], 0.4), ' opacity=".9"')
  },

  wild_west: (sc) => {
    const { rng, w, h, pal } = sc
    let out = glowDisc(
      sc,
      rng.range(80, w - 80),
      h * 0.55,
      rng.range(40, 55),
      mix(pal.primary, '#ff9d3a', 0.4),
    )
    const mesa = darken(pal.background[0], 0.35)
    for (let i = 0; i < 2; i++) {
      const x = rng.range(0, w - 120)
      const top = h * rng.range(0.45, 0.58)
      const width = rng.range(90, 150)
      out += path(
        `M${num(x)} ${num(h * 0.75)}L${num(x + 18)} ${num(top)}H${num(x + width - 18)}L${num(x + width)} ${num(h * 0.75)}Z`,
        mesa,
      )
    }
    out += rect(0, h * 0.74, w, h * 0.26, 0, darken(pal.background[1], 0.1))
    out += cactus(rng.range(20, 70), h * 0.78, rng.range(50, 70), darken(pal.background[1], 0.45))
    return (
      out + cactus(rng.range(w - 70, w - 20), h * 0.78, rng.range(40, 60), darken(pal.background[1], 0.45))
    )
  },

  aztec: (sc) => {
    const { rng, w, h, pal } = sc
    const shade = mix(pal.background[1], pal.primary, 0.18)
    let out = glowDisc(sc, rng.range(70, w - 70), rng.range(50, 80), 22, pal.primary)
    const x = rng.range(w * 0.25, w * 0.75)
    for (let step = 0; step < 5; step++) {
      const width = 220 - step * 38
      out += rect(
        x - width / 2,
        h * 0.78 - (step + 1) * 22,
        width,
        22.5,
        0,
        step % 2 ? shade : darken(shade, 0.15),
      )
    }
    let zig = 'M0 12'
    for (let zx = 0; zx < w; zx += 20) zig += `l10 -8l10 8`
    return (
      out +
      line(zig, pal.primary, 3, ' opacity=".5"') +
      line(zig.replace('M0 12', 'M0 20'), pal.secondary, 3, ' opacity=".45"')
    )
  },

  lucky_clover: (sc) => {
    const { rng, w, h, pal } = sc
    const cx = rng.range(w * 0.3, w * 0.7)
    const colors = ['#ff4d4d', '#ff9f1c', '#ffe14d', '#4ade80', '#38bdf8', '#a78bfa']
    let arcs = ''
    colors.forEach((color, i) => {
      const r = 190 - i * 11
      arcs += line(
        `M${num(cx - r)} ${num(h * 0.8)}A${r} ${r} 0 0 1 ${num(cx + r)} ${num(h * 0.8)}`,
        color,
        11,
      )
    })
    let out = `<g opacity=".35">${arcs}</g>`
    for (let i = 0; i < 7; i++) {
      out += clover(rng.range(12, w - 12), rng.range(12, h * 0.75), rng.range(4, 8), pal.secondary, 0.35)
    }
    out += ridge(sc, h * 0.8, 30, 3, darken(pal.background[1], 0.1), true)
    return out + dots(sc, 10, 3, pal.primary, 0.8)
  },

  olympus: (sc) => {
    const { rng, w, h, pal } = sc
    let out = glow(sc, w / 2, h * 0.35, w * 0.5, '#ffffff', 0.25)
    for (let i = 0; i < 4; i++)
      out += cloud(rng.range(20, w - 20), rng.range(30, h * 0.6), rng.range(18, 34), '#ffffff', 0.18)
    for (const x of [rng.range(14, 30), rng.range(w - 30, w - 14)]) {
      out += rect(x - 14, 40, 28, h * 0.6, 0, pal.secondary, ' opacity=".28"')
      out += rect(x - 19, 32, 38, 10, 0, pal.secondary, ' opacity=".35"')
      out += line(
        `M${num(x - 6)} 44V${num(h * 0.7)}M${num(x + 6)} 44V${num(h * 0.7)}`,
        pal.background[1],
        2,
        ' opacity=".3"',
      )
    }
    const bx = rng.range(60, w - 60)
    out += polygon(
      `${num(bx)},10 ${num(bx - 22)},70 ${num(bx - 4)},70 ${num(bx - 16)},120 ${num(bx + 22)},52 ${num(bx + 4)},52 ${num(bx + 16)},10`,
      pal.accent,
      ' opacity=".55"',
    )
    return out + cloud(w / 2, h * 0.8, 80, '#ffffff', 0.22)
  },

  safari: (sc) => {
    const { rng, w, h, pal } = sc
    let out = glowDisc(
      sc,
      rng.range(90, w - 90),
      h * 0.52,
      rng.range(50, 64),
      mix(pal.primary, pal.accent, 0.3),
    )
    let birds = ''
    for (let i = 0; i < 4; i++) {
      const x = rng.range(30, w - 30)
      const y = rng.range(20, 70)
      birds += `M${num(x - 7)} ${num(y - 3)}q4 -2 7 3q3 -5 7 -3`
    }
    out += line(birds, darken(pal.background[1], 0.3), 2, ' stroke-linecap="round"')
    const ground = darken(pal.background[1], 0.35)
    out += ridge(sc, h * 0.76, 14, 4, ground, true)
    out += acacia(rng.range(40, 110), h * 0.76, rng.range(70, 100), ground)
    return out + acacia(rng.range(w - 110, w - 40), h * 0.76, rng.range(50, 80), ground)
  },

  arctic: (sc) => {
    const { rng, w, h, pal } = sc
    let out = ''
    for (const color of [pal.secondary, '#7be0c0']) {
      const y = rng.range(30, 70)
      out += path(
        `M0 ${num(y)}Q${num(w * 0.4)} ${num(y - 40)} ${num(w * 0.6)} ${num(y + 10)}T${num(w)} ${num(y)}V${num(y + 22)}Q${num(w * 0.6)} ${num(y + 30)} ${num(w * 0.4)} ${num(y + 12)}T0 ${num(y + 24)}Z`,
        color,
        ' opacity=".25"',
      )
    }
    out += ridge(
      sc,
      h * 0.72,
      110,
      3,
      '#ffffff',
      false,
      ` stroke="${pal.secondary}" stroke-width="2" opacity=".9"`,
    )
    out += ridge(sc, h * 0.82, 50, 4, mix('#ffffff', pal.secondary, 0.35))
    out += dots(sc, 28, 4, '#ffffff', 0.95) + dots(sc, 12, 3, pal.primary, 0.35)
    return out + twinkles(sc, 3, 5, 7, pal.primary, 0.5)
  },

  samurai: (sc) => {
    const { rng, w, h, pal } = sc
    let out = circle(
      rng.range(90, w - 90),
      rng.range(70, 100),
      rng.range(55, 70),
      pal.primary,
      ' opacity=".85"',
    )
    const fx = rng.range(w * 0.3, w * 0.7)
    out += path(
      `M${num(fx - 170)} ${num(h * 0.8)}L${num(fx - 40)} ${num(h * 0.42)}H${num(fx + 40)}L${num(fx + 170)} ${num(h * 0.8)}Z`,
      mix(pal.background[0], '#000000', 0.3),
    )
    out += path(
      `M${num(fx - 40)} ${num(h * 0.42)}H${num(fx + 40)}L${num(fx + 58)} ${num(h * 0.47)}L${num(fx + 30)} ${num(h * 0.46)}L${num(fx + 12)} ${num(h * 0.5)}L${num(fx - 8)} ${num(h * 0.46)}L${num(fx - 30)} ${num(h * 0.49)}L${num(fx - 58)} ${num(h * 0.47)}Z`,
      pal.secondary,
      ' opacity=".9"',
    )
    const bx = rng.pick([rng.range(8, 30), rng.range(w - 30, w - 8)])
    out += line(`M${num(bx)} 0V${num(h)}M${num(bx + 16)} 0V${num(h)}`, darken(pal.background[1], 0.2), 8)
    out += line(
      `M${num(bx - 5)} ${num(h * 0.3)}h10M${num(bx + 11)} ${num(h * 0.5)}h10M${num(bx - 5)} ${num(h * 0.7)}h10`,
      pal.background[0],
      2,
    )
    let petals = ''
    for (let i = 0; i < 14; i++) {
      const x = rng.range(6, w - 6)
      const y = rng.range(6, h - 6)
      petals += ellipse(
        x,
        y,
        4,
        2.4,
        '#ffc1d9',
        ` transform="rotate(${Math.round(rng.range(0, 180))} ${num(x)} ${num(y)})"`,
      )
    }
    return out + `<g opacity=".8">${petals}</g>`
  },

  classic_sevens: (sc) => {
    const { rng, w, h, pal } = sc
    let out = sunburst(sc, w / 2, h * 0.4, 20, pal.primary, 0.1)
    const phase = rng.int(0, 1)
    // Alternating gold and white bulbs along the edge, like a marquee sign.
    let gold = ''
    let white = ''
    let i = 0
    const step = 22
    const add = (x: number, y: number) => {
      if ((i++ + phase) % 2) white += `M${num(x)} ${num(y)}h0`
      else gold += `M${num(x)} ${num(y)}h0`
    }
    for (let x = 10; x <= w - 10; x += step) add(x, 8)
    for (let y = 8 + step; y < h - 10; y += step) add(w - 8, y)
    for (let x = w - 10; x >= 10; x -= step) add(x, h - 8)
    for (let y = h - 8 - step; y > 10; y -= step) add(8, y)
    out += line(gold, pal.primary, 8, ' stroke-linecap="round"')
    out += line(white, '#fff6d6', 8, ' stroke-linecap="round"')
    return out + glow(sc, w / 2, h * 0.4, 150, pal.secondary, 0.35)
  },

  halloween: (sc) => {
    const { rng, w, h, pal } = sc
    let out = starfield(sc, 14, '#ffffff', h * 0.5)
    const mx = rng.range(60, w - 60)
    out += glowDisc(sc, mx, rng.range(50, 80), rng.range(28, 36), '#fff0c0')
    for (let i = 0; i < 4; i++)
      out += bat(rng.range(20, w - 20), rng.range(20, h * 0.5), rng.range(12, 22), '#120a1c')
    const hill = darken(pal.background[1], 0.4)
    out += ridge(sc, h * 0.78, 30, 3, hill, true)
    let stones = ''
    for (let i = 0; i < 3; i++) {
      const x = rng.range(20, w - 20)
      stones += path(`M${num(x - 9)} ${num(h * 0.8)}V${num(h * 0.72)}a9 9 0 0 1 18 0V${num(h * 0.8)}Z`, hill)
    }
    const tx = rng.pick([rng.range(20, 60), rng.range(w - 60, w - 20)])
    stones += line(
      `M${num(tx)} ${num(h * 0.78)}V${num(h * 0.4)}l-20 -30M${num(tx)} ${num(h * 0.5)}l24 -26l10 4M${num(tx)} ${num(h * 0.6)}l-16 -12`,
      hill,
      5,
      ' stroke-linecap="round"',
    )
    return out + stones + ellipse(w / 2, h * 0.82, w * 0.6, 18, pal.accent, ' opacity=".15"')
  },

  gems: (sc) => {
    const { rng, w, h, pal } = sc
    let out = ''
    // A lattice of diagonal lines (a harlequin pattern) in one short path.
    const cell = 40
    let grid = ''
    for (let x = -h; x < w + h; x += cell) grid += `M${x} 0l${h} ${h}M${x + h} 0l${-h} ${h}`
    out += line(grid, '#ffffff', 1, ' stroke-opacity=".06"')
    out += glow(sc, rng.range(60, w - 60), h * 0.4, 160, pal.secondary, 0.3)
    const colors = [pal.primary, pal.secondary, pal.accent]
    for (let i = 0; i < 4; i++) {
      const left = i < 2
      out += shard(
        left ? rng.range(14, 60) : rng.range(w - 60, w - 14),
        h * rng.range(0.6, 0.72),
        rng.range(50, 90),
        rng.pick(colors),
        rng.range(-10, 10),
      )
    }
    return out + twinkles(sc, 6, 4, 8, '#ffffff', 0.8)
  },

  fairy_forest: (sc) => {
    const { rng, w, h, pal } = sc
    const dark = darken(pal.background[1], 0.35)
    let out = glow(sc, rng.range(80, w - 80), h * 0.3, 140, pal.primary, 0.35)
    for (let i = 0; i < 4; i++) {
      const left = i % 2 === 0
      out += tree(
        left ? rng.range(0, 60) : rng.range(w - 60, w),
        h * 0.85,
        rng.range(120, 200),
        mix(dark, pal.background[0], i < 2 ? 0.35 : 0),
      )
    }
    out += ridge(sc, h * 0.84, 14, 4, dark, true)
    for (let i = 0; i < 7; i++)
      out += glow(sc, rng.range(10, w - 10), rng.range(10, h * 0.8), rng.range(6, 12), pal.accent, 0.9)
    return out + dots(sc, 16, 2.5, pal.accent, 0.9)
  },
}

/** The theme's background scene in a `w` × `h` box. */
export function motif(theme: ThemeId, scene: Scene): string {
  return motifs[theme](scene)
}
