import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Database } from '../../db/client.ts'
import { contactMessages } from '../../db/schema.ts'
import type { Mailer } from '../../lib/mailer.ts'

export class ContactService {
  constructor(
    private db: Database,
    private mailer: Mailer,
    private supportEmail: string,
    private log: FastifyBaseLogger,
  ) {}

  /** Stores the message first, so it is never lost when mail fails; mail goes out after the write. */
  async submit(message: { email: string; content: string }, request: FastifyRequest): Promise<number> {
    const [row] = await this.db.orm
      .insert(contactMessages)
      .values({
        email: message.email,
        content: message.content,
        locale: request.locale,
        remoteAddr: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      })
      .returning({ id: contactMessages.id })
    const id = row!.id
    if (this.mailer.enabled) {
      this.mailer
        .send({
          to: this.supportEmail,
          replyTo: message.email,
          subject: `Contact message #${id} from ${message.email}`,
          text: `${message.content}\n\n--\nLanguage: ${request.locale}\nIP: ${request.ip}\nRequest: ${request.id}`,
        })
        .then(() =>
          this.db.orm
            .update(contactMessages)
            .set({ emailedAt: new Date() })
            .where(eq(contactMessages.id, id)),
        )
        .catch((err: unknown) =>
          this.log.error({ err, contactMessageId: id.toString() }, 'contact message e-mail failed'),
        )
    }
    return Number(id)
  }
}
