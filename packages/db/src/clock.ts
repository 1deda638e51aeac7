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
  /** Puts the clock at `at`; it runs on from there. */
  set(at: Date | number): Date
}

/**
 * Runs with the real time from an offset the test moves: time still passes between two requests,
 * as it does for the rows the database stamps itself (`DEFAULT now()`), so the clock never falls
 * behind them unless a test sets it back.
 */
export function testClock(start: Date | number = Date.now()): TestClock {
  let offset = new Date(start).getTime() - Date.now()
  const now = () => new Date(Date.now() + offset)
  return {
    now,
    advance(ms) {
      offset += ms
      return now()
    },
    set(at) {
      offset = new Date(at).getTime() - Date.now()
      return now()
    },
  }
}
