// `npm test`: typecheck, lint, unit and api tests on PGlite, the api suite again on PostgreSQL
// when TEST_DATABASE_URL is set, then the browser tests against a production build. The Redis
// cases (sessions kept in Redis) join the api suites when TEST_REDIS_URL is set or a Redis
// answers on 127.0.0.1:6379.
//
// `--suites-only`: the unit and api suites alone (PGlite, then PostgreSQL as above), without the type
// check, lint and browser tests: what .ci/run runs a second time under another Node line.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-test-'))
let passed = 0
let failed = 0
const failures = []

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`◀ ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`)
  if (result.status !== 0) failures.push(name)
  return result.status === 0
}

function vitest(name, projects, env = {}) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`)
  const args = [
    // With the Node running this script (npx would take the first `node` on the PATH).
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    // Two test files at a time (vitest's default is one less than the cores: one, here). Each
    // file has a database of its own; on PostgreSQL much of a file's time is the server's work.
    `--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]
  const ok = run(name, process.execPath, args, env)
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'))
    passed += report.numPassedTests
    failed += report.numFailedTests
  } else if (!ok) {
    failed += 1
  }
}

/** True when a Redis server answers PING at host:port within a second. */
function redisAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (answer) => {
      socket.destroy()
      resolve(answer)
    }
    socket.setTimeout(1_000, () => done(false))
    socket.on('error', () => done(false))
    socket.on('close', () => done(false))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')))
  })
}

const redisUrl =
  process.env.TEST_REDIS_URL || ((await redisAnswers('127.0.0.1', 6379)) ? 'redis://127.0.0.1:6379' : '')

/**
 * Steps side by side, each on a core of its own (the type check and the linter are single-threaded):
 * their output is printed as each ends, so it does not interleave.
 */
async function runTogether(steps) {
  await Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now()
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
          let output = ''
          child.stdout.on('data', (chunk) => (output += chunk))
          child.stderr.on('data', (chunk) => (output += chunk))
          child.on('close', (code) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1)
            console.log(`\n▶ ${name}\n${output.trimEnd()}`)
            console.log(`◀ ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s`)
            if (code !== 0) failures.push(name)
            resolve()
          })
        }),
    ),
  )
}

const suitesOnly = process.argv.includes('--suites-only')
console.log(`Node ${process.version}`)
if (!suitesOnly) {
  await runTogether([
    ['typecheck', 'npx', ['tsc', '-p', '.']],
    ['lint', 'npm', ['run', 'lint', '--silent']],
  ])
}
const pgliteEnv = { TEST_DATABASE_URL: '' }
const redisEnv = { TEST_REDIS_URL: redisUrl }
vitest('unit and api tests (PGlite)', ['unit', 'api'], { ...pgliteEnv, ...redisEnv })
if (process.env.TEST_DATABASE_URL) {
  vitest('api tests (PostgreSQL)', ['api'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL, ...redisEnv })
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the api suite ran on PGlite only)')
}
console.log(
  redisUrl
    ? `\n(the api suites tested the Redis session store at ${redisUrl} too)`
    : '\n(no Redis answered and TEST_REDIS_URL is not set: sessions were tested in the database only)',
)
if (!suitesOnly) vitest('browser tests (Chromium)', ['e2e'], pgliteEnv)

fs.rmSync(reports, { recursive: true, force: true })
console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed'}`)
console.log(`tests: ${passed} passed, ${failed} failed`)
process.exit(failures.length || failed ? 1 : 0)
