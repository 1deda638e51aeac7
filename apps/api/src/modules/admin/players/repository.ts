import type { Database, Executor } from '../../../db/client.ts'

/** The search's filters, as the service reads them. */
export interface PlayerFilters {
  q?: string
  country?: string
  currency?: string
  status?: 'active' | 'blocked' | 'test'
  verified?: boolean
  from?: Date
  to?: Date
}

/** Columns the list may be sorted by, and their SQL (a whitelist: nothing else reaches the query). */
export const SORT_COLUMNS = {
  id: 'u.id',
  created_at: 'u.created_at',
  email: 'u.email_normalized',
  last_sign_in_at: 'u.last_sign_in_at',
  country: 'u.country',
} as const
export type PlayerSort = keyof typeof SORT_COLUMNS

export interface PlayerListRow {
  id: bigint
  email: string
  first_name: string | null
  last_name: string | null
  nickname: string | null
  mobile_phone: string | null
  country: string | null
  currency: string
  verified: boolean
  blocked_at: Date | null
  test_account: boolean
  created_at: Date
  last_sign_in_at: Date | null
}

export interface PlayerProfileRow extends PlayerListRow {
  gender: string | null
  date_of_birth: Date | string | null
  address: string | null
  city: string | null
  postal_code: string | null
  language: string
  confirmed_at: Date | null
  registration_ip: string | null
  registration_country: string | null
  sign_in_count: number
  current_sign_in_at: Date | null
  blocked_reason: string | null
  two_factor_enabled_at: Date | null
  receive_promos: boolean
  receive_sms_promos: boolean
}

