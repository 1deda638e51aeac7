import { describe, expect, it } from 'vitest'
import { csvAmount, csvFileName, csvLine, csvText, csvValue } from './csv.ts'

describe('CSV cells', () => {
  it('guards text that a spreadsheet would run as a formula', () => {
    expect(csvText('=1+1')).toBe("'=1+1")
    expect(csvText('+31 20 123')).toBe("'+31 20 123")
    expect(csvText('-2')).toBe("'-2")
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvText('\tcmd')).toBe("'\tcmd")
    expect(csvText('\rcmd')).toBe(`"'\rcmd"`)
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(csvText('Sunstone Dynasty')).toBe('Sunstone Dynasty')
    expect(csvText('a = b')).toBe('a = b')
    expect(csvText(null)).toBe('')
  })

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvText('Salt, Doubloons')).toBe('"Salt, Doubloons"')
    expect(csvText('the "big" one')).toBe('"the ""big"" one"')
    expect(csvText('two\nlines')).toBe('"two\nlines"')
    expect(csvLine(['1', csvText('a,b'), ''])).toBe('1,"a,b",\r\n')
  })

  it('writes our own values as they are: negative amounts stay numbers', () => {
    expect(csvValue(csvAmount(-150, 'EUR'))).toBe('-1.50')
    expect(csvValue(12n)).toBe('12')
    expect(csvValue(undefined)).toBe('')
  })

  it('writes amounts as decimals in each currency’s units', () => {
    expect(csvAmount(12_345, 'EUR')).toBe('123.45')
    expect(csvAmount(5, 'EUR')).toBe('0.05')
    expect(csvAmount(12_345, 'BTC')).toBe('0.00012345')
    expect(csvAmount(-1, 'BTC')).toBe('-0.00000001')
    expect(csvAmount(2_500_000_000n, 'ETH')).toBe('25.00000000')
    expect(csvAmount(1, 'USDT')).toBe('0.000001')
    expect(csvAmount(500, 'JPY')).toBe('500')
    expect(csvAmount(null, 'EUR')).toBe('')
  })

  it('names the file with the day it was made', () => {
    expect(csvFileName('games-history', new Date('2026-03-01T23:59:00Z'))).toBe(
      'aurum-games-history-2026-03-01.csv',
    )
  })
})
