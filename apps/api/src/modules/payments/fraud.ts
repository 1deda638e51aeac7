import { z } from 'zod'
import type { Database } from '../../db/client.ts'

/** The fraud-check payload of spec §3 (the client's card provider sends it around a payment). */
export const fraudPayload = z.strictObject({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'validation.invalid')
    .optional(),
  firstname: z.string().max(100).optional(),
  lastname: z.string().max(100).optional(),
  email: z.email().max(254).optional(),
  dfpc: z.string().max(500).optional(),
  merchant_user_id: z.union([z.string().max(64), z.number().int()]).optional(),
  card_expiration_month: z.number().int().min(1).max(12).optional(),
  card_expiration_year: z.number().int().min(2000).max(2100).optional(),
  card_holder_name: z.string().max(100).optional(),
  card_last_4: z
    .string()
    .regex(/^\d{4}$/, 'validation.invalid')
    .optional(),
  // At most 8 digits: a full card number is refused, never stored.
  card_bin: z
    .string()
    .regex(/^\d{6,8}$/, 'validation.invalid')
    .optional(),
  payment_account_id: z.string().max(100).optional(),
  website_url: z.string().max(500).optional(),
  transaction_id: z.union([z.string().min(1).max(100), z.number().int()]),
  date_time: z.string().max(40).optional(),
  transaction_currency: z.string().regex(/^[A-Z]{3,5}$/, 'validation.one_of'),
  transaction_amount: z.number().nonnegative().max(1e12),
  payment_system: z.string().min(1).max(64),
  type: z.enum(['transaction', 'payout']),
})
export type FraudPayload = z.infer<typeof fraudPayload>

/** Issuing country of the sandbox's test BINs (a real deployment asks a BIN database). */
const BIN_COUNTRIES: Record<string, string> = {
  '424242': 'US',
  '400000': 'US',
  '411111': 'US',
  '555555': 'US',
  '450875': 'DE',
  '497010': 'FR',
  '453201': 'GB',
  '520082': 'CA',
  '456735': 'AU',
}

/** Attempts in the velocity window that raise the score, and by how much. */
const VELOCITY_WINDOW_MINUTES = 10
const VELOCITY_RULES = [
  { attempts: 3, points: 20, reason: 'velocity' },
  { attempts: 10, points: 40, reason: 'velocity_high' },
]

/**
 * Records a fraud-check payload with a simple score (0 to 100): many attempts in a short time,
 * a card issued in another country than the player's, and details that differ from the profile.
 */
export async function scoreAndRecord(db: Database, userId: bigint, payload: FraudPayload, now: Date) {
  const [user] = await db.query<{
    country: string | null
    email: string
    first_name: string | null
    last_name: string | null
    recent: bigint
  }>(
    `SELECT country, email, first_name, last_name,
       (SELECT count(*)::int8 FROM fraud_checks WHERE user_id = u.id
          AND created_at > $2) AS recent
     FROM users u WHERE id = $1`,
    [userId.toString(), new Date(now.getTime() - VELOCITY_WINDOW_MINUTES * 60_000)],
  )
  const reasons: string[] = []
  let score = 0
  const attempts = Number(user!.recent) + 1
  for (const rule of VELOCITY_RULES) {
    if (attempts >= rule.attempts) {
      score += rule.points
      reasons.push(rule.reason)
    }
  }
  const playerCountry = (user!.country ?? payload.country)?.toUpperCase()
  const cardCountry = payload.card_bin ? BIN_COUNTRIES[payload.card_bin.slice(0, 6)] : undefined
  if (cardCountry && playerCountry && cardCountry !== playerCountry) {
    score += 30
    reasons.push('card_country_mismatch')
  }
  if (payload.country && user!.country && payload.country.toUpperCase() !== user!.country) {
    score += 15
    reasons.push('country_mismatch')
  }
  if (payload.email && payload.email.toLowerCase() !== user!.email.toLowerCase()) {
    score += 10
    reasons.push('email_mismatch')
  }
  const profileName = [user!.first_name, user!.last_name].filter(Boolean).join(' ').toLowerCase()
  if (
    payload.card_holder_name &&
    profileName &&
    payload.card_holder_name.trim().toLowerCase() !== profileName
  ) {
    score += 10
    reasons.push('holder_mismatch')
  }
  score = Math.min(score, 100)
  await db.query(
    'INSERT INTO fraud_checks (user_id, payload, score, reasons, created_at) VALUES ($1, $2, $3, $4, $5)',
    [userId.toString(), JSON.stringify(payload), score, reasons, now],
  )
  return { status: 'recorded' as const, score, reasons }
}
