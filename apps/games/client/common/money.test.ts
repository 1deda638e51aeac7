import { describe, expect, it } from 'vitest'
import { formatChip, formatMoney, formatPercent } from './money.ts'

// Intl separates the code and the number with a no-break space.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('formatMoney', () => {
  it('shows fiat with its code and 2 decimals in the player language', () => {
    expect(plain(formatMoney(123456, 'EUR', 'en'))).toBe('EUR 1,234.56')
    expect(plain(formatMoney(5, 'USD', 'en'))).toBe('USD 0.05')
    expect(plain(formatMoney(100000, 'EUR', 'de'))).toBe('1.000,00 EUR')
    expect(plain(formatMoney(0, 'CAD', 'fr-CA'))).toBe('0,00 CAD')
  })

  it('shows demo money as FUN', () => {
    expect(plain(formatMoney(100000, 'FUN', 'en'))).toBe('FUN 1,000.00')
    expect(plain(formatMoney(250, 'FUN', 'pt-BR'))).toBe('FUN 2,50')
  })

  it('keeps currencies without minor units whole', () => {
    expect(plain(formatMoney(1500, 'JPY', 'ja'))).toBe('JPY 1,500')
  })

  it('shows BTC in µBTC (satoshi / 100, up to 2 decimals)', () => {
    expect(plain(formatMoney(123456, 'BTC', 'en'))).toBe('1,234.56 µBTC')
    expect(plain(formatMoney(100, 'BTC', 'en'))).toBe('1 µBTC')
    expect(plain(formatMoney(150, 'BTC', 'de'))).toBe('1,5 µBTC')
    expect(plain(formatMoney(1, 'BTC', 'en'))).toBe('0.01 µBTC')
  })

  it('shows ETH and LTC in milli units (minor / 1e5)', () => {
    expect(plain(formatMoney(100000, 'ETH', 'en'))).toBe('1 mETH')
    expect(plain(formatMoney(12345678, 'LTC', 'en'))).toBe('123.45678 mLTC')
    expect(plain(formatMoney(1, 'ETH', 'en'))).toBe('0.00001 mETH')
  })

  it('shows other 1e-8 coins in whole units up to 8 decimals', () => {
    expect(plain(formatMoney(1, 'BCH', 'en'))).toBe('0.00000001 BCH')
    expect(plain(formatMoney(250000000, 'DOG', 'en'))).toBe('2.5 DOG')
    expect(plain(formatMoney(1500000, 'USDT', 'en'))).toBe('1.5 USDT')
  })

  it('survives an unknown language', () => {
    expect(plain(formatMoney(100, 'EUR', 'xx-invalid-tag-!!'))).toBe('EUR 1.00')
  })
})

describe('chips and percentages', () => {
  it('writes chip values short', () => {
    expect(formatChip(50, 'EUR', 'en')).toBe('0.5')
    expect(formatChip(100, 'EUR', 'en')).toBe('1')
    expect(formatChip(250000, 'EUR', 'en')).toBe('2.5K')
    expect(formatChip(1000, 'BTC', 'en')).toBe('10')
  })

  it('writes RTP with 2 decimals', () => {
    expect(formatPercent(0.9612, 'en')).toBe('96.12%')
    expect(plain(formatPercent(36 / 37, 'de'))).toBe('97,30 %')
  })
})
