import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from './test/helpers.ts'
import { migrate } from './db/migrate.ts'
import { seed } from './db/seed/index.ts'
import { ConfigError, loadConfig } from './config.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

describe('the api as a whole', () => {
  it('serves the OpenAPI description at /api/docs with every route', async () => {
    const res = await ctx.app.inject('/api/docs/json')
    expect(res.statusCode).toBe(200)
    const paths = Object.keys(res.json().paths)
    for (const p of [
      '/api/info/statuses',
      '/api/info/locales',
      '/api/info/countries',
      '/api/info/currencies',
      '/api/info/project',
      '/api/info/crypto_exchange_rates',
      '/api/cms/pages',
      '/api/cms/snippets',
      '/api/cms/files',
      '/json-api/serverdata',
      '/log',
      '/performance',
      '/network-performance',
      '/api/send_contact_message',
    ]) {
      expect(paths).toContain(p)
    }
    expect((await ctx.app.inject('/api/docs')).statusCode).toBeLessThan(400)
  })

  it('answers unknown api paths with a translated 404', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing-here', headers: { 'accept-language': 'de' } })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('not_found')
  })

  it('sends security headers and a request id', async () => {
    const res = await ctx.app.inject('/api/info/currencies')
    expect(res.headers['x-request-id']).toBeTruthy()
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
  })

  it('migrations and seed can run again without changing anything', async () => {
    const before = await ctx.db.query('SELECT count(*)::int AS n FROM cms_pages')
    expect(await migrate(ctx.db)).toEqual([])
    await seed(ctx.db)
    expect(await ctx.db.query('SELECT count(*)::int AS n FROM cms_pages')).toEqual(before)
  })
})

describe('configuration', () => {
  it('lists every invalid variable', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DOMAIN_COUNTRIES: 'nonsense' }),
    ).toThrow(ConfigError)
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DOMAIN_COUNTRIES: 'nonsense' })
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/)
      expect((error as Error).message).toMatch(/DATABASE_URL/)
      expect((error as Error).message).toMatch(/DOMAIN_COUNTRIES/)
    }
  })

  it('requires shared secrets in production on PostgreSQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toThrow(
      /SESSION_SECRET/,
    )
  })
})
