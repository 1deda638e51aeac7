import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

describe('GET /api/info/*', () => {
  it('lists currencies with subunits; crypto is above 100', async () => {
    const res = await ctx.app.inject('/api/info/currencies')
    expect(res.statusCode).toBe(200)
    const body =
      res.json<Array<{ code: string; subunits_to_unit: number; fiat: boolean; default: boolean }>>()
    const codes = body.map((c) => c.code)
    for (const code of [
      'AUD',
      'CAD',
      'NZD',
      'EUR',
      'USD',
      'PLN',
      'JPY',
      'NOK',
      'BRL',
      'BTC',
      'ETH',
      'BCH',
      'LTC',
      'DOG',
      'USDT',
    ]) {
      expect(codes).toContain(code)
    }
    const btc = body.find((c) => c.code === 'BTC')!
    expect(btc.subunits_to_unit).toBeGreaterThan(100)
    expect(btc.fiat).toBe(false)
    expect(body.find((c) => c.code === 'EUR')).toMatchObject({
      subunits_to_unit: 100,
      fiat: true,
      default: true,
    })
    expect(body.find((c) => c.code === 'JPY')!.subunits_to_unit).toBe(1)
  })

  it('lists countries with names in the request language and default currencies', async () => {
    const en = (await ctx.app.inject('/api/info/countries?l=en')).json<
      Array<{ code: string; name: string; default_currency: string }>
    >()
    expect(en.length).toBeGreaterThan(240)
    expect(en.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Germany', default_currency: 'EUR' })
    expect(en.find((c) => c.code === 'AU')!.default_currency).toBe('AUD')
    expect(en.find((c) => c.code === 'FR')!.default_currency).toBe('EUR')
    const de = (await ctx.app.inject('/api/info/countries?l=de')).json<
      Array<{ code: string; name: string }>
    >()
    expect(de.find((c) => c.code === 'DE')!.name).toBe('Deutschland')
  })

  it('lists the 13 interface languages; the default follows the country', async () => {
    const res = await ctx.app.inject('/api/info/locales')
    const body = res.json<Array<{ code: string; default: boolean; name_in_locale: string }>>()
    expect(body).toHaveLength(13)
    expect(body.find((l) => l.default)!.code).toBe('en-CA')
    expect(body.find((l) => l.code === 'de')!.name_in_locale).toBe('Deutsch')
    const au = (await ctx.app.inject({ url: '/api/info/locales', headers: { 'cf-ipcountry': 'AU' } })).json<
      Array<{ code: string; default: boolean }>
    >()
    expect(au.find((l) => l.default)!.code).toBe('en-AU')
  })

  it('accepts the partner tag query and refuses a malformed one', async () => {
    expect((await ctx.app.inject('/api/info/locales?partner-stag=123_456')).statusCode).toBe(200)
    const bad = await ctx.app.inject('/api/info/locales?partner-stag=%3Cscript%3E')
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors['partner-stag']).toHaveLength(1)
  })

  it('lists statuses with the ids of the spec', async () => {
    const body = (await ctx.app.inject('/api/info/statuses')).json<Array<{ id: string; name: string }>>()
    expect(Object.fromEntries(body.map((s) => [s.id, s.name]))).toMatchObject({
      '255': 'Platinum',
      '256': 'Star',
      '257': 'Bronze',
      '258': 'Silver',
      '259': 'Gold',
      '21': 'Test',
    })
  })

  it('returns project info in the platform shape', async () => {
    const body = (await ctx.app.inject('/api/info/project')).json()
    expect(body).toMatchObject({
      apps: { casino: true, sportsbook: false },
      license: 'CW',
      player_two_factor_auth: true,
    })
    expect(body.notification_center.new_realtime_notifications_flow_enabled).toBe(false)
  })

  it('returns crypto exchange rates keyed from → to with the fee applied', async () => {
    const body = (await ctx.app.inject('/api/info/crypto_exchange_rates')).json<
      Record<string, Record<string, { exchange_rate: number; fee: number; total_exchange_rate: number }>>
    >()
    expect(Object.keys(body).sort()).toEqual(['BCH', 'BTC', 'DOG', 'ETH', 'LTC', 'USDT'])
    const rate = body.BTC!.EUR!
    expect(rate.total_exchange_rate).toBeCloseTo(rate.exchange_rate * (1 - rate.fee), 6)
  })

  it('answers 422 in the request language for an unknown locale', async () => {
    const en = await ctx.app.inject('/api/info/countries?l=xx')
    expect(en.statusCode).toBe(422)
    expect(en.json()).toMatchObject({
      code: 'validation_failed',
      errors: { l: [expect.stringContaining('Language')] },
    })
    const de = await ctx.app.inject({
      url: '/api/info/countries?l=xx',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    })
    expect(de.json().error).not.toBe(en.json().error)
  })

  it('refuses unknown query parameters', async () => {
    const res = await ctx.app.inject('/api/info/currencies?foo=1')
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.base[0]).toContain('foo')
  })
})
