import type { TFunction } from '../../lib/i18n.ts'
import type { GameLimitNotice } from '@aurum/shared'
import type { ToastInput } from '../../components/toast/toast-store.ts'

/** Where a player whose play a limit stopped is sent (spec §2: the profile's limits page). */
export const LIMITS_PATH = '/users/limits'

/** One toast at a time: a notice repeated (a refused bet after another) replaces it. */
export const LIMIT_TOAST_ID = 'game-limit'

const KINDS = ['wager', 'loss', 'session', 'coolingoff', 'selfexclusion'] as const
type Kind = (typeof KINDS)[number]
const isKind = (limit: string): limit is Kind => (KINDS as readonly string[]).includes(limit)

/** The message is the casino's, but it comes over the network: its shape is checked before use. */
export function isGameLimitNotice(data: unknown): data is GameLimitNotice {
  if (!data || typeof data !== 'object') return false
  const d = data as Record<string, unknown>
  return (
    d.type === 'limit_reached' &&
    typeof d.limit === 'string' &&
    (d.currency === null || d.currency === undefined || typeof d.currency === 'string') &&
    (d.until === null || d.until === undefined || typeof d.until === 'string')
  )
}

/**
 * Whether the notice stops the open frame's game: a real-money one (limits leave demos open), and
 * for a wager or loss limit only one played in that limit's currency (unknown while it launches).
 */
export function limitStopsFrame(
  notice: GameLimitNotice,
  frame: { mode: 'real' | 'demo' | null; currency?: string | undefined },
): boolean {
  if (frame.mode !== 'real') return false
  if ((notice.limit === 'wager' || notice.limit === 'loss') && notice.currency && frame.currency)
    return notice.currency === frame.currency
  return true
}

/**
 * When play resumes, in the player's language and time zone: day, month and time ("23 Nov,
 * 14:00" in en-IE), with the year when it is not this year's (a self-exclusion of months).
 */
export function formatUntil(iso: string, locale: string, now = new Date(), timeZone?: string): string {
  const date = new Date(iso)
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  const year = (d: Date) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: zone }).format(d)
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: year(date) === year(now) ? undefined : 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  }).format(date)
}

/**
 * The limit-reached warning of spec §4 and §8 (`NOTIFICATIONS.ON_LIMIT_REACHED`): it stays until
 * closed (`time` 0) and says which limit stopped play and until when, e.g. "Your wager limit in EUR
 * is reached until 23 Nov, 14:00. Play resumes then."
 */
export function limitNoticeToast(
  notice: GameLimitNotice,
  t: TFunction,
  locale: string,
  { now = new Date(), timeZone }: { now?: Date; timeZone?: string } = {},
): ToastInput {
  const kind = isKind(notice.limit) ? notice.limit : null
  const until = notice.until ? formatUntil(notice.until, locale, now, timeZone) : null
  let text: string
  if (!kind || ((kind === 'wager' || kind === 'loss') && !notice.currency)) text = t('game_limits.other')
  else if (!until)
    text =
      kind === 'coolingoff' || kind === 'selfexclusion'
        ? t(`game_limits.${kind}_forever`)
        : t('game_limits.other')
  else {
    text = t(`game_limits.${kind}`, { until, currency: notice.currency ?? '' })
    // A date that ends in an abbreviation ("12:50 p.m.") also ends the sentence: one period, not two.
    if (until.endsWith('.')) text = text.replace(`${until}.`, until)
  }
  return {
    id: LIMIT_TOAST_ID,
    type: 'warning',
    title: t('notifications.on_limit_reached'),
    text,
    time: 0,
  }
}

/**
 * What the open game frame does with a `game_limits` message: nothing (not a notice, or not about
 * this game), or close the game, show the warning and go to the limits page.
 */
export function gameLimitReaction(
  message: unknown,
  frame: { mode: 'real' | 'demo' | null; currency?: string | undefined },
  t: TFunction,
  locale: string,
  options: { now?: Date; timeZone?: string } = {},
): { toast: ToastInput; goTo: string } | null {
  if (!isGameLimitNotice(message) || !limitStopsFrame(message, frame)) return null
  return { toast: limitNoticeToast(message, t, locale, options), goTo: LIMITS_PATH }
}
