import type { Logger } from './context.ts'
import type { Locale } from '@aurum/shared'
import { defineJob, type JobDefinition, type JobQueue } from '@aurum/db'
import type { Database, Executor } from '../db/client.ts'
import { t } from './i18n.ts'
import type { Mailer } from './mailer.ts'

export type MailTemplate =
  | 'confirmation'
  | 'password_reset'
  | 'password_changed'
  | 'email_change'
  | 'email_change_requested'
  | 'gdpr_report'
  | 'limit_confirmation'
  | 'document_approved'
  | 'document_rejected'
  | 'staff_invitation'
  | 'staff_authenticator_reset'

/**
 * Whether a template's message carries a one-time link, a token that acts for the player (confirms
 * an address, sets a password, downloads their data, confirms a limit). The back office shows those
 * links redacted below mail:approve and never resends them (docs/backoffice.md "Outgoing mail").
 * Every template must say: a new one does not compile until it does.
 */
export const ONE_TIME_LINK: Record<MailTemplate, boolean> = {
  confirmation: true,
  password_reset: true,
  password_changed: false,
  email_change: true,
  email_change_requested: false,
  gdpr_report: true,
  limit_confirmation: true,
  document_approved: false,
  document_rejected: false,
  staff_invitation: true,
  staff_authenticator_reset: true,
}

/** A row's template as stored: one not known here (an older or newer release's) counts as carrying a link. */
export const carriesOneTimeLink = (template: string): boolean =>
  Object.hasOwn(ONE_TIME_LINK, template) ? ONE_TIME_LINK[template as MailTemplate] : true

export interface Mail {
  to: string
  template: MailTemplate
  locale: Locale
  vars: Record<string, string>
  userId?: bigint
}

/** The job that delivers one outbox row over SMTP (payload: the row's id). */
export const MAIL_DELIVERY_JOB = 'mail.deliver'

/**
 * Player e-mails: rendered from the translation bundles in the player's language, kept in
 * `email_outbox`, and delivered over SMTP when it is configured, by a job of the durable queue
 * added with the row (retried with backoff while the SMTP server refuses or is away). Without
 * SMTP the outbox is the development mailbox (the `/dev/outbox` page and the tests read it).
 */
/** An e-mail of the outbox as the development outbox shows it. */
export interface OutboxMail {
  id: bigint
  to_address: string
  subject: string
  text_body: string
  created_at: Date
  sent_at: Date | null
}

export class MailService {
  constructor(
    private db: Database,
    private mailer: Mailer,
    private queue: JobQueue,
    private log: Logger,
  ) {}

  async send(mail: Mail): Promise<void> {
    const deliver = await this.record(mail)
    deliver()
  }

  /**
   * Writes the e-mail to the outbox through `executor` (a transaction, so it commits with the
   * token its link carries), with the job that delivers it, and returns what starts the delivery
   * on this node at once: call that once committed (the queue would find the job anyway).
   * Links in `vars` take their origin from `request.publicOrigin` (lib/public-origin.ts).
   */
  async record(mail: Mail, executor: Executor = this.db): Promise<() => void> {
    const subject = t(mail.locale, `emails.${mail.template}.subject`, mail.vars)
    const text = t(mail.locale, `emails.${mail.template}.body`, mail.vars)
    const [row] = await executor.query<{ id: bigint }>(
      `INSERT INTO email_outbox (to_address, subject, text_body, template, locale, user_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [mail.to, subject, text, mail.template, mail.locale, mail.userId?.toString() ?? null],
    )
    return this.queueDelivery(executor, row!.id)
  }

  /** Whether messages are delivered (SMTP configured) or only kept in the outbox. */
  get delivers(): boolean {
    return this.mailer.enabled
  }

  /**
   * Adds the job that delivers an outbox row (nothing without SMTP) through `executor`, and
   * returns what starts it on this node at once: call that once committed.
   */
  async queueDelivery(executor: Executor, outboxId: bigint): Promise<() => void> {
    if (!this.mailer.enabled) return () => undefined
    const id = outboxId.toString()
    await this.queue.enqueue(executor, MAIL_DELIVERY_JOB, { id }, { key: id })
    return () => this.queue.wake()
  }

  /** The delivery job: each attempt is counted on the row, a failure's error kept, the row marked sent once. */
  deliveryJob(): JobDefinition<never> {
    return defineJob<{ id: string }>({
      name: MAIL_DELIVERY_JOB,
      // 30 s, 1, 2, 4… minutes up to an hour: about a day and a half of trying in all.
      maxAttempts: 40,
      backoffMs: 30_000,
      maxBackoffMs: 3_600_000,
      run: async ({ payload, clock }) => this.deliver(payload.id, clock.now()),
    })
  }

  private async deliver(id: string, now: Date): Promise<void> {
    const [row] = await this.db.query<{ to_address: string; subject: string; text_body: string }>(
      'SELECT to_address, subject, text_body FROM email_outbox WHERE id = $1 AND sent_at IS NULL',
      [id],
    )
    if (!row) return
    try {
      await this.mailer.send({ to: row.to_address, subject: row.subject, text: row.text_body })
    } catch (err) {
      this.log.warn({ err, outboxId: id }, 'e-mail delivery failed: retried later')
      await this.db.query('UPDATE email_outbox SET attempts = attempts + 1, error = $2 WHERE id = $1', [
        id,
        String(err).slice(0, 500),
      ])
      throw err
    }
    // A node that stops between the send and this update sends again: at least once, never lost.
    await this.db.query(
      'UPDATE email_outbox SET sent_at = $2, attempts = attempts + 1 WHERE id = $1 AND sent_at IS NULL',
      [id, now],
    )
  }

  /** The outbox's last 100 e-mails, newest first, to one address or all (the development outbox). */
  async recent(to: string | null): Promise<OutboxMail[]> {
    return this.db.query<OutboxMail>(
      `SELECT id, to_address, subject, text_body, created_at, sent_at FROM email_outbox
        WHERE $1::text IS NULL OR lower(to_address) = lower($1)
        ORDER BY id DESC LIMIT 100`,
      [to],
    )
  }

  /** Delivers what is due now (a command-line tool, before it closes the database). */
  async flush(): Promise<void> {
    await this.queue.runDue([MAIL_DELIVERY_JOB])
  }
}
