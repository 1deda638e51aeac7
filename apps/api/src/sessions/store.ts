/** A stored session, keyed by the SHA-256 of its token. */
export interface SessionRecord {
  id: string
  userId: bigint
  /** Public number for the security page: unique and stable among the player's sessions. */
  number: number
  createdAt: Date
  lastSeenAt: Date
  /** The absolute end, whatever the activity. */
  expiresAt: Date
  reauthenticatedAt: Date | null
  ip: string | null
  userAgent: string | null
  country: string | null
}

export type NewSession = Omit<SessionRecord, 'number' | 'lastSeenAt'>

/**
 * Where sessions are kept: the database (default) or Redis (`REDIS_URL`). Only storage: cookies,
 * rotation and the touch interval belong to SessionManager. Every store is built with the idle
 * timeout and is given the time by the caller, so both behave alike under one clock.
 */
export interface SessionStore {
  create(session: NewSession): Promise<void>
  /** The session unless it is unknown or revoked; expiry is the caller's to judge (`isLive`). */
  get(id: string): Promise<SessionRecord | null>
  /** Records activity; a revoked session stays revoked. */
  touch(id: string, now: Date): Promise<void>
  revoke(id: string): Promise<void>
  /** Revokes the player's live session with that number; false when there is none. */
  revokeNumber(userId: bigint, number: number, now: Date): Promise<string | null>
  /** Revokes every session of the player but `keepId`; answers how many of them were live. */
  revokeOthers(userId: bigint, keepId: string | null, now: Date): Promise<number>
  /** The player's live sessions, newest first. */
  list(userId: bigint, now: Date): Promise<SessionRecord[]>
}

/** Live: before the absolute end, and seen within the idle timeout. */
export const isLive = (session: Pick<SessionRecord, 'expiresAt' | 'lastSeenAt'>, now: Date, idleMs: number) =>
  session.expiresAt.getTime() > now.getTime() && session.lastSeenAt.getTime() + idleMs > now.getTime()

/** Newest first; sessions started in the same millisecond by their number. */
export const newestFirst = (a: SessionRecord, b: SessionRecord) =>
  b.createdAt.getTime() - a.createdAt.getTime() || b.number - a.number
