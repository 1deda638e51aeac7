import type { TFunction } from '../../lib/i18n.ts'
import { formatAmount, type RealityCheckSession } from '@aurum/shared'

/**
 * When the reality check shows (docs/responsible-gambling.md "Reality check"): at every interval
 * since the play session started (the api's `started_at`, so a reload keeps the clock), i.e. at
 * start + k × interval for k = 1, 2, …. Times are epoch milliseconds.
 */

/** The first reminder strictly after `after`. */
export function nextReminderAt(startedAt: number, intervalMs: number, after: number): number {
  if (intervalMs <= 0) throw new RangeError('interval must be positive')
  const k = Math.max(1, Math.floor((after - startedAt) / intervalMs) + 1)
  return startedAt + k * intervalMs
}

/**
 * The reminder due now, if the player has not answered it: the latest one at or before `now`,
 * when it is later than the last answer (`acknowledgedAt`: Continue, or a change of the interval).
 * A reminder missed while the game was closed (or the page reloading) shows at once.
 */
export function dueReminder(
  startedAt: number,
  intervalMs: number,
  now: number,
  acknowledgedAt: number | null,
): number | null {
  if (intervalMs <= 0) throw new RangeError('interval must be positive')
  const k = Math.floor((now - startedAt) / intervalMs)
  if (k < 1) return null
  const due = startedAt + k * intervalMs
  return acknowledgedAt !== null && acknowledgedAt >= due ? null : due
}

/** Time played, in whole minutes: "1 h 0 min", "45 min". */
export function formatPlayed(ms: number, t: TFunction): string {
  const total = Math.max(0, Math.floor(ms / 60_000))
  const hours = Math.floor(total / 60)
  const minutes = total % 60
  return hours > 0
    ? t('reality_check.duration_hm', { hours, minutes })
    : t('reality_check.duration_m', { minutes })
}

/**
 * An amount with its sign: "+4.00 EUR", "−4.00 EUR" (the locale's minus, and the typographic minus
 * where the locale writes a hyphen: read as "minus", not as a dash).
 */
export function formatSignedAmount(cents: number, currency: string, locale: string): string {
  const amount = formatAmount(Math.abs(cents), currency, locale)
  if (cents === 0) return amount
  const parts = new Intl.NumberFormat(locale, { signDisplay: 'always' }).formatToParts(cents < 0 ? -1 : 1)
  const sign = parts.find((p) => p.type === 'minusSign' || p.type === 'plusSign')?.value ?? ''
  return `${sign === '-' ? '\u2212' : sign}${amount}`
}

/** The reminder's two sentences: the time played, and the session's wagers, wins and net result. */
export function realityCheckText(
  session: RealityCheckSession,
  now: number,
  t: TFunction,
  locale: string,
): { played: string; summary: string } {
  const { currency } = session
  return {
    played: t('reality_check.played', {
      duration: formatPlayed(now - Date.parse(session.started_at), t),
    }),
    summary: t('reality_check.summary', {
      wagered: formatAmount(session.wagered_cents, currency, locale),
      won: formatAmount(session.won_cents, currency, locale),
      net: formatSignedAmount(session.net_cents, currency, locale),
    }),
  }
}

const ACK_PREFIX = 'aurum.reality-check.'

/**
 * The last answer to a reminder of a play session, kept for the tab (sessionStorage) so that a
 * reload does not ask again; a new tab asks for a reminder that is due and unanswered there.
 */
export const acknowledgements = {
  read(startedAt: string): number | null {
    try {
      const value = Number(window.sessionStorage.getItem(ACK_PREFIX + startedAt))
      return Number.isFinite(value) && value > 0 ? value : null
    } catch {
      return null
    }
  },
  write(startedAt: string, at: number): void {
    try {
      window.sessionStorage.setItem(ACK_PREFIX + startedAt, String(at))
    } catch {
      // Storage refused (private mode, quota): the answer holds for this page only.
    }
  },
}
