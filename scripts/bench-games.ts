// `npm run bench:games`: real-money slot spins end to end, as players make them: the game client's
// HTTP call to the game server, which decides and stores the round, then bets and pays the win
// through the casino's seamless wallet (signed HTTP), which posts each to the ledger in PostgreSQL.
// The casino and the game server run as their own processes (as a casino and a provider do), each
// with its own database on the same PostgreSQL server; this process only plays the players.
//
// Each of BENCH_PLAYERS players (default 200) holds a real game session and its own keep-alive
// connection, and spins on a fixed schedule (open loop: a slow answer does not slow the offered
// rate down); the rates in BENCH_RATES (spins/s over all players, default 250,500,500,500,750) are run in
// turn for BENCH_SECONDS each (default 20), then a closed loop (every player spins again as soon as
// the last spin answers) shows the ceiling. Afterwards the books are checked: the ledger is sound
// and the game server's rounds match the wallet's transactions and the ledger's game postings.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server where the user may CREATE DATABASE; default
// postgres://postgres@127.0.0.1:5432/test), BENCH_PLAYERS, BENCH_RATES, BENCH_SECONDS,
// BENCH_CLOSED_LOOP (0 to skip the closed loop), BENCH_POOL (pool size of each server, default 10),
// BENCH_PROFILE (a directory: the two servers write V8 CPU profiles there), BENCH_NODE_FLAGS (more
// node flags for both servers, e.g. --perf-basic-prof-only-functions to read them with perf),
// BENCH_LIMITED (the share of players, 0 to 1, with a wager limit they never reach: their bets take
// the limits' guarded path).
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, type Database } from '../apps/api/src/db/client.ts'
import { migrate } from '../apps/api/src/db/migrate.ts'
import { seed } from '../apps/api/src/db/seed/index.ts'
import { systemClock } from '../packages/db/src/clock.ts'
import { loadConfig } from '../apps/api/src/config.ts'
import { checkLedger } from '../apps/api/src/modules/ledger/check.ts'
import { openWallet } from '../apps/api/src/modules/wallets/service.ts'
import { createServices } from '../apps/api/src/services.ts'
import { ensureBuild } from './start.mjs'

const root = path.resolve(import.meta.dirname, '..')
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200)
const RATES = (process.env.BENCH_RATES ?? '250,500,500,500,750').split(',').map(Number)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const CLOSED_LOOP = process.env.BENCH_CLOSED_LOOP !== '0'
const POOL = Number(process.env.BENCH_POOL ?? 10)
const LIMITED = Number(process.env.BENCH_LIMITED ?? 0)
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test'
/** 10,000.00 EUR each: 1.00 EUR spins never run a wallet dry in a run. */
const FUNDS = 1_000_000n
const BET_CENTS = 100
/** The slot played (a medium-volatility slot of the catalogue). */
const GAME = process.env.BENCH_GAME ?? 'goldfinch:sunstone-dynasty'

const f = (n: number, digits = 1) => n.toFixed(digits)
const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Player {
  session: string
  agent: http.Agent
  spin: () => Promise<void>
  close: () => void
}

/**
 * A player's spins on a connection of its own, written and read as bytes: the request is made
 * once, and an answer is read only as far as its status line and length. node:http cost this
 * process about 0.45 ms of CPU per spin, as much as a third of the casino's, on the two cores the
 * servers measured share; this costs about a third of that.
 */
