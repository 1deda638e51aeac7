import type { Clock } from '@aurum/db'

/** Where a service reads the time (one for the services and the job queue: @aurum/db's). */
export { systemClock, type Clock } from '@aurum/db'

/**
 * The system clock moved on by an offset that only grows: the server of a browser test
 * (TEST_CLOCK=true) is moved through POST /dev/clock, past a delay the journey would otherwise wait
 * out. Time still passes as usual between moves.
 */
export class MovableClock implements Clock {
  private offsetMs = 0

  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }

  advance(ms: number): Date {
    if (!(ms >= 0)) throw new RangeError('the clock only moves forward')
    this.offsetMs += ms
    return this.now()
  }
}
