import crypto from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  currencyDefinition,
  documentKinds,
  DOCUMENT_CONTENT_TYPES,
  detectFileType,
  eurosIn,
  formatMegabytes,
  minorToMajor,
  sanitizeFileName,
  type DocumentType,
  type Locale,
  type PlayerDocument,
  type VerificationStatus,
} from '@aurum/shared'
import type { Clock } from '@aurum/db'
import type {
  AdminDocument,
  AdminDocumentDetail,
  AdminDocumentsCsvQuery,
  AdminDocumentsPage,
  AdminDocumentsQuery,
  ReviewState,
} from '@aurum/shared/contracts/admin-verification'
import { parseBound } from '@aurum/shared/contracts/history'
import type { Database, Executor } from '../../db/client.ts'
import type { Logger } from '../../lib/context.ts'
import { csvLine, csvText, csvValue } from '../../lib/csv.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import type { MailService } from '../../lib/mail.ts'
import type { AuditActor, AuditEntryInput, AuditLog } from '../audit/service.ts'
import {
  VerificationRepository,
  type DocumentFilters,
  type DocumentRow,
  type QueueRow,
} from './repository.ts'
import { newStorageKey, type DocumentStorage } from './storage.ts'

export type { DocumentRow }

/** Who decides a document: a staff member (the back office) or `cli` (`npm run kyc:operator`). */
export interface Reviewer {
  actor: AuditActor
  /** The request the decision came from (the audit entry records it). */
  request?: AuditEntryInput['request']
}

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

export interface UploadInput {
  documentType: DocumentType
  description: string | null
  fileName: string | undefined
  data: Buffer
}

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

const REVIEW_STATE: Record<DocumentRow['status'], ReviewState> = {
  not_approved: 'waiting',
  approved: 'approved',
  rejected: 'rejected',
}
const DOCUMENT_STATUS: Record<ReviewState, DocumentRow['status']> = {
  waiting: 'not_approved',
  approved: 'approved',
  rejected: 'rejected',
}

export const toAdminDocument = (row: QueueRow): AdminDocument => ({
  id: Number(row.id),
  player_id: Number(row.user_id),
  player_email: row.email,
  document_type: row.document_type,
  status: REVIEW_STATE[row.status],
  description: row.description,
  file_name: row.file_name,
  content_type: row.content_type,
  size_bytes: Number(row.size_bytes),
  sha256: row.sha256,
  rejection_reason: row.rejection_reason,
  created_at: row.created_at.toISOString(),
  reviewed_at: row.reviewed_at?.toISOString() ?? null,
  updated_at: row.updated_at.toISOString(),
})

/** The repository's filters from the back office's query (validated by the contract's schema). */
export function documentFilters(query: AdminDocumentsCsvQuery): DocumentFilters {
  return {
    status: query.status === undefined ? undefined : DOCUMENT_STATUS[query.status],
    documentType: query.document_type,
    userId: query.player_id === undefined ? undefined : BigInt(query.player_id),
    from: query.from === undefined ? undefined : parseBound(query.from, false),
    to: query.to === undefined ? undefined : parseBound(query.to, true),
  }
}

const CSV_COLUMNS = [
  'id',
  'uploaded_at',
  'player_id',
  'player_email',
  'document_type',
  'status',
  'file_name',
  'content_type',
  'size_bytes',
  'sha256',
  'reviewed_at',
  'rejection_reason',
  'description',
]
const CSV_PAGE = 1_000

const money = (cents: bigint, currency: string) =>
  `${minorToMajor(cents, currencyDefinition(currency)?.subunits_to_unit ?? 100)} ${currency}`

const attachmentError = (code: string, message: string, status = 422) =>
  new AppError(code, status, { attachment: [message] })

/**
 * Player verification (KYC): documents uploaded by the player, kept in a DocumentStorage, reviewed
 * by the operator (the back office's queue, or `npm run kyc:operator`), and the verified flag withdrawals above the threshold
 * need. `users.verified` is a stored flag, set in the transaction that approves the last document
 * it needs, so reading the profile costs nothing extra.
 */
export class VerificationService {
  private repo: VerificationRepository

  constructor(
    private db: Database,
    readonly storage: DocumentStorage,
    private mail: MailService,
    readonly settings: VerificationSettings,
    private log: Pick<Logger, 'error' | 'warn'>,
    private clock: Clock,
    private audit: AuditLog,
  ) {
    this.repo = new VerificationRepository(db)
  }

