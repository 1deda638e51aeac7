import styles from './charts.module.css'

/**
 * Small charts drawn as inline SVG, for figures people would rather look at than read. Each is one
 * image to assistive technology (role="img", named by its summary); the screen shows the same
 * figures in a table beside it.
 */
const WIDTH = 640
const HEIGHT = 240
const MARGIN = { top: 14, right: 14, bottom: 30, left: 112 }
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom

/** About four round steps from the lowest value (or 0) to the highest (or 0). */
function ticks(values: number[]): number[] {
  let min = Math.min(0, ...values)
  let max = Math.max(0, ...values)
  if (min === max) max = min + 1
  const raw = (max - min) / 4
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude
  min = Math.floor(min / step) * step
  max = Math.ceil(max / step) * step
  const out: number[] = []
  for (let v = min; v <= max + step / 2; v += step) out.push(Math.round(v))
  return out
}

function scale(axis: number[]) {
  const min = axis[0]!
  const max = axis[axis.length - 1]!
  return (v: number) => MARGIN.top + PLOT_H - ((v - min) / (max - min || 1)) * PLOT_H
}

/** The x labels shown: the first, the middle and the last (all of them when there are few). */
function shownLabels(count: number): number[] {
  if (count <= 3) return [...Array(count).keys()]
  return [0, Math.floor((count - 1) / 2), count - 1]
}

function Axes({
  axis,
  y,
  labels,
  format,
}: {
  axis: number[]
  y: (v: number) => number
  labels: string[]
  format: (value: number) => string
}) {
  const band = PLOT_W / Math.max(labels.length, 1)
  return (
    <g aria-hidden="true">
      {axis.map((v) => (
        <g key={v} className={styles.grid}>
          <line
            x1={MARGIN.left}
            x2={WIDTH - MARGIN.right}
            y1={y(v)}
            y2={y(v)}
            className={v === 0 ? styles.zero : undefined}
          />
          <text x={MARGIN.left - 6} y={y(v)} dy="0.32em" textAnchor="end">
            {format(v)}
          </text>
        </g>
      ))}
      {shownLabels(labels.length).map((i) => (
        <text
          key={i}
          className={styles.label}
          x={MARGIN.left + band * (i + 0.5)}
          y={HEIGHT - 8}
          textAnchor={
            labels.length > 3 ? (i === 0 ? 'start' : i === labels.length - 1 ? 'end' : 'middle') : 'middle'
          }
        >
          {labels[i]}
        </text>
      ))}
    </g>
  )
}

/** Bars per label (a day), below the zero line when negative. */
export function BarChart({
  title,
  summary,
  labels,
  values,
  format,
}: {
  title: string
  summary: string
  labels: string[]
  values: number[]
  format: (value: number) => string
}) {
  const axis = ticks(values)
  const y = scale(axis)
  const band = PLOT_W / Math.max(values.length, 1)
  const width = Math.max(band * 0.7, 1)
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}. ${summary}`}
      >
        <title>{`${title}. ${summary}`}</title>
        <Axes axis={axis} y={y} labels={labels} format={format} />
        <g aria-hidden="true">
          {values.map((v, i) => (
            <rect
              key={i}
              className={v < 0 ? styles.negative : styles.bar}
              x={MARGIN.left + band * i + (band - width) / 2}
              y={Math.min(y(v), y(0))}
              width={width}
              height={Math.max(Math.abs(y(0) - y(v)), v === 0 ? 0 : 1)}
            >
              <title>{`${labels[i]}: ${format(v)}`}</title>
            </rect>
          ))}
        </g>
      </svg>
    </figure>
  )
}

export interface Series {
  name: string
  values: number[]
}

/** Two or more series as lines over the same labels; the second is dashed, not only another colour. */
export function LineChart({
  title,
  summary,
  labels,
  series,
  format,
}: {
  title: string
  summary: string
  labels: string[]
  series: Series[]
  format: (value: number) => string
}) {
  const axis = ticks(series.flatMap((s) => s.values))
  const y = scale(axis)
  const band = PLOT_W / Math.max(labels.length, 1)
  const x = (i: number) => MARGIN.left + band * (i + 0.5)
  const tones = [styles.lineA, styles.lineB, styles.lineC]
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}. ${summary}`}
      >
        <title>{`${title}. ${summary}`}</title>
        <Axes axis={axis} y={y} labels={labels} format={format} />
        <g aria-hidden="true">
          {series.map((s, n) => (
            <g key={s.name} className={tones[n % tones.length]}>
              <polyline points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
              {s.values.length <= 62 &&
                s.values.map((v, i) => (
                  <circle key={i} cx={x(i)} cy={y(v)} r={2.5}>
                    <title>{`${s.name}, ${labels[i]}: ${format(v)}`}</title>
                  </circle>
                ))}
            </g>
          ))}
        </g>
      </svg>
      <ul className={styles.legend}>
        {series.map((s, n) => (
          <li key={s.name}>
            <svg width="28" height="10" aria-hidden="true" className={tones[n % tones.length]}>
              <line x1="0" x2="28" y1="5" y2="5" />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
    </figure>
  )
}
