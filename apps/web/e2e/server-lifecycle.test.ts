import { describe, expect, it } from 'vitest'
import { startServer } from '../../../scripts/server-process.ts'

describe('the server process', () => {
  it('refuses to start on an invalid environment and names every bad variable', async () => {
    const server = await startServer({ PORT: 'eighty', DOMAIN_COUNTRIES: 'ca', SMTP_URL: 'mail.example.com' })
    expect(await server.exited).toBe(78)
    await server.stop()
    expect(server.output()).toMatch(/PORT/)
    expect(server.output()).toMatch(/DOMAIN_COUNTRIES/)
    expect(server.output()).toMatch(/SMTP_URL/)
  })

  it('drains in-flight requests and exits cleanly on SIGTERM', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' })
    await server.ready()
    const inFlight = fetch(`${server.base}/`).then(async (r) => ({ status: r.status, body: await r.text() }))
    // SIGTERM once the server has the request (not while it is still on its way: a request that
    // arrives after the drain began is answered 503, for the balancer to send it elsewhere).
    const received = () =>
      server
        .output()
        .split('\n')
        .some((line) => line.includes('"incoming request"') && line.includes('"url":"/"'))
    for (let waited = 0; !received() && waited < 5_000; waited += 2)
      await new Promise((r) => setTimeout(r, 2))
    expect(received(), server.output().slice(-1500)).toBe(true)
    const exit = server.stop({ keepData: true })
    const page = await inFlight
    expect(page.status).toBe(200)
    // Rendered with its data: the api calls made while rendering were not cut off.
    expect(page.body).toContain('aria-roledescription="carousel"')
    expect(await exit, server.output().slice(-1500)).toBe(0)
    expect(server.output()).toContain('shutting down')
    // The data dir is reusable: a second start opens the same database.
    const again = await startServer({}, server.dataDir)
    await again.ready()
    expect(await again.stop()).toBe(0)
  })
})
