import { describe, expect, it } from 'vitest'
import { displayAmount, formatAmount, inputUnit, majorToMinor, minorToMajor } from './money.ts'

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
