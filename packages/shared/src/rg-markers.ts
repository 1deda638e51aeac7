// Markers of harm (docs/backoffice.md "Responsible gambling"): a player's play in a window compared
// with their own earlier baseline. Pure: the api reads the figures, this decides which markers fire;
// the back office shows the same thresholds.

/** The markers, each a sharp change that research on problem gambling links to harm. */
export const RG_MARKERS = ['deposits', 'session', 'night_play', 'reversed_withdrawals'] as const
export type RgMarker = (typeof RG_MARKERS)[number]

/**
 * When a marker fires. Chosen to flag few players a week for a human to look at, not to decide
 * anything on their own:
 * - deposits: the window's deposits per day at least 3 times the baseline's, and at least 3
 *   deposits on one day of the window (a player who deposits once a week going to three a day;
 *   a new player without a baseline fires on the 3 a day alone);
 * - session: one play session of 3 hours or more (game sessions with pauses of less than
 *   PLAY_BREAK, 30 minutes, between them are one play session, as for the reality check);
 * - night play: at least half of the window's play time between 00:00 and 06:00, and at least an
 *   hour of it (a few minutes at night is no pattern);
 * - reversed withdrawals: 2 or more withdrawals the player recalled to play the money on.
 */
export const RG_THRESHOLDS = {
  depositsRatio: 3,
  depositsPerDayMin: 3,
  sessionMinutes: 180,
  nightShare: 0.5,
  nightMinutesMin: 60,
  reversedWithdrawals: 2,
} as const

/** Night: from NIGHT_START_HOUR to NIGHT_END_HOUR, UTC (players have no time zone of their own). */
export const NIGHT_START_HOUR = 0
export const NIGHT_END_HOUR = 6
/** A pause longer than this between game sessions starts a new play session (the reality check's). */
export const PLAY_BREAK_MS = 30 * 60_000

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

export interface Span {
  start: Date
  end: Date
}

export interface MarkerInput {
  window: Span
  baseline: Span
  /** Successful deposits in the window, per UTC day (YYYY-MM-DD) and currency. */
  windowDeposits: ReadonlyArray<{ day: string; currency: string; count: number; amount: bigint }>
  /** Successful deposits in the baseline, per currency. */
  baselineDeposits: ReadonlyArray<{ currency: string; count: number; amount: bigint }>
  /** Game sessions (start to last use) overlapping the window; earlier ones may join a play session. */
  sessions: readonly Span[]
  /** Withdrawals the player recalled in the window. */
  reversedWithdrawals: number
}

export interface DepositFigures {
  count: number
  per_day: number
  busiest_day: string | null
  busiest_day_count: number
  baseline_count: number
  baseline_per_day: number
  /** Window per day over baseline per day; null without a baseline. */
  ratio: number | null
  amounts: Array<{
    currency: string
    /** Minor units. */
    amount: string
    baseline_amount: string
    per_day: string
    baseline_per_day: string
  }>
}

export interface PlayFigures {
  total_minutes: number
  longest_session_minutes: number
  longest_session_start: string | null
  night_minutes: number
  /** Night minutes over total minutes, 0 to 1. */
  night_share: number
}

export interface MarkerResult {
  deposits: DepositFigures
  play: PlayFigures
  reversed_withdrawals: number
  fired: RgMarker[]
}

const days = (span: Span) => Math.max(1, (span.end.getTime() - span.start.getTime()) / DAY_MS)
const round2 = (n: number) => Math.round(n * 100) / 100
/** Whole minutes played (a threshold of 180 is reached at 180:00, not at 179:30). */
const minutes = (ms: number) => Math.floor(ms / 60_000)

/** Intervals merged where they touch or overlap, in order (two games at once count once). */
export function union(spans: readonly Span[]): Array<[number, number]> {
  const sorted = spans
    .map((s): [number, number] => [s.start.getTime(), s.end.getTime()])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0])
  const out: Array<[number, number]> = []
  for (const [a, b] of sorted) {
    const last = out[out.length - 1]
    if (last && a <= last[1]) last[1] = Math.max(last[1], b)
    else out.push([a, b])
  }
  return out
}

/** Play sessions: played intervals joined across pauses of at most `breakMs`. */
export function playSessions(spans: readonly Span[], breakMs = PLAY_BREAK_MS): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (const [a, b] of union(spans)) {
    const last = out[out.length - 1]
    if (last && a - last[1] <= breakMs) last[1] = Math.max(last[1], b)
    else out.push([a, b])
  }
  return out
}

