import crypto from 'node:crypto'
import { CRYPTO_WALLET_CURRENCIES } from '@aurum/shared'
import type { Clock } from '@aurum/db'
import type { Database } from '../../db/client.ts'
import { deriveSecret } from '../../lib/derive-secret.ts'
import { AppError } from '../../lib/errors.ts'
import type { Ledger } from '../ledger/index.ts'
import { openWallet } from '../wallets/service.ts'
import type { EventOutbox } from '../../events/outbox.ts'
import { creditDeposit } from './postings.ts'
import { PaymentsRepository } from './repository.ts'

/** Confirmations before a deposit is credited, per chain (USDT is an ERC-20 token: Ethereum's). */
export const REQUIRED_CONFIRMATIONS: Record<string, number> = {
  BTC: 2,
  BCH: 6,
  LTC: 6,
  DOG: 40,
  ETH: 12,
  USDT: 12,
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Characters of an alphabet picked by successive bytes (the address only has to look like one). */
const pick = (bytes: Buffer, alphabet: string, length: number) =>
  Array.from({ length }, (_, i) => alphabet[bytes[i % bytes.length]! % alphabet.length]).join('')

/**
 * A player's deposit address in a currency: stable and unique, derived from an HMAC of the player
 * id and currency with a key from WALLET_SECRET, in the chain's usual format (bech32 for BTC and
 * LTC, cashaddr for BCH, base58 for DOG, hex for ETH and ERC-20 USDT).
 */
export function depositAddress(key: string, userId: bigint, currency: string): string {
  const digest = crypto.createHmac('sha256', key).update(`${userId}:${currency}`).digest()
  const more = crypto.createHmac('sha256', key).update(`${userId}:${currency}:2`).digest()
  const bytes = Buffer.concat([digest, more])
  switch (currency) {
    case 'BTC':
      return `bc1q${pick(bytes, BECH32, 38)}`
    case 'LTC':
      return `ltc1q${pick(bytes, BECH32, 38)}`
    case 'BCH':
      return `bitcoincash:q${pick(bytes, BECH32, 41)}`
    case 'DOG':
      return `D${pick(bytes, BASE58, 33)}`
    default:
      return `0x${digest.subarray(0, 20).toString('hex')}`
  }
}

/** Crypto deposits: addresses per player and currency, and the development chain that confirms them. */
export class CryptoDeposits {
  private key: string
  private repo: PaymentsRepository

  /** `onFinished`: told of each deposit credited, once that is committed (realtime). */
  constructor(
    private db: Database,
    private ledger: Ledger,
    walletSecret: string,
    /** The app's clock: a deposit's `created_at` is what the deposit limits count by. */
    private clock: Clock,
    /** Deposit events are written by the database's triggers; the outbox is nudged when they commit. */
    private events: EventOutbox,
  ) {
    this.key = deriveSecret(walletSecret, 'crypto-deposit-addresses')
    this.repo = new PaymentsRepository(db)
  }

  /** GET /api/player/crypto_addresses: opens the crypto wallets and their addresses on first call. */
  async addresses(userId: bigint): Promise<Record<string, string>> {
    const rows = await this.repo.cryptoAddresses(userId)
    if (rows.length < CRYPTO_WALLET_CURRENCIES.length) {
      await this.db.transaction(async (tx) => {
        for (const currency of CRYPTO_WALLET_CURRENCIES) {
          await openWallet(tx, this.ledger, userId, currency, false)
          await this.repo.insertCryptoAddress(
            tx,
            userId,
            currency,
            depositAddress(this.key, userId, currency),
          )
        }
      })
      return this.addresses(userId)
    }
    return Object.fromEntries(
      CRYPTO_WALLET_CURRENCIES.map((c) => [c, rows.find((r) => r.currency === c)!.address]),
    )
  }

  /** A transaction seen in the mempool: a pending crypto deposit of the address's owner. */
  async receive(currency: string, address: string, amountCents: bigint) {
    return this.db.transaction(async (tx) => {
      const owner = await this.repo.cryptoAddressOwner(tx, address, currency)
      if (owner === undefined) throw new AppError('unknown_address', 422)
      const txid = crypto.randomBytes(32).toString('hex')
      const paymentId = await this.repo.insertChainDeposit(tx, {
        userId: owner,
        currency,
        amount: amountCents,
        txid,
        address,
        idempotencyKey: `chain:${txid}`,
        createdAt: this.clock.now(),
      })
      await this.repo.insertChainTransaction(tx, txid, currency, address, amountCents, paymentId)
      return {
        txid,
        payment_id: Number(paymentId),
        confirmations: 0,
        required_confirmations: REQUIRED_CONFIRMATIONS[currency] ?? 6,
      }
    })
  }

  /**
   * Mines blocks: the mempool goes into the first one, and every pending crypto deposit that now
   * has its chain's confirmations is credited (state and credit in one transaction).
   */
  async mine(count: number) {
    return this.db.transaction(async (tx) => {
      const height = await this.repo.advanceChain(tx, count)
      await this.repo.confirmMempool(tx, height - BigInt(count) + 1n)
      const waiting = await this.repo.pendingChainDeposits(tx)
      let credited = 0
      for (const w of waiting) {
        const confirmations = Number(height - w.block_height + 1n)
        if (confirmations < (REQUIRED_CONFIRMATIONS[w.currency] ?? 6)) continue
        const row = await this.repo.markChainDepositSucceeded(tx, w.payment_id)
        if (row) {
          await creditDeposit(this.ledger, tx, row)
          tx.afterCommit(() => this.events.committed())
          credited++
        }
      }
      return { height: Number(height), credited }
    })
  }
}
