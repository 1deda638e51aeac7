import type { LimitsService } from '../limits/service.ts'
import type { VerificationService } from '../verification/service.ts'
import crypto from 'node:crypto'
import type { z } from 'zod'
import type {
  DepositMethodsLog,
  FraudPayload,
  SubmitResult,
  submitBody,
} from '@aurum/shared/contracts/payments'
import { CURRENCIES, currencyDefinition, inputUnit, minorToMajor, type Locale } from '@aurum/shared'
import type { Database, Executor } from '../../db/client.ts'
import type { Clock } from '@aurum/db'
import type { EventOutbox } from '../../events/outbox.ts'
import type { AuditActor, AuditEntryInput, AuditLog } from '../audit/service.ts'
import { AppError } from '../../lib/errors.ts'
import type { FaultPoint } from '../../lib/fault-points.ts'
import { t } from '../../lib/i18n.ts'
import { InsufficientFundsError, type Ledger } from '../ledger/index.ts'
import { openWallet } from '../wallets/service.ts'
import { cardTitle, instrumentDetails, parseFields } from './fields.ts'
import { toPlayerPayment, type PaymentRow, type PlayerPayment } from './mapping.ts'
import { creditDeposit, holdWithdrawal, payWithdrawal, releaseWithdrawal } from './postings.ts'
import type {
  DepositOutcome,
  DepositRequest,
  PaymentAction,
  PayoutOutcome,
  ProviderEvent,
  ProviderMethod,
} from './provider.ts'
import { PaymentsRepository, type ProfileField, type SavedProfileRow } from './repository.ts'
import { SandboxProvider } from './sandbox-provider.ts'
import { scoreAndRecord } from './fraud.ts'

/** Spec §6: players in this group do not see the sofort brand. */
export const HIDE_SOFORT_GROUP = 631
/** Buying crypto with a card (spec §6, §9). */
const CARD_PROVIDER = 'card_provider'
/** A deposit waiting on the provider's page (3-D Secure, e-wallet) this long is canceled as abandoned. */
export const PAYMENT_PAGE_TIMEOUT_MS = 30 * 60_000
/**
 * A deposit in `processing` this long (a withdrawal this long after its payout was sent) is no
 * longer in flight on any node (a provider call gives up well before): its node died between asking
 * the provider and recording the answer, and the reconciler asks the provider where it stands.
 * Younger ones may still be in flight elsewhere.
 */
export const PROCESSING_GRACE_MS = 2 * 60_000
/** How many payments in flight one reconciling pass takes (the next run takes the rest: jobs.ts). */
const RECONCILE_BATCH = 100
/** Spec §9: the first deposit suggestion, 50 in the unit the player types (50 EUR, 50 CAD, 50 µBTC). */
const FIRST_DEPOSIT_SUGGESTION_UNITS = 50n

/** The first deposit suggestion of a currency, raised to its lowest deposit minimum (and kept under the highest maximum). */
export function firstDepositSuggestion(currency: string, methods: readonly ProviderMethod[]): bigint {
  const suggestion = FIRST_DEPOSIT_SUGGESTION_UNITS * BigInt(inputUnit(currency).minorPerUnit)
  if (!methods.length) return suggestion
  const min = methods.reduce((m, x) => (x.minCents < m ? x.minCents : m), methods[0]!.minCents)
  const max = methods.reduce((m, x) => (x.maxCents > m ? x.maxCents : m), methods[0]!.maxCents)
  return suggestion < min ? min : suggestion > max ? max : suggestion
}

/**
 * Who decides on a payment (docs/backoffice.md "Payments"): a staff member or a command-line tool,
 * and the request it came from. The decision's audit entry is written in the transaction that
 * changes the payment's state; `inTx` runs in that transaction too (a four-eyes request's own
 * change), so the decision, its entry and its approval commit or roll back together.
 */
export interface Decider {
  actor: AuditActor
  request?: AuditEntryInput['request']
  inTx?: (tx: Executor, payment: PaymentRow) => Promise<void>
  /**
   * Decide only a payment this decision moves from `pending` (the back office): one already taken
   * by another decision at the same time answers 422 `not_pending` instead of finishing its payout
   * as the command-line tool does (the back office reconciles those from its list of stuck ones).
   */
  pendingOnly?: boolean
}

