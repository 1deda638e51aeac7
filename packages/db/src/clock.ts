/**
 * Where time comes from (docs/ARCHITECTURE.md "Time"): one clock per app, handed to every service
 * that decides something by time and passed into SQL as a parameter, so tests move it instead of
 * sleeping or rewriting rows.
 */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock a test moves. */
export interface TestClock extends Clock {
  /** Moves the clock on by `ms` (back with a negative value) and returns the new time. */
  advance(ms: number): Date
  /** Puts the clock at `at` and returns it. */
  set(at: Date | number): Date
  /** Holds the clock where it is (advance and set still move it), for a rule's exact instant. */
  stop(): Date
  /** Lets a stopped clock run on from where it stands. */
  run(): Date
}

/**
 * Runs with the real time from an offset the test moves: time still passes between two requests,
 * as it does for the rows the database stamps itself (`DEFAULT now()`), so the clock never falls
 * behind them unless a test sets it back.
 */
export function testClock(start: Date | number = Date.now()): TestClock {
  let offset = new Date(start).getTime() - Date.now()
  let stoppedAt: number | null = null
  const at = () => stoppedAt ?? Date.now() + offset
  const now = () => new Date(at())
  const set = (ms: number) => {
    if (stoppedAt === null) offset = ms - Date.now()
    else stoppedAt = ms
    return now()
  }
  return {
    now,
    advance: (ms) => set(at() + ms),
    set: (to) => set(new Date(to).getTime()),
    stop() {
      stoppedAt = at()
      return now()
    },
    run() {
      if (stoppedAt !== null) offset = stoppedAt - Date.now()
      stoppedAt = null
      return now()
    },
  }
}
