/** Whole hours and minutes left until a moment `ms` away (rounded up to the minute); null once it has come. */
export function countdownParts(ms: number): { hours: number; minutes: number } | null {
  if (ms <= 0) return null
  const total = Math.ceil(ms / 60_000)
  return { hours: Math.floor(total / 60), minutes: total % 60 }
}
