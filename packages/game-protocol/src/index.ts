import crypto from 'node:crypto'
import { z } from 'zod'

/**
 * The seamless-wallet protocol between the game server (apps/games) and the casino (apps/api),
 * docs/games.md "Wallet protocol": JSON over HTTPS POST to `/api/wallet/<call>`, each body signed
 * with HMAC-SHA256 under a key derived from WALLET_SECRET, sent as `X-Signature: sha256=<hex>`.
 * A money call carries the game server's transaction id: repeating it answers the first answer.
 */
export const WALLET_CALLS = ['authenticate', 'balance', 'bet', 'win', 'rollback'] as const
export type WalletCall = (typeof WALLET_CALLS)[number]

/** Stable error codes of the protocol. */
export const WALLET_ERRORS = [
  'invalid_signature',
  'invalid_token',
  'unknown_session',
  'session_expired',
  'insufficient_funds',
  'limit_reached',
  'bet_rolled_back',
  'round_mismatch',
  'transaction_mismatch',
] as const
export type WalletErrorCode = (typeof WALLET_ERRORS)[number]

const id = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w:.-]+$/)
const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

export const walletRequests = {
  authenticate: z.strictObject({ token: z.string().min(20).max(200) }),
  balance: z.strictObject({ session_id: id }),
  bet: z.strictObject({
    session_id: id,
    transaction_id: id,
    round_id: id,
    amount_cents: cents,
    /** An instant game's round settled with its bet: the win (its own id) paid, the round closed. */
    win: z.strictObject({ transaction_id: id, amount_cents: cents }).optional(),
  }),
  win: z.strictObject({
    session_id: id,
    transaction_id: id,
    round_id: id,
    amount_cents: cents,
    round_closed: z.boolean(),
  }),
  rollback: z.strictObject({
    session_id: id,
    transaction_id: id,
    reference_transaction_id: id,
    round_id: id,
  }),
} satisfies Record<WalletCall, z.ZodType>

export type WalletRequest<C extends WalletCall> = z.infer<(typeof walletRequests)[C]>

export const balanceAnswer = z.object({
  balance_cents: z.number().int(),
  currency: z.string(),
  transaction_id: z.string().optional(),
})
export const authenticateAnswer = balanceAnswer.extend({
  session_id: z.string(),
  player_id: z.string(),
  game: z.string(),
})
export type BalanceAnswer = z.infer<typeof balanceAnswer>
export type AuthenticateAnswer = z.infer<typeof authenticateAnswer>

/** The signing key of the wallet protocol, derived from the shared WALLET_SECRET. */
export function walletKey(walletSecret: string): string {
  return crypto.createHmac('sha256', walletSecret).update('aurum/game-wallet').digest('hex')
}

/** The `X-Signature` header value for a body. */
export function signBody(key: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', key).update(body).digest('hex')}`
}

/** Constant-time check of an `X-Signature` header against the exact bytes received. */
export function verifyBody(key: string, body: string, header: string | undefined): boolean {
  const match = /^sha256=([0-9a-f]{64})$/.exec(header ?? '')
  if (!match) return false
  const expected = Buffer.from(signBody(key, body).slice(7), 'hex')
  return crypto.timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected)
}
