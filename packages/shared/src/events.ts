import { z } from 'zod'
import { paymentState } from './contracts/payments.ts'

/**
 * The casino's domain events (docs/events.md): what happened to money and players, written to the
 * outbox (`events`) in the same database transaction as the change, then applied by consumers
 * (realtime notifications today; promotions, loyalty, jackpots, competitions, reports next).
 *
 * Each type has a version: a payload's shape never changes under a version. A change that a
 * consumer could misread gets a new version, written alongside the old one until no consumer reads
 * it. Amounts are minor units written as decimal strings (JSON numbers lose precision past 2^53)
 * and read as bigint.
 *
 * Most events are written by the database itself (db/functions/events_of_*.sql: rounds, payments,
 * players, limits), so that no code path that changes those rows can forget one; the rest through
 * `EventOutbox.emit` in the transaction of their change.
 */

const minor = z
  .string()
  .regex(/^-?\d{1,19}$/)
  .transform((value) => BigInt(value))
const id = z.string().regex(/^\d{1,19}$/)
const currency = z.string().min(3).max(5)
const timestamp = z.iso.datetime({ offset: true })

const round = {
  /** The game server that reported the round (the wallet protocol's provider); the round id is unique within it. */
  integration: z.string(),
  round_id: z.string(),
  game_id: id,
  /** The game's studio. */
  provider: z.string(),
  /** The game's type (slot, roulette, blackjack, live_roulette): what bonus weights and loyalty rates key on. */
  category: z.string(),
  currency,
}

/** A round closed: all its bets and wins are final. */
export const roundSettledV1 = z.object({
  ...round,
  bet: minor,
  win: minor,
  settled_at: timestamp,
})

/** A round still open took a bet or paid a win (rounds of several calls: blackjack, live roulette). */
export const roundUpdatedV1 = z.object({
  ...round,
  /** What this change added to the round's bets and wins. */
  bet: minor,
  win: minor,
  total_bets: minor,
  total_wins: minor,
})

/** A bet of a round was rolled back (with the wins it paid): the amounts taken off the round. */
export const roundRolledBackV1 = z.object({
  ...round,
  bet: minor,
  win: minor,
  /** true when nothing of the round is left (it is void). */
  void: z.boolean(),
})

/** A payment as it stands after the change (what the cashier's notice shows). */
export const paymentV1 = z.object({
  payment_id: id,
  method_id: z.string(),
  currency,
  amount: minor,
  fee: minor,
  /** The states of the `payments` table as the api's contract names them (one list: the trigger reads those rows). */
  state: paymentState,
  recallable: z.boolean(),
  reason: z.string().nullable(),
  created_at: timestamp,
  finished_at: timestamp.nullable(),
})

export const playerRegisteredV1 = z.object({
  email: z.string(),
  currency: currency.nullable(),
  country: z.string().nullable(),
  registered_at: timestamp,
})
export const playerConfirmedV1 = z.object({ confirmed_at: timestamp })
export const playerVerifiedV1 = z.object({ verified: z.boolean() })

/**
 * A responsible-gambling limit was set, changed, scheduled to change, or removed
 * (docs/responsible-gambling.md): the limit as it stands after the change.
 */
export const limitSetV1 = z.object({
  limit_id: id,
  type: z.string(),
  period: z.string().nullable(),
  /** Minor units per currency in force. */
  amounts: z.record(
    z.string(),
    z.union([z.string(), z.number()]).transform((value) => BigInt(value)),
  ),
  lifetime: z.string().nullable(),
  ends_at: timestamp.nullable(),
  /** A loosening waiting for its delay: { period, amounts }. */
  pending: z.record(z.string(), z.unknown()).nullable(),
  pending_removal: z.boolean(),
  removed_at: timestamp.nullable(),
})
/** A limit stopped the player's play (a bet, a game's launch, a sign-in, a session): what the game frames are told. */
export const limitReachedV1 = z.object({
  /** wager, loss, session, coolingoff or selfexclusion. */
  limit: z.string(),
  currency: currency.nullable(),
  /** When play may resume (null: not before the player changes the limit). */
  until: timestamp.nullable(),
})

