import type { FraudPayload, PaymentAction, PaymentState } from '@aurum/shared/contracts/payments'
import type { Database, Executor } from '../../db/client.ts'
import type { PaymentRow } from './mapping.ts'

const PAYMENT_COLUMNS = `id, user_id, action, method_id, currency, amount_cents, fee_cents, state, recallable, provider,
  provider_reference, redirect_url, cancellation_reason, details, created_at, finished_at`

/** The profile fields a method may need of the player (ProviderMethod.playerFields). */
export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'country',
  'city',
  'address',
  'postal_code',
] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]

export interface SavedProfileRow {
  id: string
  method_id: string
  title: string
  card_bin: string
  card_last4: string
  expiry: string
}

/** A payment as it is first written (POST /api/payments). */
export interface NewPayment {
  userId: bigint
  action: PaymentAction
  methodId: string
  currency: string
  amount: bigint
  fee: bigint
  state: PaymentState
  recallable: boolean
  details: Record<string, string>
  idempotencyKey: string
  createdAt: Date
}

/** A card saved for the next deposits (never its number: its first 6 and last 4 digits). */
export interface NewSavedProfile {
  id: string
  userId: bigint
  methodId: string
  title: string
  bin: string
  last4: string
  expiry: string
}

/** What the fraud score reads of the player: the profile, and the checks recorded since a moment. */
export interface FraudProfileRow {
  country: string | null
  email: string
  first_name: string | null
  last_name: string | null
  recent: bigint
}

/**
 * The payments' SQL (docs/payments.md): payments and their guarded state changes, saved cards,
 * provider callbacks, crypto addresses and the development chain, fraud checks and the cashbox's
 * method logs. A method taking `tx` runs in the caller's transaction.
 */
export class PaymentsRepository {
  constructor(private db: Database) {}

  // ── Methods and the cashbox ──────────────────────────────────────────────────────────────

  /** The player's groups. */
  groupsOf(userId: bigint): Promise<Array<{ group_id: number }>> {
    return this.db.query<{ group_id: number }>('SELECT group_id FROM user_groups WHERE user_id = $1', [
      userId.toString(),
    ])
  }

  /** Whether the player has a deposit address in a currency. */
  async hasCryptoAddress(userId: bigint, currency: string): Promise<boolean> {
    const [address] = await this.db.query(
      'SELECT 1 FROM crypto_addresses WHERE user_id = $1 AND currency = $2',
      [userId.toString(), currency],
    )
    return address !== undefined
  }

  /** The currencies the player has a deposit address in, in order. */
  cryptoAddressCurrencies(userId: bigint): Promise<Array<{ currency: string }>> {
    return this.db.query<{ currency: string }>(
      'SELECT currency FROM crypto_addresses WHERE user_id = $1 ORDER BY currency',
      [userId.toString()],
    )
  }

  /** The player's last successful deposit in each currency. */
  lastSucceededDeposits(
    userId: bigint,
  ): Promise<Array<{ currency: string; amount_cents: string; method_id: string }>> {
    return this.db.query<{ currency: string; amount_cents: string; method_id: string }>(
      `SELECT DISTINCT ON (currency) currency, amount_cents, method_id FROM payments
        WHERE user_id = $1 AND action = 'deposit' AND state = 'succeeded'
        ORDER BY currency, id DESC`,
      [userId.toString()],
    )
  }

  /** The player's profile fields a method may need (undefined: no such player). */
  async profileFields(userId: bigint): Promise<Record<ProfileField, string | null> | undefined> {
    const [user] = await this.db.query<Record<ProfileField, string | null>>(
      `SELECT ${PROFILE_FIELDS.join(', ')} FROM users WHERE id = $1`,
      [userId.toString()],
    )
    return user
  }

  /** The player's saved cards, newest first. */
  savedProfiles(userId: bigint): Promise<SavedProfileRow[]> {
    return this.db.query<SavedProfileRow>(
      `SELECT id, method_id, title, card_bin, card_last4, expiry FROM payment_saved_profiles
       WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id`,
      [userId.toString()],
    )
  }