const LIST_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.nickname, u.mobile_phone, u.country, u.currency,
  u.verified, u.blocked_at, u.test_account, u.created_at, u.last_sign_in_at`

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/
const IPV6 = /^[0-9a-f:]+:[0-9a-f:.]*$/i

/** `LIKE` with the text taken literally. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The SQL of the search's `q` (parameters from `$first`): each kind of key the text can be is one
 * indexed branch of an OR (migration 037), so the planner ORs index scans, never reads the table:
 * an id (exact, the primary key), an e-mail (prefix of the normalised address), a name (prefix of
 * the first name, last name or nickname, or "first last"), a phone (prefix of its digits), an IP
 * (exact, the registration's or a sign-in's).
 */
function searchSql(q: string, first: number): { sql: string; params: unknown[] } {
  const params: unknown[] = []
  const p = (value: unknown) => {
    params.push(value)
    return `$${first + params.length - 1}`
  }
  const text = q.trim()
  const lower = text.toLowerCase()
  const branches: string[] = []
  if (/^\d{1,18}$/.test(text)) branches.push(`u.id = ${p(text)}::bigint`)
  if (IPV4.test(text) || (IPV6.test(text) && text.includes(':'))) {
    const ip = p(lower)
    // The sessions' players as an array (an init plan): `id = ANY` is one more index branch of the
    // OR, where `id IN (subquery)` would make the planner read the whole table.
    branches.push(
      `u.registration_ip = ${ip}`,
      `u.id = ANY (ARRAY(SELECT s.user_id FROM sessions s WHERE s.ip = ${ip}))`,
    )
  }
  if (!IPV4.test(text)) branches.push(`u.email_normalized LIKE ${p(likePrefix(lower))}`)
  if (/[\p{L}]/u.test(text) && !text.includes('@')) {
    const name = p(likePrefix(lower))
    branches.push(
      `lower(u.first_name) LIKE ${name}`,
      `lower(u.last_name) LIKE ${name}`,
      `lower(u.nickname) LIKE ${name}`,
    )
    const [given, ...rest] = lower.split(/\s+/)
    if (rest.length > 0)
      branches.push(
        `(lower(u.first_name) LIKE ${p(likePrefix(given!))} AND lower(u.last_name) LIKE ${p(likePrefix(rest.join(' ')))})`,
      )
  }
  const digits = text.replace(/[\s()+.-]/g, '')
  if (!IPV4.test(text) && /^\d{4,20}$/.test(digits))
    branches.push(`regexp_replace(u.mobile_phone, '[^0-9]', '', 'g') LIKE ${p(likePrefix(digits))}`)
  return { sql: `(${branches.join(' OR ')})`, params }
}

function whereOf(filters: PlayerFilters): { sql: string; params: unknown[] } {
  const clauses: string[] = []
  const params: unknown[] = []
  const p = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  if (filters.q) {
    const search = searchSql(filters.q, params.length + 1)
    params.push(...search.params)
    clauses.push(search.sql)
  }
  if (filters.country) clauses.push(`u.country = ${p(filters.country)}`)
  if (filters.currency)
    clauses.push(
      `EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = u.id AND w.currency = ${p(filters.currency)})`,
    )
  if (filters.status === 'blocked') clauses.push('u.blocked_at IS NOT NULL')
  if (filters.status === 'test') clauses.push('u.test_account')
  if (filters.status === 'active') clauses.push('u.blocked_at IS NULL AND NOT u.test_account')
  if (filters.verified !== undefined) clauses.push(`u.verified = ${p(filters.verified)}`)
  if (filters.from) clauses.push(`u.created_at >= ${p(filters.from)}`)
  if (filters.to) clauses.push(`u.created_at < ${p(filters.to)}`)
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params }
}

/** The search's statement (its test reads the plan of it). */
export function searchStatement(
  filters: PlayerFilters,
  order: { sort: PlayerSort; dir: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): { sql: string; params: unknown[] } {
  const where = whereOf(filters)
  const dir = order.dir === 'asc' ? 'ASC' : 'DESC'
  const n = where.params.length
  return {
    sql: `SELECT ${LIST_COLUMNS} FROM users u ${where.sql}
       ORDER BY ${SORT_COLUMNS[order.sort]} ${dir} NULLS LAST, u.id ${dir}
       LIMIT $${n + 1} OFFSET $${n + 2}`,
    params: [...where.params, page.limit, page.offset],
  }
}

/** The back office's reads and writes of players (docs/backoffice.md "Players"). */
/** A row of user_limits as the back office reads it (the player 360, responsible gambling). */
export interface LimitHistoryRow {
  id: bigint
  type: string
  period: string | null
  lifetime: string | null
  amounts: Record<string, number>
  pending: unknown
  pending_removal: boolean
  ends_at: Date | null
  created_at: Date
  removed_at: Date | null
}

export class AdminPlayersRepository {
  constructor(private db: Database) {}

  search(
    filters: PlayerFilters,
    order: { sort: PlayerSort; dir: 'asc' | 'desc' },
    page: { limit: number; offset: number },
  ): Promise<PlayerListRow[]> {
    const { sql, params } = searchStatement(filters, order, page)
    return this.db.query<PlayerListRow>(sql, params)
  }

  async profile(userId: bigint, db: Executor = this.db, forUpdate = false): Promise<PlayerProfileRow | null> {
    const [row] = await db.query<PlayerProfileRow>(
      `SELECT ${LIST_COLUMNS}, u.gender, u.date_of_birth::text AS date_of_birth, u.address, u.city, u.postal_code,
              u.language, u.confirmed_at, u.registration_ip, u.registration_country, u.sign_in_count,
              u.current_sign_in_at, u.blocked_reason, u.two_factor_enabled_at, u.receive_promos, u.receive_sms_promos
       FROM users u WHERE u.id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [userId.toString()],
    )
    return row ?? null
  }

  groups(userId: bigint): Promise<Array<{ id: number; name: string | null }>> {
    return this.db.query(
      `SELECT g.group_id AS id, c.name FROM user_groups g
       LEFT JOIN user_groups_catalog c ON c.id = g.group_id
       WHERE g.user_id = $1 ORDER BY g.group_id`,
      [userId.toString()],
    )
  }

  /** Blocked when `at` is a date, unblocked when null. */
  async setBlocked(tx: Executor, userId: bigint, at: Date | null, reason: string | null): Promise<void> {
    await tx.query(
      'UPDATE users SET blocked_at = $2, blocked_reason = $3, updated_at = now() WHERE id = $1',
      [userId.toString(), at, reason],
    )
  }

  async setTestAccount(tx: Executor, userId: bigint, test: boolean): Promise<void> {
    await tx.query('UPDATE users SET test_account = $2, updated_at = now() WHERE id = $1', [
      userId.toString(),
      test,
    ])
  }

  /** Balances from the ledger's accounts; `locked`: withdrawals debited when requested and not finished. */
  wallets(userId: bigint) {
    return this.db.query<{
      currency: string
      active: boolean
      hidden_at: Date | null
      real: bigint
      bonus: bigint
      locked: bigint
    }>(
      `SELECT w.currency, w.active, w.hidden_at, r.balance AS real, b.balance AS bonus,
              coalesce((SELECT sum(p.amount_cents) FROM payments p
                        WHERE p.user_id = w.user_id AND p.currency = w.currency AND p.action = 'cashout'
                          AND p.state IN ('pending', 'processing', 'reserved')), 0)::int8 AS locked
       FROM wallets w
       JOIN ledger_accounts r ON r.id = w.real_account_id
       JOIN ledger_accounts b ON b.id = w.bonus_account_id
       WHERE w.user_id = $1
       ORDER BY w.active DESC, w.currency`,
      [userId.toString()],
    )
  }

  /** The entries of the player's own ledger accounts (real and bonus), newest first. */
  ledger(
    userId: bigint,
    filter: { currency?: string; kind?: string; from?: Date; to?: Date },
    page: { limit: number; offset: number },
  ) {
    return this.db.query<{
      id: bigint
      transaction_id: bigint
      kind: string
      account_kind: string
      currency: string
      amount: bigint
      balance_after: bigint
      metadata: unknown
      created_at: Date
    }>(
      `SELECT e.id, e.transaction_id, t.kind, a.kind AS account_kind, a.currency, e.amount, e.balance_after,
              t.metadata, e.created_at
       FROM ledger_accounts a
       JOIN ledger_entries e ON e.account_id = a.id
       JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE a.user_id = $1 AND a.kind IN ('player_real', 'player_bonus')
         AND ($2::text IS NULL OR a.currency = $2) AND ($3::text IS NULL OR t.kind = $3)
         AND ($4::timestamptz IS NULL OR e.created_at >= $4) AND ($5::timestamptz IS NULL OR e.created_at < $5)
       ORDER BY e.id DESC
       LIMIT $6 OFFSET $7`,
      [
        userId.toString(),
        filter.currency ?? null,
        filter.kind ?? null,
        filter.from ?? null,
        filter.to ?? null,
        page.limit,
        page.offset,
      ],
    )
  }

  /** Every limit the player ever had, newest first (removed ones too): the limits' history. */
  limitHistory(userId: bigint) {
    return this.db.query<LimitHistoryRow>(
      `SELECT id, type, period, lifetime, amounts, pending, pending_removal, ends_at, created_at, removed_at
       FROM user_limits WHERE user_id = $1 ORDER BY id DESC LIMIT 500`,
      [userId.toString()],
    )
  }

  documents(userId: bigint, page: { limit: number; offset: number }) {
    return this.db.query<{
      id: bigint
      document_type: string
      description: string | null
      file_name: string
      content_type: string
      size_bytes: bigint
      status: string
      rejection_reason: string | null
      reviewed_at: Date | null
      created_at: Date
    }>(
      `SELECT id, document_type, description, file_name, content_type, size_bytes, status, rejection_reason,
              reviewed_at, created_at
       FROM player_documents WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId.toString(), page.limit, page.offset],
    )
  }

  /** Sign-ins kept in the database (the SQL session store), ended ones included, newest first. */
  storedSessions(userId: bigint, limit: number) {
    return this.db.query<{
      number: bigint
      ip: string | null
      country: string | null
      user_agent: string | null
      created_at: Date
      last_seen_at: Date
    }>(
      `SELECT number, ip, country, user_agent, created_at, last_seen_at
       FROM sessions WHERE user_id = $1 ORDER BY created_at DESC, number DESC LIMIT $2`,
      [userId.toString(), limit],
    )
  }

  async insertNote(
    tx: Executor,
    userId: bigint,
    staff: { id: bigint; label: string },
    text: string,
    at: Date,
  ) {
    const [row] = await tx.query<{ id: bigint; created_at: Date }>(
      `INSERT INTO player_notes (user_id, staff_id, staff_label, text, created_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, created_at`,
      [userId.toString(), staff.id.toString(), staff.label, text, at],
    )
    return row!
  }

  notes(userId: bigint, page: { limit: number; offset: number }) {
    return this.db.query<{
      id: bigint
      text: string
      staff_id: bigint
      staff_label: string
      created_at: Date
    }>(
      `SELECT id, text, staff_id, staff_label, created_at FROM player_notes
       WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId.toString(), page.limit, page.offset],
    )
  }
}
