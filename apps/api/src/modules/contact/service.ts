import { defineJob, type JobDefinition, type JobQueue } from '@aurum/db'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { Mailer } from '../../lib/mailer.ts'

/** The job that e-mails one stored contact message to support (payload: its id and the request's). */
export const CONTACT_DELIVERY_JOB = 'contact.deliver'

interface ContactDelivery {
  id: string
  requestId: string
}

export class ContactService {
  constructor(
    private db: Database,
    private mailer: Mailer,
    private supportEmail: string,
    private jobs: JobQueue,
    private log: FastifyBaseLogger,
  ) {}

  /**
   * Stores the message, so it is never lost when mail fails, with the job that e-mails it to
   * support (retried with backoff while the SMTP server refuses), which starts after the commit.
   */
  async submit(message: { email: string; content: string }, request: FastifyRequest): Promise<number> {
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: bigint }>(
        `INSERT INTO contact_messages (email, content, locale, remote_addr, user_agent)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [
          message.email,
          message.content,
          request.locale,
          request.ip,
          request.headers['user-agent']?.slice(0, 512) ?? null,
        ],
      )
      const id = row!.id.toString()
      if (this.mailer.enabled) {
        const delivery: ContactDelivery = { id, requestId: request.id }
        await this.jobs.enqueue(tx, CONTACT_DELIVERY_JOB, delivery, { key: id })
      }
      return id
    })
    if (this.mailer.enabled) this.jobs.wake()
    return Number(id)
  }

  /** The delivery job: the message to support, replying to the player; marked e-mailed once. */
  deliveryJob(): JobDefinition<never> {
    return defineJob<ContactDelivery>({
      name: CONTACT_DELIVERY_JOB,
      maxAttempts: 40,
      backoffMs: 30_000,
      run: async ({ payload, clock }) => {
        const [row] = await this.db.query<{
          email: string
          content: string
          locale: string
          remote_addr: string
        }>(
          'SELECT email, content, locale, remote_addr FROM contact_messages WHERE id = $1 AND emailed_at IS NULL',
          [payload.id],
        )
        if (!row) return
        try {
          await this.mailer.send({
            to: this.supportEmail,
            replyTo: row.email,
            subject: `Contact message #${payload.id} from ${row.email}`,
            text: `${row.content}\n\n--\nLanguage: ${row.locale}\nIP: ${row.remote_addr}\nRequest: ${payload.requestId}`,
          })
        } catch (err) {
          this.log.warn({ err, contactMessageId: payload.id }, 'contact message e-mail failed: retried later')
          throw err
        }
        await this.db.query(
          'UPDATE contact_messages SET emailed_at = $2 WHERE id = $1 AND emailed_at IS NULL',
          [payload.id, clock.now()],
        )
      },
    })
  }
}
