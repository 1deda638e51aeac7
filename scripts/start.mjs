// `npm start`: builds the web app, the game clients and the back office when the build is missing or older than their
// sources, then serves production mode (the casino and its game server).
import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const stamp = path.join(root, 'apps/web/dist/.build-stamp')
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/games/client',
  'apps/games/vite.config.ts',
  'apps/backoffice/src',
  'apps/backoffice/index.html',
  'apps/backoffice/vite.config.ts',
  'packages/shared/src',
  'packages/game-art/src',
  'packages/games-math/src',
].map((p) => path.join(root, p))

function newest(p) {
  const stat = fs.statSync(p)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))))
}

export function buildIsStale() {
  if (!fs.existsSync(stamp)) return true
  const built = fs.statSync(stamp).mtimeMs
  return sources.some((s) => fs.existsSync(s) && newest(s) > built)
}

export function ensureBuild() {
  if (!buildIsStale()) return
  console.log('Building the web app…')
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
  fs.writeFileSync(stamp, new Date().toISOString())
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuild()
  const env = { NODE_ENV: 'production', ...process.env }
  // Production refuses to start without the origin of its e-mailed links; the quick start on a
  // fresh machine takes this one.
  if (!env.PUBLIC_URL) {
    env.PUBLIC_URL = `http://localhost:${env.PORT || 3000}`
    console.log(`Links in e-mails point to ${env.PUBLIC_URL}: set PUBLIC_URL to the casino's public address.`)
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code) => process.exit(code ?? 0))
}
