import { PRIVATE_CHANNELS, PUBLIC_CHANNELS } from '@aurum/shared'
import type { HistoryPolicy } from './broker.ts'

/** What a channel allows (docs/realtime.md "Channels"). */
export interface ChannelRule {
  /** The name publications are made under: without the newer mode's prefix. */
  canonical: string
  /** Whose channel it is: null for a public channel, else the player id after `#`. */
  owner: string | null
  /** A private channel in its legacy name needs a subscription token from the auth endpoint. */
  needsToken: boolean
  history: HistoryPolicy | null
  /**
   * Presence, join and leave: kept on each player's balance channel only (one entry per open tab
   * or device, seen by the player alone); elsewhere presence is not available.
   */
  presence: boolean
  /** Clients may publish: nowhere in the casino (every publication comes from the server). */
  publish: boolean
}

export type ChannelRules = (channel: string) => ChannelRule | null

const PUBLIC = new Set<string>(PUBLIC_CHANNELS)
const PRIVATE = new Set<string>(PRIVATE_CHANNELS)
const USER = /^[1-9][0-9]{0,19}$/

const PUBLIC_HISTORY: HistoryPolicy = { size: 50, ttlSeconds: 300 }
/** A balance or a status: what matters is the last few, for a tab that was offline a moment. */
const PRIVATE_HISTORY: HistoryPolicy = { size: 20, ttlSeconds: 300 }

/**
 * The casino's channels (api-shapes §7.1): `public:<name>` and `<name>#<user>`, also behind the
 * newer mode's `ws:<client_name>:` prefix, where a private channel needs no token (the connection
 * token is the player's: the user after `#` must be the connection's).
 */
export function casinoChannels(clientName: string): ChannelRules {
  const prefix = `ws:${clientName}:`
  return (channel) => {
    let name = channel
    let namespaced = false
    if (name.startsWith(prefix)) {
      name = name.slice(prefix.length)
      namespaced = true
    }
    if (name.startsWith('public:')) {
      if (!PUBLIC.has(name.slice(7))) return null
      return {
        canonical: name,
        owner: null,
        needsToken: false,
        history: PUBLIC_HISTORY,
        presence: false,
        publish: false,
      }
    }
    const hash = name.indexOf('#')
    if (hash === -1) return null
    const user = name.slice(hash + 1)
    const kind = name.slice(0, hash)
    if (!PRIVATE.has(kind) || !USER.test(user)) return null
    return {
      canonical: name,
      owner: user,
      needsToken: !namespaced,
      history: PRIVATE_HISTORY,
      presence: kind === 'balance',
      publish: false,
    }
  }
}
