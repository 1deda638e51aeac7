import crypto from 'node:crypto'
import { CRYPTO_WALLET_CURRENCIES, currencyDefinition, EURO_SCALE, eurosIn, isCrypto } from '@aurum/shared'
import type { Executor } from '../../db/client.ts'
import { deriveSecret } from '../../lib/derive-secret.ts'
import type {
  DepositOutcome,
  DepositRequest,
  MethodField,
  PaymentAction,
  PaymentProvider,
  PayoutOutcome,
  ProviderEvent,
  ProviderMethod,
  ProviderStatus,
} from './provider.ts'
import { SandboxProviderRepository, type ProviderRecord } from './repository.ts'

/** The sandbox's test cards (docs/payments.md), known by first 6 and last 4 digits. */
export type CardScenario = 'approve' | 'three_ds' | 'card_declined' | 'insufficient_funds'
export function cardScenario(bin: string, last4: string): CardScenario {
  if (bin === '400000' && last4 === '3220') return 'three_ds'
  if (bin === '400000' && last4 === '0002') return 'card_declined'
  if (bin === '400000' && last4 === '9995') return 'insufficient_funds'
  return 'approve'
}

const CARD_FIELDS: MethodField[] = [
  { name: 'card_number', type: 'card_number', required: true, mask: ['#### #### #### ####'] },
  { name: 'expiry', type: 'expiry', required: true, mask: ['##/##'] },
  { name: 'cvv', type: 'cvv', required: true, mask: ['###'] },
  { name: 'card_holder', type: 'text', required: true },
]

interface MethodSpec {
  id: string
  brand: string
  type: ProviderMethod['type']
  actions: PaymentAction[]
  /** Which currencies: fiat, crypto, or a fixed list. */
  currencies: 'fiat' | 'crypto' | readonly string[]
  euros: Record<PaymentAction, [number, number]>
  feePercent: Record<PaymentAction, number>
  processingTime: Record<PaymentAction, ProviderMethod['processingTime']>
  verificationRequired?: boolean
  savesCards?: boolean
  fields: Record<PaymentAction, MethodField[]>
  playerFields?: string[]
}

/** The sandbox's methods: cards, a bank transfer, an e-wallet, sofort (EUR), crypto, and a card provider for crypto. */
const METHODS: MethodSpec[] = [
  {
    id: 'card',
    brand: 'visa',
    type: 'cards',
    actions: ['deposit', 'cashout'],
    currencies: 'fiat',
    euros: { deposit: [10, 5_000], cashout: [20, 5_000] },
    feePercent: { deposit: 0, cashout: 0 },
    processingTime: { deposit: 'instant', cashout: 'hours_24' },
    savesCards: true,
    fields: { deposit: CARD_FIELDS, cashout: CARD_FIELDS.filter((f) => f.name === 'card_number') },
  },
  {
    id: 'bank_transfer',
    brand: 'sepa',
    type: 'bank_transfer',
    actions: ['deposit', 'cashout'],
    currencies: 'fiat',
    euros: { deposit: [20, 20_000], cashout: [50, 20_000] },
    feePercent: { deposit: 0, cashout: 1 },
    processingTime: { deposit: 'days_1_3', cashout: 'days_1_3' },
    fields: {
      deposit: [],
      cashout: [
        { name: 'iban', type: 'iban', required: true },
        { name: 'account_holder', type: 'text', required: true },
      ],
    },
    playerFields: ['first_name', 'last_name'],
  },
  {
    id: 'ewallet',
    brand: 'sandpay',
    type: 'direct',
    actions: ['deposit', 'cashout'],
    currencies: 'fiat',
    euros: { deposit: [10, 2_000], cashout: [20, 2_000] },
    feePercent: { deposit: 2, cashout: 0 },
    processingTime: { deposit: 'instant', cashout: 'minutes' },
    fields: {
      deposit: [{ name: 'email', type: 'email', required: true }],
      cashout: [{ name: 'email', type: 'email', required: true }],
    },
  },
  {
    id: 'sofort',
    brand: 'sofort',
    type: 'bank_transfer',
    actions: ['deposit'],
    currencies: ['EUR'],
    euros: { deposit: [10, 5_000], cashout: [0, 0] },
    feePercent: { deposit: 0, cashout: 0 },
    processingTime: { deposit: 'minutes', cashout: 'minutes' },
    fields: { deposit: [], cashout: [] },
  },
  {
    id: 'crypto',
    brand: 'crypto',
    type: 'crypto',
    actions: ['deposit', 'cashout'],
    currencies: 'crypto',
    euros: { deposit: [10, 100_000], cashout: [20, 50_000] },
    feePercent: { deposit: 0, cashout: 0 },
    processingTime: { deposit: 'minutes', cashout: 'hours_24' },
    fields: { deposit: [], cashout: [{ name: 'address', type: 'text', required: true }] },
  },
  {
    // Spec §9: buying crypto with a card, fee 4.5 %, about 10 minutes, verification.
    id: 'card_provider',
    brand: 'card_provider',
    type: 'cards',
    actions: ['deposit'],
    currencies: 'crypto',
    euros: { deposit: [20, 2_000], cashout: [0, 0] },
    feePercent: { deposit: 4.5, cashout: 0 },
    processingTime: { deposit: 'minutes', cashout: 'minutes' },
    verificationRequired: true,
    fields: { deposit: CARD_FIELDS, cashout: [] },
  },
]

