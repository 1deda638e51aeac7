import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { casinoOrigins } from './casino-origins.ts'

const origins = (env: Record<string, string>) =>
  casinoOrigins(loadConfig({ DATA_DIR: '/tmp/unused', ...env }))

describe('the casino’s origins', () => {
  it('are PUBLIC_URL’s origin, never a wildcard', () => {
    expect(origins({ PUBLIC_URL: 'https://casino.example/some/path' })).toEqual(['https://casino.example'])
    expect(origins({ PUBLIC_URL: 'https://casino.example:8443', DOMAIN_COUNTRIES: '*.ca=CA' })).toEqual([
      'https://casino.example:8443',
    ])
  })

  it('include each exact domain of DOMAIN_COUNTRIES with the public scheme and port, not the wildcards', () => {
    const config = { PORT: 3000, DOMAIN_COUNTRIES: [['aurum.de', 'DE'] as const, ['.com.au', 'AU'] as const] }
    expect(casinoOrigins({ ...config, PUBLIC_URL: 'https://aurum.example' })).toEqual([
      'https://aurum.example',
      'https://aurum.de',
    ])
    expect(casinoOrigins({ ...config, PUBLIC_URL: undefined })).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://aurum.de:3000',
    ])
  })

  it('are the local origins at PORT without PUBLIC_URL', () => {
    expect(origins({ PORT: '3100' })).toEqual(['http://localhost:3100', 'http://127.0.0.1:3100'])
  })
})
