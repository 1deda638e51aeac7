import type { MailSort, MailState } from '@aurum/shared/contracts/admin-mail'
import type { Database, Executor } from '../../db/client.ts'

export interface OutboxRow {
  id: bigint
  to_address: string
  subject: string
  text_body: string
  template: string
  locale: string
  user_id: bigint | null
  attempts: number
  error: string | null
  created_at: Date
  sent_at: Date | null
  resent_from: bigint | null
}

/** The back office's filters, all optional and combined with AND. */
export interface MailFilters {
  state?: MailState
  /** Part of the recipient's address, any case. */
  recipient?: string
  template?: string
  userId?: bigint
  /** Created from (inclusive) and to (exclusive). */
  from?: Date
  to?: Date
}

/** The whitelisted sort columns, as SQL. */
const SORT_COLUMNS: Record<MailSort, string> = {
  created_at: 'created_at',
  sent_at: 'sent_at',
  id: 'id',
  to: 'lower(to_address)',
  template: 'template',
  attempts: 'attempts',
}

/** A row's state: delivered, waiting for its first attempt (or for an SMTP server), or last attempt failed. */
const STATE_SQL: Record<MailState, string> = {
  sent: 'sent_at IS NOT NULL',
  pending: 'sent_at IS NULL AND error IS NULL',
  failed: 'sent_at IS NULL AND error IS NOT NULL',
}

/** The list's columns: everything but the body. */
const LIST_COLUMNS = `id, to_address, subject, template, locale, user_id, attempts, error, created_at, sent_at, resent_from`
const LIKE_SPECIAL = /[\\%_]/g

function where(filters: MailFilters): { sql: string; params: unknown[] } {
  const terms: string[] = []
  const params: unknown[] = []
  const add = (term: (p: string) => string, value: unknown) => {
    params.push(value)
    terms.push(term(`$${params.length}`))
  }
  if (filters.state) terms.push(STATE_SQL[filters.state])
  if (filters.recipient !== undefined)
    add((p) => `to_address ILIKE ${p}`, `%${filters.recipient.replace(LIKE_SPECIAL, '\\$&')}%`)
  if (filters.template !== undefined) add((p) => `template = ${p}`, filters.template)
  if (filters.userId !== undefined) add((p) => `user_id = ${p}`, filters.userId.toString())
  if (filters.from) add((p) => `created_at >= ${p}`, filters.from)
  if (filters.to) add((p) => `created_at < ${p}`, filters.to)
  return { sql: terms.length ? terms.join(' AND ') : 'true', params }
}

/** The SQL of the back office's view of `email_outbox` (lib/mail.ts writes and delivers the rows). */
export class OutboxRepository {
  constructor(private db: Database) {}

  /** A page of the list (no bodies); NULLs (messages not sent) last whatever the order. */
  async page(
    filters: MailFilters,
    page: { sort: MailSort; order: 'asc' | 'desc'; limit: number; offset: number },
  ): Promise<Array<Omit<OutboxRow, 'text_body'>>> {
    const { sql, params } = where(filters)
    const order = page.order === 'desc' ? 'DESC' : 'ASC'
    return this.db.query(
      `SELECT ${LIST_COLUMNS} FROM email_outbox WHERE ${sql}
        ORDER BY ${SORT_COLUMNS[page.sort]} ${order} NULLS LAST, id ${order}
        LIMIT ${page.limit} OFFSET ${page.offset}`,
      params,
    )
  }

  async count(filters: MailFilters): Promise<number> {
    const { sql, params } = where(filters)
    const [row] = await this.db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM email_outbox WHERE ${sql}`,
      params,
    )
    return Number(row!.n)
  }

  /** The rows the filters find after `afterId`, by id (the CSV export's pages). */
  async after(
    filters: MailFilters,
    afterId: bigint,
    limit: number,
  ): Promise<Array<Omit<OutboxRow, 'text_body'>>> {
    const { sql, params } = where(filters)
    return this.db.query(
      `SELECT ${LIST_COLUMNS} FROM email_outbox WHERE ${sql} AND id > $${params.length + 1} ORDER BY id LIMIT ${limit}`,
      [...params, afterId.toString()],
    )
  }

  async byId(id: bigint, executor: Executor = this.db): Promise<OutboxRow | undefined> {
    const [row] = await executor.query<OutboxRow>(
      `SELECT ${LIST_COLUMNS}, text_body FROM email_outbox WHERE id = $1`,
      [id.toString()],
    )
    return row
  }

  /** A new row with the message of `id` (same recipient, subject, body, template, language, player). */
  async insertCopy(tx: Executor, id: bigint): Promise<OutboxRow | undefined> {
    const [row] = await tx.query<OutboxRow>(
      `INSERT INTO email_outbox (to_address, subject, text_body, template, locale, user_id, resent_from)
       SELECT to_address, subject, text_body, template, locale, user_id, id FROM email_outbox WHERE id = $1
       RETURNING ${LIST_COLUMNS}, text_body`,
      [id.toString()],
    )
    return row
  }
}
