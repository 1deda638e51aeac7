import { describe, expect, it } from 'vitest'
import { displayAmount, formatAmount, majorToMinor, minorToMajor } from './money.ts'

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
})