/** Runs in the transaction that changed a payment's state, with the payment before and after. */
type Changed = (tx: Executor, before: PaymentRow, after: PaymentRow) => Promise<void>

/** What the audit log keeps of a payment's state. */
export const paymentSnapshot = (row: PaymentRow) => ({
  state: row.state,
  action: row.action,
  user_id: row.user_id.toString(),
  amount_cents: row.amount_cents.toString(),
  fee_cents: row.fee_cents.toString(),
  currency: row.currency,
  recallable: row.recallable,
  cancellation_reason: row.cancellation_reason,
})

/** A payment as POST /api/payments takes it (its defaults applied). */
export type SubmitInput = z.output<typeof submitBody>

export type Next = SubmitResult['next']

/** Fee in minor units, charged on top, rounded up (the provider never gets less than its percent). */
export const feeFor = (amount: bigint, percent: number) =>
  percent > 0 ? (amount * BigInt(Math.round(percent * 100)) + 9_999n) / 10_000n : 0n

const money = (cents: bigint, currency: string) =>
  `${minorToMajor(cents, currencyDefinition(currency)?.subunits_to_unit ?? 100)} ${currency}`

/**
 * The payment service (docs/payments.md): methods, plans, deposits, withdrawals, recalls,
 * provider events. State changes of a payment and their ledger postings are one database
 * transaction; a payment only moves forward from pending/processing once (guarded updates).
 */
export class PaymentService {
  private db: Database
  private repo: PaymentsRepository
  private ledger: Ledger
  readonly provider: SandboxProvider
  private events: EventOutbox
  /** The back office's audit log: each operator decision is written with the change it makes. */
  private audit: AuditLog
  /** Responsible gambling: a deposit over the player's limit is refused (required, never skipped). */
  private limits: Pick<LimitsService, 'checkDeposit'>
  /** Verification: a withdrawal over the threshold waits for verified documents (required). */
  private verification: Pick<VerificationService, 'checkWithdrawal'>
  /** The app's clock: grace periods, page timeouts and the stamps they compare. */
  private clock: Clock
  /** Called at each fault point of a deposit or payout (lib/fault-points.ts); crash tests only. */
  faultHook: ((at: FaultPoint) => void | Promise<void>) | undefined

  constructor(deps: {
    db: Database
    ledger: Ledger
    provider: SandboxProvider
    /** Payment events are written by the database's triggers; the outbox is nudged when they commit. */
    events: EventOutbox
    audit: AuditLog
    limits: Pick<LimitsService, 'checkDeposit'>
    verification: Pick<VerificationService, 'checkWithdrawal'>
    clock: Clock
    faultHook?: (at: FaultPoint) => void | Promise<void>
  }) {
    this.db = deps.db
    this.repo = new PaymentsRepository(deps.db)
    this.ledger = deps.ledger
    this.provider = deps.provider
    this.events = deps.events
    this.audit = deps.audit
    this.limits = deps.limits
    this.verification = deps.verification
    this.clock = deps.clock
    this.faultHook = deps.faultHook
  }

  /** Now, by the app's clock. */
  now(): Date {
    return this.clock.now()
  }

  /** A payment reached its final state: its event (written by the trigger) is looked for at commit. */
  private finished(tx: Executor, row: PaymentRow | undefined): void {
    if (row) tx.afterCommit(() => this.events.committed())
  }

  // ── Methods ──────────────────────────────────────────────────────────────────────────────

  /** The methods a player may use in a currency; group 631 does not see sofort. */
  async availableMethods(userId: bigint, currency: string, action: PaymentAction): Promise<ProviderMethod[]> {
    const groups = await this.repo.groupsOf(userId)
    const hideSofort = groups.some((g) => g.group_id === HIDE_SOFORT_GROUP)
    const methods = this.provider
      .methods(currency, action)
      .filter((m) => !(hideSofort && m.brand === 'sofort'))
    if (!methods.some((m) => m.id === CARD_PROVIDER)) return methods
    // Spec §6: the card provider only for a currency the player has a crypto address in.
    const address = await this.repo.hasCryptoAddress(userId, currency)
    return address ? methods : methods.filter((m) => m.id !== CARD_PROVIDER)
  }

