import type { SlotConfig, SlotWin } from '@aurum/games-math/slots/types'
import { h, reducedMotion, sleep, svg } from '../common/dom.ts'
import { linePoints } from './round.ts'

/** Picture of a symbol id, served by the game server from @aurum/game-art. */
export function symbolUrl(config: SlotConfig, symbol: string): string {
  const icon = config.symbols[symbol]?.icon ?? symbol
  return `/art/symbols/${config.theme}/${icon}.svg`
}

const mod = (n: number, m: number) => ((n % m) + m) % m

/**
 * The five reels. A spin runs in two phases: a blurred loop of the reel's own strip while the
 * server answers, then each reel lands, left to right, on the window the server decided
 * (the strip symbols just above it scroll in first, as on a real reel).
 */
export class Reels {
  readonly element: HTMLElement
  private reels: HTMLElement[] = []
  private strips: HTMLElement[] = []
  private cells: HTMLElement[][] = []
  private loops: Array<Animation | undefined> = []
  private landings: Animation[] = []
  private lines: SVGSVGElement
  private grid: string[][]
  private hurried = false

  constructor(private config: SlotConfig) {
    const rows = config.rows
    this.lines = svg('svg', {
      class: 'sl-lines',
      viewBox: `0 0 5 ${rows}`,
      preserveAspectRatio: 'none',
      'aria-hidden': 'true',
    })
    this.element = h('div', { class: 'sl-reels', style: `--rows:${rows}`, 'aria-hidden': 'true' })
    // A start window: each reel's strip from a position spread over the strip.
    this.grid = config.reels.map((strip, reel) =>
      Array.from({ length: rows }, (_, row) => strip[mod(reel * 7 + row, strip.length)]!),
    )
    for (let reel = 0; reel < 5; reel++) {
      const strip = h('div', { class: 'sl-strip' })
      const column = h('div', { class: 'sl-reel' }, strip)
      this.reels.push(column)
      this.strips.push(strip)
      this.element.append(column)
      this.show(reel, this.grid[reel]!)
    }
    this.element.append(this.lines)
  }

  private cell(symbol: string): HTMLElement {
    return h(
      'div',
      { class: 'sl-cell', 'data-symbol': symbol },
      h('img', { src: symbolUrl(this.config, symbol), alt: '', draggable: 'false', decoding: 'async' }),
    )
  }

  /** A reel at rest showing `window` (rows symbols). */
  private show(reel: number, window: string[]): void {
    const cells = window.map((s) => this.cell(s))
    this.cells[reel] = cells
    this.strips[reel]!.replaceChildren(...cells)
    this.strips[reel]!.style.setProperty('--len', String(window.length))
    this.strips[reel]!.style.transform = 'translateY(0)'
  }

  /** Phase one: every reel loops its strip, blurred, until land() (not with reduced motion). */
  startSpin(): void {
    this.clearWins()
    this.hurried = false
    if (reducedMotion()) {
      this.element.classList.add('sl-spinning-still')
      return
    }
    const rows = this.config.rows
    for (let reel = 0; reel < 5; reel++) {
      const strip = this.config.reels[reel]!
      const start = Math.floor(Math.random() * strip.length)
      const loop = Array.from({ length: 14 }, (_, i) => strip[mod(start + i, strip.length)]!)
      // The first rows repeat at the end, so the loop's last frame equals its first.
      const symbols = [...loop, ...loop.slice(0, rows)]
      const element = this.strips[reel]!
      element.replaceChildren(...symbols.map((s) => this.cell(s)))
      element.style.setProperty('--len', String(symbols.length))
      this.reels[reel]!.classList.add('sl-blur')
      const from = `translateY(-${(loop.length / symbols.length) * 100}%)`
      this.loops[reel] = element.animate([{ transform: from }, { transform: 'translateY(0)' }], {
        duration: loop.length * 55,
        iterations: Infinity,
        delay: reel * 60,
      })
    }
  }

