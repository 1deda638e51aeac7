/**
 * How a currency's minor units are shown. Fiat (and FUN): the unit with 2 decimals. Crypto minor
 * units are 1e-8 of a coin (1e-6 for USDT); BTC is shown in µBTC (satoshi / 100), ETH and LTC in
 * mETH and mLTC (minor / 1e5), the others in whole coins.
 */
interface Display {
  /** Minor units in one displayed unit. */
  divisor: number
  /** Label shown after the number; undefined: an ISO currency code formatted by Intl. */
  unit?: string
  minDigits: number
  maxDigits: number
}

const CRYPTO: Record<string, Display> = {
  BTC: { divisor: 100, unit: 'µBTC', minDigits: 0, maxDigits: 2 },
  ETH: { divisor: 1e5, unit: 'mETH', minDigits: 0, maxDigits: 5 },
  LTC: { divisor: 1e5, unit: 'mLTC', minDigits: 0, maxDigits: 5 },
  BCH: { divisor: 1e8, unit: 'BCH', minDigits: 0, maxDigits: 8 },
  DOG: { divisor: 1e8, unit: 'DOG', minDigits: 0, maxDigits: 8 },
  DOGE: { divisor: 1e8, unit: 'DOGE', minDigits: 0, maxDigits: 8 },
  USDT: { divisor: 1e6, unit: 'USDT', minDigits: 0, maxDigits: 6 },
}
/** Fiat without minor units: the amount is already whole units. */
const WHOLE = new Set(['JPY', 'KRW', 'CLP', 'ISK', 'VND'])

export function displayOf(currency: string): Display {
  const code = currency.toUpperCase()
  const crypto = CRYPTO[code]
  if (crypto) return crypto
  if (WHOLE.has(code)) return { divisor: 1, minDigits: 0, maxDigits: 0 }
  return { divisor: 100, minDigits: 2, maxDigits: 2 }
}

function tryFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | undefined {
  try {
    return new Intl.NumberFormat(lang, options)
  } catch {
    return undefined
  }
}

const cache = new Map<string, Intl.NumberFormat>()
function numberFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`
  let format = cache.get(key)
  if (!format) {
    format = tryFormat(lang, options) ?? tryFormat('en', options)
    if (!format) {
      // A malformed currency code: plain digits still show the amount.
      const rest = { ...options }
      delete rest.currency
      delete rest.style
      delete rest.currencyDisplay
      format = new Intl.NumberFormat('en', rest)
    }
    cache.set(key, format)
  }
  return format
}

/** An amount in minor units as the player reads it, with the currency code (or display unit). */
export function formatMoney(minor: number, currency: string, lang: string): string {
  const d = displayOf(currency)
  const value = minor / d.divisor
  const digits = { minimumFractionDigits: d.minDigits, maximumFractionDigits: d.maxDigits }
  if (d.unit) return `${numberFormat(lang, digits).format(value)}\u00a0${d.unit}`
  const code = currency.toUpperCase()
  if (!/^[A-Z]{3}$/.test(code)) return `${numberFormat(lang, digits).format(value)}\u00a0${currency}`
  return numberFormat(lang, { style: 'currency', currency: code, currencyDisplay: 'code', ...digits }).format(
    value,
  )
}

/** A short number for chips on the table (no currency): 1, 2.5, 10, 1K, 2.5K. */
export function formatChip(minor: number, currency: string, lang: string): string {
  const d = displayOf(currency)
  return numberFormat(lang, { notation: 'compact', maximumFractionDigits: 2 }).format(minor / d.divisor)
}

/** 0.9612 → "96.12%" in the player's language. */
export function formatPercent(ratio: number, lang: string, digits = 2): string {
  return numberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(ratio)
}

export function formatNumber(value: number, lang: string, maxDigits = 0): string {
  return numberFormat(lang, { maximumFractionDigits: maxDigits }).format(value)
}
