import type { PermissionMatrix, StaffSignIn } from '@aurum/shared/contracts/admin'
import type { Database, Executor } from '../../db/client.ts'

export interface StaffRow {
  id: bigint
  email: string
  name: string
  role_id: bigint
  role_name: string
  permissions: PermissionMatrix
  status: 'invited' | 'active' | 'disabled'
  password_hash: string | null
  totp_secret: string | null
  totp_last_step: bigint | null
  failed_attempts: number
  locked_until: Date | null
  created_at: Date
  last_sign_in_at: Date | null
}

export interface RoleRow {
  id: bigint
  name: string
  builtin: boolean
  permissions: PermissionMatrix
}

export interface StaffSessionRow {
  staff_id: bigint
  device_hash: Buffer
  last_seen_at: Date
  created_at: Date
}

const MEMBER = `SELECT m.id, m.email, m.name, m.role_id, r.name AS role_name, r.permissions, m.status,
    m.password_hash, m.totp_secret, m.totp_last_step, m.failed_attempts, m.locked_until, m.created_at,
    m.last_sign_in_at
  FROM staff_members m JOIN staff_roles r ON r.id = m.role_id`

/** The SQL of the staff module: members, roles, one-time links, sessions and sign-ins. */
export class StaffRepository {
  constructor(private db: Database) {}

  async count(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_members`)
    return row!.n
  }

  async byId(id: bigint, tx: Executor = this.db): Promise<StaffRow | undefined> {
    const [row] = await tx.query<StaffRow>(`${MEMBER} WHERE m.id = $1`, [id.toString()])
    return row
  }

  async byEmail(email: string, tx: Executor = this.db): Promise<StaffRow | undefined> {
    const [row] = await tx.query<StaffRow>(`${MEMBER} WHERE lower(m.email) = lower($1)`, [email])
    return row
  }

  /** The member's row locked for a sign-in's or a set-up's decision. */
  async lockById(tx: Executor, id: bigint): Promise<StaffRow | undefined> {
    const [row] = await tx.query<StaffRow>(`${MEMBER} WHERE m.id = $1 FOR UPDATE OF m`, [id.toString()])
    return row
  }

  async list(): Promise<StaffRow[]> {
    return this.db.query<StaffRow>(`${MEMBER} ORDER BY m.id`)
  }

  /** Inserts an invited member; undefined when the e-mail is taken. */
  async insert(
    tx: Executor,
    member: { email: string; name: string; roleId: bigint; invitedBy: bigint | null },
  ): Promise<bigint | undefined> {
    const [row] = await tx.query<{ id: bigint }>(
      `INSERT INTO staff_members (email, name, role_id, invited_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING id`,
      [member.email, member.name, member.roleId.toString(), member.invitedBy?.toString() ?? null],
    )
    return row?.id
  }

  async setCredentials(tx: Executor, id: bigint, name: string, passwordHash: string, totpSecret: string) {
    await tx.query(
      `UPDATE staff_members SET name = $2, password_hash = $3, totp_secret = $4, totp_last_step = NULL
       WHERE id = $1`,
      [id.toString(), name, passwordHash, totpSecret],
    )
  }

  /**
   * Puts an active member back to `invited` without credentials: the password and the authenticator
   * are gone, the lockout cleared; a new set-up link sets both again.
   */
  async clearCredentials(tx: Executor, id: bigint): Promise<void> {
    await tx.query(
      `UPDATE staff_members SET status = 'invited', password_hash = NULL, totp_secret = NULL,
         totp_last_step = NULL, failed_attempts = 0, locked_until = NULL
       WHERE id = $1`,
      [id.toString()],
    )
  }

  async activate(tx: Executor, id: bigint, step: number): Promise<void> {
    await tx.query(
      `UPDATE staff_members SET status = 'active', totp_last_step = $2, failed_attempts = 0, locked_until = NULL
       WHERE id = $1`,
      [id.toString(), step],
    )
  }

  async update(tx: Executor, id: bigint, change: { roleId?: bigint; status?: 'active' | 'disabled' }) {
    await tx.query(
      `UPDATE staff_members SET role_id = coalesce($2, role_id), status = coalesce($3, status),
         failed_attempts = CASE WHEN $3 = 'active' THEN 0 ELSE failed_attempts END,
         locked_until = CASE WHEN $3 = 'active' THEN NULL ELSE locked_until END
       WHERE id = $1`,
      [id.toString(), change.roleId?.toString() ?? null, change.status ?? null],
    )
  }

  async signedIn(tx: Executor, id: bigint, step: number, at: Date): Promise<void> {
    await tx.query(
      `UPDATE staff_members SET failed_attempts = 0, locked_until = NULL, totp_last_step = $2, last_sign_in_at = $3
       WHERE id = $1`,
      [id.toString(), step, at],
    )
  }

  async failed(tx: Executor, id: bigint, lockedUntil: Date | null): Promise<void> {
    await tx.query(
      `UPDATE staff_members SET failed_attempts = failed_attempts + 1, locked_until = coalesce($2, locked_until)
       WHERE id = $1`,
      [id.toString(), lockedUntil],
    )
  }

  async recordSignIn(
    tx: Executor,
    attempt: {
      staffId: bigint | null
      email: string
      outcome: string
      ip: string
      userAgent: string | null
      at: Date
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO staff_sign_ins (staff_id, email, outcome, ip, user_agent, at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        attempt.staffId?.toString() ?? null,
        attempt.email.slice(0, 254),
        attempt.outcome,
        attempt.ip,
        attempt.userAgent,
        attempt.at,
      ],
    )
  }

  async signIns(staffId: bigint | null, limit: number) {
    return this.db.query<{
      id: bigint
      email: string
      outcome: StaffSignIn['outcome']
      ip: string | null
      user_agent: string | null
      at: Date
    }>(
      `SELECT id, email, outcome, host(ip) AS ip, user_agent, at FROM staff_sign_ins
       WHERE $1::bigint IS NULL OR staff_id = $1 ORDER BY id DESC LIMIT $2`,
      [staffId?.toString() ?? null, limit],
    )
  }

  // One-time links

  async insertToken(tx: Executor, hash: Buffer, staffId: bigint, purpose: string, expiresAt: Date) {
    // A new link replaces the member's unused ones.
    await tx.query(`UPDATE staff_tokens SET used_at = now() WHERE staff_id = $1 AND used_at IS NULL`, [
      staffId.toString(),
    ])
    await tx.query(
      `INSERT INTO staff_tokens (token_hash, staff_id, purpose, expires_at) VALUES ($1, $2, $3, $4)`,
      [hash, staffId.toString(), purpose, expiresAt],
    )
  }

  /** The member of an unused, unexpired link. */
  async tokenMember(tx: Executor, hash: Buffer, now: Date): Promise<bigint | undefined> {
    const [row] = await tx.query<{ staff_id: bigint }>(
      `SELECT staff_id FROM staff_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
      [hash, now],
    )
    return row?.staff_id
  }