  async method(userId: bigint, methodId: string, currency: string, action: PaymentAction, locale: Locale) {
    const method = (await this.availableMethods(userId, currency, action)).find((m) => m.id === methodId)
    if (!method) throw fieldError(locale, 'method_id', 'validation.one_of', 'fields.method_id')
    return method
  }

  async savedProfiles(userId: bigint): Promise<SavedProfileRow[]> {
    return this.repo.savedProfiles(userId)
  }

  async deleteSavedProfile(userId: bigint, id: string): Promise<void> {
    if (!(await this.repo.markSavedProfileDeleted(userId, id))) throw new AppError('not_found', 404)
  }

  /** Profile fields a method needs that the player has not filled in. */
  async missingPlayerFields(userId: bigint, method: ProviderMethod): Promise<string[]> {
    if (!method.playerFields.length) return []
    const user = await this.repo.profileFields(userId)
    return method.playerFields.filter((f) => !user?.[f as ProfileField])
  }

  async config(userId: bigint) {
    const currencies = CURRENCIES.map((c) => c.code).filter((c) => this.provider.methods(c, 'deposit').length)
    const addresses = await this.repo.cryptoAddressCurrencies(userId)
    // The one-click deposit (spec §2, §9) repeats the player's last successful deposit in each currency.
    const last = await this.repo.lastSucceededDeposits(userId)
    return {
      currencies,
      first_deposit_suggestion_cents: Object.fromEntries(
        currencies.map((c) => [c, Number(firstDepositSuggestion(c, this.provider.methods(c, 'deposit')))]),
      ),
      last_deposits: Object.fromEntries(
        last.map((r) => [r.currency, { amount_cents: Number(r.amount_cents), method_id: r.method_id }]),
      ),
      // Spec §6: offered when the player has a wallet whose currency has a crypto address.
      card_provider: { enabled: addresses.length > 0, currencies: addresses.map((a) => a.currency) },
    }
  }

  /** The bounds and fee of an amount with a method; 422 on `amount_cents` outside them. */
  checkAmount(method: ProviderMethod, currency: string, amount: bigint, locale: Locale) {
    if (amount < method.minCents || amount > method.maxCents) {
      throw new AppError('validation_failed', 422, {
        amount_cents: [
          t(locale, 'validation.amount_range', {
            min: money(method.minCents, currency),
            max: money(method.maxCents, currency),
          }),
        ],
      })
    }
    return feeFor(amount, method.feePercent)
  }

  async plan(userId: bigint, input: Omit<SubmitInput, 'fields'>, locale: Locale) {
    const method = await this.method(userId, input.method_id, input.currency, input.action, locale)
    if (input.saved_profile_id) await this.savedCard(userId, method, input.saved_profile_id, locale)
    const amount = BigInt(input.amount_cents)
    const fee = this.checkAmount(method, input.currency, amount, locale)
    return {
      method_id: method.id,
      currency: input.currency,
      action: input.action,
      amount_cents: Number(amount),
      fee_cents: Number(fee),
      total_cents: Number(amount + fee),
    }
  }

  /** A saved card of the player for a method that takes cards; 422 on `saved_profile_id` otherwise. */
  async savedCard(userId: bigint, method: ProviderMethod, id: string, locale: Locale) {
    const profile = method.savesCards
      ? (await this.savedProfiles(userId)).find((p) => p.id === id)
      : undefined
    if (!profile) throw fieldError(locale, 'saved_profile_id', 'validation.one_of', 'fields.saved_profile_id')
    return { bin: profile.card_bin, last4: profile.card_last4, expiry: profile.expiry }
  }

  /** POST /api/users/transaction: records a fraud-check payload, scored (fraud.ts). */
  async recordFraudCheck(userId: bigint, payload: FraudPayload) {
    return scoreAndRecord(this.repo, userId, payload, this.now())
  }

  /** POST /log-payments-dep: records the deposit methods the cashbox offered the player. */
  async logDepositMethods(userId: bigint, log: DepositMethodsLog): Promise<void> {
    await this.repo.insertMethodLog(userId, log.depositMethods, log.userInfo)
  }

  // ── Submitting ───────────────────────────────────────────────────────────────────────────