/** A player signed in: the sign-in's id (a hash of its token, never the token) and where from. */
export const sessionStartedV1 = z.object({ session: z.string(), ip: z.string().nullable() })
/**
 * Sign-ins ended: one (`session`), or all of the player's but `except` (`session` null) when the
 * player signed out elsewhere or changed a credential.
 */
export const sessionEndedV1 = z.object({
  session: z.string().nullable(),
  except: z.string().nullable(),
  reason: z.enum(['sign_out', 'revoked', 'signed_out_elsewhere', 'expired']),
})

/** A staff member adjusted a player's real balance (docs/backoffice.md "Balance adjustments"). */
export const balanceAdjustedV1 = z.object({
  adjustment_id: id,
  currency,
  /** Signed: positive credited the player. */
  amount: minor,
})

/** Every event type and version with its payload's schema. */
export const EVENT_SCHEMAS = {
  'round.settled': { 1: roundSettledV1 },
  'round.updated': { 1: roundUpdatedV1 },
  'round.rolled_back': { 1: roundRolledBackV1 },
  'deposit.succeeded': { 1: paymentV1 },
  'deposit.failed': { 1: paymentV1 },
  'withdrawal.requested': { 1: paymentV1 },
  'withdrawal.approved': { 1: paymentV1 },
  'withdrawal.paid': { 1: paymentV1 },
  'withdrawal.recalled': { 1: paymentV1 },
  'withdrawal.rejected': { 1: paymentV1 },
  'player.registered': { 1: playerRegisteredV1 },
  'player.confirmed': { 1: playerConfirmedV1 },
  'player.verified': { 1: playerVerifiedV1 },
  'limit.set': { 1: limitSetV1 },
  'limit.reached': { 1: limitReachedV1 },
  'balance.adjusted': { 1: balanceAdjustedV1 },
  'session.started': { 1: sessionStartedV1 },
  'session.ended': { 1: sessionEndedV1 },
} as const satisfies Record<string, Record<number, z.ZodType>>

export type EventType = keyof typeof EVENT_SCHEMAS
export const EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as EventType[]

/** The payload of the latest version of `T` as written (amounts as decimal strings). */
export type EventPayloadInput<T extends EventType> = z.input<LatestSchema<T>>
/** The payload as consumers read it (amounts as bigint). */
export type EventPayload<T extends EventType> = z.output<LatestSchema<T>>

type Versions<T extends EventType> = (typeof EVENT_SCHEMAS)[T]
type LatestSchema<T extends EventType> = Versions<T>[keyof Versions<T>]

/** The version `emit` writes for each type: the highest. */
export function latestVersion(type: EventType): number {
  return Math.max(...Object.keys(EVENT_SCHEMAS[type]).map(Number))
}

/** An event as the outbox stores it. */
export interface StoredEvent {
  id: bigint
  type: string
  version: number
  userId: bigint | null
  payload: unknown
  createdAt: Date
}

/** An event a consumer applies: its payload parsed by the schema of its type and version. */
export type DomainEvent = {
  [T in EventType]: {
    id: bigint
    type: T
    version: number
    userId: bigint | null
    payload: EventPayload<T>
    createdAt: Date
  }
}[EventType]

/** Thrown for a stored event whose type or version this code does not know, or whose payload is not of its schema. */
export class UnknownEventError extends Error {}

/** Parses a stored event against its schema. */
export function parseEvent(event: StoredEvent): DomainEvent {
  const versions = (EVENT_SCHEMAS as Record<string, Record<number, z.ZodType> | undefined>)[event.type]
  const schema = versions?.[event.version]
  if (!schema) throw new UnknownEventError(`unknown event ${event.type} v${event.version} (#${event.id})`)
  const parsed = schema.safeParse(event.payload)
  if (!parsed.success)
    throw new UnknownEventError(
      `event #${event.id} (${event.type} v${event.version}): ${parsed.error.message}`,
    )
  return { ...event, type: event.type as EventType, payload: parsed.data } as DomainEvent
}
