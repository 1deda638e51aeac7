// `npm run bench:realtime`: the realtime hub (apps/api/src/realtime) holding BENCH_CONNECTIONS
// websockets (default 10,000) subscribed to `public:wins`, and how fast one publication reaches
// all of them.
//
// Three kinds of process, all this script: the hub is the real casino api (buildApp on an embedded
// PGlite database in a temp DATA_DIR, production settings, no SSR), in its own process; the clients
// run in BENCH_CLIENT_PROCESSES others (default 2), so their CPU is not billed to the hub; this
// process only coordinates them over IPC. Each client is a raw `ws` websocket speaking the
// Centrifuge JSON protocol as the official client does (connect with a guest's token from
// `GET /api/player/settings`, subscribe, answer the server's pings) and stays open for the whole
// run. The connections are opened at BENCH_RAMP_RATE per second (default 1,000), with at most
// MAX_OPENING per client process waiting for their answers, so the listen backlog is never overrun.
//
// Once all are subscribed, the hub publishes BENCH_MESSAGES messages (default 30, after a few
// unmeasured warm-up ones) every BENCH_INTERVAL_MS (default 500) through `app.realtime.publish`,
// each carrying the time it was published (`performance.timeOrigin + performance.now()`,
// comparable across processes on one machine); every client notes when each arrived. Measured: the
// latency of every delivery (p50, p99, max), the time until the last subscriber got a message
// (median over messages), the hub's RSS and V8 heap per connection (after a GC, before the clients
// connect and once all are subscribed) and its CPU while publishing.
//
// The target (issue 6): 10,000 connections held, fan-out p99 under 250 ms. The run fails (exit 1)
// when a connection could not be opened or was lost, or a delivery is missing.
//
// Environment: BENCH_CONNECTIONS, BENCH_RAMP_RATE, BENCH_MESSAGES, BENCH_INTERVAL_MS,
// BENCH_CLIENT_PROCESSES, BENCH_PROFILE (a directory: the hub writes a V8 CPU profile there).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'

const root = path.resolve(import.meta.dirname, '..')
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10_000)
const RAMP_RATE = Number(process.env.BENCH_RAMP_RATE ?? 1_000)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 30)
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 500)
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2)
/** Publications before the measured ones (compiled code, buffers): not counted. */
const WARMUP_MESSAGES = 3
/** Connections of one client process waiting for their handshake or replies at a time. */
const MAX_OPENING = 200
/** The target of issue 6. */
const TARGET_CONNECTIONS = 10_000
const TARGET_P99_MS = 250
const CHANNEL = 'public:wins'
/** A notable win as the casino publishes it (WinNotice): the benchmark's messages are as large. */
const SAMPLE_WIN = {
  at: 1_767_225_600,
  bet_amount_cents: 200,
  win_amount_cents: 125_000,
  currency: 'EUR',
  game_identifier: 'goldfinch:sunstone-dynasty',
  game_table_image_path: '/game-art/goldfinch/sunstone-dynasty.svg',
  game_table_url: '/play/goldfinch/sunstone-dynasty',
  game_title: 'Sunstone Dynasty',
  humanized_win: '€1,250.00',
  nickname: 'ja***',
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
const clock = () => performance.timeOrigin + performance.now()
const f = (n: number, digits = 1) => n.toFixed(digits)
const thousands = (n: number) => n.toLocaleString('en-US')
const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN
const median = (values: number[]) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]! : NaN
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// ---- Messages between the processes (IPC, advanced serialization: typed arrays pass as they are)

interface Memory {
  rss: number
  heapUsed: number
  external: number
  stats: { connections: number; subscriptions: number; channels: number }
}

/** This process to the hub. */
type HubCommand = { type: 'measure' } | { type: 'publish'; seq: number }
/** The hub to this process. */
type HubReport =
  | { type: 'listening'; port: number }
  | ({ type: 'measured' } & Memory)
  /** `loopMs`: how long `publish` held the hub's thread (the outbox's first batch of sends). */
  | { type: 'published'; seq: number; loopMs: number }

/** This process to a client process. */
type ClientCommand =
  | { type: 'open'; url: string; token: string; count: number; rate: number; messages: number }
  | { type: 'collect' }

interface ClientResults {
  /** Connections open and subscribed at the end. */
  held: number
  /** Connections that never got subscribed, and those lost after they were. */
  failed: number
  dropped: number
  firstError: string | null
  pings: number
  duplicates: number
  /** Per message (by seq), each connection's latency in ms; NaN where it never arrived. */
  latencies: Float64Array[]
}