  /** POST /api/payments: one payment per Idempotency-Key; deposits ask the provider, withdrawals hold funds. */
  async submit(
    userId: bigint,
    input: SubmitInput,
    idempotencyKey: string | undefined,
    locale: Locale,
  ): Promise<{ payment: PlayerPayment; next: Next }> {
    const method = await this.method(userId, input.method_id, input.currency, input.action, locale)
    // A crypto deposit is a transfer to the player's address, seen on the chain: nothing to submit.
    if (input.action === 'deposit' && method.type === 'crypto') {
      throw fieldError(locale, 'method_id', 'validation.crypto_deposit', 'fields.method_id')
    }
    const saved = input.saved_profile_id
      ? await this.savedCard(userId, method, input.saved_profile_id, locale)
      : undefined
    const amount = BigInt(input.amount_cents)
    const fee = this.checkAmount(method, input.currency, amount, locale)
    const instrument = parseFields(method, input.action, input.currency, input.fields, saved)
    const missing = await this.missingPlayerFields(userId, method)
    if (missing.length) {
      throw new AppError('validation_failed', 422, {
        base: [t(locale, 'validation.player_fields', { fields: missing.join(', ') })],
      })
    }
    const key = idempotencyKey ?? `auto:${crypto.randomUUID()}`

    const created = await this.db.transaction(async (tx) => {
      // Limits first: a cooling-off, self-exclusion or deposit limit refuses before anything is written.
      if (input.action === 'deposit')
        await this.limits.checkDeposit(tx, userId, input.currency, amount, locale)
      const row = await this.repo.insertPayment(tx, {
        userId,
        action: input.action,
        methodId: method.id,
        currency: input.currency,
        amount,
        fee,
        state: input.action === 'cashout' ? 'pending' : 'processing',
        recallable: input.action === 'cashout',
        details: instrumentDetails(instrument),
        idempotencyKey: key,
        createdAt: this.now(),
      })
      if (!row) return undefined
      if (input.action === 'cashout') {
        // Withdrawals above the verification threshold need a verified profile: checked with this one
        // written, so a replayed key answers its first result and parallel ones count each other.
        await this.verification.checkWithdrawal(tx, userId, input.currency, amount, locale)
        await holdWithdrawal(this.ledger, tx, row)
      } else await openWallet(tx, this.ledger, userId, input.currency, false)
      return row
    })
    if (!created) {
      // A retried submit: the first payment, as it is now; one left in flight past the grace
      // period is finished on the spot, so the retry answers its final state.
      let existing = await this.findByKey(userId, key)
      if (this.strandedSince(existing)) existing = await this.reconcile(existing)
      return { payment: toPlayerPayment(existing, locale), next: nextStep(existing) }
    }
    if (input.action === 'cashout')
      return { payment: toPlayerPayment(created, locale), next: { type: 'done' } }

    await this.faultHook?.('deposit_sending')
    let outcome: DepositOutcome | undefined
    try {
      outcome = await this.provider.deposit({
        paymentId: created.id,
        methodId: method.id,
        currency: input.currency,
        amountCents: amount + fee,
        instrument,
      })
    } catch {
      outcome = undefined
    }
    await this.faultHook?.('deposit_answered')
    if (!outcome) {
      // No answer (a timeout, a dropped connection): the provider may still have decided, so it is
      // asked, not assumed to have declined. If even that fails the reconciler finishes it later.
      const row = await this.reconcile(created).catch(() => created)
      return { payment: toPlayerPayment(row, locale), next: nextStep(row) }
    }
    const answer = outcome
    const row = await this.db.transaction(async (tx) => {
      const updated = await this.applyOutcome(tx, created, answer)
      if (
        input.save_profile &&
        instrument.kind === 'card' &&
        method.savesCards &&
        answer.status !== 'declined'
      ) {
        await this.repo.insertSavedProfile(tx, {
          id: `card_${crypto.randomBytes(12).toString('hex')}`,
          userId,
          methodId: method.id,
          title: cardTitle(instrument.bin, instrument.last4),
          bin: instrument.bin,
          last4: instrument.last4,
          expiry: instrument.expiry,
        })
      }
      return updated
    })
    return { payment: toPlayerPayment(row, locale), next: nextStep(row) }
  }

