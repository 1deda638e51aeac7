import { describe, expect, it } from 'vitest'
import {
  amountProblemMessage,
  displayAmount,
  formatAmount,
  inputUnit,
  majorToMinor,
  minorToMajor,
  parseAmount,
} from './money.ts'

describe('money (spec §9)', () => {
  it('converts minor and major units exactly', () => {
    expect(minorToMajor(12_345n, 100)).toBe('123.45')
    expect(minorToMajor(-5, 100)).toBe('-0.05')
    expect(minorToMajor(1n, 100_000_000)).toBe('0.00000001')
    expect(minorToMajor(500, 1)).toBe('500')
    expect(majorToMinor('12.5', 100)).toBe(1_250n)
    expect(majorToMinor('12,05', 100)).toBe(1_205n)
    expect(majorToMinor('0.00000001', 100_000_000)).toBe(1n)
    expect(majorToMinor('1.001', 100)).toBeUndefined()
    expect(majorToMinor('-1', 100)).toBeUndefined()
    expect(majorToMinor('abc', 100)).toBeUndefined()
  })

  it('shows fiat with its fraction digits and crypto in its display unit', () => {
    expect(formatAmount(10_000, 'EUR', 'en')).toBe('100.00 EUR')
    expect(formatAmount(123_456, 'EUR', 'de')).toBe('1.234,56 EUR')
    // 0.001 BTC is 1,000 µBTC; 0.5 ETH is 500 mETH.
    expect(displayAmount(100_000, 'BTC', 'en')).toEqual({ text: '1,000', unit: 'µBTC' })
    expect(displayAmount(50_000_000, 'ETH', 'en')).toEqual({ text: '500', unit: 'mETH' })
    expect(displayAmount(12_345_678, 'LTC', 'en')).toEqual({ text: '123.45678', unit: 'mLTC' })
    expect(displayAmount(1, 'BTC', 'en').text).toBe('0.01')
  })

  it('takes crypto amounts in the display unit', () => {
    expect(inputUnit('EUR')).toEqual({ unit: 'EUR', minorPerUnit: 100 })
    expect(inputUnit('JPY')).toEqual({ unit: 'JPY', minorPerUnit: 1 })
    expect(inputUnit('BTC')).toEqual({ unit: 'µBTC', minorPerUnit: 100 })
    expect(inputUnit('ETH')).toEqual({ unit: 'mETH', minorPerUnit: 100_000 })
    // 1,000 µBTC typed is 0.001 BTC, 100,000 satoshi.
    expect(majorToMinor('1000', inputUnit('BTC').minorPerUnit)).toBe(100_000n)
    expect(majorToMinor('2.5', inputUnit('ETH').minorPerUnit)).toBe(250_000n)
  })
})

describe('parseAmount: the one parser of typed amounts', () => {
  const cents = (text: string, locale?: string, minorPerUnit = 100) => {
    const parsed = parseAmount(text, minorPerUnit, locale)
    return parsed.ok ? parsed.cents : parsed.problem
  }

  it('refuses an exponent, never reading 1e3 as 13 or 1000', () => {
    for (const text of ['1e3', '1E3', '1e-3', '2.5e2', '1e', '+1e3'])
      expect(cents(text, 'en'), text).toBe('exponent')
    expect(cents('1e3')).toBe('exponent')
    expect(majorToMinor('1e3', 100)).toBeUndefined()
  })

  it('reads the locale’s decimal point and digit groups', () => {
    expect(cents('1,234.50', 'en')).toBe(123_450n)
    expect(cents('1.234,50', 'de')).toBe(123_450n)
    expect(cents('1 234,50', 'fi')).toBe(123_450n)
    expect(cents('1\u00a0234,50', 'no')).toBe(123_450n)
    expect(cents('1\u202f234,50', 'fr-CA')).toBe(123_450n)
    expect(cents('12,50', 'pt-BR')).toBe(1_250n)
    expect(cents('1,000', 'en')).toBe(100_000n)
    expect(cents('1.000', 'de')).toBe(100_000n)
    // fi does not group with '.', so it can only be the decimal point.
    expect(cents('12.50', 'fi')).toBe(1_250n)
    expect(cents(' 50 ', 'en')).toBe(5_000n)
    expect(cents('50.', 'en')).toBe(5_000n)
    // Full-width digits of a Japanese keyboard.
    expect(cents('５０', 'ja')).toBe(5_000n)
  })

  it('refuses a group separator where the decimal point was meant, and bad grouping', () => {
    expect(cents('12,50', 'en')).toBe('separator')
    expect(cents('12.50', 'de')).toBe('separator')
    expect(cents('1,23,456', 'en')).toBe('invalid')
    expect(cents('1.234.5', 'en')).toBe('invalid')
    expect(cents('1,234,5', 'en')).toBe('invalid')
    const parsed = parseAmount('12.50', 100, 'de')
    expect(parsed).toMatchObject({ ok: false, decimal: ',', decimals: 2 })
  })

  it('never cuts decimals silently: at most the unit’s decimal places', () => {
    expect(cents('1.001', 'en')).toBe('decimals')
    expect(cents('1000.5', 'ja', 1)).toBe('decimals')
    expect(cents('1500', 'ja', 1)).toBe(1_500n)
    // µBTC has two decimals (1 µBTC = 100 satoshi), mETH five.
    expect(cents('1,000.25', 'en', inputUnit('BTC').minorPerUnit)).toBe(100_025n)
    expect(cents('2,5', 'de', inputUnit('ETH').minorPerUnit)).toBe(250_000n)
    expect(cents('0.000001', 'en', inputUnit('ETH').minorPerUnit)).toBe('decimals')
  })

  it('refuses signs, letters, empty text and amounts beyond what is safe', () => {
    expect(cents('-5', 'en')).toBe('negative')
    expect(cents('+5', 'en')).toBe('invalid')
    expect(cents('5 EUR', 'en')).toBe('invalid')
    expect(cents('0x10', 'en')).toBe('invalid')
    expect(cents('.', 'en')).toBe('invalid')
    expect(cents('', 'en')).toBe('empty')
    expect(cents('   ', 'en')).toBe('empty')
    expect(cents('99999999999999999', 'en')).toBe('too_large')
  })
})

describe('amountProblemMessage: the message of a refused amount, for any catalogue', () => {
  const refused = (text: string, minorPerUnit: number, locale: string) => {
    const parsed = parseAmount(text, minorPerUnit, locale)
    if (parsed.ok) throw new Error(`${text} was taken`)
    return amountProblemMessage(parsed, 'EUR')
  }
  it('names the key and its values, with an example in the locale’s notation', () => {
    expect(refused('12.345', 100, 'en')).toEqual({ key: 'decimals', vars: { unit: 'EUR', count: 2 } })
    expect(refused('12.5', 1, 'en')).toEqual({ key: 'whole', vars: { unit: 'EUR' } })
    expect(refused('', 100, 'de')).toEqual({ key: 'invalid', vars: { example: '12,50' } })
    expect(refused('abc', 1, 'en')).toEqual({ key: 'invalid', vars: { example: '50' } })
    expect(refused('1e3', 100, 'en')).toEqual({ key: 'exponent', vars: {} })
    expect(refused('-5', 100, 'en')).toEqual({ key: 'negative', vars: {} })
  })
})