/** A client process to this process. */
type ClientReport =
  | { type: 'progress'; ready: number; failed: number }
  | { type: 'opened'; ready: number; failed: number; firstError: string | null }
  | ({ type: 'results' } & ClientResults)

/** CPU seconds used so far by a process, user and system (Linux /proc; 0 where it cannot be read). */
async function cpuTimes(pid: number): Promise<{ user: number; system: number }> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 }
  } catch {
    return { user: 0, system: 0 }
  }
}

/** CPU seconds (user + system) used so far by a process. */
async function cpuSeconds(pid: number): Promise<number> {
  const { user, system } = await cpuTimes(pid)
  return user + system
}

// ---- The hub process: the casino api, as the server starts it, minus the game server and SSR

async function runHub() {
  const send = (report: HubReport) => process.send!(report)
  // Imported here: the client processes don't need the app.
  const { buildApp } = await import('../apps/api/src/app.ts')
  const { loadConfig } = await import('../apps/api/src/config.ts')
  const { openDatabase } = await import('../apps/api/src/db/client.ts')
  const { migrate } = await import('../apps/api/src/db/migrate.ts')
  const { seed } = await import('../apps/api/src/db/seed/index.ts')
  // Only what the benchmark sets: no DATABASE_URL or REDIS_URL from the caller's environment.
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    // Links and socket URLs are not what this measures; the clients use the port actually served.
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: process.env.BENCH_DATA_DIR,
    LOG_LEVEL: 'warn',
  })
  const db = await openDatabase({ dataDir: config.dataDir })
  await migrate(db)
  await seed(db)
  const app = await buildApp({ config, db, ssr: 'none' })
  await app.listen({ port: 0, host: config.HOST })

  const gc = (globalThis as { gc?: () => void }).gc
  process.on('message', (message: HubCommand) => {
    if (message.type === 'measure') {
      // Twice: the first pass may leave garbage that only the second frees (weak references).
      gc?.()
      gc?.()
      const { rss, heapUsed, external } = process.memoryUsage()
      send({ type: 'measured', rss, heapUsed, external, stats: app.realtime.stats() })
    } else {
      // The in-process broker hands the publication to the hub's outbox before `publish` resolves: this
      // times the first batch of sends (2,000; the rest go out in later ticks).
      const t = performance.now()
      app.realtime
        .publish(CHANNEL, { ...SAMPLE_WIN, seq: message.seq, sent: clock() })
        .then(() => send({ type: 'published', seq: message.seq, loopMs: performance.now() - t }))
        .catch((error: unknown) => {
          console.error('publish failed:', error)
          process.exit(1)
        })
    }
  })
  let closing = false
  process.on('SIGTERM', () => {
    if (closing) return
    closing = true
    // A clean exit, so that a CPU profile (BENCH_PROFILE) is written.
    app
      .close()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('hub shutdown failed:', error)
          process.exit(1)
        },
      )
  })
  send({ type: 'listening', port: (app.server.address() as AddressInfo).port })
}

// ---- A client process: `count` websockets, opened at `rate` per second