function spinner(port: number, session: string): Pick<Player, 'spin' | 'close'> {
  const body = JSON.stringify({ bet_cents: BET_CENTS })
  const requestBytes = Buffer.from(
    `POST /api/slot/spin HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${session}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
  let socket: net.Socket | undefined
  let pending: { resolve: () => void; reject: (error: Error) => void } | undefined
  let buffered: Buffer = Buffer.alloc(0)
  const fail = (error: Error) => {
    socket?.destroy()
    socket = undefined
    buffered = Buffer.alloc(0)
    const waiting = pending
    pending = undefined
    waiting?.reject(error)
  }
  const onData = (chunk: Buffer) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk
    const headerEnd = buffered.indexOf('\r\n\r\n')
    if (headerEnd < 0) return
    const head = buffered.toString('latin1', 0, headerEnd)
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN)
    if (!Number.isFinite(length)) return fail(new Error(`an answer without a length: ${head}`))
    if (buffered.length < headerEnd + 4 + length) return
    const status = Number(head.slice(9, 12))
    const text = status === 200 ? '' : buffered.toString('utf8', headerEnd + 4, headerEnd + 4 + length)
    buffered = buffered.subarray(headerEnd + 4 + length)
    const waiting = pending
    pending = undefined
    if (status === 200) waiting?.resolve()
    else waiting?.reject(new Error(`HTTP ${status} ${text}`))
  }
  const spin = () =>
    new Promise<void>((resolve, reject) => {
      pending = { resolve, reject }
      if (!socket) {
        const own = (socket = net.connect(port, '127.0.0.1'))
        own.setNoDelay(true)
        own.on('data', onData)
        // Only this connection's end fails the spin under way (a later one has its own).
        own.on('error', (error) => own === socket && fail(error))
        own.on('close', () => own === socket && fail(new Error('connection closed')))
      }
      socket.write(requestBytes)
    })
  return { spin, close: () => socket?.destroy() }
}

/**
 * The machine's speed just before a run, while the servers are idle: milliseconds for a fixed loop
 * on one core (25-60 ms on a quiet core of this machine, twice that when a neighbour takes it).
 * Runs are comparable only at similar probes.
 */
function speedProbe(): number {
  const start = performance.now()
  let x = 0
  for (let i = 0; i < 2e7; i++) x += i % 7
  if (x < 0) console.log(x)
  return performance.now() - start
}

/**
 * What a round trip between two processes takes here: `SELECT 1` one at a time to PostgreSQL, the
 * median of 2,000 in microseconds. A spin makes about ten such crossings (player, game server,
 * PostgreSQL, casino and back; README "Performance").
 */
async function roundTripProbe(client: pg.Client): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 2000; i++) {
    const start = performance.now()
    await client.query('SELECT 1')
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return times[1000]! * 1000
}

interface Run {
  label: string
  /** speedProbe() before the run. */
  probe: number
  /** The share of the machine's CPU time stolen by the hypervisor during the run, in %. */
  steal: number
  /** CPU seconds spent per spin by each part (casino, game server, PostgreSQL, this process). */
  cpu: Record<string, number>
  offered: number | null
  spins: number
  errors: number
  seconds: number
  rate: number
  p50: number
  p90: number
  p99: number
  max: number
  /** The p99 of each whole second of the run: how many were above 30 ms, and the worst. */
  slowSeconds: number
  worstSecondP99: number
  firstError?: string
  /** Settled to applied by the `daily-totals` consumer, of the run's rounds (docs/events.md). */
  lag?: { events: number; p50: number; p99: number; max: number }
}

/**
 * How long the run's rounds took from their transaction to the `daily-totals` consumer's receipt
 * (the events are written by the spins' own transactions; the consumer runs in the casino).
 */
async function eventLag(casino: Database, from: Date, to: Date): Promise<Run['lag']> {
  // The consumer is given a moment to apply the run's last events.
  for (const started = Date.now(); Date.now() - started < 5_000; await sleep(50)) {
    const [left] = await casino.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM events e
       WHERE e.type = 'round.settled' AND e.created_at BETWEEN $1 AND $2
         AND NOT EXISTS (SELECT 1 FROM event_receipts r
                         WHERE r.consumer = 'daily-totals' AND e.id BETWEEN r.first_id AND r.last_id)`,
      [from, to],
    )
    if (left!.n === 0n) break
  }
  const [row] = await casino.query<{ n: bigint; p50: number; p99: number; max: string }>(
    `SELECT count(*)::int8 AS n,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY lag) AS p50,
       percentile_cont(0.99) WITHIN GROUP (ORDER BY lag) AS p99, max(lag) AS max
     FROM (SELECT extract(epoch FROM r.applied_at - e.created_at) * 1000 AS lag
           FROM events e
           JOIN event_receipts r ON r.consumer = 'daily-totals' AND e.id BETWEEN r.first_id AND r.last_id
           WHERE e.type = 'round.settled' AND e.created_at BETWEEN $1 AND $2) l`,
    [from, to],
  )
  // None applied (the consumers did not run): no lag to tell, and the target is not met.
  if (row!.n === 0n) return undefined
  return { events: Number(row!.n), p50: row!.p50, p99: row!.p99, max: Number(row!.max) }
}