  /**
   * Applies the provider's answer to a deposit (only while it is still processing), through the
   * guarded state changes the callbacks use too: whichever of the normal path, the reconciler and
   * a callback comes first moves the payment, the others change nothing. Answers the payment as
   * it now stands.
   */
  private async applyOutcome(
    tx: Executor,
    payment: PaymentRow,
    outcome: DepositOutcome,
  ): Promise<PaymentRow> {
    let row: PaymentRow | undefined
    switch (outcome.status) {
      case 'approved':
        row = await this.settleDeposit(tx, payment.id, outcome.reference)
        break
      case 'declined':
        row = await this.declineDeposit(tx, payment.id, outcome.reason, outcome.reference)
        break
      case 'redirect':
      case 'pending':
        row = await this.repo.markPending(
          tx,
          payment.id,
          outcome.reference,
          outcome.status === 'redirect' ? outcome.url : null,
        )
    }
    if (row) return row
    const current = await this.repo.findById(tx, payment.id)
    return current ?? payment
  }

  // ── Payments in flight ───────────────────────────────────────────────────────────────────

  /** A deposit still in `processing` after the grace period: its answer was never recorded. */
  private strandedSince(payment: PaymentRow, now = this.now()): boolean {
    return (
      payment.action === 'deposit' &&
      payment.state === 'processing' &&
      payment.created_at.getTime() < now.getTime() - PROCESSING_GRACE_MS
    )
  }

  /**
   * Asks the provider where a deposit in flight stands and applies the answer. A request the
   * provider never received is canceled there first (so it is refused if it still arrives), and the
   * deposit is declined with `provider_error`: nothing was charged, and the casino cannot send it
   * again without the card data it never keeps.
   */
  private async reconcile(payment: PaymentRow, changed?: Changed): Promise<PaymentRow> {
    if (payment.action === 'cashout') return this.reconcilePayout(payment, 'send', undefined, changed)
    const status = await this.provider.status(payment.id)
    const outcome = status.status === 'unknown' ? await this.provider.cancel(payment.id) : status
    return this.db.transaction(async (tx) => {
      const row = await this.applyOutcome(tx, payment, outcome)
      if (changed && row.state !== payment.state) await changed(tx, payment, row)
      return row
    })
  }

  /**
   * The back office's reconciliation of one payment in flight (docs/backoffice.md "Payments"): a
   * deposit or payout left `processing` past the grace period is asked of its provider and its
   * answer applied, with the operator's audit entry in the transaction that applies it. A younger
   * one may still be in flight on another node: 422 `not_stuck`.
   */
  async reconcileOne(by: Decider, id: bigint): Promise<PaymentRow> {
    const payment = await this.repo.findById(this.db, id)
    if (!payment) throw new AppError('not_found', 404)
    const before = new Date(this.now().getTime() - PROCESSING_GRACE_MS)
    if (payment.state !== 'processing' || !(await this.repo.inFlightSince(id, before)))
      throw new AppError('not_stuck', 422)
    return this.reconcile(payment, this.audited(by, 'payment.reconciled'))
  }

  /** The audit entry of an operator's decision (and the decider's own change), in the decision's transaction. */
  private audited(by: Decider, action: string, reason?: string): Changed {
    return async (tx, before, after) => {
      await this.audit.record(tx, {
        actor: by.actor,
        action,
        target: { type: 'payment', id: after.id },
        before: paymentSnapshot(before),
        after: paymentSnapshot(after),
        reason,
        request: by.request,
      })
      await by.inTx?.(tx, after)
    }
  }

  /**
   * Finishes the payments left in `processing` longer than the grace period (a node died between
   * the provider's answer and its record): deposits, and withdrawals whose payout was sent. Each is
   * asked of its provider and moved through the guarded state change, so nodes reconciling at once,
   * the normal path and a callback (or the operator) post and notify once. Answers how many of
   * them are no longer in flight.
   */
  async reconcileInFlight(now = this.now()): Promise<number> {
    const before = new Date(now.getTime() - PROCESSING_GRACE_MS)
    const deposits = await this.repo.processingDeposits(this.provider.name, before, RECONCILE_BATCH)
    const payouts = await this.repo.processingPayouts(this.provider.name, before, RECONCILE_BATCH)
    const rows = [...deposits, ...payouts]
    let finished = 0
    const failures: unknown[] = []
    for (const row of rows) {
      try {
        if ((await this.reconcile(row)).state !== 'processing') finished++
      } catch (err) {
        // One payment the provider cannot answer for now must not hold up the others.
        failures.push(err)
      }
    }
    if (failures.length)
      throw new AggregateError(failures, `${failures.length} payments in flight not reconciled`)
    return finished
  }