  /** Marks a saved card of the player deleted; false when there was none to delete. */
  async markSavedProfileDeleted(userId: bigint, id: string): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE payment_saved_profiles SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL
       RETURNING id`,
      [id, userId.toString()],
    )
    return rows.length > 0
  }

  async insertSavedProfile(tx: Executor, profile: NewSavedProfile): Promise<void> {
    await tx.query(
      `INSERT INTO payment_saved_profiles (id, user_id, method_id, title, card_bin, card_last4, expiry)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [
        profile.id,
        profile.userId.toString(),
        profile.methodId,
        profile.title,
        profile.bin,
        profile.last4,
        profile.expiry,
      ],
    )
  }

  /** Records the deposit methods the cashbox offered the player. */
  async insertMethodLog(userId: bigint, depositMethods: unknown[], userInfo: unknown): Promise<void> {
    await this.db.query(
      'INSERT INTO payment_method_logs (user_id, deposit_methods, user_info) VALUES ($1, $2, $3)',
      [userId.toString(), JSON.stringify(depositMethods), JSON.stringify(userInfo)],
    )
  }

  // ── Payments ─────────────────────────────────────────────────────────────────────────────

  /** Writes a new payment; undefined when the player's idempotency key was taken already. */
  async insertPayment(tx: Executor, payment: NewPayment): Promise<PaymentRow | undefined> {
    const [row] = await tx.query<PaymentRow>(
      `INSERT INTO payments (user_id, action, method_id, currency, amount_cents, fee_cents, state, recallable, details, idempotency_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING ${PAYMENT_COLUMNS}`,
      [
        payment.userId.toString(),
        payment.action,
        payment.methodId,
        payment.currency,
        payment.amount.toString(),
        payment.fee.toString(),
        payment.state,
        payment.recallable,
        JSON.stringify(payment.details),
        payment.idempotencyKey,
        payment.createdAt,
      ],
    )
    return row
  }

  /** A payment by id (`tx`: the caller's transaction, or the database). */
  async findById(tx: Executor, id: bigint): Promise<PaymentRow | undefined> {
    const [row] = await tx.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1`, [
      id.toString(),
    ])
    return row
  }

  /** A payment of the player by id. */
  async findOfPlayer(userId: bigint, id: bigint): Promise<PaymentRow | undefined> {
    const [row] = await this.db.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1 AND user_id = $2`,
      [id.toString(), userId.toString()],
    )
    return row
  }

  /** The payment of the player's idempotency key. */
  async findByIdempotencyKey(userId: bigint, key: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE user_id = $1 AND idempotency_key = $2`,
      [userId.toString(), key],
    )
    return row
  }

  /** The player's payments, newest first. */
  historyOf(userId: bigint, limit: number): Promise<PaymentRow[]> {
    return this.db.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
      [userId.toString(), limit],
    )
  }

  /** A provider's deposits still `processing`, created before a moment, oldest first. */
  processingDeposits(provider: string, before: Date, limit: number): Promise<PaymentRow[]> {
    return this.db.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments
       WHERE state = 'processing' AND action = 'deposit' AND provider = $1 AND created_at < $2
       ORDER BY created_at, id LIMIT $3`,
      [provider, before, limit],
    )
  }

  /** A provider's withdrawals still `processing` whose payout was sent before a moment, oldest first. */
  processingPayouts(provider: string, before: Date, limit: number): Promise<PaymentRow[]> {
    return this.db.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments
       WHERE state = 'processing' AND action = 'cashout' AND provider = $1 AND payout_sent_at < $2
       ORDER BY payout_sent_at, id LIMIT $3`,
      [provider, before, limit],
    )
  }

  /** Whether a payment `processing` has been in flight since before a moment (created, or its payout sent). */
  async inFlightSince(id: bigint, before: Date): Promise<boolean> {
    const [row] = await this.db.query(
      `SELECT 1 FROM payments WHERE id = $1 AND state = 'processing'
         AND (CASE WHEN action = 'deposit' THEN created_at ELSE payout_sent_at END) < $2`,
      [id.toString(), before],
    )
    return row !== undefined
  }

  // ── Guarded state changes: each matches only a payment in the state it leaves ─────────────

  /** A deposit waiting on the provider (its page, the bank): `processing` to `pending`. */
  async markPending(
    tx: Executor,
    id: bigint,
    reference: string,
    redirectUrl: string | null,
  ): Promise<PaymentRow | undefined> {
    const [row] = await tx.query<PaymentRow>(
      `UPDATE payments SET state = 'pending', provider_reference = $2, redirect_url = $3
           WHERE id = $1 AND state = 'processing' RETURNING ${PAYMENT_COLUMNS}`,
      [id.toString(), reference, redirectUrl],
    )
    return row
  }

  /** A deposit `processing` or `pending` succeeded. */
  async markDepositSucceeded(
    tx: Executor,
    id: bigint,
    reference: string | null,
  ): Promise<PaymentRow | undefined> {
    const [row] = await tx.query<PaymentRow>(
      `UPDATE payments SET state = 'succeeded', finished_at = now(), redirect_url = NULL,
         provider_reference = coalesce(provider_reference, $2)
       WHERE id = $1 AND action = 'deposit' AND state IN ('processing', 'pending') RETURNING ${PAYMENT_COLUMNS}`,
      [id.toString(), reference],
    )
    return row
  }

  /** A deposit `processing` or `pending` was declined. */
  async markDepositDeclined(
    tx: Executor,
    id: bigint,
    reason: string,
    reference: string | null,
  ): Promise<PaymentRow | undefined> {
    const [row] = await tx.query<PaymentRow>(
      `UPDATE payments SET state = 'declined', finished_at = now(), redirect_url = NULL, cancellation_reason = $2,
         provider_reference = coalesce(provider_reference, $3)
       WHERE id = $1 AND action = 'deposit' AND state IN ('processing', 'pending') RETURNING ${PAYMENT_COLUMNS}`,
      [id.toString(), reason, reference],
    )
    return row
  }

  /** Cancels as `expired` the deposits pending on the provider's page since before a moment. */
  expireAbandonedDeposits(before: Date): Promise<PaymentRow[]> {
    return this.db.query<PaymentRow>(
      `UPDATE payments SET state = 'canceled', finished_at = now(), redirect_url = NULL, cancellation_reason = 'expired'
       WHERE action = 'deposit' AND state = 'pending' AND redirect_url IS NOT NULL AND created_at < $1
       RETURNING ${PAYMENT_COLUMNS}`,
      [before],
    )
  }

  /** The player's pending recallable withdrawal is recalled. */
  async markRecalled(tx: Executor, id: bigint, userId: bigint): Promise<PaymentRow | undefined> {
    const [updated] = await tx.query<PaymentRow>(
      `UPDATE payments SET state = 'recalled', recallable = false, finished_at = now()
         WHERE id = $1 AND user_id = $2 AND action = 'cashout' AND state = 'pending' AND recallable
         RETURNING ${PAYMENT_COLUMNS}`,
      [id.toString(), userId.toString()],
    )
    return updated
  }

  /** A pending withdrawal is rejected by the operator. */
  async markRejected(tx: Executor, id: bigint, reason: string | null): Promise<PaymentRow | undefined> {
    const [row] = await tx.query<PaymentRow>(
      `UPDATE payments SET state = 'rejected', recallable = false, finished_at = now(), cancellation_reason = $2
           WHERE id = $1 AND action = 'cashout' AND state = 'pending' RETURNING ${PAYMENT_COLUMNS}`,
      [id.toString(), reason],
    )
    return row
  }

  /** A pending withdrawal is being paid out: `processing`, no longer recallable, `payout_sent_at` stamped. */
  async markPayoutSending(tx: Executor, id: bigint, sentAt: Date): Promise<PaymentRow | undefined> {
    const [sending] = await tx.query<PaymentRow>(
      `UPDATE payments SET state = 'processing', recallable = false, payout_sent_at = $2
       WHERE id = $1 AND action = 'cashout' AND state = 'pending' RETURNING ${PAYMENT_COLUMNS}`,
      [id.toString(), sentAt],
    )
    return sending
  }

  /** A withdrawal being paid out is finished: `succeeded` (paid) or `rejected`. */
  async markPayoutFinished(
    tx: Executor,
    id: bigint,
    state: 'succeeded' | 'rejected',
    reason: string | null,
    reference: string,
  ): Promise<PaymentRow | undefined> {
    const [row] = await tx.query<PaymentRow>(
      `UPDATE payments SET state = $2, finished_at = now(), cancellation_reason = $3,
         provider_reference = coalesce(provider_reference, $4)
       WHERE id = $1 AND action = 'cashout' AND state = 'processing' RETURNING ${PAYMENT_COLUMNS}`,
      [id.toString(), state, reason, reference],
    )
    return row
  }

  /** Records a provider event by its id; false when it was recorded before. */
  async insertCallback(
    tx: Executor,
    provider: string,
    eventId: string,
    paymentId: bigint,
    type: string,
  ): Promise<boolean> {
    const [fresh] = await tx.query(
      `INSERT INTO payment_callbacks (provider, event_id, payment_id, type) VALUES ($1, $2, $3, $4)
         ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
      [provider, eventId, paymentId.toString(), type],
    )
    return fresh !== undefined
  }

  // ── Crypto deposits and the development chain ────────────────────────────────────────────

  /** The player's deposit addresses. */
  cryptoAddresses(userId: bigint): Promise<Array<{ currency: string; address: string }>> {
    return this.db.query<{ currency: string; address: string }>(
      'SELECT currency, address FROM crypto_addresses WHERE user_id = $1',
      [userId.toString()],
    )
  }

  async insertCryptoAddress(tx: Executor, userId: bigint, currency: string, address: string): Promise<void> {
    await tx.query(
      `INSERT INTO crypto_addresses (user_id, currency, address) VALUES ($1, $2, $3)
             ON CONFLICT (user_id, currency) DO NOTHING`,
      [userId.toString(), currency, address],
    )
  }

  /** The player an address in a currency belongs to. */
  async cryptoAddressOwner(tx: Executor, address: string, currency: string): Promise<bigint | undefined> {
    const [owner] = await tx.query<{ user_id: bigint }>(
      'SELECT user_id FROM crypto_addresses WHERE address = $1 AND currency = $2',
      [address, currency],
    )
    return owner?.user_id
  }

  /** Writes the pending deposit of a chain transaction; answers its id. */
  async insertChainDeposit(
    tx: Executor,
    deposit: {
      userId: bigint
      currency: string
      amount: bigint
      txid: string
      address: string
      idempotencyKey: string
      createdAt: Date
    },
  ): Promise<bigint> {
    const [payment] = await tx.query<{ id: bigint }>(
      `INSERT INTO payments (user_id, action, method_id, currency, amount_cents, state, provider_reference, details, idempotency_key, created_at)
         VALUES ($1, 'deposit', 'crypto', $2, $3, 'pending', $4, $5, $6, $7) RETURNING id`,
      [
        deposit.userId.toString(),
        deposit.currency,
        deposit.amount.toString(),
        deposit.txid,
        JSON.stringify({ address: deposit.address }),
        deposit.idempotencyKey,
        deposit.createdAt,
      ],
    )
    return payment!.id
  }

  /** Writes a transaction to the mempool (no block yet). */
  async insertChainTransaction(
    tx: Executor,
    txid: string,
    currency: string,
    address: string,
    amount: bigint,
    paymentId: bigint,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO chain_transactions (txid, currency, address, amount_cents, payment_id) VALUES ($1, $2, $3, $4, $5)`,
      [txid, currency, address, amount.toString(), paymentId.toString()],
    )
  }

  /** Adds blocks to the chain; answers its new height. */
  async advanceChain(tx: Executor, count: number): Promise<bigint> {
    const [state] = await tx.query<{ height: bigint }>(
      'UPDATE chain_state SET height = height + $1 RETURNING height',
      [count],
    )
    return state!.height
  }

  /** Puts the mempool's transactions into a block. */
  async confirmMempool(tx: Executor, blockHeight: bigint): Promise<void> {
    await tx.query('UPDATE chain_transactions SET block_height = $1 WHERE block_height IS NULL', [
      blockHeight.toString(),
    ])
  }

  /** The chain transactions whose deposit is still pending, in order. */
  pendingChainDeposits(
    tx: Executor,
  ): Promise<Array<{ payment_id: bigint; currency: string; block_height: bigint }>> {
    return tx.query<{ payment_id: bigint; currency: string; block_height: bigint }>(
      `SELECT c.payment_id, c.currency, c.block_height FROM chain_transactions c
         JOIN payments p ON p.id = c.payment_id WHERE p.state = 'pending' ORDER BY c.id`,
    )
  }

  /** A pending crypto deposit is confirmed: `succeeded`. */
  async markChainDepositSucceeded(tx: Executor, paymentId: bigint): Promise<PaymentRow | undefined> {
    const [row] = await tx.query<PaymentRow>(
      `UPDATE payments SET state = 'succeeded', finished_at = now() WHERE id = $1 AND state = 'pending'
           RETURNING id, user_id, action, method_id, currency, amount_cents, fee_cents, state, recallable,
             created_at, finished_at`,
      [paymentId.toString()],
    )
    return row
  }

  // ── Fraud checks ─────────────────────────────────────────────────────────────────────────

  /** The player's profile, and how many fraud checks were recorded for them since a moment. */
  async fraudProfile(userId: bigint, since: Date): Promise<FraudProfileRow | undefined> {
    const [user] = await this.db.query<FraudProfileRow>(
      `SELECT country, email, first_name, last_name,
       (SELECT count(*)::int8 FROM fraud_checks WHERE user_id = u.id
          AND created_at > $2) AS recent
     FROM users u WHERE id = $1`,
      [userId.toString(), since],
    )
    return user
  }

  async insertFraudCheck(
    userId: bigint,
    payload: FraudPayload,
    score: number,
    reasons: string[],
    at: Date,
  ): Promise<void> {
    await this.db.query(
      'INSERT INTO fraud_checks (user_id, payload, score, reasons, created_at) VALUES ($1, $2, $3, $4, $5)',
      [userId.toString(), JSON.stringify(payload), score, reasons, at],
    )
  }
}

/** The sandbox provider's record of one deposit or payout (table sandbox_provider_payments). */
export interface ProviderRecord {
  reference: string
  status: 'approved' | 'declined' | 'redirect' | 'pending' | 'canceled'
  reason: string | null
  redirect_url: string | null
}

const RECORD_COLUMNS = 'reference, status, reason, redirect_url'

/**
 * The sandbox provider's own table (`sandbox_provider_payments`): its record of every deposit it
 * was asked for and every payout it made, as a provider's database would keep it.
 */
export class SandboxProviderRepository {
  constructor(private db: Executor) {}

  async findRecord(paymentId: bigint): Promise<ProviderRecord | undefined> {
    const [record] = await this.db.query<ProviderRecord>(
      `SELECT ${RECORD_COLUMNS} FROM sandbox_provider_payments WHERE payment_id = $1`,
      [paymentId.toString()],
    )
    return record
  }

  /** The record with the action it was written for (`deposit` or `payout`). */
  async findRecordWithAction(paymentId: bigint): Promise<(ProviderRecord & { action: string }) | undefined> {
    const [first] = await this.db.query<ProviderRecord & { action: string }>(
      `SELECT ${RECORD_COLUMNS}, action FROM sandbox_provider_payments WHERE payment_id = $1`,
      [paymentId.toString()],
    )
    return first
  }

  /** Writes the record of a payment id unless one exists; undefined when one did. */
  async insertRecord(
    paymentId: bigint,
    action: 'deposit' | 'payout',
    record: ProviderRecord & { amount?: bigint; currency?: string },
  ): Promise<ProviderRecord | undefined> {
    const [written] = await this.db.query<ProviderRecord>(
      `INSERT INTO sandbox_provider_payments (payment_id, action, reference, status, reason, redirect_url, amount_cents, currency)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (payment_id) DO NOTHING RETURNING ${RECORD_COLUMNS}`,
      [
        paymentId.toString(),
        action,
        record.reference,
        record.status,
        record.reason,
        record.redirect_url,
        record.amount?.toString() ?? null,
        record.currency ?? null,
      ],
    )
    return written
  }

  /** A waiting record (`redirect`, `pending`) is decided: `approved` or `declined` with a reason. */
  async completeRecord(
    paymentId: bigint,
    status: 'approved' | 'declined',
    reason: string | null,
  ): Promise<void> {
    await this.db.query(
      `UPDATE sandbox_provider_payments SET status = $2, reason = $3, redirect_url = NULL, updated_at = now()
       WHERE payment_id = $1 AND status IN ('redirect', 'pending')`,
      [paymentId.toString(), status, reason],
    )
  }
}
