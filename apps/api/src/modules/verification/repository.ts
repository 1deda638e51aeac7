import type { DocumentContentType, DocumentStatus, DocumentType } from '@aurum/shared'
import type { DocumentSort } from '@aurum/shared/contracts/admin-verification'
import type { Database, Executor } from '../../db/client.ts'

export interface DocumentRow {
  id: bigint
  user_id: bigint
  document_type: DocumentType
  description: string | null
  file_name: string
  content_type: DocumentContentType
  size_bytes: bigint
  storage_key: string
  sha256: string
  status: DocumentStatus
  rejection_reason: string | null
  reviewed_at: Date | null
  created_at: Date
  updated_at: Date
}

const COLUMNS = `id, user_id, document_type, description, file_name, content_type, size_bytes, storage_key, sha256,
  status, rejection_reason, reviewed_at, created_at, updated_at`

/** A document with its player's e-mail (the back office's lists). */
export type QueueRow = DocumentRow & { email: string }

/** The back office's filters, all optional and combined with AND. */
export interface DocumentFilters {
  status?: DocumentStatus
  documentType?: DocumentType
  userId?: bigint
  /** Uploaded from (inclusive) and to (exclusive). */
  from?: Date
  to?: Date
}

/** The whitelisted sort columns, as SQL. */
const SORT_COLUMNS: Record<DocumentSort, string> = {
  created_at: 'd.created_at',
  reviewed_at: 'd.reviewed_at',
  id: 'd.id',
  player_id: 'd.user_id',
  document_type: 'd.document_type',
  size_bytes: 'd.size_bytes',
}

const QUEUE_COLUMNS = COLUMNS.split(',')
  .map((c) => `d.${c.trim()}`)
  .join(', ')

/** WHERE clause of the filters, its parameters numbered from 1. */
function where(filters: DocumentFilters): { sql: string; params: unknown[] } {
  const terms: string[] = []
  const params: unknown[] = []
  const add = (term: (p: string) => string, value: unknown) => {
    params.push(value)
    terms.push(term(`$${params.length}`))
  }
  if (filters.status) add((p) => `d.status = ${p}`, filters.status)
  if (filters.documentType) add((p) => `d.document_type = ${p}`, filters.documentType)
  if (filters.userId !== undefined) add((p) => `d.user_id = ${p}`, filters.userId.toString())
  if (filters.from) add((p) => `d.created_at >= ${p}`, filters.from)
  if (filters.to) add((p) => `d.created_at < ${p}`, filters.to)
  return { sql: terms.length ? terms.join(' AND ') : 'true', params }
}

/** The SQL of player verification: `player_documents`, the verified flag, the withdrawals it limits. */
export class VerificationRepository {
  constructor(private db: Database) {}

  /** The player's documents, newest first. */
  async listDocuments(userId: bigint): Promise<DocumentRow[]> {
    return this.db.query<DocumentRow>(
      `SELECT ${COLUMNS} FROM player_documents WHERE user_id = $1 ORDER BY id DESC`,
      [userId.toString()],
    )
  }

  async findVerified(userId: bigint): Promise<boolean | undefined> {
    const [user] = await this.db.query<{ verified: boolean }>('SELECT verified FROM users WHERE id = $1', [
      userId.toString(),
    ])
    return user?.verified
  }

  async listDocumentKinds(userId: bigint): Promise<Array<Pick<DocumentRow, 'document_type' | 'status'>>> {
    return this.db.query<Pick<DocumentRow, 'document_type' | 'status'>>(
      'SELECT document_type, status FROM player_documents WHERE user_id = $1',
      [userId.toString()],
    )
  }

