import { z } from 'zod'
import { expiryMessageKey, expiryProblem } from '@aurum/shared'
import { RequestValidationError } from '../../lib/errors.ts'
import type { Instrument, PaymentAction, ProviderMethod } from './provider.ts'

/** Luhn checksum of a card number (digits only). */
export function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** A saved card's title: first 6 and last 4 digits (spec §3). */
export const cardTitle = (bin: string, last4: string) => `${bin}******${last4}`

const cardNumber = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((s) => /^\d{13,19}$/.test(s) && luhn(s), 'validation.card_number')

/** MM/YY, this month or later: the rule of the cashier's mask (packages/shared card.ts), with its message. */
const expiry = z.string().superRefine((s, ctx) => {
  const problem = expiryProblem(s, new Date())
  if (problem) ctx.addIssue({ code: 'custom', message: expiryMessageKey(problem) })
})

// refine, not regex: a custom message is translated only for custom issues.
const cvv = z.string().refine((s) => /^\d{3,4}$/.test(s), 'validation.cvv')
const holder = z.string().trim().min(2).max(64)

/** IBAN: country, check digits and the mod-97 rule. */
export function ibanValid(text: string): boolean {
  const s = text.replace(/\s/g, '').toUpperCase()
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false
  const moved = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
  let rest = 0
  for (const ch of moved) rest = (rest * 10 + Number(ch)) % 97
  return rest === 1
}
const iban = z.string().refine(ibanValid, 'validation.iban')

/** Plausible address formats per chain (the sandbox's own addresses match them). */
const ADDRESS: Record<string, RegExp> = {
  BTC: /^(bc1[02-9ac-hj-np-z]{25,60}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  LTC: /^(ltc1[02-9ac-hj-np-z]{25,60}|[LM3][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  BCH: /^(bitcoincash:)?[qp][02-9ac-hj-np-z]{41}$/,
  ETH: /^0x[0-9a-fA-F]{40}$/,
  USDT: /^0x[0-9a-fA-F]{40}$/,
  DOG: /^D[1-9A-HJ-NP-Za-km-z]{25,34}$/,
}

/** The fields a method needs, checked; the result is the instrument the provider gets. */
export function parseFields(
  method: ProviderMethod,
  action: PaymentAction,
  currency: string,
  fields: Record<string, string>,
  savedCard: { bin: string; last4: string; expiry: string } | undefined,
): Instrument {
  const parse = <T extends z.ZodType>(schema: T): z.infer<T> => {
    const result = schema.safeParse(fields)
    if (!result.success) {
      throw new RequestValidationError(
        result.error.issues.map((issue) => ({ ...issue, path: ['fields', ...issue.path] })),
      )
    }
    return result.data
  }
  if (method.type === 'cards') {
    if (savedCard) {
      if (action === 'deposit') parse(z.strictObject({ cvv }))
      else parse(z.strictObject({}))
      return { kind: 'card', ...savedCard }
    }
    if (action === 'cashout') {
      const { card_number } = parse(z.strictObject({ card_number: cardNumber }))
      return { kind: 'card', bin: card_number.slice(0, 6), last4: card_number.slice(-4), expiry: '' }
    }
    const card = parse(z.strictObject({ card_number: cardNumber, expiry, cvv, card_holder: holder }))
    return {
      kind: 'card',
      bin: card.card_number.slice(0, 6),
      last4: card.card_number.slice(-4),
      expiry: card.expiry.replace(/\s/g, ''),
    }
  }
  const names = new Set(method.fields.map((f) => f.name))
  if (names.has('email')) return { kind: 'email', ...parse(z.strictObject({ email: z.email().max(254) })) }
  if (names.has('iban')) {
    const { iban: value, account_holder } = parse(z.strictObject({ iban, account_holder: holder }))
    return { kind: 'iban', iban: value.replace(/\s/g, '').toUpperCase(), holder: account_holder }
  }
  if (names.has('address')) {
    const pattern = ADDRESS[currency] ?? /^\S{20,100}$/
    const { address } = parse(
      z.strictObject({
        address: z
          .string()
          .trim()
          .refine((s) => pattern.test(s), 'validation.crypto_address'),
      }),
    )
    return { kind: 'crypto_address', address }
  }
  parse(z.strictObject({}))
  return { kind: 'none' }
}

/** What a payment row keeps about its instrument: never a full card number, a CVV or a full IBAN. */
export function instrumentDetails(instrument: Instrument): Record<string, string> {
  switch (instrument.kind) {
    case 'card':
      return { card: cardTitle(instrument.bin, instrument.last4) }
    case 'email':
      return { email: instrument.email }
    case 'iban':
      return { iban: `${instrument.iban.slice(0, 4)}…${instrument.iban.slice(-4)}` }
    case 'crypto_address':
      return { address: instrument.address }
    case 'none':
      return {}
  }
}
