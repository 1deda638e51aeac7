import { currencyDefinition } from './currencies.ts'

/** Minor units as a decimal string in major units, exactly (no floating point): 12345, 100 → "123.45". */
export function minorToMajor(cents: bigint | number, subunitsToUnit: number): string {
  const value = BigInt(cents)
  const negative = value < 0n
  const abs = negative ? -value : value
  const unit = BigInt(subunitsToUnit)
  const digits = Math.round(Math.log10(subunitsToUnit))
  const whole = abs / unit
  const fraction = (abs % unit).toString().padStart(digits, '0')
  return `${negative ? '-' : ''}${whole}${digits ? `.${fraction}` : ''}`
}

/** A major-unit amount the player typed ("12.5") in minor units; undefined when it has too many decimals or is not a number. */
export function majorToMinor(text: string, subunitsToUnit: number): bigint | undefined {
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text.trim())
  if (!match) return undefined
  const digits = Math.round(Math.log10(subunitsToUnit))
  const fraction = match[2] ?? ''
  if (fraction.length > digits) return undefined
  return BigInt(match[1]!) * BigInt(subunitsToUnit) + BigInt((fraction || '0').padEnd(digits, '0') || '0')
}

export interface DisplayAmount {
  /** The number in the display unit, formatted for the locale. */
  text: string
  /** The unit shown: a currency code, or a crypto display unit such as µBTC. */
  unit: string
}

/**
 * An amount for display (spec §9): fiat with its usual fraction digits; crypto in its display
 * unit (ETH and LTC in milli, BTC in micro) with up to 8 fraction digits.
 */
export function displayAmount(cents: bigint | number, currency: string, locale: string): DisplayAmount {
  const definition = currencyDefinition(currency)
  const subunits = definition?.subunits_to_unit ?? 100
  const major = Number(minorToMajor(cents, subunits))
  if (definition?.display) {
    const value = major / definition.display.factor
    return {
      text: new Intl.NumberFormat(locale, { maximumFractionDigits: 8 }).format(value),
      unit: definition.display.unit,
    }
  }
  const digits = Math.round(Math.log10(subunits))
  return {
    text: new Intl.NumberFormat(locale, {
      minimumFractionDigits: subunits > 100 ? 0 : digits,
      maximumFractionDigits: Math.min(digits, 8),
    }).format(major),
    unit: currency,
  }
}

export function formatAmount(cents: bigint | number, currency: string, locale: string): string {
  const { text, unit } = displayAmount(cents, currency, locale)
  return `${text} ${unit}`
}

/**
 * What the player types amounts in: the display unit (µBTC, mETH…) for crypto, the currency
 * itself otherwise, with the number of minor units in one typed unit.
 */
export function inputUnit(currency: string): { unit: string; minorPerUnit: number } {
  const definition = currencyDefinition(currency)
  const subunits = definition?.subunits_to_unit ?? 100
  if (!definition?.display) return { unit: currency, minorPerUnit: subunits }
  return { unit: definition.display.unit, minorPerUnit: Math.round(subunits * definition.display.factor) }
}

/**
 * Roughly how many major units of a currency one euro buys: bounds stated in euros (payment
 * methods, game bets) are scaled with it, so every currency gets plausible limits without a rates
 * feed.
 */
export const EURO_SCALE: Readonly<Record<string, number>> = {
  EUR: 1,
  USD: 1,
  CAD: 1.5,
  AUD: 1.6,
  NZD: 1.8,
  PLN: 4,
  NOK: 10,
  BRL: 5,
  JPY: 150,
  BTC: 0.00001,
  ETH: 0.0003,
  BCH: 0.002,
  LTC: 0.01,
  DOG: 5,
  USDT: 1,
}

/** Euros in a currency's minor units (rounded to a whole subunit). */
export function eurosIn(currency: string, euros: number): bigint {
  const definition = currencyDefinition(currency)
  const scale = EURO_SCALE[currency]
  if (!definition || scale === undefined) throw new Error(`no euro scale for ${currency}`)
  return BigInt(Math.round(euros * scale * definition.subunits_to_unit))
}