  /** A deposit succeeded: state and credit together, once. */
  private async settleDeposit(tx: Executor, id: bigint, reference: string): Promise<PaymentRow | undefined> {
    const row = await this.repo.markDepositSucceeded(tx, id, reference || null)
    if (row) await creditDeposit(this.ledger, tx, row)
    this.finished(tx, row)
    return row
  }

  private async declineDeposit(
    tx: Executor,
    id: bigint,
    reason: string,
    reference: string,
  ): Promise<PaymentRow | undefined> {
    const row = await this.repo.markDepositDeclined(tx, id, reason, reference || null)
    this.finished(tx, row)
    return row
  }

  // ── Provider events ──────────────────────────────────────────────────────────────────────

  /**
   * Applies a verified provider event once: the event id is recorded in the same transaction as
   * the state change and the credit, so parallel redeliveries wait on its unique key and then
   * find it taken.
   */
  async applyEvent(event: ProviderEvent, changed?: Changed): Promise<'applied' | 'duplicate' | 'ignored'> {
    return this.db.transaction(async (tx) => {
      const payment = await this.repo.findById(tx, BigInt(event.payment_id))
      // A deposit whose answer is not recorded yet (in flight, or its node died) has no reference
      // of its own: the signed event names it, and the guarded change below applies it once.
      const reference =
        payment?.provider_reference ?? (payment?.state === 'processing' ? event.reference : undefined)
      if (!payment || payment.provider !== this.provider.name || reference !== event.reference) {
        throw new AppError('not_found', 404)
      }
      const fresh = await this.repo.insertCallback(tx, this.provider.name, event.id, payment.id, event.type)
      if (!fresh) return 'duplicate'
      const row =
        event.type === 'payment.succeeded'
          ? await this.settleDeposit(tx, payment.id, event.reference)
          : await this.declineDeposit(tx, payment.id, event.reason ?? 'declined', event.reference)
      if (row && changed) await changed(tx, payment, row)
      return row ? 'applied' : 'ignored'
    })
  }

  // ── Abandoned payments ───────────────────────────────────────────────────────────────────

  /**
   * Deposits left on the provider's page (3-D Secure, e-wallet, sofort) for longer than
   * PAYMENT_PAGE_TIMEOUT_MS are canceled with the reason `expired`: nothing was credited, and a
   * late approval finds the payment closed (its guarded update matches nothing). Bank transfers and
   * crypto deposits wait on the operator or the chain, not on the player, and are left alone.
   */
  async expireAbandoned(now = this.now()): Promise<number> {
    const rows = await this.repo.expireAbandonedDeposits(new Date(now.getTime() - PAYMENT_PAGE_TIMEOUT_MS))
    for (const row of rows) this.finished(this.db, row)
    return rows.length
  }

  // ── Withdrawals ──────────────────────────────────────────────────────────────────────────

  /** The player takes a pending withdrawal back: the held money returns. */
  async recall(userId: bigint, id: bigint, locale: Locale): Promise<PlayerPayment> {
    const row = await this.db.transaction(async (tx) => {
      const updated = await this.repo.markRecalled(tx, id, userId)
      if (updated) await releaseWithdrawal(this.ledger, tx, updated, 'cashout_recall')
      this.finished(tx, updated)
      return updated
    })
    if (row) return toPlayerPayment(row, locale)
    await this.get(userId, id)
    throw new AppError('not_recallable', 422)
  }

