import { reducedMotion, svg } from '../common/dom.ts'
import { WHEEL_ORDER, colourOf } from './layout.ts'

const STEP = 360 / WHEEL_ORDER.length
const FILL = { red: '#c62828', black: '#1a1a1a', green: '#16834a' } as const

/**
 * The European wheel in SVG. A spin turns the wheel clockwise and the ball the other way; both
 * come to rest with the ball in the pocket the server drew. Nothing is random here but the
 * number of turns and where the wheel stops (the pocket is the server's).
 */
export class Wheel {
  readonly element: SVGSVGElement
  private rotor: SVGGElement
  private ballOrbit: SVGGElement
  private ball: SVGCircleElement
  private wheelAngle = 0
  private ballAngle = 0
  private running: Animation[] = []

  constructor(label: string) {
    this.rotor = svg('g', { class: 'rl-rotor' })
    const pockets = svg('g')
    WHEEL_ORDER.forEach((n, i) => {
      const a0 = ((i - 0.5) * STEP * Math.PI) / 180
      const a1 = ((i + 0.5) * STEP * Math.PI) / 180
      const point = (r: number, a: number) =>
        `${(r * Math.sin(a)).toFixed(2)} ${(-r * Math.cos(a)).toFixed(2)}`
      pockets.append(
        svg('path', {
          d: `M${point(62, a0)} L${point(90, a0)} A90 90 0 0 1 ${point(90, a1)} L${point(62, a1)} A62 62 0 0 0 ${point(62, a0)}Z`,
          fill: FILL[colourOf(n)],
          stroke: '#d4b15a',
          'stroke-width': 0.6,
        }),
        svg(
          'text',
          {
            x: 0,
            y: -80,
            transform: `rotate(${i * STEP})`,
            'text-anchor': 'middle',
            'dominant-baseline': 'middle',
            class: 'rl-wheel-number',
          },
          String(n),
        ),
      )
    })
    const cone = svg('circle', { r: 62, fill: 'url(#rl-cone)' })
    const turret = svg('g', { class: 'rl-turret' })
    for (let i = 0; i < 4; i++)
      turret.append(
        svg('rect', {
          x: -2.5,
          y: -40,
          width: 5,
          height: 80,
          rx: 2.5,
          transform: `rotate(${i * 45})`,
          fill: '#d4b15a',
        }),
      )
    turret.append(svg('circle', { r: 9, fill: '#f0d27a', stroke: '#8a6a1c', 'stroke-width': 1.5 }))
    this.rotor.append(pockets, cone, turret)
    this.ball = svg('circle', { cx: 0, cy: -76, r: 4.2, class: 'rl-ball' })
    this.ballOrbit = svg('g', { class: 'rl-ball-orbit' }, this.ball)
    const defs = svg(
      'defs',
      {},
      svg(
        'radialGradient',
        { id: 'rl-cone' },
        svg('stop', { offset: '0%', 'stop-color': '#7a4a22' }),
        svg('stop', { offset: '100%', 'stop-color': '#3b210d' }),
      ),
      svg(
        'radialGradient',
        { id: 'rl-rim' },
        svg('stop', { offset: '85%', 'stop-color': '#4a2b12' }),
        svg('stop', { offset: '100%', 'stop-color': '#1f1006' }),
      ),
    )
    this.element = svg(
      'svg',
      { viewBox: '-100 -100 200 200', class: 'rl-wheel', role: 'img', 'aria-label': label },
      defs,
      svg('circle', { r: 99, fill: 'url(#rl-rim)', stroke: '#d4b15a', 'stroke-width': 1.5 }),
      svg('circle', { r: 91, fill: '#2a170a', stroke: '#d4b15a', 'stroke-width': 0.8 }),
      this.rotor,
      this.ballOrbit,
    )
    this.ballOrbit.style.visibility = 'hidden'
    this.apply()
  }

  private apply(): void {
    this.rotor.style.transform = `rotate(${this.wheelAngle}deg)`
    this.ballOrbit.style.transform = `rotate(${this.ballAngle}deg)`
  }

  /** Spins to the server's pocket; resolves when the ball has settled (at once with reduced motion). */
  async spinTo(result: number, hurry: Promise<void>): Promise<void> {
    const index = WHEEL_ORDER.indexOf(result)
    const fromWheel = this.wheelAngle
    const fromBall = this.ballAngle
    // The wheel ends anywhere (3 turns and a bit); the ball ends on the pocket, after 5 turns backwards.
    const toWheel = fromWheel + 1080 + Math.random() * 360
    const pocketAngle = toWheel + index * STEP
    let toBall = pocketAngle - 360 * 5
    while (toBall > fromBall - 1440) toBall -= 360
    this.wheelAngle = toWheel % 360
    this.ballAngle = ((pocketAngle % 360) + 360) % 360
    this.ballOrbit.style.visibility = 'visible'
    if (reducedMotion()) {
      this.apply()
      this.ball.setAttribute('cy', '-70')
      return
    }
    const duration = 4200
    const wheel = this.rotor.animate(
      [{ transform: `rotate(${fromWheel}deg)` }, { transform: `rotate(${toWheel}deg)` }],
      {
        duration,
        easing: 'cubic-bezier(.2,.6,.3,1)',
      },
    )
    const orbit = this.ballOrbit.animate(
      [{ transform: `rotate(${fromBall}deg)` }, { transform: `rotate(${toBall}deg)` }],
      {
        duration,
        easing: 'cubic-bezier(.15,.55,.25,1)',
      },
    )
    // The ball runs on the rim, then drops into the pockets and bounces once.
    this.ball.setAttribute('cy', '-70')
    const drop = this.ball.animate(
      [
        { transform: 'translateY(-16px)' },
        { transform: 'translateY(-16px)', offset: 0.55 },
        { transform: 'translateY(-3px)', offset: 0.78 },
        { transform: 'translateY(-7px)', offset: 0.86 },
        { transform: 'translateY(0)' },
      ],
      { duration, easing: 'ease-in-out' },
    )
    this.running = [wheel, orbit, drop]
    await Promise.race([Promise.all(this.running.map((a) => a.finished.catch(() => undefined))), hurry])
    for (const animation of this.running) animation.cancel()
    this.running = []
    this.apply()
  }
}
