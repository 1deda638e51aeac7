/**
 * The card expiry date (spec §5: split on '/' into month and year), shared by the cashier's input
 * mask and the api's schema, so that the server accepts exactly what the mask produces.
 */

/** Why an expiry date is refused (each has its own message: `validation.card_expiry_<problem>`). */
export type ExpiryProblem = 'format' | 'month' | 'past'

/**
 * The expiry field's mask while typing: digits only, shown as MM/YY ("1230" → "12/30"; "4" →
 * "04/", as no month starts with 4). Like the spec's masks it applies only when text is added: a
 * deletion is left as it is, so the slash can be deleted.
 */
export function maskExpiry(next: string, previous = ''): string {
  const deleting = next.length < previous.length
  if (deleting) return next
  let digits = next.replace(/\D/g, '')
  // A first digit above 1 can only be a one-digit month.
  if (/^[2-9]/.test(digits)) digits = `0${digits}`
  digits = digits.slice(0, 4)
  if (digits.length < 2) return digits
  return `${digits.slice(0, 2)}/${digits.slice(2)}`
}

/**
 * What is wrong with an expiry date (MM/YY), or undefined: `month` as soon as the month is
 * typed and is not 01–12; `format` while incomplete; `past` once the month has passed (a card is
 * valid to the end of its month).
 */
export function expiryProblem(text: string, now: Date, complete = true): ExpiryProblem | undefined {
  const value = text.trim()
  const month = /^(\d{2})/.exec(value)?.[1]
  if (month && (Number(month) < 1 || Number(month) > 12)) return 'month'
  const full = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value)
  if (!full) return complete ? 'format' : undefined
  const year = 2000 + Number(full[2])
  if (year * 12 + Number(full[1]) < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return 'past'
  return undefined
}

/** The message key of an expiry problem (validation namespace, in every language). */
export const expiryMessageKey = (problem: ExpiryProblem) =>
  problem === 'format' ? 'validation.card_expiry' : `validation.card_expiry_${problem}`
