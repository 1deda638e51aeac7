import { describe, expect, it } from 'vitest'
import { CURRENCIES, isCrypto } from './currencies.ts'
import { CMS_NOMINAL, cmsCurrency, cmsTextProblems, formatCmsAmount, renderCmsText } from './cms-text.ts'

/** Intl separates with no-break spaces; tests read them as plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('CMS amounts', () => {
  it('shows the reference amount in the visitor currency, nominally and for the locale', () => {
    expect(plain(formatCmsAmount(500, 'EUR', 'de'))).toBe('500 €')
    expect(formatCmsAmount(500, 'EUR', 'en')).toBe('€500')
    expect(formatCmsAmount(500, 'CAD', 'en')).toBe('CA$500')
    expect(formatCmsAmount(500, 'CAD', 'en-CA')).toBe('$500')
    expect(plain(formatCmsAmount(500, 'CAD', 'fr-CA'))).toBe('500 $')
    expect(formatCmsAmount(500, 'AUD', 'en-AU')).toBe('$500')
    expect(formatCmsAmount(500, 'NZD', 'en-NZ')).toBe('$500')
    expect(plain(formatCmsAmount(500, 'NOK', 'no'))).toBe('5 000 kr')
    expect(formatCmsAmount(500, 'JPY', 'ja')).toBe('￥50,000')
    expect(formatCmsAmount(20, 'BRL', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 100')
    expect(plain(formatCmsAmount(1000, 'USD', 'es-MX'))).toBe('USD 1,000')
  })

  it('renders every token of a text and leaves the rest alone', () => {
    const text = '<p>100% up to {{amount:500}} from {{ amount: 20 }}; 35x wagering.</p>'
    expect(plain(renderCmsText(text, 'EUR', 'de'))).toBe('<p>100% up to 500 € from 20 €; 35x wagering.</p>')
    expect(renderCmsText(text, 'CAD', 'en-CA')).toBe('<p>100% up to $500 from $20; 35x wagering.</p>')
    expect(renderCmsText('no money here', 'JPY', 'ja')).toBe('no money here')
  })

  it('picks the player currency, else the country default, else EUR; crypto players see their country fiat', () => {
    expect(cmsCurrency('NOK', 'DE')).toBe('NOK')
    expect(cmsCurrency(null, 'CA')).toBe('CAD')
    expect(cmsCurrency(undefined, 'nz')).toBe('NZD')
    expect(cmsCurrency(null, 'FR')).toBe('EUR')
    expect(cmsCurrency(null, null)).toBe('EUR')
    expect(cmsCurrency('BTC', 'AU')).toBe('AUD')
    expect(cmsCurrency('USDT', null)).toBe('EUR')
  })

  it('has a nominal figure for every fiat currency a wallet can hold, and none for crypto', () => {
    for (const c of CURRENCIES) expect(CMS_NOMINAL[c.code] !== undefined).toBe(!isCrypto(c))
  })

  it('reports malformed tokens and literal money', () => {
    expect(cmsTextProblems('up to {{amount:500}} and {{amount: 20}}')).toEqual([])
    expect(cmsTextProblems('up to {{amount:5.5}}')).toEqual(['malformed token {{amount:5.5}}'])
    expect(cmsTextProblems('up to {{amout:500}}')).toEqual(['malformed token {{amout:500}}'])
    expect(cmsTextProblems('up to {{amount:500}')).toEqual(['malformed token {{amount:500}'])
    expect(cmsTextProblems('100% up to €500')).toEqual(['literal amount "€500"'])
    expect(cmsTextProblems('ab 20 € Einzahlung')).toEqual(['literal amount "20 €"'])
    expect(cmsTextProblems('100% bonus, 35x, 18+, in EUR, CAD and BTC')).toEqual([])
  })
})
