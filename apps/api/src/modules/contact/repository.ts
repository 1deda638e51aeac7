import type { Database, Executor } from '../../db/client.ts'

/** A stored contact message, as its delivery job reads it. */
export interface ContactMessageRow {
  email: string
  content: string
  locale: string
  remote_addr: string
}

/** The SQL of the contact module: `contact_messages`. */
export class ContactRepository {
  constructor(private db: Database) {}

  async insertMessage(
    tx: Executor,
    message: { email: string; content: string; locale: string; ip: string; userAgent: string | null },
  ): Promise<bigint> {
    const [row] = await tx.query<{ id: bigint }>(
      `INSERT INTO contact_messages (email, content, locale, remote_addr, user_agent)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [message.email, message.content, message.locale, message.ip, message.userAgent],
    )
    return row!.id
  }

  /** The message while it has not been e-mailed yet. */
  async findUnsent(id: string): Promise<ContactMessageRow | undefined> {
    const [row] = await this.db.query<ContactMessageRow>(
      'SELECT email, content, locale, remote_addr FROM contact_messages WHERE id = $1 AND emailed_at IS NULL',
      [id],
    )
    return row
  }

  async markEmailed(id: string, at: Date): Promise<void> {
    await this.db.query('UPDATE contact_messages SET emailed_at = $2 WHERE id = $1 AND emailed_at IS NULL', [
      id,
      at,
    ])
  }
}
