// Starts the production server as a child process on a free port, as `npm start` would:
// used by the browser tests, the lifecycle tests and the benchmarks.
import { spawn, type ChildProcessByStdio } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'

const root = path.resolve(import.meta.dirname, '..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

export interface ServerProcess {
  base: string
  dataDir: string
  child: ChildProcessByStdio<null, Readable, Readable>
  exited: Promise<number | null>
  output(): string
  /** Resolves once /healthz answers; rejects if the process exits or takes longer than `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>
  /** SIGTERM, wait for the exit, remove the data dir unless kept. */
  stop(options?: { keepData?: boolean }): Promise<number | null>
}

export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  /** Node options of the server process, e.g. `--cpu-prof` (which NODE_OPTIONS refuses). */
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  // A PORT given by the caller is passed as is (the lifecycle tests give invalid ones on purpose).
  const port = env.PORT ?? String(await freePort())
  const gamesPort = env.GAMES_PORT ?? String(await freePort())
  const dir = dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-server-')))
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // As `npm start` sets it (production needs the origin of its links): the address served.
      ...(/^\d+$/.test(port) ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
      ...env,
      PORT: port,
      GAMES_PORT: gamesPort,
      DATA_DIR: dir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (d: Buffer) => {
    output += d.toString()
    if (output.length > 200_000) output = output.slice(-100_000)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const base = `http://127.0.0.1:${port}`
  return {
    base,
    dataDir: dir,
    child,
    exited,
    output: () => output,
    async ready(timeoutMs = 90_000) {
      const started = Date.now()
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`)
        // The body is read so the keep-alive connection goes idle.
        const ok = await fetch(`${base}/healthz`)
          .then(async (r) => (await r.text()) && r.ok)
          .catch(() => false)
        if (ok) return
        if (Date.now() - started > timeoutMs)
          throw new Error(`server did not start within ${timeoutMs} ms:\n${output}`)
        await new Promise((r) => setTimeout(r, 250))
      }
    },
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) child.kill('SIGTERM')
      const code = await exited
      if (!keepData) await fs.rm(dir, { recursive: true, force: true })
      return code
    },
  }
}
