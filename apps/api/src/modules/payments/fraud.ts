import type { FraudPayload } from '@aurum/shared/contracts/payments'
import type { PaymentsRepository } from './repository.ts'

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
export async function scoreAndRecord(
  repo: Pick<PaymentsRepository, 'fraudProfile' | 'insertFraudCheck'>,
  userId: bigint,
  payload: FraudPayload,
  now: Date,
) {
  const user = await repo.fraudProfile(userId, new Date(now.getTime() - VELOCITY_WINDOW_MINUTES * 60_000))
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
  await repo.insertFraudCheck(userId, payload, score, reasons, now)
  return { status: 'recorded' as const, score, reasons }
}