const inCurrency = (spec: MethodSpec, currency: string) => {
  const definition = currencyDefinition(currency)
  if (!definition || EURO_SCALE[currency] === undefined) return false
  if (spec.currencies === 'fiat') return !isCrypto(definition)
  if (spec.currencies === 'crypto') return (CRYPTO_WALLET_CURRENCIES as readonly string[]).includes(currency)
  return spec.currencies.includes(currency)
}

/** Where the sandbox's pages live (the 3-D Secure challenge and the e-wallet sign-in). */
export const SANDBOX_PAGE_PATH = { three_ds: '/payments/sandbox/3ds', wallet: '/payments/sandbox/wallet' }

function toOutcome(record: ProviderRecord): DepositOutcome {
  const reference = record.reference
  switch (record.status) {
    case 'approved':
      return { status: 'approved', reference }
    case 'declined':
      return { status: 'declined', reference, reason: record.reason ?? 'declined' }
    case 'redirect':
      return { status: 'redirect', reference, url: record.redirect_url ?? '' }
    case 'pending':
      return { status: 'pending', reference }
    case 'canceled':
      // The casino gave up on a request the provider never received: nothing was charged.
      return { status: 'declined', reference, reason: 'provider_error' }
  }
}

const newReference = () => `sbx_${crypto.randomBytes(12).toString('hex')}`
const newPayoutReference = () => `sbx_po_${crypto.randomBytes(12).toString('hex')}`

/** A payout record as the provider's answer: paid, or stopped before it was received. */
function toPayoutOutcome(outcome: DepositOutcome): PayoutOutcome {
  if (outcome.status === 'approved' || outcome.status === 'declined') return outcome
  throw new Error(`a payout cannot be ${outcome.status}`)
}

