import { inputUnit, numberSeparators, parseAmount, type AmountProblem } from '@aurum/shared/money'

export type Direction = 'credit' | 'debit'

export type AdjustmentAmount =
  | {
      ok: true
      /** The amount typed, in minor units (positive). */
      cents: bigint
      /** What the api takes: positive credits the player, negative debits. */
      signed: bigint
    }
  | {
      ok: false
      problem: AmountProblem | 'zero'
      /** Decimal places the unit allows, and the locale's decimal separator (for the message). */
      decimals: number
      decimal: string
    }

/**
 * An adjustment's amount as the operator typed it, in the currency's input unit (the currency
 * itself, or the display unit of a crypto currency, as balances are shown), in exact minor units:
 * the shared parser of typed amounts (no floating point, never more decimals than the unit has),
 * and never zero.
 */
export function adjustmentAmount(
  text: string,
  currency: string,
  direction: Direction,
  locale: string,
): AdjustmentAmount {
  const { minorPerUnit } = inputUnit(currency)
  const parsed = parseAmount(text, minorPerUnit, locale)
  if (!parsed.ok) return parsed
  if (parsed.cents === 0n)
    return {
      ok: false,
      problem: 'zero',
      decimals: Math.round(Math.log10(minorPerUnit)),
      decimal: numberSeparators(locale).decimal,
    }
  return { ok: true, cents: parsed.cents, signed: direction === 'debit' ? -parsed.cents : parsed.cents }
}

/**
 * Whether an amount (minor units) is above the currency's four-eyes threshold, as the api answers
 * it (`GET /api/admin/adjustments/thresholds`); unknown while the thresholds are not loaded.
 */
export function needsSecondApprover(cents: bigint, threshold: string | undefined): boolean | undefined {
  if (threshold === undefined) return undefined
  return cents > BigInt(threshold)
}