/** Milliseconds of [a, b) between NIGHT_START_HOUR and NIGHT_END_HOUR UTC. */
export function nightMs(a: number, b: number): number {
  let total = 0
  for (let day = Math.floor(a / DAY_MS) * DAY_MS; day < b; day += DAY_MS) {
    const from = Math.max(a, day + NIGHT_START_HOUR * HOUR_MS)
    const to = Math.min(b, day + NIGHT_END_HOUR * HOUR_MS)
    if (to > from) total += to - from
  }
  return total
}

function depositFigures(input: MarkerInput): DepositFigures {
  const windowDays = days(input.window)
  const baselineDays = days(input.baseline)
  const perDay = new Map<string, number>()
  const amounts = new Map<string, { amount: bigint; baseline: bigint }>()
  let count = 0
  for (const d of input.windowDeposits) {
    count += d.count
    perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.count)
    const a = amounts.get(d.currency) ?? { amount: 0n, baseline: 0n }
    a.amount += d.amount
    amounts.set(d.currency, a)
  }
  let baselineCount = 0
  for (const d of input.baselineDeposits) {
    baselineCount += d.count
    const a = amounts.get(d.currency) ?? { amount: 0n, baseline: 0n }
    a.baseline += d.amount
    amounts.set(d.currency, a)
  }
  let busiest: string | null = null
  let busiestCount = 0
  for (const [day, n] of [...perDay].sort(([x], [y]) => x.localeCompare(y))) {
    if (n > busiestCount) [busiest, busiestCount] = [day, n]
  }
  const windowRate = count / windowDays
  const baselineRate = baselineCount / baselineDays
  // Amounts per day are rounded to whole minor units (bigint division).
  const scaled = (amount: bigint, span: Span) =>
    (
      (amount * BigInt(DAY_MS)) /
      BigInt(Math.max(DAY_MS, span.end.getTime() - span.start.getTime()))
    ).toString()
  return {
    count,
    per_day: round2(windowRate),
    busiest_day: busiest,
    busiest_day_count: busiestCount,
    baseline_count: baselineCount,
    baseline_per_day: round2(baselineRate),
    ratio: baselineCount === 0 ? null : round2(windowRate / baselineRate),
    amounts: [...amounts]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([currency, a]) => ({
        currency,
        amount: a.amount.toString(),
        baseline_amount: a.baseline.toString(),
        per_day: scaled(a.amount, input.window),
        baseline_per_day: scaled(a.baseline, input.baseline),
      })),
  }
}

function playFigures(input: MarkerInput): { figures: PlayFigures; totalMs: number; nightMs: number } {
  const w0 = input.window.start.getTime()
  const w1 = input.window.end.getTime()
  let total = 0
  let night = 0
  for (const [a, b] of union(input.sessions)) {
    const from = Math.max(a, w0)
    const to = Math.min(b, w1)
    if (to <= from) continue
    total += to - from
    night += nightMs(from, to)
  }
  // A play session that began before the window counts with its whole length: a session of
  // three hours that crosses the window's start is still one.
  let longest = 0
  let longestStart: number | null = null
  for (const [a, b] of playSessions(input.sessions)) {
    if (b <= w0 || a >= w1) continue
    const length = Math.min(b, w1) - a
    if (length > longest) [longest, longestStart] = [length, a]
  }
  return {
    figures: {
      total_minutes: minutes(total),
      longest_session_minutes: minutes(longest),
      longest_session_start: longestStart === null ? null : new Date(longestStart).toISOString(),
      night_minutes: minutes(night),
      night_share: total === 0 ? 0 : round2(night / total),
    },
    totalMs: total,
    nightMs: night,
  }
}

/** The figures of one player's window and the markers they fire. */
export function evaluateMarkers(input: MarkerInput): MarkerResult {
  const deposits = depositFigures(input)
  const { figures: play, totalMs, nightMs: nightPlayed } = playFigures(input)
  const t = RG_THRESHOLDS
  const fired: RgMarker[] = []
  const windowRate = deposits.count / days(input.window)
  const baselineRate = deposits.baseline_count / days(input.baseline)
  if (deposits.busiest_day_count >= t.depositsPerDayMin && windowRate >= t.depositsRatio * baselineRate)
    fired.push('deposits')
  if (play.longest_session_minutes >= t.sessionMinutes) fired.push('session')
  if (nightPlayed >= t.nightMinutesMin * 60_000 && nightPlayed >= t.nightShare * totalMs)
    fired.push('night_play')
  if (input.reversedWithdrawals >= t.reversedWithdrawals) fired.push('reversed_withdrawals')
  return { deposits, play, reversed_withdrawals: input.reversedWithdrawals, fired }
}