function runClients() {
  const send = (report: ClientReport) => process.send!(report)
  let ready = 0
  let failed = 0
  let dropped = 0
  let pings = 0
  let duplicates = 0
  let firstError: string | null = null
  let latencies: Float64Array[] = []

  /** One connection: connect, then subscribe; index `i` is its column in `latencies`. */
  function open(i: number, url: string, token: string, settled: () => void) {
    let state: 'connecting' | 'subscribing' | 'ready' | 'over' = 'connecting'
    const fail = (reason: string) => {
      firstError ??= reason
      if (state === 'ready') dropped++
      else if (state !== 'over') {
        failed++
        settled()
      }
      state = 'over'
      ws.terminate()
    }
    const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 30_000 })
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, connect: { token, name: 'bench' } })))
    ws.on('message', (data: Buffer) => {
      const received = clock()
      // One reply or push per frame, as the hub sends them; an empty object is the server's ping.
      const text = data.toString()
      if (text === '{}') {
        pings++
        ws.send('{}')
        return
      }
      const frame = JSON.parse(text) as {
        id?: number
        error?: { code: number; message: string }
        push?: { channel: string; pub?: { data: { seq: number; sent: number } } }
      }
      if (frame.push?.pub) {
        const { seq, sent } = frame.push.pub.data
        const row = latencies[seq]
        if (!row) return
        if (!Number.isNaN(row[i])) duplicates++
        row[i] = received - sent
      } else if (frame.error) {
        fail(`reply ${frame.id}: ${frame.error.code} ${frame.error.message}`)
      } else if (frame.id === 1 && state === 'connecting') {
        state = 'subscribing'
        ws.send(JSON.stringify({ id: 2, subscribe: { channel: CHANNEL } }))
      } else if (frame.id === 2 && state === 'subscribing') {
        state = 'ready'
        ready++
        settled()
      }
    })
    ws.on('unexpected-response', (_request, response) => fail(`HTTP ${response.statusCode} on upgrade`))
    ws.on('error', (error) => fail(error.message))
    ws.on('close', (code, reason) => {
      if (state !== 'over') fail(`closed: ${code} ${reason.toString()}`)
    })
  }

  process.on('message', (message: ClientCommand) => {
    if (message.type === 'open') {
      const { url, token, count, rate, messages } = message
      latencies = Array.from({ length: messages }, () => new Float64Array(count).fill(NaN))
      // Connection n is started at n / rate s, once fewer than MAX_OPENING are still opening.
      const start = performance.now()
      let started = 0
      let opening = 0
      const settled = () => {
        opening--
        if (ready + failed === count) {
          clearInterval(progress)
          send({ type: 'opened', ready, failed, firstError })
        }
      }
      const pump = () => {
        const due = Math.min(count, Math.floor(((performance.now() - start) * rate) / 1000) + 1)
        while (started < due && opening < MAX_OPENING) {
          opening++
          open(started++, url, token, settled)
        }
        if (started < count) setTimeout(pump, 5)
      }
      const progress = setInterval(() => send({ type: 'progress', ready, failed }), 1000)
      pump()
    } else {
      send({
        type: 'results',
        held: ready - dropped,
        failed,
        dropped,
        firstError,
        pings,
        duplicates,
        latencies,
      })
    }
  })
}

// ---- This process: starts the others, runs the phases, prints the table

/** A child process of this benchmark, with its reports awaited by type. */
class Child {
  private inbox: Array<HubReport | ClientReport> = []
  private waiters: Array<{
    type: string
    resolve: (report: HubReport | ClientReport) => void
    reject: (error: Error) => void
  }> = []
  private ended: Error | null = null
  readonly process: ChildProcess
  /** Progress reports go here rather than to the inbox. */
  onProgress: (report: ClientReport & { type: 'progress' }) => void = () => {}

  constructor(
    readonly name: string,
    role: 'hub' | 'clients',
    env: Record<string, string>,
    nodeOptions: string[] = [],
  ) {
    this.process = spawn(
      process.execPath,
      [...nodeOptions, '--import', 'tsx', path.join(root, 'scripts/bench-realtime.ts')],
      {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production', ...env, BENCH_REALTIME_ROLE: role },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        serialization: 'advanced',
      },
    )
    this.process.on('message', (report: HubReport | ClientReport) => {
      if (report.type === 'progress') return this.onProgress(report)
      const waiter = this.waiters.find((w) => w.type === report.type)
      if (!waiter) return this.inbox.push(report)
      this.waiters.splice(this.waiters.indexOf(waiter), 1)
      waiter.resolve(report)
    })
    this.process.on('exit', (code, signal) => this.end(new Error(`${name} exited (${code ?? signal})`)))
    // Failed to start, or a message sent after the channel closed.
    this.process.on('error', (error) => this.end(new Error(`${name}: ${error.message}`)))
  }

