/**
 * The realtime hub's contract (spec §7, api-shapes §7): channel names, client defaults and the
 * payloads the casino publishes. The hub speaks the Centrifuge JSON protocol at `/sock`; the web
 * app uses the official `centrifuge` client.
 */
import type { WinNotice } from './contracts/games.ts'

/** Public channels: every connection, guests included, may subscribe. */
export const PUBLIC_CHANNELS = ['wins', 'jackpots_changes'] as const
export type PublicChannel = (typeof PUBLIC_CHANNELS)[number]

/** Per-player channels (api-shapes §7.1); `<name>#<user>`, only the player's own. */
export const PRIVATE_CHANNELS = [
  'balance',
  'payments_changes',
  'payments_events',
  'payment_methods_updated',
  'bonuses_changes',
  'freespins_changes',
  'comps_award',
  'lootboxes_changes',
  'game_limits',
  'tournaments_statuses',
  'groups_updates',
  'jackpot_win_award',
  'allsecure_notification',
  '$analytics',
  'personal_notifications',
  'tournament_notifications',
] as const
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number]

/** Legacy-mode names (api-shapes §7.1): `public:wins`, `balance#42`. */
export const publicChannel = (name: PublicChannel) => `public:${name}`
export const privateChannel = (name: PrivateChannel, user: string) => `${name}#${user}`

/** Newer-mode names: the same behind `ws:<client_name>:`. */
export const namespacedChannel = (clientName: string, channel: string) => `ws:${clientName}:${channel}`

/** The event name a channel's messages are re-emitted under (`websocket.<name>`): its name without prefix and user. */
export function channelEventName(channel: string): string {
  const bare = channel.replace(/^ws:[^:]*:/, '').replace(/^public:/, '')
  const hash = bare.indexOf('#')
  return hash === -1 ? bare : bare.slice(0, hash)
}

/** Realtime client defaults (spec §9). */
export const REALTIME_CLIENT = {
  minReconnectDelay: 1_000,
  maxReconnectDelay: 20_000,
  timeout: 5_000,
} as const

/** `payments_changes` (INoticePaymentsChanges, api-shapes §7.2). */
export interface PaymentChangeNotice {
  id: string
  amount_cents: number
  currency: string
  /** deposit or cashout */
  action: string
  payment_system: string
  finished_at: string
  created_at: string
  recallable: boolean
  success: boolean
  /** The payment's final state: succeeded, declined, canceled (deposits); succeeded, rejected, recalled (withdrawals). */
  type: string
}

/** `public:wins` (IWinnerResponse, api-shapes §3): one notable win (contracts/games.ts). */
export type { WinNotice }

/**
 * `game_limits`: a limit stopped the player's play (a bet refused, a game session ended, an
 * exclusion begun). The open game frame closes and the limit-reached notice shows (spec §4, §8).
 */
export interface GameLimitNotice {
  type: 'limit_reached'
  /** The limit: wager, loss, session, coolingoff or selfexclusion. */
  limit: string
  /** The wallet's currency of a wager or loss limit. */
  currency: string | null
  /** When play may resume: the end of the limit's period or of the exclusion (null: never). */
  until: string | null
}
