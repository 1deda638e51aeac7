import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../test/helpers.ts'

let direct: TestContext
let proxied: TestContext
beforeAll(async () => {
  direct = await createTestApp({ PUBLIC_URL: 'https://casino.example' })
  proxied = await createTestApp({ PUBLIC_URL: 'https://casino.example', TRUST_PROXY: 'true' })
})
afterAll(async () => {
  await direct?.close()
  await proxied?.close()
})

/** A state-changing request as a browser without Sec-Fetch-Site sends it: only Origin tells. */
async function post(ctx: TestContext, headers: Record<string, string>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/sign_in',
    payload: {},
    headers: { host: 'casino.example', ...headers },
  })
  return res.statusCode === 403 && res.json<{ code: string }>().code === 'csrf_failed'
    ? 'refused'
    : 'let through'
}

describe('CSRF: the Origin of a state-changing request', () => {
  it('must match the request’s own scheme, host and port, not only its host', async () => {
    // Over TLS (X-Forwarded-Proto is believed with TRUST_PROXY): a plain-HTTP page of the same host is another origin.
    const tls = { 'x-forwarded-proto': 'https' }
    expect(await post(proxied, { ...tls, origin: 'https://casino.example' })).toBe('let through')
    expect(await post(proxied, { ...tls, origin: 'http://casino.example' })).toBe('refused')
    expect(await post(proxied, { ...tls, origin: 'https://casino.example:8443' })).toBe('refused')
    // Over plain HTTP on another host name: an https page of that host is not its origin either.
    expect(await post(direct, { host: 'casino.test', origin: 'http://casino.test' })).toBe('let through')
    expect(await post(direct, { host: 'casino.test', origin: 'https://casino.test' })).toBe('refused')
    expect(await post(direct, { host: 'casino.test', origin: 'http://casino.test:81' })).toBe('refused')
    expect(await post(direct, { host: 'casino.test', origin: 'http://evil.example' })).toBe('refused')
    expect(await post(direct, { origin: 'null' })).toBe('refused')
    expect(await post(direct, { origin: 'not a url' })).toBe('refused')
  })

  it('accepts the configured public origin (TLS ended at an edge the app is not told to trust)', async () => {
    expect(await post(direct, { origin: 'https://casino.example' })).toBe('let through')
    expect(await post(direct, { origin: 'https://casino.example:443' })).toBe('let through')
    // X-Forwarded-Proto is not believed without TRUST_PROXY: the request is plain HTTP.
    expect(
      await post(direct, {
        'x-forwarded-proto': 'https',
        host: 'casino.test',
        origin: 'https://casino.test',
      }),
    ).toBe('refused')
  })

  it('still decides by Sec-Fetch-Site when the browser sends it, and lets non-browser clients through', async () => {
    expect(await post(direct, { 'sec-fetch-site': 'cross-site', origin: 'https://casino.example' })).toBe(
      'refused',
    )
    expect(await post(direct, { 'sec-fetch-site': 'same-origin' })).toBe('let through')
    expect(await post(direct, {})).toBe('let through')
  })
})