  /**
   * The operator's decision on a pending payment. A withdrawal is paid (succeeded) or rejected
   * (money back); a pending deposit (bank transfer) is confirmed or failed through the provider's
   * signed callback path, as the bank would. A payment still `processing` (its provider's answer
   * never recorded) is the provider's to settle: the decision only says what to do with a payout
   * the provider never received (approve: send it, reject: stop it).
   */
  async operatorDecide(
    by: Decider,
    id: bigint,
    decision: 'approve' | 'reject',
    reason?: string,
  ): Promise<PaymentRow> {
    const payment = await this.repo.findById(this.db, id)
    if (!payment) throw new AppError('not_found', 404)
    if (payment.state !== 'pending' && payment.state !== 'processing') throw new AppError('not_pending', 422)
    if (by.pendingOnly && payment.state !== 'pending') throw new AppError('not_pending', 422)
    const audited = this.audited(by, decision === 'approve' ? 'payment.approved' : 'payment.rejected', reason)
    if (payment.action === 'deposit' && payment.state === 'processing') {
      // Its answer was never recorded (in flight, or its node died): whether the money moved is the
      // provider's to say, not the operator's.
      await this.reconcile(payment, this.audited(by, 'payment.reconciled'))
    } else if (payment.action === 'deposit') {
      // The bank's decision is the provider's: its record changes first, then its callback comes.
      await this.provider.complete(payment.id, decision === 'approve', reason)
      const applied = await this.applyEvent(
        {
          id: SandboxProvider.eventId(),
          type: decision === 'approve' ? 'payment.succeeded' : 'payment.failed',
          payment_id: Number(payment.id),
          reference: payment.provider_reference ?? '',
          ...(decision === 'reject' ? { reason: reason ?? 'declined' } : {}),
        },
        audited,
      )
      if (by.pendingOnly && applied !== 'applied') throw new AppError('not_pending', 422)
    } else if (payment.state === 'processing') {
      await this.reconcilePayout(payment, decision === 'approve' ? 'send' : 'stop', reason, audited)
    } else if (decision === 'approve') {
      return this.payOut(payment, audited, by.pendingOnly)
    } else {
      const rejected = await this.db.transaction(async (tx) => {
        const row = await this.repo.markRejected(tx, payment.id, reason ?? null)
        if (row) {
          await releaseWithdrawal(this.ledger, tx, row, 'cashout_reject')
          await audited(tx, payment, row)
        }
        this.finished(tx, row)
        return row
      })
      if (!rejected) {
        if (by.pendingOnly) throw new AppError('not_pending', 422)
        // An approval came first and its payout is in flight: stopped only if the provider never got it.
        const current = await this.byId(payment.id)
        if (current?.state !== 'processing') throw new AppError('not_pending', 422)
        await this.reconcilePayout(current, 'stop', reason, audited)
      }
    }
    const after = await this.repo.findById(this.db, id)
    return after!
  }

  // ── Payouts ──────────────────────────────────────────────────────────────────────────────

  /**
   * Pays out an approved withdrawal. The first transaction marks it `processing` (being paid out:
   * no longer recallable, `payout_sent_at` stamped) before the provider is asked, so a recall and
   * a second approval see it taken, and a node that dies before recording the answer leaves a row
   * the reconciler recognises. The provider pays once per withdrawal id; its answer is recorded by
   * the guarded change the reconciler uses too.
   */
  private async payOut(payment: PaymentRow, approved: Changed, pendingOnly = false): Promise<PaymentRow> {
    const sending = await this.db.transaction(async (tx) => {
      const row = await this.repo.markPayoutSending(tx, payment.id, this.now())
      if (row) await approved(tx, payment, row)
      return row
    })
    if (!sending) {
      if (pendingOnly) throw new AppError('not_pending', 422)
      // Recalled or rejected first: nothing to pay. Approved first: its payout is in flight, and
      // sending it again is safe (the provider pays once per id) and finishes it here.
      const current = await this.byId(payment.id)
      if (current?.state !== 'processing') throw new AppError('not_pending', 422)
      return this.reconcilePayout(current, 'send', undefined, approved)
    }
    await this.faultHook?.('payout_sending')
    let outcome: PayoutOutcome | undefined
    try {
      outcome = await this.provider.payout(payoutRequest(sending))
    } catch {
      outcome = undefined
    }
    await this.faultHook?.('payout_answered')
    // No answer (a timeout, a dropped connection): the provider is asked, not assumed to have
    // refused. If even that fails the row stays in flight and the reconciler finishes it later.
    if (!outcome) return this.reconcilePayout(sending, 'send').catch(() => sending)
    const answer = outcome
    return this.db.transaction((tx) => this.applyPayout(tx, sending, answer))
  }

