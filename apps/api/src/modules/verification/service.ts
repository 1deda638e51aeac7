import crypto from 'node:crypto'
import type { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import {
  currencyDefinition,
  documentKinds,
  DOCUMENT_CONTENT_TYPES,
  detectFileType,
  eurosIn,
  formatMegabytes,
  minorToMajor,
  sanitizeFileName,
  type DocumentContentType,
  type DocumentStatus,
  type DocumentType,
  type Locale,
  type PlayerDocument,
  type VerificationStatus,
} from '@aurum/shared'
import type { Clock } from '@aurum/db'
import type { Database, Executor } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import type { MailService } from '../../lib/mail.ts'
import { newStorageKey, type DocumentStorage } from './storage.ts'

export interface VerificationSettings {
  maxBytes: number
  maxWaiting: number
  /** Withdrawals above this many euro cents (scaled per currency) within the window need a verified profile. */
  thresholdEuroCents: number
  /** Thresholds in a currency's own minor units, in place of the scaled euro amount. */
  thresholdOverrides: Record<string, bigint>
  /** Origin of the link in the decision e-mails: the canonical one (a decision has no request). */
  publicOrigin: string
}

/** Withdrawals of the last 30 days count together, so splitting one into several does not pass the threshold. */
export const WITHDRAWAL_WINDOW_DAYS = 30

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

export interface UploadInput {
  documentType: DocumentType
  description: string | null
  fileName: string | undefined
  data: Buffer
}

const COLUMNS = `id, user_id, document_type, description, file_name, content_type, size_bytes, storage_key, sha256,
  status, rejection_reason, reviewed_at, created_at, updated_at`

export const toPlayerDocument = (row: DocumentRow): PlayerDocument => ({
  id: Number(row.id),
  description: row.description,
  document_type: row.document_type,
  status: row.status,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  file_name: row.file_name,
  rejection_reason: row.rejection_reason,
  size_bytes: Number(row.size_bytes),
  content_type: row.content_type,
})

const money = (cents: bigint, currency: string) =>
  `${minorToMajor(cents, currencyDefinition(currency)?.subunits_to_unit ?? 100)} ${currency}`

const attachmentError = (code: string, message: string, status = 422) =>
  new AppError(code, status, { attachment: [message] })

/**
 * Player verification (KYC): documents uploaded by the player, kept in a DocumentStorage, reviewed
 * by the operator (`npm run kyc:operator`), and the verified flag withdrawals above the threshold
 * need. `users.verified` is a stored flag, set in the transaction that approves the last document
 * it needs, so reading the profile costs nothing extra.
 */
export class VerificationService {
  constructor(
    private db: Database,
    readonly storage: DocumentStorage,
    private mail: MailService,
    readonly settings: VerificationSettings,
    private log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    private clock: Clock,
  ) {}

  // ── The player's documents ───────────────────────────────────────────────────────────────

  async rows(userId: bigint): Promise<DocumentRow[]> {
    return this.db.query<DocumentRow>(
      `SELECT ${COLUMNS} FROM player_documents WHERE user_id = $1 ORDER BY id DESC`,
      [userId.toString()],
    )
  }

  async list(userId: bigint): Promise<PlayerDocument[]> {
    return (await this.rows(userId)).map(toPlayerDocument)
  }

  async status(userId: bigint): Promise<VerificationStatus> {
    const [[user], documents] = await Promise.all([
      this.db.query<{ verified: boolean }>('SELECT verified FROM users WHERE id = $1', [userId.toString()]),
      this.db.query<Pick<DocumentRow, 'document_type' | 'status'>>(
        'SELECT document_type, status FROM player_documents WHERE user_id = $1',
        [userId.toString()],
      ),
    ])
    return {
      verified: user?.verified ?? false,
      kinds: documentKinds(documents),
      max_bytes: this.settings.maxBytes,
      max_waiting: this.settings.maxWaiting,
      waiting: documents.filter((d) => d.status === 'not_approved').length,
      accepted: [...DOCUMENT_CONTENT_TYPES],
    }
  }

  /**
   * Stores an uploaded document: the type is read from the file's first bytes, the file is written
   * under a random key, then the row is inserted (with the waiting count checked under the player's
   * row lock). When the insert fails the file is removed again, so there is never a row without a
   * file, nor a file left behind by a refused upload.
   */
  async upload(userId: bigint, input: UploadInput, locale: Locale): Promise<PlayerDocument[]> {
    const { data } = input
    if (data.length === 0) throw attachmentError('validation_failed', t(locale, 'validation.file_empty'))
    if (data.length > this.settings.maxBytes) throw this.tooLarge(locale)
    const type = detectFileType(data.subarray(0, 16))
    if (!type) throw attachmentError('validation_failed', t(locale, 'validation.file_type'))
    await this.checkWaiting(this.db, userId, locale)

    const key = newStorageKey()
    const sha256 = crypto.createHash('sha256').update(data).digest('hex')
    await this.fromStorage('put', () => this.storage.put(key, data, type))
    try {
      await this.db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId.toString()])
        await this.checkWaiting(tx, userId, locale)
        await tx.query(
          `INSERT INTO player_documents (user_id, document_type, description, file_name, content_type, size_bytes, storage_key, sha256)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            userId.toString(),
            input.documentType,
            input.description,
            sanitizeFileName(input.fileName, type),
            type,
            data.length,
            key,
            sha256,
          ],
        )
      })
    } catch (error) {
      await this.removeFile(key)
      throw error
    }
    return this.list(userId)
  }

  tooLarge(locale: Locale): AppError {
    return attachmentError(
      'payload_too_large',
      t(locale, 'validation.file_too_large', { max: formatMegabytes(this.settings.maxBytes) }),
      413,
    )
  }

  private async checkWaiting(executor: Executor, userId: bigint, locale: Locale): Promise<void> {
    const [row] = await executor.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM player_documents WHERE user_id = $1 AND status = 'not_approved'`,
      [userId.toString()],
    )
    if (Number(row!.n) >= this.settings.maxWaiting) {
      throw attachmentError(
        'documents_waiting',
        t(locale, 'validation.documents_waiting', { max: this.settings.maxWaiting }),
      )
    }
  }

  /** The player removes a document still waiting for review; reviewed ones stay. */
  async remove(userId: bigint, id: bigint): Promise<PlayerDocument[]> {
    const [deleted] = await this.db.query<{ storage_key: string }>(
      `DELETE FROM player_documents WHERE id = $1 AND user_id = $2 AND status = 'not_approved' RETURNING storage_key`,
      [id.toString(), userId.toString()],
    )
    if (!deleted) {
      await this.own(userId, id)
      throw new AppError('document_reviewed', 422)
    }
    await this.removeFile(deleted.storage_key)
    return this.list(userId)
  }

  /** One of the player's own documents; 404 for anyone else's. */
  async own(userId: bigint, id: bigint): Promise<DocumentRow> {
    const [row] = await this.db.query<DocumentRow>(
      `SELECT ${COLUMNS} FROM player_documents WHERE id = $1 AND user_id = $2`,
      [id.toString(), userId.toString()],
    )
    if (!row) throw new AppError('not_found', 404)
    return row
  }

  /** The player's own file, as stored. */
  async file(userId: bigint, id: bigint): Promise<{ row: DocumentRow; body: Readable }> {
    const row = await this.own(userId, id)
    const body = await this.fromStorage('get', () => this.storage.get(row.storage_key))
    if (!body) {
      this.log.error({ documentId: row.id.toString() }, 'a document row has no stored file')
      throw new AppError('not_found', 404)
    }
    return { row, body }
  }

  /**
   * A call to the document store (a bucket, a disk). When the store fails or does not answer, the
   * player is told to try again later (503), never a 500, and nothing has been written: an upload
   * stores its file before its row.
   */
  private async fromStorage<T>(what: 'put' | 'get', call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (err) {
      this.log.error({ err, storage: this.storage.kind, call: what }, 'the document store failed')
      throw new AppError('storage_unavailable', 503)
    }
  }

  private async removeFile(key: string): Promise<void> {
    try {
      await this.storage.delete(key)
    } catch (err) {
      // A file left behind is harmless (nothing points to it); a row without its file is what must not happen.
      this.log.error({ err, storageKey: key }, 'removing a document file failed')
    }
  }

  // ── The operator ─────────────────────────────────────────────────────────────────────────

  /** Documents waiting for review, oldest first, with the player's e-mail. */
  async waiting(limit = 500): Promise<Array<DocumentRow & { email: string }>> {
    return this.db.query<DocumentRow & { email: string }>(
      `SELECT d.*, u.email FROM player_documents d JOIN users u ON u.id = d.user_id
       WHERE d.status = 'not_approved' ORDER BY d.id LIMIT $1`,
      [limit],
    )
  }

  /**
   * The operator approves or rejects a waiting document. Approving the last of an identity and an
   * address document sets `users.verified` in the same transaction. The player is e-mailed once the
   * decision is committed.
   */
  async decide(
    id: bigint,
    decision: 'approve' | 'reject',
    reason?: string,
  ): Promise<{ document: DocumentRow; verified: boolean }> {
    if (decision === 'reject' && !reason?.trim()) throw new AppError('reason_required', 422)
    const result = await this.db.transaction(async (tx) => {
      const [document] = await tx.query<DocumentRow>(
        `UPDATE player_documents SET status = $2, rejection_reason = $3, reviewed_at = now(), updated_at = now()
         WHERE id = $1 AND status = 'not_approved' RETURNING ${COLUMNS}`,
        [
          id.toString(),
          decision === 'approve' ? 'approved' : 'rejected',
          decision === 'reject' ? reason!.trim() : null,
        ],
      )
      if (!document) {
        const [exists] = await tx.query('SELECT 1 FROM player_documents WHERE id = $1', [id.toString()])
        throw new AppError(exists ? 'document_reviewed' : 'not_found', exists ? 422 : 404)
      }
      const [user] = await tx.query<{ verified: boolean }>(
        `UPDATE users SET verified = true
         WHERE id = $1 AND (verified OR (
           EXISTS (SELECT 1 FROM player_documents WHERE user_id = $1 AND document_type = 'identity' AND status = 'approved')
           AND EXISTS (SELECT 1 FROM player_documents WHERE user_id = $1 AND document_type = 'address' AND status = 'approved')))
         RETURNING verified`,
        [document.user_id.toString()],
      )
      return { document, verified: user?.verified ?? false }
    })
    await this.notify(result.document, result.verified).catch((err: unknown) =>
      this.log.error({ err, documentId: id.toString() }, 'the decision e-mail could not be queued'),
    )
    return result
  }

  private async notify(document: DocumentRow, verified: boolean): Promise<void> {
    const [user] = await this.db.query<{ email: string; language: string }>(
      'SELECT email, language FROM users WHERE id = $1',
      [document.user_id.toString()],
    )
    if (!user) return
    const locale = user.language as Locale
    const approved = document.status === 'approved'
    await this.mail.send({
      to: user.email,
      template: approved ? 'document_approved' : 'document_rejected',
      locale,
      userId: document.user_id,
      vars: {
        document: t(locale, `verification.kinds.${document.document_type}.title`),
        file_name: document.file_name,
        reason: document.rejection_reason ?? '',
        status: t(
          locale,
          verified ? 'emails.document_approved.verified' : 'emails.document_approved.pending',
        ),
        link: `${this.settings.publicOrigin}/users/verification`,
      },
    })
  }

  // ── Withdrawals ──────────────────────────────────────────────────────────────────────────

  /** The verification threshold of a currency in its minor units. */
  thresholdFor(currency: string): bigint {
    return (
      this.settings.thresholdOverrides[currency] ?? eurosIn(currency, this.settings.thresholdEuroCents / 100)
    )
  }

  /**
   * Called in the transaction that has just written a withdrawal: an unverified player may withdraw
   * up to the threshold of the currency within 30 days (pending and paid withdrawals, this one
   * included); beyond it the withdrawal is refused (403 `verification_required`) and its transaction
   * rolls back. The player's row is locked (FOR NO KEY UPDATE, which the payment's foreign-key lock
   * does not conflict with), so parallel withdrawals are counted one after the other. Withdrawals already made are not affected, and verified players are not limited.
   */
  async checkWithdrawal(
    tx: Executor,
    userId: bigint,
    currency: string,
    amount: bigint,
    locale: Locale,
  ): Promise<void> {
    const [user] = await tx.query<{ verified: boolean }>(
      'SELECT verified FROM users WHERE id = $1 FOR NO KEY UPDATE',
      [userId.toString()],
    )
    if (!user || user.verified) return
    const threshold = this.thresholdFor(currency)
    let total = amount
    if (total <= threshold) {
      const [sum] = await tx.query<{ total: bigint }>(
        `SELECT coalesce(sum(amount_cents), 0)::int8 AS total FROM payments
         WHERE user_id = $1 AND action = 'cashout' AND currency = $2
           AND state IN ('processing', 'pending', 'succeeded') AND created_at > $3`,
        [
          userId.toString(),
          currency,
          new Date(this.clock.now().getTime() - WITHDRAWAL_WINDOW_DAYS * 86_400_000),
        ],
      )
      total = sum!.total
    }
    if (total > threshold) {
      throw new AppError('verification_required', 403, {
        amount_cents: [
          t(locale, 'validation.verification_required', {
            amount: money(threshold, currency),
            days: WITHDRAWAL_WINDOW_DAYS,
          }),
        ],
      })
    }
  }
}
