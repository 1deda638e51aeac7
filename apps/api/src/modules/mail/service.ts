import type {
  AdminMail,
  AdminMailCsvQuery,
  AdminMailMessage,
  AdminMailPage,
  AdminMailQuery,
  MailState,
} from '@aurum/shared/contracts/admin-mail'
import { parseBound } from '@aurum/shared/contracts/history'
import type { Database } from '../../db/client.ts'
import { csvLine, csvText, csvValue } from '../../lib/csv.ts'
import { AppError } from '../../lib/errors.ts'
import { carriesOneTimeLink, type MailService } from '../../lib/mail.ts'
import type { AuditEntryInput, AuditLog } from '../audit/service.ts'
import { OutboxRepository, type MailFilters, type OutboxRow } from './repository.ts'

/** Who resends: a staff member, and the request the audit entry records. */
export interface MailOperator {
  actor: AuditEntryInput['actor']
  request?: AuditEntryInput['request']
}

/** What replaces a one-time link's token. */
export const REDACTED = '[redacted]'
/** A link in a text body: up to the next white space. */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"]+/g
/** A path segment that is a token (ours are 43 base64url characters), not a page's name. */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{20,}$/

/**
 * The links of a text with their tokens replaced: every query value, every path segment that looks
 * like a token, and the fragment. The page a link opens stays readable (`/new-password?
 * reset_password_token=[redacted]`); a link that does not parse is replaced whole.
 */
export function redactLinks(text: string): string {
  return text.replace(URL_IN_TEXT, (link) => {
    let url: URL
    try {
      url = new URL(link)
    } catch {
      return REDACTED
    }
    const path = url.pathname
      .split('/')
      .map((segment) => (TOKEN_SEGMENT.test(decodeURIComponent(segment)) ? REDACTED : segment))
      .join('/')
    const query = [...url.searchParams.keys()].map((key) => `${encodeURIComponent(key)}=${REDACTED}`)
    return `${url.origin}${path}${query.length ? `?${query.join('&')}` : ''}${url.hash ? `#${REDACTED}` : ''}`
  })
}

const stateOf = (row: Pick<OutboxRow, 'sent_at' | 'error'>): MailState =>
  row.sent_at ? 'sent' : row.error ? 'failed' : 'pending'

function present(row: Omit<OutboxRow, 'text_body'>): AdminMail {
  return {
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    template: row.template,
    locale: row.locale,
    player_id: row.user_id === null ? null : Number(row.user_id),
    state: stateOf(row),
    attempts: row.attempts,
    last_error: row.error,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
    resent_from: row.resent_from === null ? null : Number(row.resent_from),
    one_time_link: carriesOneTimeLink(row.template),
  }
}

/** The repository's filters from the back office's query (validated by the contract's schema). */
export function mailFilters(query: AdminMailCsvQuery): MailFilters {
  return {
    state: query.state,
    recipient: query.recipient,
    template: query.template,
    userId: query.player_id === undefined ? undefined : BigInt(query.player_id),
    from: query.from === undefined ? undefined : parseBound(query.from, false),
    to: query.to === undefined ? undefined : parseBound(query.to, true),
  }
}

const CSV_COLUMNS = [
  'id',
  'created_at',
  'to',
  'subject',
  'template',
  'locale',
  'player_id',
  'state',
  'attempts',
  'last_error',
  'sent_at',
  'resent_from',
]
const CSV_PAGE = 1_000

/**
 * The back office's outgoing mail (docs/backoffice.md "Outgoing mail"): the outbox listed,
 * exported, read in full and resent. On an install without SMTP it is where an operator reads the
 * players' e-mails. A message with a one-time link is shown with its tokens redacted unless the
 * reader holds mail:approve, and is never resent (the player asks for a new link instead).
 */
export class OutgoingMail {
  private repo: OutboxRepository

  constructor(
    private db: Database,
    private mail: MailService,
    private audit: AuditLog,
  ) {
    this.repo = new OutboxRepository(db)
  }

  /** A page of the list, newest first unless sorted otherwise. */
  async list(query: AdminMailQuery): Promise<AdminMailPage> {
    const filters = mailFilters(query)
    const page = query.page ?? 1
    const perPage = query.per_page ?? 50
    const [rows, total] = await Promise.all([
      this.repo.page(filters, {
        sort: query.sort ?? 'created_at',
        order: query.order ?? 'desc',
        limit: perPage,
        offset: (page - 1) * perPage,
      }),
      this.repo.count(filters),
    ])
    return {
      data: rows.map(present),
      pagination: { page, per_page: perPage, total_count: total },
      delivery: this.mail.delivers ? 'smtp' : 'outbox',
    }
  }

  /** Every message the filters find, by id, without bodies, as RFC 4180 CSV produced a page at a time. */
  async *csv(filters: MailFilters): AsyncGenerator<string> {
    yield csvLine(CSV_COLUMNS)
    let after = 0n
    for (;;) {
      const rows = await this.repo.after(filters, after, CSV_PAGE)
      let chunk = ''
      for (const row of rows) {
        const m = present(row)
        chunk += csvLine([
          csvValue(m.id),
          csvValue(m.created_at),
          csvText(m.to),
          csvText(m.subject),
          csvText(m.template),
          csvValue(m.locale),
          csvValue(m.player_id),
          csvValue(m.state),
          csvValue(m.attempts),
          csvText(m.last_error),
          csvValue(m.sent_at),
          csvValue(m.resent_from),
        ])
      }
      if (chunk) yield chunk
      if (rows.length < CSV_PAGE) return
      after = rows[rows.length - 1]!.id
    }
  }

  /**
   * One message in full. `unredacted` (mail:approve) shows a one-time link as sent; anyone else
   * reads it with the link's tokens replaced by [redacted].
   */
  async message(id: bigint, unredacted: boolean): Promise<AdminMailMessage> {
    const row = await this.repo.byId(id)
    if (!row) throw new AppError('not_found', 404)
    const redacted = !unredacted && carriesOneTimeLink(row.template)
    return {
      ...present(row),
      text_body: redacted ? redactLinks(row.text_body) : row.text_body,
      // The casino's e-mails are plain text: the outbox keeps no HTML alternative.
      html_body: null,
      redacted,
    }
  }

  /**
   * Queues a new copy of a message (same recipient and text) with its delivery, and the audit
   * entry, in one transaction. A message with a one-time link is refused (422
   * `mail_one_time_link`): its token may be used or expired, and the player can ask for a new one.
   */
  async resend(operator: MailOperator, id: bigint): Promise<AdminMail> {
    const { copy, deliver } = await this.db.transaction(async (tx) => {
      const original = await this.repo.byId(id, tx)
      if (!original) throw new AppError('not_found', 404)
      if (carriesOneTimeLink(original.template)) throw new AppError('mail_one_time_link', 422)
      const copy = (await this.repo.insertCopy(tx, id))!
      const deliver = await this.mail.queueDelivery(tx, copy.id)
      await this.audit.record(tx, {
        actor: operator.actor,
        action: 'mail.resent',
        target: { type: 'email', id },
        before: { state: stateOf(original), attempts: original.attempts },
        after: { copy_id: copy.id.toString(), to: copy.to_address, template: copy.template },
        request: operator.request,
      })
      return { copy, deliver }
    })
    deliver()
    return present(copy)
  }
}
