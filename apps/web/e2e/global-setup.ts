import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { ensureBuild } from '../../../scripts/start.mjs'

const root = path.resolve(import.meta.dirname, '../../..')

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** Builds if needed and starts the production server on a fresh embedded database, as `npm start` does. */
export default async function setup(project: TestProject) {
  ensureBuild()
  const port = await freePort()
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-e2e-'))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseURL = `http://127.0.0.1:${port}`
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 90_000) throw new Error('server did not start within 90 s')
    await new Promise((r) => setTimeout(r, 250))
  }
  project.provide('baseURL', baseURL)
  return async () => {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}
