import { describe, expect, it } from 'vitest'
import { adjustmentAmount, needsSecondApprover } from './adjustment-amount.ts'

/** The balance adjustment form's amount: typed in major units, sent exactly in minor units. */
describe('adjustment amount', () => {
  it('reads major units in the operator’s language as exact minor units, signed by direction', () => {
    expect(adjustmentAmount('12.50', 'EUR', 'credit', 'en')).toEqual({
      ok: true,
      cents: 1250n,
      signed: 1250n,
    })
    expect(adjustmentAmount('1.234,56', 'EUR', 'debit', 'de')).toEqual({
      ok: true,
      cents: 123456n,
      signed: -123456n,
    })
    expect(adjustmentAmount('1 234,5', 'EUR', 'credit', 'fi')).toMatchObject({ ok: true, cents: 123450n })
    // No binary fraction creeps in: 0.29 × 100 is 28.999… in floating point.
    expect(adjustmentAmount('0.29', 'USD', 'credit', 'en')).toMatchObject({ ok: true, cents: 29n })
    expect(adjustmentAmount('19.99', 'CAD', 'credit', 'en-CA')).toMatchObject({ ok: true, cents: 1999n })
    // A currency without subunits takes whole numbers only.
    expect(adjustmentAmount('1500', 'JPY', 'credit', 'ja')).toMatchObject({ ok: true, cents: 1500n })
    expect(adjustmentAmount('15.5', 'JPY', 'credit', 'ja')).toMatchObject({ ok: false, problem: 'decimals' })
  })

  it('types crypto in the unit balances are shown in (µBTC, mETH), not whole coins', () => {
    // 1 µBTC is 100 satoshis; 1 mETH is 100,000 of ETH's minor units.
    expect(adjustmentAmount('12.5', 'BTC', 'credit', 'en')).toMatchObject({ ok: true, cents: 1250n })
    expect(adjustmentAmount('1', 'ETH', 'debit', 'en')).toMatchObject({ ok: true, signed: -100_000n })
    expect(adjustmentAmount('0.001', 'BTC', 'credit', 'en')).toMatchObject({ ok: false, problem: 'decimals' })
  })

  it('refuses zero, signs, exponents, too many decimals and amounts past the safe range', () => {
    expect(adjustmentAmount('0', 'EUR', 'credit', 'en')).toMatchObject({ ok: false, problem: 'zero' })
    expect(adjustmentAmount('0.00', 'EUR', 'debit', 'en')).toMatchObject({ ok: false, problem: 'zero' })
    expect(adjustmentAmount('', 'EUR', 'credit', 'en')).toMatchObject({ ok: false, problem: 'empty' })
    expect(adjustmentAmount('-5', 'EUR', 'credit', 'en')).toMatchObject({ ok: false, problem: 'negative' })
    expect(adjustmentAmount('1e3', 'EUR', 'credit', 'en')).toMatchObject({ ok: false, problem: 'exponent' })
    expect(adjustmentAmount('1.005', 'EUR', 'credit', 'en')).toMatchObject({ ok: false, problem: 'decimals' })
    expect(adjustmentAmount('12,50', 'EUR', 'credit', 'en')).toMatchObject({
      ok: false,
      problem: 'separator',
    })
    expect(adjustmentAmount('99999999999999999', 'EUR', 'credit', 'en')).toMatchObject({
      ok: false,
      problem: 'too_large',
    })
  })

  it('says whether an amount waits for a second approver: strictly above the threshold', () => {
    expect(needsSecondApprover(100_000n, '100000')).toBe(false)
    expect(needsSecondApprover(100_001n, '100000')).toBe(true)
    expect(needsSecondApprover(1n, '0')).toBe(true)
    expect(needsSecondApprover(1n, undefined)).toBeUndefined()
  })
})
