import type { Database } from '../db/client.ts'
import type { NewSession, SessionRecord, SessionStore } from './store.ts'

interface Row {
  id: string
  user_id: bigint
  number: bigint
  created_at: Date
  last_seen_at: Date
  expires_at: Date
  reauthenticated_at: Date | null
  ip: string | null
  user_agent: string | null
  country: string | null
}

const COLUMNS =
  'id, user_id, number, created_at, last_seen_at, expires_at, reauthenticated_at, ip, user_agent, country'

/** The same test as `isLive`, in SQL: $2 is now, $3 the idle cut-off (now minus the idle timeout). */
const LIVE = 'revoked_at IS NULL AND expires_at > $2 AND last_seen_at > $3'

const toRecord = (r: Row): SessionRecord => ({
  id: r.id,
  userId: r.user_id,
  number: Number(r.number),
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  expiresAt: r.expires_at,
  reauthenticatedAt: r.reauthenticated_at,
  ip: r.ip,
  userAgent: r.user_agent,
  country: r.country,
})

/**
 * Sessions in the `sessions` table (migrations 002 and 004). Revoked rows are kept with
 * `revoked_at`; numbers come from one sequence, so they are unique per player too.
 */
export class SqlSessionStore implements SessionStore {
  constructor(
    private db: Database,
    private idleMs: number,
  ) {}

  private idleCutoff = (now: Date) => new Date(now.getTime() - this.idleMs)

  async create(s: NewSession): Promise<void> {
    await this.db.query(
      `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, reauthenticated_at, ip, user_agent, country)
       VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8)`,
      [
        s.id,
        s.userId.toString(),
        s.createdAt,
        s.expiresAt,
        s.reauthenticatedAt,
        s.ip,
        s.userAgent,
        s.country,
      ],
    )
  }

  async get(id: string): Promise<SessionRecord | null> {
    const [row] = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM sessions WHERE id = $1 AND revoked_at IS NULL`,
      [id],
    )
    return row ? toRecord(row) : null
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
      id,
      now,
    ])
  }

  async revoke(id: string): Promise<void> {
    await this.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [id])
  }

  async revokeNumber(userId: bigint, number: number, now: Date): Promise<string | null> {
    const [row] = await this.db.query<{ id: string }>(
      `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND ${LIVE} AND number = $4 RETURNING id`,
      [userId.toString(), now, this.idleCutoff(now), number],
    )
    return row?.id ?? null
  }

  async revokeOthers(userId: bigint, keepId: string | null, now: Date): Promise<number> {
    // Expired rows are revoked too (tidy), but only live ones count as signed out.
    const [row] = await this.db.query<{ n: bigint }>(
      `WITH gone AS (
         UPDATE sessions SET revoked_at = now()
          WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $4
          RETURNING expires_at, last_seen_at
       )
       SELECT count(*) FILTER (WHERE expires_at > $2 AND last_seen_at > $3)::int8 AS n FROM gone`,
      [userId.toString(), now, this.idleCutoff(now), keepId],
    )
    return Number(row!.n)
  }

  async list(userId: bigint, now: Date): Promise<SessionRecord[]> {
    const rows = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM sessions WHERE user_id = $1 AND ${LIVE} ORDER BY created_at DESC, number DESC`,
      [userId.toString(), now, this.idleCutoff(now)],
    )
    return rows.map(toRecord)
  }
}