  /** Locks the player's row (FOR NO KEY UPDATE) until the transaction ends. */
  async lockUser(tx: Executor, userId: bigint): Promise<void> {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId.toString()])
  }

  async insertDocument(
    tx: Executor,
    document: {
      userId: bigint
      documentType: DocumentType
      description: string | null
      fileName: string
      contentType: DocumentContentType
      sizeBytes: number
      storageKey: string
      sha256: string
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO player_documents (user_id, document_type, description, file_name, content_type, size_bytes, storage_key, sha256)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        document.userId.toString(),
        document.documentType,
        document.description,
        document.fileName,
        document.contentType,
        document.sizeBytes,
        document.storageKey,
        document.sha256,
      ],
    )
  }

  /** How many of the player's documents wait for review. */
  async countWaiting(db: Executor, userId: bigint): Promise<number> {
    const [row] = await db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM player_documents WHERE user_id = $1 AND status = 'not_approved'`,
      [userId.toString()],
    )
    return Number(row!.n)
  }

  /** Deletes the player's document while it waits for review; its storage key, undefined otherwise. */
  async deleteWaiting(userId: bigint, id: bigint): Promise<string | undefined> {
    const [deleted] = await this.db.query<{ storage_key: string }>(
      `DELETE FROM player_documents WHERE id = $1 AND user_id = $2 AND status = 'not_approved' RETURNING storage_key`,
      [id.toString(), userId.toString()],
    )
    return deleted?.storage_key
  }

  async findOwn(userId: bigint, id: bigint): Promise<DocumentRow | undefined> {
    const [row] = await this.db.query<DocumentRow>(
      `SELECT ${COLUMNS} FROM player_documents WHERE id = $1 AND user_id = $2`,
      [id.toString(), userId.toString()],
    )
    return row
  }

  /** A page of the back office's queue; NULLs (documents not reviewed) last whatever the order. */
  async queuePage(
    filters: DocumentFilters,
    page: { sort: DocumentSort; order: 'asc' | 'desc'; limit: number; offset: number },
  ): Promise<QueueRow[]> {
    const { sql, params } = where(filters)
    const order = page.order === 'desc' ? 'DESC' : 'ASC'
    return this.db.query<QueueRow>(
      `SELECT ${QUEUE_COLUMNS}, u.email FROM player_documents d JOIN users u ON u.id = d.user_id
        WHERE ${sql} ORDER BY ${SORT_COLUMNS[page.sort]} ${order} NULLS LAST, d.id ${order}
        LIMIT ${page.limit} OFFSET ${page.offset}`,
      params,
    )
  }

  async queueCount(filters: DocumentFilters): Promise<number> {
    const { sql, params } = where(filters)
    const [row] = await this.db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM player_documents d WHERE ${sql}`,
      params,
    )
    return Number(row!.n)
  }

  /** The documents the filters find after `afterId`, by id (the CSV export's pages). */
  async queueAfter(filters: DocumentFilters, afterId: bigint, limit: number): Promise<QueueRow[]> {
    const { sql, params } = where(filters)
    return this.db.query<QueueRow>(
      `SELECT ${QUEUE_COLUMNS}, u.email FROM player_documents d JOIN users u ON u.id = d.user_id
        WHERE ${sql} AND d.id > $${params.length + 1} ORDER BY d.id LIMIT ${limit}`,
      [...params, afterId.toString()],
    )
  }

  /** Any player's document, with the player's e-mail. */
  async findQueued(id: bigint): Promise<QueueRow | undefined> {
    const [row] = await this.db.query<QueueRow>(
      `SELECT ${QUEUE_COLUMNS}, u.email FROM player_documents d JOIN users u ON u.id = d.user_id WHERE d.id = $1`,
      [id.toString()],
    )
    return row
  }

  /** What the reviewer sees of the player. */
  async findPlayer(userId: bigint): Promise<
    | {
        id: bigint
        email: string
        first_name: string | null
        last_name: string | null
        country: string | null
        verified: boolean
      }
    | undefined
  > {
    const [row] = await this.db.query<{
      id: bigint
      email: string
      first_name: string | null
      last_name: string | null
      country: string | null
      verified: boolean
    }>('SELECT id, email, first_name, last_name, country, verified FROM users WHERE id = $1', [
      userId.toString(),
    ])
    return row
  }

  /** The player's verified flag in `tx` (the state an audit entry records before a decision). */
  async verifiedIn(tx: Executor, userId: bigint): Promise<boolean> {
    const [row] = await tx.query<{ verified: boolean }>('SELECT verified FROM users WHERE id = $1', [
      userId.toString(),
    ])
    return row?.verified ?? false
  }

  /** Documents waiting for review, oldest first, with the player's e-mail. */
  async listWaiting(limit: number): Promise<Array<DocumentRow & { email: string }>> {
    return this.db.query<DocumentRow & { email: string }>(
      `SELECT d.*, u.email FROM player_documents d JOIN users u ON u.id = d.user_id
       WHERE d.status = 'not_approved' ORDER BY d.id LIMIT $1`,
      [limit],
    )
  }

  /** Records the review of a document still waiting; undefined when it is not waiting (or absent). */
  async markReviewed(
    tx: Executor,
    id: bigint,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<DocumentRow | undefined> {
    const [document] = await tx.query<DocumentRow>(
      `UPDATE player_documents SET status = $2, rejection_reason = $3, reviewed_at = now(), updated_at = now()
         WHERE id = $1 AND status = 'not_approved' RETURNING ${COLUMNS}`,
      [id.toString(), status, reason],
    )
    return document
  }

  async documentExists(tx: Executor, id: bigint): Promise<boolean> {
    const [exists] = await tx.query('SELECT 1 FROM player_documents WHERE id = $1', [id.toString()])
    return exists !== undefined
  }

  /**
   * Sets the verified flag once an identity and an address document are approved; the flag as
   * it stands (false when neither it was set nor now is).
   */
  async markVerifiedIfComplete(tx: Executor, userId: bigint): Promise<boolean> {
    const [user] = await tx.query<{ verified: boolean }>(
      `UPDATE users SET verified = true
         WHERE id = $1 AND (verified OR (
           EXISTS (SELECT 1 FROM player_documents WHERE user_id = $1 AND document_type = 'identity' AND status = 'approved')
           AND EXISTS (SELECT 1 FROM player_documents WHERE user_id = $1 AND document_type = 'address' AND status = 'approved')))
         RETURNING verified`,
      [userId.toString()],
    )
    return user?.verified ?? false
  }

  async findUser(userId: bigint): Promise<{ email: string; language: string } | undefined> {
    const [user] = await this.db.query<{ email: string; language: string }>(
      'SELECT email, language FROM users WHERE id = $1',
      [userId.toString()],
    )
    return user
  }

  /** The player's verified flag, their row locked (FOR NO KEY UPDATE); undefined when there is none. */
  async lockVerified(tx: Executor, userId: bigint): Promise<boolean | undefined> {
    const [user] = await tx.query<{ verified: boolean }>(
      'SELECT verified FROM users WHERE id = $1 FOR NO KEY UPDATE',
      [userId.toString()],
    )
    return user?.verified
  }

  /** The player's withdrawals in a currency created after `since`, those under way included. */
  async sumWithdrawalsSince(tx: Executor, userId: bigint, currency: string, since: Date): Promise<bigint> {
    const [sum] = await tx.query<{ total: bigint }>(
      `SELECT coalesce(sum(amount_cents), 0)::int8 AS total FROM payments
         WHERE user_id = $1 AND action = 'cashout' AND currency = $2
           AND state IN ('processing', 'pending', 'succeeded') AND created_at > $3`,
      [userId.toString(), currency, since],
    )
    return sum!.total
  }
}