  private end(error: Error) {
    this.ended ??= error
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.ended)
  }

  /** Throws once the process is gone, so that the run stops there. */
  send(command: HubCommand | ClientCommand) {
    if (this.ended || !this.process.connected) throw this.ended ?? new Error(`${this.name} is gone`)
    this.process.send(command)
  }

  /** The next report of this type (one that came already, or the next to come). */
  next<T extends (HubReport | ClientReport)['type']>(
    type: T,
    timeoutMs: number,
  ): Promise<Extract<HubReport | ClientReport, { type: T }>> {
    type Report = Extract<HubReport | ClientReport, { type: T }>
    const index = this.inbox.findIndex((r) => r.type === type)
    if (index !== -1) return Promise.resolve(this.inbox.splice(index, 1)[0] as Report)
    if (this.ended) return Promise.reject(this.ended)
    return new Promise<Report>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1)
        reject(new Error(`${this.name}: no '${type}' within ${timeoutMs / 1000} s`))
      }, timeoutMs)
      const waiter = {
        type,
        resolve: (report: HubReport | ClientReport) => {
          clearTimeout(timer)
          resolve(report as Report)
        },
        reject: (error: Error) => {
          clearTimeout(timer)
          reject(error)
        },
      }
      this.waiters.push(waiter)
    })
  }

  /** SIGTERM, then SIGKILL if it hasn't exited within 15 s. */
  async stop() {
    const child = this.process
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    // Unref'd: a child that exits at once must not leave this process waiting out the timer.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())])
    if (child.exitCode === null && child.signalCode === null) {
      console.error(`${this.name} (${child.pid}) did not stop within 15 s: killed`)
      child.kill('SIGKILL')
      await exited
    }
  }
}

