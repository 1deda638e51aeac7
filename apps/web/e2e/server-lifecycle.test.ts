import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

/** Reads the body too, so the keep-alive connection goes idle and does not hold the shutdown. */
const healthy = (base: string) =>
  fetch(`${base}/healthz`)
    .then(async (r) => (await r.text()) && r.ok)
    .catch(() => false)

describe('the server process', () => {
  it('refuses to start on an invalid environment and names every bad variable', async () => {
    const server = startServer({ PORT: 'eighty', DOMAIN_COUNTRIES: 'ca', SMTP_URL: 'mail.example.com' })
    expect(await server.exited).toBe(78)
    expect(server.output()).toMatch(/PORT/)
    expect(server.output()).toMatch(/DOMAIN_COUNTRIES/)
    expect(server.output()).toMatch(/SMTP_URL/)
  })

  it('drains in-flight requests and exits cleanly on SIGTERM', async () => {
    const port = await freePort()
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-lifecycle-'))
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir })
    try {
      const base = `http://127.0.0.1:${port}`
      for (let i = 0; ; i++) {
        if (await healthy(base)) break
        if (i > 240) throw new Error(`server did not start:\n${server.output()}`)
        await new Promise((r) => setTimeout(r, 250))
      }
      const inFlight = fetch(`${base}/`).then(async (r) => ({ status: r.status, body: await r.text() }))
      await new Promise((r) => setTimeout(r, 5))
      server.child.kill('SIGTERM')
      const page = await inFlight
      expect(page.status).toBe(200)
      // Rendered with its data: the api calls made while rendering were not cut off.
      expect(page.body).toContain('aria-roledescription="carousel"')
      expect(await server.exited, server.output().slice(-1500)).toBe(0)
      expect(server.output()).toContain('shutting down')
      // The data dir is reusable: a second start opens the same database.
      const again = startServer({ PORT: String(port), DATA_DIR: dataDir })
      for (let i = 0; ; i++) {
        if (await healthy(base)) break
        if (i > 240) throw new Error(`server did not restart:\n${again.output()}`)
        await new Promise((r) => setTimeout(r, 250))
      }
      again.child.kill('SIGTERM')
      expect(await again.exited).toBe(0)
    } finally {
      server.child.kill('SIGKILL')
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  })
})