/**
 * The sandbox provider: real flows with test data. Its keys are derived from WALLET_SECRET, so
 * every node verifies the callbacks and page tokens of every other. It keeps its own record of
 * every deposit it was asked for and every payout it made (`sandbox_provider_payments`, written in
 * its own transaction before it answers, as a provider's database would be), so its status query
 * tells the truth whatever happened to the casino's side in between, and a repeated payout request
 * answers the first payout instead of paying again.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox'
  private callbackKey: string
  private pageKey: string
  private repo: SandboxProviderRepository

  constructor(walletSecret: string, db: Executor) {
    this.callbackKey = deriveSecret(walletSecret, 'payments-sandbox-callbacks')
    this.pageKey = deriveSecret(walletSecret, 'payments-sandbox-pages')
    this.repo = new SandboxProviderRepository(db)
  }

  methods(currency: string, action: PaymentAction): ProviderMethod[] {
    return METHODS.filter((m) => m.actions.includes(action) && inCurrency(m, currency)).map((m) => ({
      id: m.id,
      brand: m.brand,
      type: m.type,
      minCents: eurosIn(currency, m.euros[action][0]),
      maxCents: eurosIn(currency, m.euros[action][1]),
      feePercent: m.feePercent[action],
      processingTime: m.processingTime[action],
      verificationRequired: m.verificationRequired ?? false,
      savesCards: m.savesCards ?? false,
      fields: m.fields[action],
      playerFields: m.playerFields ?? [],
    }))
  }

  /** Decides a deposit once per payment id and records it; a repeated or late request answers the record. */
  async deposit(request: DepositRequest): Promise<DepositOutcome> {
    const decided = this.decide(request)
    return this.record(request.paymentId, 'deposit', {
      reference: decided.reference,
      status: decided.status,
      reason: decided.status === 'declined' ? decided.reason : null,
      redirect_url: decided.status === 'redirect' ? decided.url : null,
      amount: request.amountCents,
      currency: request.currency,
    })
  }

  async status(paymentId: bigint): Promise<ProviderStatus> {
    const record = await this.repo.findRecord(paymentId)
    return record ? toOutcome(record) : { status: 'unknown' }
  }

  async cancel(paymentId: bigint): Promise<DepositOutcome> {
    return this.record(paymentId, 'deposit', {
      reference: newReference(),
      status: 'canceled',
      reason: null,
      redirect_url: null,
    })
  }

  /**
   * What happens on the provider's side after its first answer: the player approves or fails the
   * 3-D Secure or e-wallet page, the bank confirms or fails a transfer. Only a waiting deposit
   * changes; the answer is the record as it now stands (unknown: undefined).
   */
  async complete(paymentId: bigint, approved: boolean, reason?: string): Promise<DepositOutcome | undefined> {
    await this.repo.completeRecord(
      paymentId,
      approved ? 'approved' : 'declined',
      approved ? null : (reason ?? 'declined'),
    )
    const status = await this.status(paymentId)
    return status.status === 'unknown' ? undefined : status
  }

  /**
   * One decision per payment id: the first written wins, whoever wrote it (a request, a cancel, a
   * request repeated or arriving late).
   */
  private async record(
    paymentId: bigint,
    action: 'deposit' | 'payout',
    record: ProviderRecord & { amount?: bigint; currency?: string },
  ): Promise<DepositOutcome> {
    const written = await this.repo.insertRecord(paymentId, action, record)
    if (written) return toOutcome(written)
    const first = await this.repo.findRecordWithAction(paymentId)
    if (!first) throw new Error(`sandbox payment ${paymentId} neither written nor found`)
    if (first.action !== action) throw new Error(`sandbox payment ${paymentId} is a ${first.action}`)
    return toOutcome(first)
  }

  /** The sandbox's decision on a new request, by test card and method (docs/payments.md). */
  private decide(request: DepositRequest): DepositOutcome {
    const reference = newReference()
    const { instrument } = request
    if (instrument.kind === 'card') {
      switch (cardScenario(instrument.bin, instrument.last4)) {
        case 'approve':
          return { status: 'approved', reference }
        case 'card_declined':
          return { status: 'declined', reference, reason: 'card_declined' }
        case 'insufficient_funds':
          return { status: 'declined', reference, reason: 'insufficient_funds' }
        case 'three_ds':
          return { status: 'redirect', reference, url: this.pageUrl('three_ds', request.paymentId) }
      }
    }
    if (request.methodId === 'ewallet' || request.methodId === 'sofort') {
      return { status: 'redirect', reference, url: this.pageUrl('wallet', request.paymentId) }
    }
    // Bank transfers and crypto arrive later: a callback (operator command) or the chain.
    return { status: 'pending', reference }
  }

  /**
   * Pays a withdrawal once per payment id, recorded before it answers: the sandbox pays every new
   * request at once (a real provider sends it to its bank); a repeated or late request answers the
   * first payout, or the refusal of one the casino stopped first.
   */
  async payout(request: DepositRequest): Promise<PayoutOutcome> {
    return toPayoutOutcome(
      await this.record(request.paymentId, 'payout', {
        reference: newPayoutReference(),
        status: 'approved',
        reason: null,
        redirect_url: null,
        amount: request.amountCents,
        currency: request.currency,
      }),
    )
  }

  async cancelPayout(paymentId: bigint): Promise<PayoutOutcome> {
    return toPayoutOutcome(
      await this.record(paymentId, 'payout', {
        reference: newPayoutReference(),
        status: 'canceled',
        reason: null,
        redirect_url: null,
      }),
    )
  }

  signEvent(event: ProviderEvent): { body: string; signature: string } {
    const body = JSON.stringify(event)
    return { body, signature: `sha256=${hmac(this.callbackKey, body)}` }
  }

  verifySignature(rawBody: string, signature: string | undefined): boolean {
    const match = (signature ?? '').match(/^sha256=([0-9a-f]{64})$/)
    if (!match) return false
    return safeEqual(match[1]!, hmac(this.callbackKey, rawBody))
  }

  /** The token that opens a payment's sandbox page: only whoever got the redirect URL has it. */
  pageToken(paymentId: bigint): string {
    return hmac(this.pageKey, `page:${paymentId}`)
  }

  verifyPageToken(paymentId: bigint, token: string): boolean {
    return safeEqual(token, this.pageToken(paymentId))
  }

  pageUrl(kind: keyof typeof SANDBOX_PAGE_PATH, paymentId: bigint): string {
    return `${SANDBOX_PAGE_PATH[kind]}/${paymentId}?token=${this.pageToken(paymentId)}`
  }

  /** A new event id: the provider's, unique per event (a redelivery repeats it). */
  static eventId(): string {
    return `evt_${crypto.randomBytes(12).toString('hex')}`
  }
}

const hmac = (key: string, text: string) => crypto.createHmac('sha256', key).update(text).digest('hex')

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}
