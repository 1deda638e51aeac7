import { describe, expect, it } from 'vitest'
import { parseReport } from './bench-ab.ts'

const header =
  '| load | spins/s | p50 | p90 | p99 | max | seconds with p99 > 30 ms (worst) | errors | CPU ms per spin: casino / game server / PostgreSQL (casino / game server / other) / players |'

describe('the A/B report of bench:games runs', () => {
  it('sum the casino, the game server and both databases, without the players, over the median row', () => {
    const withLag = [
      'some build output',
      `${header} event lag p50 / p99 / max (events) | speed probe | stolen |`,
      '|---|---|',
      '| 500 spins/s offered | 500 | 20.2 ms | 42.0 ms | 83.4 ms | 110 ms | 19 of 20 (101 ms) | 0 | 0.63 / 0.79 / 0.89 / 0.51 / 0.00 / 0.20 | 133 / 258 / 271 ms (10000) | 51 ms | 1 % |',
      '| 500 spins/s offered | 500 | 20.0 ms | 39.4 ms | 97.1 ms | 201 ms | 19 of 20 (187 ms) | 0 | 0.61 / 0.79 / 0.88 / 0.50 / 0.01 / 0.20 | 132 / 250 / 274 ms (9999) | 47 ms | 0 % |',
      '| 500 spins/s offered | 500 | 20.0 ms | 39.4 ms | 91.5 ms | 201 ms | 19 of 20 (187 ms) | 0 | 0.70 / 0.80 / 0.90 / 0.50 / 0.01 / 0.90 | 132 / 260 / 274 ms (9999) | 47 ms | 0 % |',
      'target (...): NOT met',
    ].join('\n')
    const run = parseReport(withLag)!
    // Rows sum to 2.82, 2.78 and 2.90 (the players' 0.90 left out): the median is 2.82.
    expect(run.cpu).toBeCloseTo(2.82, 6)
    expect(run.p99).toBeCloseTo(91.5, 6)
    expect(run.rows).toBe(3)
    expect(run.lag).toBe('258 ms, 250 ms, 260 ms')
  })

  it('read a report without the event lag column (the tree before the events)', () => {
    const run = parseReport(
      [
        `${header} speed probe | stolen |`,
        '| 500 spins/s offered | 499 | 19.6 ms | 49.2 ms | 91.1 ms | 133 ms | 19 of 20 (124 ms) | 0 | 0.63 / 0.89 / 0.79 / 0.49 / 0.00 / 0.22 | 29 ms | 2 % |',
        '| 500 spins/s offered | 499 | 19.6 ms | 49.2 ms | 71.1 ms | 133 ms | 19 of 20 (124 ms) | 0 | 0.60 / 0.80 / 0.70 / 0.40 / 0.00 / 0.22 | 29 ms | 2 % |',
      ].join('\n'),
    )!
    expect(run.cpu).toBeCloseTo((2.8 + 2.5) / 2, 6)
    expect(run.p99).toBeCloseTo(81.1, 6)
    expect(run.lag).toBe('')
  })

  it('answer nothing for an output without a report (a run that failed)', () => {
    expect(parseReport('Error: connect ECONNREFUSED')).toBeNull()
  })
})
