import { describe, expect, it } from 'vitest'
import { testClock } from './clock.ts'

const near = (at: Date, ms: number) => expect(Math.abs(at.getTime() - ms)).toBeLessThan(1_000)

describe('testClock', () => {
  it('runs with the real time from where the test puts it', () => {
    const clock = testClock(Date.UTC(2030, 0, 1))
    near(clock.now(), Date.UTC(2030, 0, 1))
    near(clock.advance(3_600_000), Date.UTC(2030, 0, 1, 1))
    near(clock.set(new Date(Date.UTC(2020, 5, 1))), Date.UTC(2020, 5, 1))
    near(clock.advance(-60_000), Date.UTC(2020, 4, 31, 23, 59))
  })

  it('stands still when stopped, moved only by the test, and runs on from there', async () => {
    const clock = testClock(Date.UTC(2030, 0, 1))
    const held = clock.stop()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(clock.now()).toEqual(held)
    expect(clock.advance(1).getTime()).toBe(held.getTime() + 1)
    expect(clock.set(Date.UTC(2031, 0, 1)).getTime()).toBe(Date.UTC(2031, 0, 1))
    expect(clock.now().getTime()).toBe(Date.UTC(2031, 0, 1))
    clock.run()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const later = clock.now().getTime() - Date.UTC(2031, 0, 1)
    expect(later).toBeGreaterThanOrEqual(15)
    expect(later).toBeLessThan(1_000)
  })
})
