import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ RESTRICTED_COUNTRIES: 'US,GB' })
})
afterAll(() => ctx.close())

describe('GET /json-api/serverdata', () => {
  it('derives the country from the domain before the geo header', async () => {
    const res = await ctx.app.inject({
      url: '/json-api/serverdata',
      headers: { host: 'aurum.com.au', 'cf-ipcountry': 'DE' },
    })
    expect(res.json()).toMatchObject({
      country: 'AU',
      restricted: false,
      default_locale: 'en-AU',
      default_currency: 'AUD',
    })
  })

  it('uses the geo header otherwise and flags restricted countries', async () => {
    const de = (
      await ctx.app.inject({ url: '/json-api/serverdata', headers: { 'cf-ipcountry': 'de' } })
    ).json()
    expect(de).toMatchObject({
      country: 'DE',
      default_locale: 'de',
      default_currency: 'EUR',
      restricted: false,
    })
    const us = (
      await ctx.app.inject({ url: '/json-api/serverdata', headers: { 'cf-ipcountry': 'US' } })
    ).json()
    expect(us).toMatchObject({ country: 'US', restricted: true })
  })

  it('falls back to the defaults without a country', async () => {
    const body = (await ctx.app.inject('/json-api/serverdata')).json()
    expect(body).toMatchObject({ country: null, default_locale: 'en-CA', default_currency: 'EUR' })
    expect(Date.parse(body.server_time)).not.toBeNaN()
  })
})