/**
 * The machine's CPU time so far (Linux /proc/stat, in ticks): all of it, and the part the
 * hypervisor gave to other guests while this one wanted to run (steal). A run with much steal
 * is measured on a machine smaller than its two cores.
 */
async function machineTicks(): Promise<{ total: number; steal: number }> {
  try {
    const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n', 1)[0]!
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number)
    return { total: ticks.reduce((a, b) => a + b, 0), steal: ticks[7] ?? 0 }
  } catch {
    return { total: 0, steal: 0 }
  }
}

/** CPU seconds (user + system) used so far by a process (Linux /proc; 0 where it cannot be read). */
async function cpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** Every PostgreSQL process seen, with its part and its CPU seconds when last seen. */
const postgresSeen = new Map<number, { part: string; seconds: number }>()

/**
 * CPU seconds used so far by the PostgreSQL server processes: the backends serving each named
 * database (told apart by their process title), and all the others (WAL writer, checkpointer,
 * autovacuum, other databases) as `other`. A backend that has ended (a pool closes a connection
 * idle for 10 s) counts with its CPU when last seen: play() looks every 2 s.
 */
async function postgresCpuSeconds(databases: Record<string, string>): Promise<Record<string, number>> {
  for (const entry of await fs.readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    let seen = postgresSeen.get(pid)
    if (!seen) {
      const comm = await fs.readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '')
      if (comm.trim() !== 'postgres') continue
      const title = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')
      const part = Object.keys(databases).find((k) => title.includes(` ${databases[k]} `)) ?? 'other'
      postgresSeen.set(pid, (seen = { part, seconds: 0 }))
    }
    seen.seconds = Math.max(seen.seconds, await cpuSeconds(pid))
  }
  const totals: Record<string, number> = Object.fromEntries(
    [...Object.keys(databases), 'other'].map((k) => [k, 0]),
  )
  for (const { part, seconds } of postgresSeen.values()) totals[part]! += seconds
  return totals
}

