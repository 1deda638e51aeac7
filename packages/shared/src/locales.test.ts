import { describe, expect, it } from 'vitest'
import { defaultLocaleFor, localeFallbacks, localeFromAcceptLanguage, toLocale } from './locales.ts'
import { countryFromHost, parseDomainCountries, DEFAULT_DOMAIN_COUNTRIES } from './geo.ts'
import { defaultCurrencyFor, isCrypto, currencyDefinition } from './currencies.ts'

describe('locales', () => {
  it('defaults per country (spec §9)', () => {
    expect(defaultLocaleFor(undefined)).toBe('en-CA')
    expect(defaultLocaleFor('AU')).toBe('en-AU')
    expect(defaultLocaleFor('de')).toBe('de')
    expect(defaultLocaleFor('BR')).toBe('pt-BR')
    expect(defaultLocaleFor('NZ')).toBe('en-NZ')
    expect(defaultLocaleFor('FR')).toBe('en-CA')
  })

  it('reads case-insensitive codes and Accept-Language', () => {
    expect(toLocale('pt-br')).toBe('pt-BR')
    expect(toLocale('xx')).toBeUndefined()
    expect(localeFromAcceptLanguage('de-AT,de;q=0.9,en;q=0.8')).toBe('de')
    expect(localeFromAcceptLanguage('ru;q=0.9,fr-CA;q=0.8')).toBe('fr-CA')
    expect(localeFromAcceptLanguage('zh-CN')).toBeUndefined()
  })

  it('falls back from regional variants', () => {
    expect(localeFallbacks('en-AU')).toEqual(['en-AU', 'en'])
    expect(localeFallbacks('fr-CA')).toEqual(['fr-CA', 'en'])
    expect(localeFallbacks('de')).toEqual(['de', 'en'])
  })
})

describe('geo and currencies', () => {
  it('derives the country from the longest matching domain suffix', () => {
    expect(countryFromHost('www.aurum.com.au:3000', DEFAULT_DOMAIN_COUNTRIES)).toBe('AU')
    expect(countryFromHost('aurum.ca', DEFAULT_DOMAIN_COUNTRIES)).toBe('CA')
    expect(countryFromHost('localhost', DEFAULT_DOMAIN_COUNTRIES)).toBeUndefined()
    expect(parseDomainCountries('*.ca=CA, *.com.au=au')).toEqual([
      ['.ca', 'CA'],
      ['.com.au', 'AU'],
    ])
    expect(() => parseDomainCountries('ca')).toThrow()
  })

  it('knows crypto by subunits and default currencies by country', () => {
    expect(isCrypto(currencyDefinition('BTC')!)).toBe(true)
    expect(isCrypto(currencyDefinition('USDT')!)).toBe(true)
    expect(isCrypto(currencyDefinition('EUR')!)).toBe(false)
    expect(defaultCurrencyFor('CH')).toBe('EUR')
    expect(defaultCurrencyFor('JP')).toBe('JPY')
    expect(defaultCurrencyFor('ZA')).toBe('EUR')
  })
})