  /**
   * Phase two: the reels stop one by one on the server's grid. `anticipate` gives the reels
   * after the given index a longer run (two scatters are showing). Resolves when all have landed.
   */
  async land(
    grid: string[][],
    stops: number[],
    options: { quick?: boolean; anticipateFrom?: number; onStop?: (reel: number) => void } = {},
  ): Promise<void> {
    this.grid = grid
    const rows = this.config.rows
    if (reducedMotion() || this.hurried) {
      for (let reel = 0; reel < 5; reel++) {
        this.loops[reel]?.cancel()
        this.reels[reel]!.classList.remove('sl-blur')
        this.show(reel, grid[reel]!)
      }
      this.element.classList.remove('sl-spinning-still')
      options.onStop?.(4)
      return
    }
    const gap = options.quick ? 90 : 170
    const landings: Array<Promise<void>> = []
    for (let reel = 0; reel < 5; reel++) {
      const anticipating = options.anticipateFrom !== undefined && reel >= options.anticipateFrom
      if (reel > 0) await this.wait(anticipating ? gap * 4 : gap)
      const strip = this.config.reels[reel]!
      const fillers = options.quick ? 6 : 9
      // Below the window on the strip come stop+rows, stop+rows+1…: they scroll past first.
      const stop = stops[reel] ?? 0
      const above = Array.from({ length: fillers }, (_, i) => strip[mod(stop + rows + i, strip.length)]!)
      const symbols = [...grid[reel]!, ...above]
      const element = this.strips[reel]!
      this.loops[reel]?.cancel()
      const cells = symbols.map((s) => this.cell(s))
      element.replaceChildren(...cells)
      element.style.setProperty('--len', String(symbols.length))
      this.cells[reel] = cells.slice(0, rows)
      if (anticipating) this.reels[reel]!.classList.add('sl-anticipate')
      const animation = element.animate(
        [
          { transform: `translateY(-${(fillers / symbols.length) * 100}%)`, filter: 'blur(2px)' },
          { transform: 'translateY(0)', filter: 'blur(0)' },
        ],
        {
          duration: (anticipating ? 2.2 : 1) * (options.quick ? 320 : 460),
          easing: 'cubic-bezier(.2,.75,.35,1.12)',
        },
      )
      this.landings.push(animation)
      if (this.hurried) animation.finish()
      this.reels[reel]!.classList.remove('sl-blur')
      landings.push(
        animation.finished
          .catch(() => undefined)
          .then(() => {
            this.reels[reel]!.classList.remove('sl-anticipate')
            this.show(reel, grid[reel]!)
            options.onStop?.(reel)
          }),
      )
    }
    await Promise.all(landings)
    this.landings = []
  }

  private async wait(ms: number): Promise<void> {
    if (this.hurried) return
    await sleep(ms)
  }

  /** Skips the rest of the spin: reels still turning land at once. */
  hurry(): void {
    this.hurried = true
    for (const animation of this.landings) animation.finish()
  }

  /** Marks winning positions; with `only`, just that win (the others dimmed) and its line. */
  showWins(wins: SlotWin[], only?: SlotWin): void {
    this.clearWins()
    const shown = only ? [only] : wins
    if (shown.length === 0) return
    this.element.classList.add('sl-has-win')
    for (const win of shown) {
      for (const [reel, row] of win.positions) this.cells[reel]?.[row]?.classList.add('sl-hit')
    }
    const lines = this.config.mode.kind === 'lines' ? this.config.mode.lines : []
    for (const win of shown) {
      if (win.kind !== 'line' || win.line === undefined) continue
      const line = lines[win.line]
      if (!line) continue
      const points = linePoints(line)
        .map(([x, y]) => `${x},${y}`)
        .join(' ')
      this.lines.append(
        svg('polyline', {
          points,
          class: 'sl-line',
          'vector-effect': 'non-scaling-stroke',
          style: `--hue:${(win.line * 47) % 360}`,
        }),
      )
    }
  }

  clearWins(): void {
    this.element.classList.remove('sl-has-win')
    for (const column of this.cells) for (const cell of column) cell.classList.remove('sl-hit')
    this.lines.replaceChildren()
  }

  /** The window at rest, as text for screen readers. */
  get current(): string[][] {
    return this.grid
  }
}
