import { describe, expect, it } from 'vitest'
import { countryFromHost, parseDomainCountries } from '@aurum/shared'
import { ConfigError, loadConfig } from '../config.ts'
import { casinoOrigins, publicOriginResolver } from './public-origin.ts'

// Secrets given, so loading the configuration writes nothing to DATA_DIR.
const env = (vars: Record<string, string>) => ({
  SESSION_SECRET: 's'.repeat(40),
  WALLET_SECRET: 'w'.repeat(40),
  ...vars,
})

describe('the public origin', () => {
  it('is PUBLIC_URL’s origin, else http://localhost:PORT outside production; production refuses to start without it', () => {
    expect(loadConfig(env({ PUBLIC_URL: 'https://casino.example/some/path' })).publicOrigin).toBe(
      'https://casino.example',
    )
    expect(loadConfig(env({ PORT: '4100' })).publicOrigin).toBe('http://localhost:4100')
    expect(() => loadConfig(env({ NODE_ENV: 'production' }))).toThrow(ConfigError)
    expect(() => loadConfig(env({ NODE_ENV: 'production' }))).toThrow(/PUBLIC_URL/)
    expect(
      loadConfig(env({ NODE_ENV: 'production', PUBLIC_URL: 'https://casino.example' })).publicOrigin,
    ).toBe('https://casino.example')
    expect(() => loadConfig(env({ PUBLIC_URL: 'javascript:alert(1)' }))).toThrow(/PUBLIC_URL/)
  })

  it('DOMAIN_COUNTRIES takes exact domains as well as wildcards; an exact one beats a wildcard', () => {
    const map = parseDomainCountries('aurum.ca=CA, *.com.au=au, .de=DE, aurum.com.au=NZ')
    expect(countryFromHost('aurum.ca:3000', map)).toBe('CA')
    expect(countryFromHost('www.aurum.ca', map)).toBeUndefined()
    expect(countryFromHost('evil.com.au', map)).toBe('AU')
    expect(countryFromHost('AURUM.COM.AU', map)).toBe('NZ')
    expect(countryFromHost('shop.de', map)).toBe('DE')
    expect(() => parseDomainCountries('aurum.ca')).toThrow()
    expect(() => parseDomainCountries('*aurum.ca=CA')).toThrow()
  })

  it('is the configured domain for a host listed exactly, the canonical origin for every other host', () => {
    const config = loadConfig(
      env({ PUBLIC_URL: 'https://casino.example:8443', DOMAIN_COUNTRIES: 'aurum.ca=CA,*.com.au=AU' }),
    )
    const originOf = publicOriginResolver(config)
    expect(originOf('aurum.ca')).toBe('https://aurum.ca:8443')
    expect(originOf('Aurum.CA:80')).toBe('https://aurum.ca:8443')
    expect(originOf('evil.com.au')).toBe('https://casino.example:8443')
    expect(originOf('evil.example')).toBe('https://casino.example:8443')
    expect(originOf('aurum.ca.evil.example')).toBe('https://casino.example:8443')
    expect(originOf(undefined)).toBe('https://casino.example:8443')
    expect(publicOriginResolver(loadConfig(env({ DOMAIN_COUNTRIES: 'aurum.de=DE' })))('aurum.de')).toBe(
      'http://aurum.de:3000',
    )
  })
})

describe('the casino’s origins', () => {
  const origins = (vars: Record<string, string>) => casinoOrigins(loadConfig(env(vars)))

  it('are PUBLIC_URL’s origin, never a wildcard', () => {
    expect(origins({ PUBLIC_URL: 'https://casino.example/some/path' })).toEqual(['https://casino.example'])
    expect(origins({ PUBLIC_URL: 'https://casino.example:8443', DOMAIN_COUNTRIES: '*.ca=CA' })).toEqual([
      'https://casino.example:8443',
    ])
  })

  it('include each exact domain of DOMAIN_COUNTRIES with the public scheme and port, not the wildcards', () => {
    const domains = 'aurum.de=DE,*.com.au=AU'
    expect(origins({ PUBLIC_URL: 'https://aurum.example', DOMAIN_COUNTRIES: domains })).toEqual([
      'https://aurum.example',
      'https://aurum.de',
    ])
    expect(origins({ PORT: '3000', DOMAIN_COUNTRIES: domains })).toEqual([
      'http://localhost:3000',
      'http://aurum.de:3000',
      'http://127.0.0.1:3000',
    ])
  })

  it('are the local origins at PORT without PUBLIC_URL, and both loopback names of a local PUBLIC_URL', () => {
    expect(origins({ PORT: '3100' })).toEqual(['http://localhost:3100', 'http://127.0.0.1:3100'])
    expect(origins({ PUBLIC_URL: 'http://127.0.0.1:4000' })).toEqual([
      'http://127.0.0.1:4000',
      'http://localhost:4000',
    ])
  })

  it('give a visitor of a local casino links on the loopback name it used', () => {
    const resolve = publicOriginResolver(loadConfig(env({ PUBLIC_URL: 'http://localhost:3000' })))
    expect(resolve('127.0.0.1:3000')).toBe('http://127.0.0.1:3000')
    expect(resolve('localhost:3000')).toBe('http://localhost:3000')
    expect(resolve('evil.example')).toBe('http://localhost:3000')
  })
})