  // ── The player's documents ───────────────────────────────────────────────────────────────

  async rows(userId: bigint): Promise<DocumentRow[]> {
    return this.repo.listDocuments(userId)
  }

  async list(userId: bigint): Promise<PlayerDocument[]> {
    return (await this.rows(userId)).map(toPlayerDocument)
  }

  async status(userId: bigint): Promise<VerificationStatus> {
    const [verified, documents] = await Promise.all([
      this.repo.findVerified(userId),
      this.repo.listDocumentKinds(userId),
    ])
    return {
      verified: verified ?? false,
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
        await this.repo.lockUser(tx, userId)
        await this.checkWaiting(tx, userId, locale)
        await this.repo.insertDocument(tx, {
          userId,
          documentType: input.documentType,
          description: input.description,
          fileName: sanitizeFileName(input.fileName, type),
          contentType: type,
          sizeBytes: data.length,
          storageKey: key,
          sha256,
        })
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
    if ((await this.repo.countWaiting(executor, userId)) >= this.settings.maxWaiting) {
      throw attachmentError(
        'documents_waiting',
        t(locale, 'validation.documents_waiting', { max: this.settings.maxWaiting }),
      )
    }
  }

  /** The player removes a document still waiting for review; reviewed ones stay. */
  async remove(userId: bigint, id: bigint): Promise<PlayerDocument[]> {
    const storageKey = await this.repo.deleteWaiting(userId, id)
    if (storageKey === undefined) {
      await this.own(userId, id)
      throw new AppError('document_reviewed', 422)
    }
    await this.removeFile(storageKey)
    return this.list(userId)
  }

  /** One of the player's own documents; 404 for anyone else's. */
  async own(userId: bigint, id: bigint): Promise<DocumentRow> {
    const row = await this.repo.findOwn(userId, id)
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
    return this.repo.listWaiting(limit)
  }

  /**
   * The operator approves or rejects a waiting document, from the back office or the command line.
   * Approving the last of an identity and an address document sets `users.verified`, and the
   * audit entry (the status and verified flag before and after) is written, in the same
   * transaction. The player is e-mailed once the decision is committed.
   */
  async decide(
    reviewer: Reviewer,
    id: bigint,
    decision: 'approve' | 'reject',
    reason?: string,
  ): Promise<{ document: DocumentRow; verified: boolean }> {
    if (decision === 'reject' && !reason?.trim()) throw new AppError('reason_required', 422)
    const result = await this.db.transaction(async (tx) => {
      const document = await this.repo.markReviewed(
        tx,
        id,
        decision === 'approve' ? 'approved' : 'rejected',
        decision === 'reject' ? reason!.trim() : null,
      )
      if (!document) {
        const exists = await this.repo.documentExists(tx, id)
        throw new AppError(exists ? 'document_decided' : 'not_found', exists ? 422 : 404)
      }
      const wasVerified = await this.repo.verifiedIn(tx, document.user_id)
      // An identity and an address document approved make the player verified, in this transaction.
      const verified = await this.repo.markVerifiedIfComplete(tx, document.user_id)
      await this.audit.record(tx, {
        actor: reviewer.actor,
        action: `document.${document.status}`,
        target: { type: 'document', id: document.id },
        before: { status: 'waiting', player_id: document.user_id.toString(), player_verified: wasVerified },
        after: {
          status: REVIEW_STATE[document.status],
          player_id: document.user_id.toString(),
          player_verified: verified,
        },
        reason: document.rejection_reason ?? undefined,
        request: reviewer.request,
      })
      return { document, verified }
    })
    await this.notify(result.document, result.verified).catch((err: unknown) =>
      this.log.error({ err, documentId: id.toString() }, 'the decision e-mail could not be queued'),
    )
    return result
  }

  // ── The back office ──────────────────────────────────────────────────────────────────────

  /** A page of the queue (docs/backoffice.md "Verification"): oldest first unless sorted otherwise. */
  async queue(query: AdminDocumentsQuery): Promise<AdminDocumentsPage> {
    const filters = documentFilters(query)
    const page = query.page ?? 1
    const perPage = query.per_page ?? 50
    const [rows, total] = await Promise.all([
      this.repo.queuePage(filters, {
        sort: query.sort ?? 'created_at',
        order: query.order ?? 'asc',
        limit: perPage,
        offset: (page - 1) * perPage,
      }),
      this.repo.queueCount(filters),
    ])
    return {
      data: rows.map(toAdminDocument),
      pagination: { page, per_page: perPage, total_count: total },
    }
  }

  /** Every document the filters find, by id, as RFC 4180 CSV produced a page at a time. */
  async *queueCsv(filters: DocumentFilters): AsyncGenerator<string> {
    yield csvLine(CSV_COLUMNS)
    let after = 0n
    for (;;) {
      const rows = await this.repo.queueAfter(filters, after, CSV_PAGE)
      let chunk = ''
      for (const row of rows) {
        const d = toAdminDocument(row)
        chunk += csvLine([
          csvValue(d.id),
          csvValue(d.created_at),
          csvValue(d.player_id),
          csvText(d.player_email),
          csvValue(d.document_type),
          csvValue(d.status),
          csvText(d.file_name),
          csvValue(d.content_type),
          csvValue(d.size_bytes),
          csvValue(d.sha256),
          csvValue(d.reviewed_at),
          csvText(d.rejection_reason),
          csvText(d.description),
        ])
      }
      if (chunk) yield chunk
      if (rows.length < CSV_PAGE) return
      after = rows[rows.length - 1]!.id
    }
  }

  /** A document, its player and the player's other documents. */
  async review(id: bigint): Promise<AdminDocumentDetail> {
    const row = await this.repo.findQueued(id)
    if (!row) throw new AppError('not_found', 404)
    const [player, others] = await Promise.all([
      this.repo.findPlayer(row.user_id),
      this.repo.listDocuments(row.user_id),
    ])
    if (!player) throw new AppError('not_found', 404)
    const name = [player.first_name, player.last_name].filter((part) => part?.trim()).join(' ')
    return {
      document: toAdminDocument(row),
      player: {
        id: Number(player.id),
        email: player.email,
        name: name || null,
        country: player.country,
        verified: player.verified,
      },
      other_documents: others
        .filter((other) => other.id !== row.id)
        .map((other) => toAdminDocument({ ...other, email: row.email })),
    }
  }

  /**
   * Any player's file for the reviewer, read whole (at most DOCUMENT_MAX_BYTES) and checked against
   * the SHA-256 taken at upload: a file changed in the store since is refused (409
   * `file_mismatch`) and logged, never shown.
   */
  async reviewFile(id: bigint): Promise<{ row: DocumentRow; data: Buffer }> {
    const row = await this.repo.findQueued(id)
    if (!row) throw new AppError('not_found', 404)
    const body = await this.fromStorage('get', () => this.storage.get(row.storage_key))
    if (!body) {
      this.log.error({ documentId: row.id.toString() }, 'a document row has no stored file')
      throw new AppError('not_found', 404)
    }
    // Read no more than the file uploaded had (plus a byte, to know it grew): a file swapped for
    // a larger one is a mismatch, never a buffer of any size.
    const size = Number(row.size_bytes)
    const data = await this.fromStorage('get', async () => {
      const chunks: Buffer[] = []
      let read = 0
      for await (const chunk of body) {
        chunks.push(Buffer.from(chunk as Uint8Array))
        read += (chunk as Uint8Array).length
        if (read > size) break
      }
      return Buffer.concat(chunks)
    })
    const sha256 = crypto.createHash('sha256').update(data).digest('hex')
    if (data.length !== size || sha256 !== row.sha256) {
      this.log.error(
        { documentId: row.id.toString(), storageKey: row.storage_key, expected: row.sha256, found: sha256 },
        'a stored document does not match its SHA-256: not served',
      )
      throw new AppError('file_mismatch', 409)
    }
    return { row, data }
  }

  private async notify(document: DocumentRow, verified: boolean): Promise<void> {
    const user = await this.repo.findUser(document.user_id)
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
    const verified = await this.repo.lockVerified(tx, userId)
    if (verified === undefined || verified) return
    const threshold = this.thresholdFor(currency)
    let total = amount
    if (total <= threshold) {
      total = await this.repo.sumWithdrawalsSince(
        tx,
        userId,
        currency,
        new Date(this.clock.now().getTime() - WITHDRAWAL_WINDOW_DAYS * 86_400_000),
      )
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