async function main() {
  if (!(CONNECTIONS > 0 && RAMP_RATE > 0 && MESSAGES > 0 && INTERVAL_MS > 0 && CLIENT_PROCESSES > 0))
    throw new Error(
      'BENCH_CONNECTIONS, BENCH_RAMP_RATE, BENCH_MESSAGES, BENCH_INTERVAL_MS and BENCH_CLIENT_PROCESSES must be positive',
    )
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-bench-realtime-'))
  const children: Child[] = []
  // Ctrl-C: the children and the temp dir go too (the `finally` below runs as main() unwinds).
  let interrupted = false
  const interrupt = () => {
    interrupted = true
    for (const child of children) child.process.kill('SIGTERM')
  }
  process.once('SIGINT', interrupt)
  process.once('SIGTERM', interrupt)
  try {
    const setup = performance.now()
    const profile = process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
      : []
    const hub = new Child('hub', 'hub', { BENCH_DATA_DIR: dataDir }, ['--expose-gc', ...profile])
    children.push(hub)
    const { port } = await hub.next('listening', 180_000)
    const hubPid = hub.process.pid!

    // A guest's credentials, as the page gets them: one token serves every connection.
    const response = await fetch(`http://127.0.0.1:${port}/api/player/settings`)
    if (!response.ok) throw new Error(`GET /api/player/settings: HTTP ${response.status}`)
    const { cent } = (await response.json()) as { cent: { token: string; url: string } }
    // The hub listens on a port chosen at start, which the configured public origin cannot name.
    const socketUrl = `ws://127.0.0.1:${port}${new URL(cent.url).pathname}`

    const shares = Array.from(
      { length: CLIENT_PROCESSES },
      (_, k) =>
        Math.floor((CONNECTIONS * (k + 1)) / CLIENT_PROCESSES) -
        Math.floor((CONNECTIONS * k) / CLIENT_PROCESSES),
    ).filter((n) => n > 0)
    const clients = shares.map((_, k) => new Child(`clients ${k + 1}`, 'clients', {}))
    children.push(...clients)
    const progress = clients.map(() => ({ ready: 0, failed: 0 }))
    clients.forEach((c, k) => (c.onProgress = (r) => (progress[k] = r)))
    console.log(
      `== ${thousands(CONNECTIONS)} websockets to ${socketUrl} from ${clients.length} client ` +
        `${clients.length === 1 ? 'process' : 'processes'}, opened at ${thousands(RAMP_RATE)}/s; ` +
        `${MESSAGES} publications to ${CHANNEL} every ${INTERVAL_MS} ms; ${os.cpus().length} cores, ` +
        `load average ${f(os.loadavg()[0]!)}; setup ${f((performance.now() - setup) / 1000)} s ==`,
    )
    // The hub's baseline: started, one HTTP request served, no websocket yet (the client
    // processes are given a moment to load first, so that they are idle meanwhile).
    await sleep(2_000)
    hub.send({ type: 'measure' })
    const before = await hub.next('measured', 30_000)

    // 1. The ramp: every connection opened, connected and subscribed.
    const rampCpu = await cpuSeconds(hubPid)
    const rampStart = performance.now()
    clients.forEach((client, k) =>
      client.send({
        type: 'open',
        url: socketUrl,
        token: cent.token,
        count: shares[k]!,
        rate: (RAMP_RATE * shares[k]!) / CONNECTIONS,
        messages: WARMUP_MESSAGES + MESSAGES,
      }),
    )
    const rampProgress = setInterval(() => {
      const ready = progress.reduce((sum, p) => sum + p.ready, 0)
      const failed = progress.reduce((sum, p) => sum + p.failed, 0)
      console.log(`  ramp: ${thousands(ready)} subscribed, ${failed} failed`)
    }, 2_000)
    const opened = await Promise.all(
      clients.map((client) => client.next('opened', (CONNECTIONS / RAMP_RATE) * 1000 + 120_000)),
    ).finally(() => clearInterval(rampProgress))
    const rampSeconds = (performance.now() - rampStart) / 1000
    const rampCpuMs = ((await cpuSeconds(hubPid)) - rampCpu) * 1000
    const subscribed = opened.reduce((sum, o) => sum + o.ready, 0)
    for (const o of opened) if (o.firstError) console.log(`  a connection failed: ${o.firstError}`)

    // The hub with every connection subscribed, once their setup's garbage is collected.
    await sleep(1_000)
    hub.send({ type: 'measure' })
    const after = await hub.next('measured', 30_000)

    // 2. The fan-out: one publication every INTERVAL_MS on a fixed schedule, the first few unmeasured.
    const total = WARMUP_MESSAGES + MESSAGES
    const clientsCpu = async () => {
      let sum = 0
      for (const client of clients) sum += await cpuSeconds(client.process.pid!)
      return sum
    }
    let hubCpuStart = { user: 0, system: 0 }
    let clientsCpuStart = 0
    const scheduleStart = performance.now()
    for (let seq = 0; seq < total; seq++) {
      if (seq === WARMUP_MESSAGES) {
        hubCpuStart = await cpuTimes(hubPid)
        clientsCpuStart = await clientsCpu()
      }
      const wait = scheduleStart + seq * INTERVAL_MS - performance.now()
      if (wait > 0) await sleep(wait)
      hub.send({ type: 'publish', seq })
    }
    await sleep(INTERVAL_MS)
    const hubCpuEnd = await cpuTimes(hubPid)
    const hubCpuMs = (hubCpuEnd.user + hubCpuEnd.system - hubCpuStart.user - hubCpuStart.system) * 1000
    /** The share of it spent in the kernel (on loopback, a socket write also runs the receiving side's TCP). */
    const hubSystemMs = (hubCpuEnd.system - hubCpuStart.system) * 1000
    const clientsCpuMs = ((await clientsCpu()) - clientsCpuStart) * 1000
    const fanOutSeconds = (MESSAGES * INTERVAL_MS) / 1000
    const loops: number[] = []
    for (let i = 0; i < total; i++) {
      const { seq, loopMs } = await hub.next('published', 30_000)
      if (seq >= WARMUP_MESSAGES) loops.push(loopMs)
    }
    // Late deliveries still count (and show in the max); then every client hands its figures in.
    await sleep(2_000)
    for (const client of clients) client.send({ type: 'collect' })
    const results = await Promise.all(clients.map((client) => client.next('results', 60_000)))
    hub.send({ type: 'measure' })
    const end = await hub.next('measured', 30_000)

    // 3. The figures.
    const held = results.reduce((sum, r) => sum + r.held, 0)
    const failed = results.reduce((sum, r) => sum + r.failed, 0)
    const dropped = results.reduce((sum, r) => sum + r.dropped, 0)
    const duplicates = results.reduce((sum, r) => sum + r.duplicates, 0)
    const pings = results.reduce((sum, r) => sum + r.pings, 0)
    let all = new Float64Array(held * MESSAGES)
    let received = 0
    /** Per measured message: when its last subscriber got it. */
    const lastArrivals: number[] = []
    for (let seq = WARMUP_MESSAGES; seq < total; seq++) {
      let last = NaN
      for (const r of results) {
        for (const latency of r.latencies[seq]!) {
          if (Number.isNaN(latency)) continue
          if (received === all.length) {
            const grown = new Float64Array(all.length * 2 + 1)
            grown.set(all)
            all = grown
          }
          all[received++] = latency
          if (!(latency <= last)) last = latency
        }
      }
      lastArrivals.push(last)
    }
    const sorted = all.subarray(0, received).sort()
    const expected = held * MESSAGES
    const lost = Math.max(0, expected - received)
    const p50 = percentile(sorted, 50)
    const p99 = percentile(sorted, 99)
    const max = sorted.length ? sorted[sorted.length - 1]! : NaN
    const toLast = median(lastArrivals)
    const perConnection = (bytes: number) => bytes / Math.max(1, after.stats.connections)
    const kb = (bytes: number) => `${f(bytes / 1024, 1)} KB`
    const mb = (bytes: number) => `${f(bytes / 1024 / 1024, 0)} MB`

    console.log(
      '\n| connections held | ramp | p50 | p99 | max | time to the last subscriber (median) | ' +
        'hub RSS per connection | hub heap per connection | hub CPU while publishing |',
    )
    console.log('|---|---|---|---|---|---|---|---|---|')
    console.log(
      `| ${thousands(held)} of ${thousands(CONNECTIONS)} | ${f(rampSeconds)} s | ${f(p50)} ms | ${f(p99)} ms | ` +
        `${f(max)} ms | ${f(toLast)} ms | ${kb(perConnection(after.rss - before.rss))} | ` +
        `${kb(perConnection(after.heapUsed - before.heapUsed))} | ${thousands(Math.round(hubCpuMs))} ms ` +
        `(${f(hubCpuMs / MESSAGES)} ms per publication) |`,
    )
    console.log(
      `deliveries: ${thousands(received)} of ${thousands(expected)} (${MESSAGES} publications × ` +
        `${thousands(held)} subscribers; lost ${thousands(lost)}, duplicates ${duplicates}); time to the ` +
        `last subscriber: ${f(Math.min(...lastArrivals))} to ${f(Math.max(...lastArrivals))} ms; pings answered ${thousands(pings)}`,
    )
    console.log(
      `hub: ${after.stats.connections} connections, ${after.stats.subscriptions} subscriptions once ` +
        `subscribed (${end.stats.connections} at the end); RSS ${mb(before.rss)} → ${mb(after.rss)}, ` +
        `V8 heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}, external ${mb(before.external)} → ` +
        `${mb(after.external)}; ramp CPU ${thousands(Math.round(rampCpuMs))} ms ` +
        `(${f(rampCpuMs / Math.max(1, subscribed), 2)} ms per connection)`,
    )
    console.log(
      `while publishing (${fanOutSeconds} s): hub CPU ${f(hubCpuMs / fanOutSeconds / 10, 0)} % of a core ` +
        `(${f((100 * hubSystemMs) / Math.max(1, hubCpuMs), 0)} % of it in the kernel), ` +
        `client processes ${f(clientsCpuMs / fanOutSeconds / 10, 0)} %; the hub's thread was held ` +
        `(first batch of sends) for ${f(median(loops))} ms per publication (median), ${f(Math.max(...loops))} ms at most`,
    )

    const problems: string[] = []
    if (failed) problems.push(`${thousands(failed)} connections could not be opened or subscribed`)
    if (dropped) problems.push(`${thousands(dropped)} connections were lost after they subscribed`)
    if (lost) problems.push(`${thousands(lost)} deliveries missing`)
    for (const r of results) if (r.firstError) problems.push(`first error: ${r.firstError}`)
    const met = !problems.length && held >= TARGET_CONNECTIONS && p99 < TARGET_P99_MS
    console.log(
      `target (10,000 connections, fan-out p99 < ${TARGET_P99_MS} ms): ${met ? 'met' : 'NOT met'} ` +
        `(${thousands(held)} held, p99 ${f(p99)} ms)`,
    )
    if (problems.length) {
      for (const problem of problems) console.log(`  ✗ ${problem}`)
      process.exitCode = 1
    }
  } catch (error) {
    // Interrupted: the children's exit is what stopped the run, not worth a stack trace.
    if (!interrupted) throw error
    console.error('interrupted')
  } finally {
    process.removeListener('SIGINT', interrupt)
    process.removeListener('SIGTERM', interrupt)
    // The clients first: the hub then has no connection left to say goodbye to.
    for (const child of children.reverse()) await child.stop()
    await fs.rm(dataDir, { recursive: true, force: true })
    if (interrupted) process.exitCode = 130
  }
}

if (process.env.BENCH_REALTIME_ROLE === 'hub') {
  // Orphaned (this benchmark's parent gone): stop.
  process.on('disconnect', () => process.exit(1))
  await runHub()
} else if (process.env.BENCH_REALTIME_ROLE === 'clients') {
  process.on('disconnect', () => process.exit(1))
  runClients()
} else {
  try {
    await main()
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  }
}
