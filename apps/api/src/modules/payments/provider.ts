/**
 * The adapter every payment provider implements (docs/payments.md). The service decides states and
 * moves money through the ledger; a provider only offers methods, talks to its bank or chain and
 * signs or verifies the events it sends back.
 */

import type { PaymentAction } from '@aurum/shared/contracts/payments'

export type { PaymentAction }
export type MethodType = 'cards' | 'bank_transfer' | 'direct' | 'crypto' | 'voucher'
export type ProcessingTime = 'instant' | 'minutes' | 'hours_24' | 'days_1_3'
export type FieldType = 'text' | 'card_number' | 'expiry' | 'cvv' | 'iban' | 'email' | 'select'

export interface MethodField {
  name: string
  type: FieldType
  required: boolean
  mask?: string[]
  options?: string[]
}

/** A method as the provider offers it for one currency and action, bounds in minor units. */
export interface ProviderMethod {
  id: string
  brand: string
  type: MethodType
  minCents: bigint
  maxCents: bigint
  /** Percent of the amount, charged on top. */
  feePercent: number
  processingTime: ProcessingTime
  verificationRequired: boolean
  /** Saved cards can pay with this method. */
  savesCards: boolean
  fields: MethodField[]
  /** Profile fields the player must have for this method. */
  playerFields: string[]
}

/** The instrument of one submission, already validated; never holds a CVV beyond the call. */
export type Instrument =
  | { kind: 'card'; bin: string; last4: string; expiry: string }
  | { kind: 'email'; email: string }
  | { kind: 'iban'; iban: string; holder: string }
  | { kind: 'crypto_address'; address: string }
  | { kind: 'none' }

export interface DepositRequest {
  paymentId: bigint
  methodId: string
  currency: string
  amountCents: bigint
  instrument: Instrument
}

/** What the provider answers to a deposit. */
export type DepositOutcome =
  | { status: 'approved'; reference: string }
  | { status: 'declined'; reference: string; reason: string }
  /** The player must act on a provider page (3-D Secure, an e-wallet sign-in). */
  | { status: 'redirect'; reference: string; url: string }
  /** The provider tells the outcome later through a callback (bank transfers). */
  | { status: 'pending'; reference: string }

/**
 * What the provider answers to a payout: paid (`approved`), or refused (`declined`; `provider_error`
 * when the casino stopped it before the provider received it).
 */
export type PayoutOutcome =
  { status: 'approved'; reference: string } | { status: 'declined'; reference: string; reason: string }

/**
 * What the provider says of a payment (a deposit or a payout) when asked (its status query): what
 * it decided, or `unknown` when the request never reached it.
 */
export type ProviderStatus = DepositOutcome | { status: 'unknown' }

/** An event the provider sends to `POST /api/payments/callbacks/<provider>`. */
export interface ProviderEvent {
  id: string
  type: 'payment.succeeded' | 'payment.failed'
  payment_id: number
  reference: string
  reason?: string
}

export interface PaymentProvider {
  readonly name: string
  methods(currency: string, action: PaymentAction): ProviderMethod[]
  /** Asks for a deposit; idempotent by `paymentId` (a repeated request answers the first decision). */
  deposit(request: DepositRequest): Promise<DepositOutcome>
  /** The provider's status query: where a payment stands on its side. */
  status(paymentId: bigint): Promise<ProviderStatus>
  /**
   * Gives up on a deposit the provider may not have received: from now on it refuses the request
   * (declined, `provider_error`). Atomic on the provider's side: if the request arrived first, the
   * answer is its decision instead.
   */
  cancel(paymentId: bigint): Promise<DepositOutcome>
  /**
   * Sends a withdrawal the operator approved. Idempotent by `paymentId` (the withdrawal's id is the
   * idempotency key): a repeated or late request answers the first payout and never pays twice.
   */
  payout(request: DepositRequest): Promise<PayoutOutcome>
  /**
   * Stops a payout the provider may not have received: from now on it refuses the request
   * (declined, `provider_error`). Atomic like `cancel`: if the payout was made first, the answer is
   * that payout.
   */
  cancelPayout(paymentId: bigint): Promise<PayoutOutcome>
  /** The raw body of an event and its signature header, ready to deliver. */
  signEvent(event: ProviderEvent): { body: string; signature: string }
  /** Checks a callback's signature over its raw body (constant time). */
  verifySignature(rawBody: string, signature: string | undefined): boolean
}
