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