  /**
   * Asks the provider where a payout in flight stands and applies the answer. One it never received
   * is sent again (`send`: the approval stands, and the provider pays once per withdrawal id, so a
   * request still on its way cannot make it twice) or stopped there (`stop`, an operator's reject:
   * atomic at the provider, so a payout that got there first is recorded as paid instead).
   */
  private async reconcilePayout(
    payment: PaymentRow,
    unknown: 'send' | 'stop',
    reason?: string,
    changed?: Changed,
  ): Promise<PaymentRow> {
    const status = await this.provider.status(payment.id)
    let outcome: PayoutOutcome
    if (status.status === 'approved' || status.status === 'declined') outcome = status
    else if (status.status !== 'unknown') throw new Error(`payout ${payment.id} is ${status.status}`)
    else if (unknown === 'send') outcome = await this.provider.payout(payoutRequest(payment))
    else {
      outcome = await this.provider.cancelPayout(payment.id)
      if (outcome.status === 'declined') outcome = { ...outcome, reason: reason ?? outcome.reason }
    }
    return this.db.transaction((tx) => this.applyPayout(tx, payment, outcome, changed))
  }

  /**
   * The provider's answer to a payout, applied once whoever brings it (the operator's command, a
   * second approval, a reconciling node): paid moves the held money out, refused gives it back,
   * each with the state change that only a withdrawal still `processing` makes.
   */
  private async applyPayout(
    tx: Executor,
    payment: PaymentRow,
    outcome: PayoutOutcome,
    changed?: Changed,
  ): Promise<PaymentRow> {
    const paid = outcome.status === 'approved'
    const row = await this.repo.markPayoutFinished(
      tx,
      payment.id,
      paid ? 'succeeded' : 'rejected',
      outcome.status === 'declined' ? outcome.reason : null,
      outcome.reference,
    )
    if (row && paid) await payWithdrawal(this.ledger, tx, row)
    else if (row) await releaseWithdrawal(this.ledger, tx, row, 'cashout_reject')
    if (row && changed) await changed(tx, payment, row)
    this.finished(tx, row)
    if (row) return row
    const current = await this.repo.findById(tx, payment.id)
    return current ?? payment
  }

  // ── History ──────────────────────────────────────────────────────────────────────────────

  async get(userId: bigint, id: bigint): Promise<PaymentRow> {
    const row = await this.repo.findOfPlayer(userId, id)
    if (!row) throw new AppError('not_found', 404)
    return row
  }

  /** A payment by id without the owner (the sandbox pages, which carry a signed token instead). */
  async byId(id: bigint): Promise<PaymentRow | undefined> {
    return this.repo.findById(this.db, id)
  }

  private async findByKey(userId: bigint, key: string): Promise<PaymentRow> {
    const row = await this.repo.findByIdempotencyKey(userId, key)
    if (!row) throw new Error('payment of an idempotency key vanished')
    return row
  }

  async history(userId: bigint, locale: Locale, limit = 200): Promise<PlayerPayment[]> {
    const rows = await this.repo.historyOf(userId, limit)
    return rows.map((r) => toPlayerPayment(r, locale))
  }
}

/** The payout request of a withdrawal; its id is the idempotency key at the provider. */
function payoutRequest(payment: PaymentRow): DepositRequest {
  return {
    paymentId: payment.id,
    methodId: payment.method_id,
    currency: payment.currency,
    amountCents: payment.amount_cents,
    instrument: { kind: 'none' },
  }
}

/** What the client does next with a payment: go to the provider's page while it waits there. */
function nextStep(row: PaymentRow): Next {
  return row.state === 'pending' && row.redirect_url
    ? { type: 'redirect', url: row.redirect_url }
    : { type: 'done' }
}

function fieldError(locale: Locale, field: string, key: string, label: string): AppError {
  return new AppError('validation_failed', 422, { [field]: [t(locale, key, { field: t(locale, label) })] })
}

export { InsufficientFundsError }
export type { FaultPoint }
