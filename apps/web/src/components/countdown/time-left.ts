export interface TimeLeft {
  days: number
  hours: number
  minutes: number
  seconds: number
  total: number
}

/** Splits the time until `end` into days, hours, minutes and seconds; never negative. */
export function timeLeft(end: number, now: number): TimeLeft {
  const total = Math.max(0, Math.floor((end - now) / 1000))
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
    total,
  }
}
