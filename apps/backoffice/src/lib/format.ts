import { formatAmount } from '@aurum/shared/money'

/** Amounts in minor units as the operator's language writes them, with the currency. */
export function money(cents: bigint | number | string, currency: string, locale: string): string {
  return formatAmount(typeof cents === 'string' ? BigInt(cents) : cents, currency, locale)
}

/** A date-time in the operator's language, to the minute, with seconds where order matters. */
export function dateTime(iso: string | null | undefined, locale: string, seconds = false): string {
  if (!iso) return '–'
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: seconds ? 'medium' : 'short',
  }).format(new Date(iso))
}

/** A count (players, rounds…) as the operator's language writes it. */
export function integer(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value)
}

/** A UTC day (`YYYY-MM-DD`, as the reports answer it) in the operator's language. */
export function day(iso: string, locale: string, style: 'medium' | 'short' = 'medium'): string {
  const date = new Date(`${iso}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(date)
}
