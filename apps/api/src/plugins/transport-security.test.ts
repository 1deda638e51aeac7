import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../test/helpers.ts'

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://casino.example',
  SESSION_SECRET: 's'.repeat(40),
  WALLET_SECRET: 'w'.repeat(40),
}

let direct: TestContext
let proxied: TestContext
let production: TestContext
beforeAll(async () => {
  direct = await createTestApp()
  proxied = await createTestApp({ TRUST_PROXY: 'true' })
  production = await createTestApp({ ...PRODUCTION, TRUST_PROXY: 'true' })
})
afterAll(async () => {
  await direct?.close()
  await proxied?.close()
  await production?.close()
})

describe('Strict-Transport-Security', () => {
  it('is sent on responses to requests that came over TLS, for a year and every subdomain', async () => {
    for (const url of ['/api/info/currencies', '/api/nothing-here']) {
      const res = await proxied.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } })
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    }
  })

  it('is never sent over plain HTTP, nor on a forwarded scheme the app is not told to trust', async () => {
    expect(
      (await proxied.app.inject('/api/info/currencies')).headers['strict-transport-security'],
    ).toBeUndefined()
    const forged = await direct.app.inject({
      url: '/api/info/currencies',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(forged.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('the OpenAPI description', () => {
  it('is served as JSON in every mode; the Swagger UI only outside production', async () => {
    for (const ctx of [direct, production]) {
      const json = await ctx.app.inject('/api/docs/json')
      expect(json.statusCode).toBe(200)
      expect(json.json<{ openapi: string; paths: object }>().openapi).toMatch(/^3\./)
      expect(Object.keys(json.json<{ paths: object }>().paths)).toContain('/api/info/currencies')
    }
    const ui = await direct.app.inject('/api/docs')
    expect(ui.statusCode).toBeLessThan(400)
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html']) {
      expect((await production.app.inject(url)).statusCode).toBe(404)
    }
  })
})
