import { defineJob, type JobDefinition, type JobQueue } from '@aurum/db'
import type { Database } from '../../db/client.ts'
import type { Logger, RequestContext } from '../../lib/context.ts'
import type { Mailer } from '../../lib/mailer.ts'
import { ContactRepository } from './repository.ts'

/** The job that e-mails one stored contact message to support (payload: its id and the request's). */
export const CONTACT_DELIVERY_JOB = 'contact.deliver'

interface ContactDelivery {
  id: string
  requestId: string
}

export class ContactService {
  private repo: ContactRepository

  constructor(
    private db: Database,
    private mailer: Mailer,
    private supportEmail: string,
    private jobs: JobQueue,
    private log: Logger,
  ) {
    this.repo = new ContactRepository(db)
  }

  /**
   * Stores the message, so it is never lost when mail fails, with the job that e-mails it to
   * support (retried with backoff while the SMTP server refuses), which starts after the commit.
   */
  async submit(
    message: { email: string; content: string },
    ctx: Pick<RequestContext, 'ip' | 'userAgent' | 'locale' | 'requestId'>,
  ): Promise<number> {
    const id = await this.db.transaction(async (tx) => {
      const id = (
        await this.repo.insertMessage(tx, {
          email: message.email,
          content: message.content,
          locale: ctx.locale,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        })
      ).toString()
      if (this.mailer.enabled) {
        const delivery: ContactDelivery = { id, requestId: ctx.requestId }
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
        const row = await this.repo.findUnsent(payload.id)
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
        await this.repo.markEmailed(payload.id, clock.now())
      },
    })
  }
}