type CpuProbe = () => Promise<Record<string, number>>

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** One JSON request on the player's own keep-alive connection. */
function request(
  port: number,
  agent: http.Agent,
  method: string,
  pathname: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent,
        headers: {
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString()
          let json: unknown = text
          try {
            json = JSON.parse(text)
          } catch {
            // not JSON: kept as text for the error message
          }
          resolve({ status: res.statusCode ?? 0, json })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

async function waitForHealth(port: number, child: ChildProcess, name: string) {
  const agent = new http.Agent()
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`)
    try {
      const { status } = await request(port, agent, 'GET', '/healthz', undefined)
      if (status === 200) return
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error(`${name} did not answer within 120 s`)
    await sleep(200)
  }
}

function startProcess(name: string, script: string, env: Record<string, string>): ChildProcess {
  const profile = process.env.BENCH_PROFILE
    ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : []
  const child = spawn(
    process.execPath,
    [
      ...profile,
      ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      script,
    ],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`${name} exited (${code ?? signal})`)
  })
  return child
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, sleep(15_000)])
  if (child.exitCode === null) {
    console.error(`process ${child.pid} did not stop within 15 s: killed`)
    child.kill('SIGKILL')
    await exited
  }
}

/** Players with a funded EUR wallet each and a launch token for the game (as the lobby would make). */
async function createPlayers(db: Database, dataDir: string, gameIdentifier: string): Promise<string[]> {
  // The casino's own services (the servers' wiring: the launch asks the players' limits).
  const { ledger, gameWallet: wallet } = await createServices({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    db,
    clock: systemClock,
    log: { error: () => undefined, warn: () => undefined, info: () => undefined },
  })
  await db.transaction(async (tx) => {
    await ledger.accountId(tx, { house: 'house_payments', currency: 'EUR' })
    await ledger.accountId(tx, { house: 'house_games', currency: 'EUR' })
  })
  const [game] = await db.query<{ id: bigint }>('SELECT id FROM games WHERE identifier = $1', [
    gameIdentifier,
  ])
  if (!game) throw new Error(`no game ${gameIdentifier} in the catalogue`)
  const rows = await db.query<{ id: bigint }>(
    `INSERT INTO users (email, email_normalized, password_hash, currency, language, confirmed_at)
     SELECT 'bench' || n || '@bench.invalid', 'bench' || n || '@bench.invalid', 'x', 'EUR', 'en', now()
     FROM generate_series(1, $1::int) AS n RETURNING id`,
    [PLAYERS],
  )
  const tokens: string[] = []
  for (const { id: user } of rows) {
    await db.transaction((tx) => openWallet(tx, ledger, user, 'EUR', true))
    await ledger.post({
      key: `bench-deposit-${user}`,
      kind: 'deposit',
      userId: user,
      postings: [
        { account: { house: 'house_payments', currency: 'EUR' }, amount: -FUNDS },
        { account: { user, kind: 'player_real', currency: 'EUR' }, amount: FUNDS },
      ],
    })
    tokens.push(await wallet.createLaunch(user, game.id, 'EUR'))
  }
  // A daily wager limit far above what a run can stake (docs/responsible-gambling.md).
  const limited = rows.slice(0, Math.round(rows.length * LIMITED))
  for (const { id: user } of limited)
    await db.query(
      `INSERT INTO user_limits (user_id, type, period, amounts, anchor) VALUES ($1, 'wager', 'day', $2, now())`,
      [user.toString(), JSON.stringify({ EUR: 1e12 })],
    )
  return tokens
}

/**
 * Every player spins on its own schedule, `period` ms apart (first spin at a random phase), for
 * `seconds`; with no period, each spins again as soon as its last spin answered.
 */
async function play(
  label: string,
  players: Player[],
  seconds: number,
  ratePerSecond: number | null,
  cpu: CpuProbe,
): Promise<Run> {
  const probe = speedProbe()
  const cpuBefore = await cpu()
  const ticksBefore = await machineTicks()
  // Keeps the CPU of processes that end during the run (see postgresCpuSeconds).
  const sampler = setInterval(() => void cpu(), 2000)
  const latencies: number[] = []
  const bySecond: number[][] = []
  let errors = 0
  let firstError: string | undefined
  const start = performance.now()
  const end = start + seconds * 1000
  const period = ratePerSecond ? (players.length * 1000) / ratePerSecond : 0
  await Promise.all(
    players.map(async (player) => {
      let next = start + Math.random() * period
      for (;;) {
        if (period) {
          if (next >= end) return
          const wait = next - performance.now()
          if (wait > 0) await sleep(wait)
          next += period
        }
        const t = performance.now()
        if (t >= end) return
        try {
          await player.spin()
          const latency = performance.now() - t
          latencies.push(latency)
          ;(bySecond[Math.floor((t - start) / 1000)] ??= []).push(latency)
        } catch (error) {
          errors++
          firstError ??= (error as Error).message
        }
      }
    }),
  )
  const elapsed = (performance.now() - start) / 1000
  clearInterval(sampler)
  const cpuAfter = await cpu()
  const ticksAfter = await machineTicks()
  const ticks = ticksAfter.total - ticksBefore.total
  const sorted = Float64Array.from(latencies).sort()
  const secondP99s = bySecond
    .filter((second) => second.length)
    .map((second) => percentile(Float64Array.from(second).sort(), 99))
  return {
    label,
    probe,
    steal: ticks > 0 ? (100 * (ticksAfter.steal - ticksBefore.steal)) / ticks : NaN,
    cpu: Object.fromEntries(
      Object.entries(cpuAfter).map(([part, seconds]) => [
        part,
        (seconds - cpuBefore[part]!) / (sorted.length || 1),
      ]),
    ),
    offered: ratePerSecond,
    spins: sorted.length,
    errors,
    seconds: elapsed,
    rate: sorted.length / elapsed,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
    slowSeconds: secondP99s.filter((p) => p > 30).length,
    worstSecondP99: Math.max(...secondP99s),
    firstError,
  }
}

/** The books after the runs: the ledger sound, and the game server, the wallet and the ledger agree. */
async function reconcile(casino: Database, provider: Database): Promise<string[]> {
  const problems: string[] = []
  const report = await casino.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ')
    return checkLedger(tx)
  })
  problems.push(...report.problems)
  const [rounds] = await provider.query<{ rounds: bigint; bets: bigint; wins: bigint; unsettled: bigint }>(
    `SELECT count(*) AS rounds, coalesce(sum(bet_cents), 0) AS bets,
       coalesce(sum(win_cents) FILTER (WHERE status = 'settled'), 0) AS wins,
       count(*) FILTER (WHERE status <> 'settled') AS unsettled
     FROM gs_rounds WHERE mode = 'real' AND status <> 'refused' AND status <> 'rolled_back'`,
  )
  const [wallet] = await casino.query<{ bets: bigint; wins: bigint }>(
    `SELECT coalesce(sum(amount_cents) FILTER (WHERE kind = 'bet' AND status = 'ok'), 0) AS bets,
       coalesce(sum(amount_cents) FILTER (WHERE kind = 'win' AND status = 'ok'), 0) AS wins
     FROM game_transactions`,
  )
  const [ledger] = await casino.query<{ bets: bigint; wins: bigint }>(
    `SELECT coalesce(sum(-e.amount) FILTER (WHERE t.kind = 'bet'), 0) AS bets,
       coalesce(sum(e.amount) FILTER (WHERE t.kind = 'win'), 0) AS wins
     FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
     JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = 'player_real'`,
  )
  // The daily-totals consumer (events) counted every round once: its sums are the ledger's.
  const [totals] = await casino.query<{ bets: bigint; wins: bigint }>(
    `SELECT coalesce(sum(bets), 0)::int8 AS bets, coalesce(sum(wins), 0)::int8 AS wins FROM daily_totals`,
  )
  if (String(totals!.bets) !== String(ledger!.bets) || String(totals!.wins) !== String(ledger!.wins))
    problems.push(
      `events: daily totals ${totals!.bets} / ${totals!.wins}, ledger ${ledger!.bets} / ${ledger!.wins}`,
    )
  if (rounds!.unsettled > 0n) problems.push(`${rounds!.unsettled} rounds not settled`)
  if (rounds!.bets !== wallet!.bets || wallet!.bets !== ledger!.bets)
    problems.push(`bets differ: rounds ${rounds!.bets}, wallet ${wallet!.bets}, ledger ${ledger!.bets}`)
  if (rounds!.wins !== wallet!.wins || wallet!.wins !== ledger!.wins)
    problems.push(`wins differ: rounds ${rounds!.wins}, wallet ${wallet!.wins}, ledger ${ledger!.wins}`)
  console.log(
    `books: ${rounds!.rounds} rounds, bets ${f(Number(rounds!.bets) / 100, 2)} EUR, wins ${f(Number(rounds!.wins) / 100, 2)} EUR ` +
      `(RTP in this sample ${f((100 * Number(rounds!.wins)) / Number(rounds!.bets || 1n), 1)} %); ledger: ` +
      `${report.accounts} accounts, ${report.transactions} transactions, ${report.entries} entries`,
  )
  return problems
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_URL
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await admin.connect()
  } catch (error) {
    console.error(`PostgreSQL does not answer at ${url}: ${(error as Error).message}`)
    console.error('Set BENCH_DATABASE_URL to a server where the user may CREATE DATABASE.')
    process.exit(1)
  }
  const [{ version, sync }] = (
    await admin.query<{ version: string; sync: string }>(
      `SELECT current_setting('server_version') AS version, current_setting('synchronous_commit') AS sync`,
    )
  ).rows as [{ version: string; sync: string }]
  const suffix = crypto.randomBytes(4).toString('hex')
  const names = { casino: `aurum_bench_casino_${suffix}`, provider: `aurum_bench_games_${suffix}` }
  const urlOf = (name: string) => {
    const u = new URL(url)
    u.pathname = `/${name}`
    return u.toString()
  }
  await admin.query(`CREATE DATABASE ${names.casino}`)
  await admin.query(`CREATE DATABASE ${names.provider}`)
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-bench-games-'))
  const children: ChildProcess[] = []
  let casino: Database | undefined
  let provider: Database | undefined
  try {
    ensureBuild()
    const setup = performance.now()
    casino = await openDatabase({ databaseUrl: urlOf(names.casino) })
    await migrate(casino)
    await seed(casino)
    const tokens = await createPlayers(casino, dataDir, GAME)

    const walletSecret = crypto.randomBytes(32).toString('hex')
    const [casinoPort, gamesPort] = [await freePort(), await freePort()]
    const api = startProcess('casino', 'apps/api/src/server.ts', {
      DATABASE_URL: urlOf(names.casino),
      DATABASE_POOL_SIZE: String(POOL),
      PORT: String(casinoPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${casinoPort}`,
      GAMES_PORT: '0',
      GAMES_URL: `http://127.0.0.1:${gamesPort}`,
      DATA_DIR: dataDir,
      WALLET_SECRET: walletSecret,
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    })
    children.push(api)
    const games = startProcess('game server', 'apps/games/src/main.ts', {
      GAMES_PORT: String(gamesPort),
      HOST: '127.0.0.1',
      GAMES_DATABASE_URL: urlOf(names.provider),
      GAMES_DATABASE_POOL_SIZE: String(POOL),
      CASINO_URL: `http://127.0.0.1:${casinoPort}`,
      WALLET_SECRET: walletSecret,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    })
    children.push(games)
    await Promise.all([
      waitForHealth(casinoPort, api, 'casino'),
      waitForHealth(gamesPort, games, 'game server'),
    ])

    // Each player opens the game: the launch token becomes a game session (authenticate).
    const players: Player[] = []
    for (const token of tokens) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      const { status, json } = await request(gamesPort, agent, 'POST', '/api/session', { token })
      if (status !== 200) throw new Error(`session: HTTP ${status} ${JSON.stringify(json)}`)
      const session = (json as { session: string }).session
      players.push({ session, agent, ...spinner(gamesPort, session) })
    }
    provider = await openDatabase({ databaseUrl: urlOf(names.provider) })
    const trip = await roundTripProbe(admin)
    console.log(
      `== ${players.length} players${LIMITED ? ` (${Math.round(LIMITED * 100)} % with a wager limit)` : ''} in ${GAME} (1.00 EUR spins), PostgreSQL ${version.split(' ')[0]} ` +
        `(synchronous_commit ${sync}), pools of ${POOL}, ${os.cpus().length} cores, load average ` +
        `${os.loadavg()[0]!.toFixed(1)}; setup ${f((performance.now() - setup) / 1000)} s; a round trip to ` +
        `PostgreSQL (SELECT 1, one at a time, median) ${f(trip, 0)} µs ==`,
    )

    const cpu: CpuProbe = async () => ({
      casino: await cpuSeconds(api.pid!),
      games: await cpuSeconds(games.pid!),
      ...Object.fromEntries(
        Object.entries(await postgresCpuSeconds(names)).map(([part, seconds]) => [
          `postgres ${part}`,
          seconds,
        ]),
      ),
      players: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    })
    // Warm-up: compiled code, prepared statements and caches on every connection.
    await play('warm-up', players, 10, 300, cpu)
    const runs: Run[] = []
    const measured = async (label: string, rate: number | null) => {
      const from = new Date()
      const run = await play(label, players, SECONDS, rate, cpu)
      run.lag = await eventLag(casino!, from, new Date())
      runs.push(run)
    }
    for (const rate of RATES) await measured(`${rate} spins/s offered`, rate)
    if (CLOSED_LOOP) await measured('closed loop', null)

    console.log(
      '\n| load | spins/s | p50 | p90 | p99 | max | seconds with p99 > 30 ms (worst) | errors | ' +
        'CPU ms per spin: casino / game server / PostgreSQL (casino / game server / other) / players | ' +
        'event lag p50 / p99 / max (events) | speed probe | stolen |',
    )
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|')
    for (const r of runs) {
      const c = r.cpu
      console.log(
        `| ${r.label} | ${f(r.rate, 0)} | ${f(r.p50, 1)} ms | ${f(r.p90, 1)} ms | ${f(r.p99, 1)} ms | ${f(r.max, 0)} ms | ` +
          `${r.slowSeconds} of ${Math.round(r.seconds)} (${f(r.worstSecondP99, 0)} ms) | ${r.errors} | ` +
          [c.casino, c.games, c['postgres casino'], c['postgres provider'], c['postgres other'], c.players]
            .map((seconds) => f(seconds! * 1000, 2))
            .join(' / ') +
          ` | ${r.lag ? `${f(r.lag.p50, 0)} / ${f(r.lag.p99, 0)} / ${f(r.lag.max, 0)} ms (${r.lag.events})` : '–'}` +
          ` | ${f(r.probe, 0)} ms | ${f(r.steal, 0)} % |`,
      )
      if (r.firstError) console.log(`  first error: ${r.firstError}`)
    }
    // Settles anything the last requests left in flight before the books are read.
    await sleep(500)
    const problems = await reconcile(casino, provider)
    // The target, judged on the median of the runs at 500 spins/s (a shared machine is noisy).
    const atTarget = runs.filter((r) => r.offered === 500)
    if (atTarget.length) {
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!
      const rate = median(atTarget.map((r) => r.rate))
      const p99 = median(atTarget.map((r) => r.p99))
      const lag = median(atTarget.map((r) => r.lag?.p99 ?? Infinity))
      const met = rate >= 500 * 0.98 && p99 < 30 && lag < 1000 && atTarget.every((r) => r.errors === 0)
      console.log(
        `target (200 players, ≥ 500 spins/s, p99 < 30 ms, event lag p99 < 1 s): ${met ? 'met' : 'NOT met'} ` +
          `(median of ${atTarget.length} ${atTarget.length === 1 ? 'run' : 'runs'}: ${f(rate, 0)} spins/s, p99 ${f(p99, 1)} ms, ` +
          `event lag p99 ${f(lag, 0)} ms)`,
      )
    }
    if (problems.length) {
      for (const problem of problems) console.log(`  ✗ ${problem}`)
      process.exitCode = 1
    } else {
      console.log(
        "  ✓ books agree: ledger sound; rounds, wallet transactions, ledger postings and the events' daily totals match",
      )
    }
    for (const p of players) {
      p.agent.destroy()
      p.close()
    }
  } finally {
    await Promise.all(children.map(stopProcess))
    await casino?.close()
    await provider?.close()
    for (const name of Object.values(names)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

await main()