  // The first owner's link

  /**
   * Replaces any unused first-owner link with this one, if no member exists yet (under a lock, so
   * that two nodes starting together leave one link). False once anyone is a member.
   */
  async replaceFirstOwnerLink(tx: Executor, hash: Buffer, expiresAt: Date): Promise<boolean> {
    await tx.query(`LOCK TABLE staff_first_owner_links IN EXCLUSIVE MODE`)
    const [row] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_members`)
    if (row!.n > 0) return false
    await tx.query(`DELETE FROM staff_first_owner_links WHERE used_at IS NULL`)
    await tx.query(`INSERT INTO staff_first_owner_links (token_hash, expires_at) VALUES ($1, $2)`, [
      hash,
      expiresAt,
    ])
    return true
  }

  async firstOwnerLinkValid(tx: Executor, hash: Buffer, now: Date): Promise<boolean> {
    const rows = await tx.query(
      `SELECT 1 FROM staff_first_owner_links WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
      [hash, now],
    )
    return rows.length === 1
  }

  /** Uses a valid first-owner link if still no member exists; true if it was. */
  async useFirstOwnerLink(tx: Executor, hash: Buffer, now: Date): Promise<boolean> {
    await tx.query(`LOCK TABLE staff_first_owner_links IN EXCLUSIVE MODE`)
    const rows = await tx.query(
      `UPDATE staff_first_owner_links SET used_at = $2
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
          AND NOT EXISTS (SELECT 1 FROM staff_members)
        RETURNING 1`,
      [hash, now],
    )
    return rows.length === 1
  }

  async useToken(tx: Executor, hash: Buffer, now: Date): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE staff_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING 1`,
      [hash, now],
    )
    return rows.length === 1
  }

  // Roles

  async roles(): Promise<RoleRow[]> {
    return this.db.query<RoleRow>(`SELECT id, name, builtin, permissions FROM staff_roles ORDER BY id`)
  }

  async roleByName(tx: Executor, name: string): Promise<RoleRow | undefined> {
    const [row] = await tx.query<RoleRow>(
      `SELECT id, name, builtin, permissions FROM staff_roles WHERE name = $1`,
      [name],
    )
    return row
  }

  async role(id: bigint, tx: Executor = this.db): Promise<RoleRow | undefined> {
    const [row] = await tx.query<RoleRow>(
      `SELECT id, name, builtin, permissions FROM staff_roles WHERE id = $1`,
      [id.toString()],
    )
    return row
  }

  async insertRole(tx: Executor, name: string, permissions: PermissionMatrix): Promise<bigint | undefined> {
    const [row] = await tx.query<{ id: bigint }>(
      `INSERT INTO staff_roles (name, permissions) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING id`,
      [name, JSON.stringify(permissions)],
    )
    return row?.id
  }

  async updateRole(tx: Executor, id: bigint, name: string, permissions: PermissionMatrix): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE staff_roles SET name = $2, permissions = $3, updated_at = now()
       WHERE id = $1 AND NOT builtin AND NOT EXISTS (SELECT 1 FROM staff_roles WHERE name = $2 AND id <> $1)
       RETURNING 1`,
      [id.toString(), name, JSON.stringify(permissions)],
    )
    return rows.length === 1
  }

  /**
   * Serialises the changes of roles (create, rename, delete) among themselves, so that the check of a
   * name's uniqueness and of a role's use hold until the change commits; reads and the members'
   * references to a role are not blocked.
   */
  async lockRoles(tx: Executor): Promise<void> {
    await tx.query(`LOCK TABLE staff_roles IN SHARE ROW EXCLUSIVE MODE`)
  }

  /** The role's row locked for its change or deletion. */
  async lockRole(tx: Executor, id: bigint): Promise<RoleRow | undefined> {
    const [row] = await tx.query<RoleRow>(
      `SELECT id, name, builtin, permissions FROM staff_roles WHERE id = $1 FOR UPDATE`,
      [id.toString()],
    )
    return row
  }

  /** How many members (invited, active or disabled) hold the role. */
  async roleMembers(tx: Executor, id: bigint): Promise<number> {
    const [row] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_members WHERE role_id = $1`,
      [id.toString()],
    )
    return row!.n
  }

  /** Deletes a custom role no member holds; false otherwise. */
  async deleteRole(tx: Executor, id: bigint): Promise<boolean> {
    const rows = await tx.query(
      `DELETE FROM staff_roles WHERE id = $1 AND NOT builtin
         AND NOT EXISTS (SELECT 1 FROM staff_members WHERE role_id = $1)
       RETURNING 1`,
      [id.toString()],
    )
    return rows.length === 1
  }

  // Sessions

  async insertSession(
    tx: Executor,
    session: {
      hash: Buffer
      staffId: bigint
      device: Buffer
      ip: string
      userAgent: string | null
      at: Date
    },
  ) {
    await tx.query(
      `INSERT INTO staff_sessions (token_hash, staff_id, device_hash, ip, user_agent, created_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [session.hash, session.staffId.toString(), session.device, session.ip, session.userAgent, session.at],
    )
  }

  /**
   * The live session of a token, touched: its last use moves to `now` when the session is still
   * within its idle and absolute limits (`idleSince`, `startedAfter`), in one statement.
   */
  async touchSession(hash: Buffer, now: Date, idleSince: Date, startedAfter: Date) {
    const [row] = await this.db.query<StaffSessionRow>(
      `UPDATE staff_sessions SET last_seen_at = $2
       WHERE token_hash = $1 AND ended_at IS NULL AND last_seen_at > $3 AND created_at > $4
       RETURNING staff_id, device_hash, last_seen_at, created_at`,
      [hash, now, idleSince, startedAfter],
    )
    return row
  }

  async endSession(hash: Buffer, reason: string, now: Date, tx: Executor = this.db): Promise<void> {
    await tx.query(
      `UPDATE staff_sessions SET ended_at = $3, end_reason = $2 WHERE token_hash = $1 AND ended_at IS NULL`,
      [hash, reason, now],
    )
  }

  /** Ends every live session of a member (disabled, role changed, TOTP reset); answers how many. */
  async endSessionsOf(tx: Executor, staffId: bigint, reason: string, now: Date): Promise<number> {
    const rows = await tx.query(
      `UPDATE staff_sessions SET ended_at = $3, end_reason = $2 WHERE staff_id = $1 AND ended_at IS NULL RETURNING 1`,
      [staffId.toString(), reason, now],
    )
    return rows.length
  }
}
