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

/** Why a typed amount was refused (each has its own message: `cashbox.amount_error_<reason>`). */
export type AmountProblem =
  'empty' | 'exponent' | 'negative' | 'invalid' | 'separator' | 'decimals' | 'too_large'

export type ParsedAmount =
  | { ok: true; cents: bigint }
  | {
      ok: false
      problem: AmountProblem
      /** Decimal places the unit allows (for `decimals`), and the locale's decimal separator. */
      decimals: number
      decimal: string
    }

/**
 * A refused amount's message, for any app's catalogue: the last segment of its key (`whole`,
 * `decimals`, `separator`, `invalid`, else the problem itself, such as `exponent`) and its values.
 * An `example` in the locale's notation shows the way to write it.
 */
export function amountProblemMessage(
  parsed: { problem: string; decimals: number; decimal: string },
  unit: string,
): { key: string; vars: Record<string, string | number> } {
  const example = parsed.decimals > 0 ? `12${parsed.decimal}50` : '50'
  switch (parsed.problem) {
    case 'decimals':
      return parsed.decimals === 0
        ? { key: 'whole', vars: { unit } }
        : { key: 'decimals', vars: { unit, count: parsed.decimals } }
    case 'separator':
      return { key: 'separator', vars: { decimal: parsed.decimal, example } }
    case 'invalid':
    case 'empty':
      return { key: 'invalid', vars: { example } }
    default:
      return { key: parsed.problem, vars: {} }
  }
}

const separatorsCache = new Map<string, { group: string; decimal: string }>()

/** The locale's digit-group and decimal separators, as Intl writes them ("1,234.5", "1.234,5", "1 234,5"). */
export function numberSeparators(locale: string): { group: string; decimal: string } {
  let cached = separatorsCache.get(locale)
  if (!cached) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12_345.6)
    cached = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    }
    separatorsCache.set(locale, cached)
  }
  return cached
}

const SPACES = /[\s\u00a0\u202f\u2009]/

/**
 * The one parser of typed amounts (cashbox, limits): a number in major units ("1,234.50" in en,
 * "1.234,50" in de, "1 234,50" in fi) in minor units, exactly, or why it is refused. Strict: no
 * exponent (`1e3` is refused, never read as 13 or 1000), no sign, digit groups of three only where
 * the locale puts them, never more decimals than the unit has (nothing is silently cut). Full-width
 * digits (a Japanese keyboard) count as digits. The locale's decimal separator is the decimal
 * point; the other of `.` and `,` is one too when the locale does not group digits with it
 * ("12.50" in fi). Without a locale either of `.` and `,` is the decimal point and no grouping is
 * taken.
 */
export function parseAmount(text: string, minorPerUnit: number, locale?: string): ParsedAmount {
  const decimals = Math.round(Math.log10(minorPerUnit))
  const { group, decimal } = locale ? numberSeparators(locale) : { group: undefined, decimal: '.' }
  const fail = (problem: AmountProblem): ParsedAmount => ({ ok: false, problem, decimals, decimal })
  const value = text.normalize('NFKC').trim()
  if (value === '') return fail('empty')
  if (/^[+-]?[\d.,]*\d[\d.,]*e[+-]?\d*$/i.test(value)) return fail('exponent')
  if (value.startsWith('-')) return fail('negative')
  if (!/^[\d.,\s\u00a0\u202f\u2009]+$/.test(value)) return fail('invalid')
  // Spaces only ever group digits; `.` or `,` does when it is the locale's group separator.
  const isGroup = (c: string) => SPACES.test(c) || c === group
  const isDecimal = (c: string) => (c === '.' || c === ',') && !isGroup(c)
  // Only digits, `.`, `,` and spaces are left: one UTF-16 unit each.
  let point = value.length - 1
  while (point >= 0 && !isDecimal(value[point]!)) point--
  const integer = point < 0 ? value : value.slice(0, point)
  const fraction = point < 0 ? '' : value.slice(point + 1)
  const separators = new Set(integer.match(/\D/g) ?? [])
  if (!/^\d*$/.test(fraction) || [...separators].some(isDecimal)) return fail('invalid')
  if (!/\d/.test(integer + fraction)) return fail('invalid')
  // Digit groups: the first of one to three digits, then groups of exactly three.
  const groups = integer.split(/\D/)
  if (groups.length > 1) {
    const grouped =
      separators.size === 1 && /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => g.length === 3)
    if (!grouped) {
      // "12,50" in en, "12.50" in de: the group separator where the decimal point was meant.
      const [only] = separators
      return fail(
        separators.size === 1 && groups.length === 2 && point < 0 && !SPACES.test(only!)
          ? 'separator'
          : 'invalid',
      )
    }
  }
  if (fraction.length > decimals) return fail('decimals')
  const cents =
    BigInt(groups.join('') || '0') * BigInt(minorPerUnit) + BigInt(fraction.padEnd(decimals, '0') || '0')
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return fail('too_large')
  return { ok: true, cents }
}

/** A major-unit amount the player typed ("12.5") in minor units; undefined when `parseAmount` refuses it. */
export function majorToMinor(text: string, subunitsToUnit: number, locale?: string): bigint | undefined {
  const parsed = parseAmount(text, subunitsToUnit, locale)
  return parsed.ok ? parsed.cents : undefined
}

export interface DisplayAmount {
  /** The number in the display unit, formatted for the locale. */
  text: string
  /** The unit shown: a currency code, or a crypto display unit such as µBTC. */
  unit: string
}

const numberFormats = new Map<string, Intl.NumberFormat>()

/**
 * One `Intl.NumberFormat` per locale and fraction digits: building one costs far more than
 * formatting with it (a signed-in player's header formats the balance several times per render).
 */
function numberFormat(
  locale: string,
  minimumFractionDigits: number | undefined,
  maximumFractionDigits: number,
) {
  const key = `${locale}|${minimumFractionDigits ?? ''}|${maximumFractionDigits}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      minimumFractionDigits === undefined
        ? { maximumFractionDigits }
        : { minimumFractionDigits, maximumFractionDigits },
    )
    numberFormats.set(key, format)
  }
  return format
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
      text: numberFormat(locale, undefined, 8).format(value),
      unit: definition.display.unit,
    }
  }
  const digits = Math.round(Math.log10(subunits))
  return {
    text: numberFormat(locale, subunits > 100 ? 0 : digits, Math.min(digits, 8)).format(major),
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
