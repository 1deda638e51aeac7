import type { FastifyBaseLogger } from 'fastify'
import type { Locale } from '@aurum/shared'
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

export interface Mail {
  to: string
  template: MailTemplate
  locale: Locale
  vars: Record<string, string>
  userId?: bigint
}

/**
 * Player e-mails: rendered from the translation bundles in the player's language, kept in
 * `email_outbox`, and delivered over SMTP when it is configured. Without SMTP the outbox
 * is the development mailbox (the `/dev/outbox` page and the tests read it).
 */
export class MailService {
  private deliveries = new Set<Promise<unknown>>()

  constructor(
    private db: Database,
    private mailer: Mailer,
    private log: FastifyBaseLogger,
  ) {}

  async send(mail: Mail): Promise<void> {
    const deliver = await this.record(mail)
    deliver()
  }

  /**
   * Writes the e-mail to the outbox through `executor` (a transaction, so it commits with the
   * token its link carries) and returns what delivers it over SMTP: call that once committed.
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
    return () => {
      if (this.mailer.enabled) this.deliver(row!.id, mail.to, subject, text)
    }
  }

  private deliver(id: bigint, to: string, subject: string, text: string) {
    // Delivery happens after the answer; a failure is recorded on the outbox row.
    const delivery = this.mailer
      .send({ to, subject, text })
      .then(() => this.db.query('UPDATE email_outbox SET sent_at = now() WHERE id = $1', [id.toString()]))
      .catch(async (err: unknown) => {
        this.log.error({ err, outboxId: id.toString() }, 'e-mail delivery failed')
        await this.db
          .query('UPDATE email_outbox SET error = $2 WHERE id = $1', [
            id.toString(),
            String(err).slice(0, 500),
          ])
          .catch(() => undefined)
      })
    this.deliveries.add(delivery)
    void delivery.finally(() => this.deliveries.delete(delivery))
  }

  /** Waits for the deliveries under way (a command-line tool, before it closes the database). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.deliveries])
  }
}
