// `npm run cluster`: the casino as it runs on several machines, started on this one and put
// under load while parts of it die (docs/cluster.md).
//
// Two casino nodes and two game servers on PostgreSQL and Redis, behind HAProxy (Debian's
// `haproxy`): one front for the casino (pages, api, the realtime hub's websockets), one for the
// game servers, each balancing over its two nodes with health checks. The load script registers
// players through the balancer, deposits, opens the game, spins, asks for withdrawals and keeps a
// realtime connection per player; meanwhile one casino node and then one game server are killed
// with SIGKILL and started again. Afterwards it checks what the players were told against the
// books: every operation acknowledged is in the database (lost: 0), the ledger is sound, the
// sign-ins survived (sessions in Redis), the realtime clients of the killed node reconnected to
// the other, and the operator's approval of a withdrawal from the command line reached its player.
//
// Environment: CLUSTER_DATABASE_URL (a PostgreSQL server where the user may CREATE DATABASE;
// default postgres://postgres@127.0.0.1:5432/test), REDIS_URL (default redis://127.0.0.1:6379),
// CLUSTER_PLAYERS (default 24), CLUSTER_SECONDS (load duration, default 40), CLUSTER_KEEP=1 (keep
// the cluster running after the summary, until Ctrl-C, to click through it in a browser).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { Redis } from 'ioredis'
import { Centrifuge } from 'centrifuge'
import WebSocket from 'ws'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { migrate } from '../apps/api/src/db/migrate.ts'
import { seed } from '../apps/api/src/db/seed/index.ts'
import { checkLedger } from '../apps/api/src/modules/ledger/check.ts'
import { freePort } from './server-process.ts'
import { ensureBuild } from './start.mjs'

const root = path.resolve(import.meta.dirname, '..')
const DATABASE_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const PLAYERS = Number(process.env.CLUSTER_PLAYERS ?? 24)
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 40)
const KEEP = process.env.CLUSTER_KEEP === '1'
const GAME = 'goldfinch:sunstone-dynasty'
const PASSWORD = 'Cluster-Lynx-2048'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const stamp = (start: number) => `${((Date.now() - start) / 1000).toFixed(1).padStart(5)} s`

interface Node {
  name: string
  script: string
  port: number
  env: Record<string, string>
  child: ChildProcess | null
}

function launch(node: Node): void {
  const child = spawn(process.execPath, ['--import', 'tsx', node.script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...node.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGKILL')
      console.error(`${node.name} exited (${code ?? signal})`)
  })
  node.child = child
}

async function healthy(port: number, timeoutMs = 120_000): Promise<void> {
  const started = Date.now()
  for (;;) {
    const status = await new Promise<number>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        .on('error', () => resolve(0))
    })
    if (status === 200) return
    if (Date.now() - started > timeoutMs) throw new Error(`port ${port} not healthy within ${timeoutMs} ms`)
    await sleep(200)
  }
}

async function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, sleep(12_000)])
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL')
    await exited
  }
}

/** A player's HTTP client through the balancer: its own cookie jar (the sign-in) and keep-alive connections. */
function browser(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 })
  let cookie = ''
  const call = (
    method: string,
    pathname: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: unknown }> => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: pathname,
          agent,
          timeout: 10_000,
          headers: {
            ...headers,
            ...(cookie ? { cookie } : {}),
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          const set = res.headers['set-cookie']?.find((c) => c.startsWith('sid='))
          if (set) cookie = set.split(';')[0]!
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString()
            let json: unknown = text
            try {
              json = JSON.parse(text)
            } catch {
              // not JSON: kept as text
            }
            resolve({ status: res.statusCode ?? 0, json })
          })
          res.on('error', reject)
        },
      )
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', reject)
      req.end(payload)
    })
  }
  return { call, close: () => agent.destroy() }
}

interface Tally {
  attempted: number
  acknowledged: number
  failed: number
  /** The first answer that was not an acknowledgement (a diagnosis, printed with the summary). */
  firstError?: string
}
const tally = (): Tally => ({ attempted: 0, acknowledged: 0, failed: 0 })
const refused = (t: Tally, answer: { status: number; json: unknown } | null) => {
  t.failed++
  t.firstError ??= answer ? `HTTP ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}` : 'no answer'
}

async function main() {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' })
  } catch {
    console.error('HAProxy is needed: apt-get install haproxy (Debian package)')
    process.exit(1)
  }
  const admin = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 })
  await admin.connect().catch((error: unknown) => {
    console.error(`PostgreSQL does not answer at ${DATABASE_URL}: ${(error as Error).message}`)
    process.exit(1)
  })
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 })
  await redis.connect().catch((error: unknown) => {
    console.error(`Redis does not answer at ${REDIS_URL}: ${(error as Error).message}`)
    process.exit(1)
  })
  const suffix = crypto.randomBytes(4).toString('hex')
  const names = { casino: `aurum_cluster_casino_${suffix}`, games: `aurum_cluster_games_${suffix}` }
  const urlOf = (name: string) => Object.assign(new URL(DATABASE_URL), { pathname: `/${name}` }).toString()
  const redisPrefix = `aurum-cluster-${suffix}:`
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-cluster-'))
  const nodes: Node[] = []
  let haproxy: ChildProcess | null = null
  const start = Date.now()
  const log = (message: string) => console.log(`[${stamp(start)}] ${message}`)
  try {
    await admin.query(`CREATE DATABASE ${names.casino}`)
    await admin.query(`CREATE DATABASE ${names.games}`)
    ensureBuild()
    const casinoDb = await openDatabase({ databaseUrl: urlOf(names.casino), poolSize: 3 })
    await migrate(casinoDb)
    await seed(casinoDb)

    const [casinoFront, gamesFront, a, b, g1, g2] = (await Promise.all(
      Array.from({ length: 6 }, freePort),
    )) as [number, number, number, number, number, number]
    const secrets = {
      WALLET_SECRET: crypto.randomBytes(32).toString('hex'),
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    }
    const casinoEnv = (port: number) => ({
      ...secrets,
      PORT: String(port),
      DATABASE_URL: urlOf(names.casino),
      DATABASE_POOL_SIZE: '5',
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      PUBLIC_URL: `http://127.0.0.1:${casinoFront}`,
      GAMES_PORT: '0',
      GAMES_URL: `http://127.0.0.1:${gamesFront}`,
      TRUST_PROXY: 'true',
      CAPTCHA_ENABLED_REGISTER: 'false',
      REGISTRATIONS_PER_HOUR: '10000',
      DATA_DIR: path.join(dir, `casino-${port}`),
    })
    const gamesEnv = (port: number) => ({
      WALLET_SECRET: secrets.WALLET_SECRET,
      GAMES_PORT: String(port),
      GAMES_DATABASE_URL: urlOf(names.games),
      GAMES_DATABASE_POOL_SIZE: '5',
      CASINO_URL: `http://127.0.0.1:${casinoFront}`,
      CASINO_ORIGIN: `http://127.0.0.1:${casinoFront}`,
      TRUST_PROXY: 'true',
      DATA_DIR: path.join(dir, `games-${port}`),
    })
    nodes.push(
      { name: 'casino A', script: 'apps/api/src/server.ts', port: a, env: casinoEnv(a), child: null },
      { name: 'casino B', script: 'apps/api/src/server.ts', port: b, env: casinoEnv(b), child: null },
      { name: 'game server 1', script: 'apps/games/src/main.ts', port: g1, env: gamesEnv(g1), child: null },
      { name: 'game server 2', script: 'apps/games/src/main.ts', port: g2, env: gamesEnv(g2), child: null },
    )
    for (const node of nodes) launch(node)
    await Promise.all(nodes.map((node) => healthy(node.port)))

    const config = `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  option redispatch
  retries 3
  retry-on conn-failure empty-response
frontend casino
  bind 127.0.0.1:${casinoFront}
  option forwardfor
  default_backend casino_nodes
backend casino_nodes
  balance roundrobin
  option httpchk
  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1
  default-server inter 300ms fall 2 rise 2 on-marked-down shutdown-sessions
  server a 127.0.0.1:${a} check
  server b 127.0.0.1:${b} check
frontend games
  bind 127.0.0.1:${gamesFront}
  option forwardfor
  default_backend game_servers
backend game_servers
  balance roundrobin
  option httpchk
  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1
  default-server inter 300ms fall 2 rise 2 on-marked-down shutdown-sessions
  server g1 127.0.0.1:${g1} check
  server g2 127.0.0.1:${g2} check
`
    await fs.writeFile(path.join(dir, 'haproxy.cfg'), config)
    haproxy = spawn('haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    await healthy(casinoFront, 10_000)
    await healthy(gamesFront, 10_000)
    log(
      `cluster up: casino at http://127.0.0.1:${casinoFront} (nodes :${a}, :${b}), games at ` +
        `http://127.0.0.1:${gamesFront} (:${g1}, :${g2}), PostgreSQL ${names.casino} / ${names.games}, Redis ${redisPrefix}`,
    )

    // ── Players ──────────────────────────────────────────────────────────────────────────
    const spins = tally()
    const deposits = tally()
    const withdrawals = tally()
    const acknowledged = {
      rounds: new Set<string>(),
      deposits: new Set<string>(),
      withdrawals: new Set<string>(),
    }
    const realtime = { drops: 0, reconnects: 0, whileDown: 0, publications: 0, afterReconnect: 0 }
    let casinoDown: { from: number; to: number } | null = null

    interface Player {
      id: number
      http: ReturnType<typeof browser>
      game: ReturnType<typeof browser>
      session: string
      centrifuge: Centrifuge
      reconnected: boolean
    }
    const players: Player[] = []
    for (let i = 0; i < PLAYERS; i++) {
      const web = browser(casinoFront)
      const email = `cluster${i}.${suffix}@example.com`
      const registered = await web.call('POST', '/api/users', {
        user: { email, password: PASSWORD, terms_acceptance: true, currency: 'EUR' },
      })
      if (registered.status !== 201)
        throw new Error(`registration: ${registered.status} ${JSON.stringify(registered.json)}`)
      const id = (registered.json as { id: number }).id
      const deposit = await web.call('POST', '/api/payments', {
        currency: 'EUR',
        action: 'deposit',
        method_id: 'card',
        amount_cents: 50_000,
        fields: {
          card_number: '4242 4242 4242 4242',
          card_holder: 'Cluster Player',
          expiry: '12/39',
          cvv: '123',
        },
      })
      const payment = (deposit.json as { payment?: { id: number; state: string } }).payment
      if (payment?.state !== 'succeeded')
        throw new Error(`deposit: ${deposit.status} ${JSON.stringify(deposit.json)}`)
      acknowledged.deposits.add(String(payment.id))
      const launched = await web.call('POST', '/api/games/launch', { identifier: GAME, mode: 'real' })
      const token = new URL((launched.json as { url: string }).url).searchParams.get('token')!
      const game = browser(gamesFront)
      const opened = await game.call('POST', '/api/session', { token })
      if (opened.status !== 200)
        throw new Error(`game session: ${opened.status} ${JSON.stringify(opened.json)}`)
      const session = (opened.json as { session: string }).session
      const settings = async () =>
        ((await web.call('GET', '/api/player/settings')).json as { cent: { token: string } }).cent.token
      const centrifuge = new Centrifuge(`ws://127.0.0.1:${casinoFront}/connection/websocket`, {
        websocket: WebSocket,
        token: await settings(),
        getToken: settings,
        minReconnectDelay: 100,
        maxReconnectDelay: 1_000,
        timeout: 5_000,
      })
      const player: Player = { id, http: web, game, session, centrifuge, reconnected: false }
      let dropped = false
      centrifuge.on('disconnected', () => undefined)
      centrifuge.on('connecting', (ctx) => {
        if (ctx.code !== 0 && !dropped) {
          dropped = true
          realtime.drops++
        }
      })
      centrifuge.on('connected', () => {
        if (!dropped) return
        dropped = false
        realtime.reconnects++
        player.reconnected = true
        if (casinoDown && Date.now() < casinoDown.to) realtime.whileDown++
      })
      const channel = `balance#${id}`
      const subscription = centrifuge.newSubscription(channel, {
        getToken: async () => {
          const signed = await web.call('POST', '/api/realtime/auth', {
            client: 'cluster',
            channels: [channel],
          })
          return (signed.json as Record<string, { sign: string }>)[channel]!.sign
        },
      })
      subscription.on('publication', () => {
        realtime.publications++
        if (player.reconnected) realtime.afterReconnect++
      })
      subscription.subscribe()
      centrifuge.connect()
      players.push(player)
    }
    log(`${players.length} players registered, funded (500.00 EUR each), in ${GAME}, connected to the hub`)

    // ── Load and faults ──────────────────────────────────────────────────────────────────
    const end = Date.now() + SECONDS * 1000
    const casinoA = nodes[0]!
    const games1 = nodes[2]!
    const chaos = (async () => {
      await sleep(SECONDS * 250)
      log(`SIGKILL ${casinoA.name} (pid ${casinoA.child!.pid})`)
      casinoDown = { from: Date.now(), to: Infinity }
      casinoA.child!.kill('SIGKILL')
      await sleep(3_000)
      launch(casinoA)
      await healthy(casinoA.port)
      casinoDown.to = Date.now()
      log(`${casinoA.name} back`)
      await sleep(SECONDS * 250)
      log(`SIGKILL ${games1.name} (pid ${games1.child!.pid})`)
      games1.child!.kill('SIGKILL')
      await sleep(3_000)
      launch(games1)
      await healthy(games1.port)
      log(`${games1.name} back`)
    })()
    let n = 0
    await Promise.all(
      players.map(async (player, index) => {
        await sleep(index * 10)
        while (Date.now() < end) {
          const roll = ++n % 40
          if (roll === 7) {
            // A deposit, retried with its idempotency key until it is answered (as the cashier does).
            deposits.attempted++
            const key = crypto.randomUUID()
            for (let attempt = 0; attempt < 10; attempt++) {
              const answer = await player.http
                .call(
                  'POST',
                  '/api/payments',
                  {
                    currency: 'EUR',
                    action: 'deposit',
                    method_id: 'card',
                    amount_cents: 2_000,
                    fields: {
                      card_number: '4242 4242 4242 4242',
                      card_holder: 'Cluster Player',
                      expiry: '12/39',
                      cvv: '123',
                    },
                  },
                  { 'idempotency-key': key },
                )
                .catch(() => null)
              const payment = (answer?.json as { payment?: { id: number; state: string } } | undefined)
                ?.payment
              if (answer?.status === 200 && payment?.state === 'succeeded') {
                deposits.acknowledged++
                acknowledged.deposits.add(String(payment.id))
                break
              }
              if (attempt === 9) refused(deposits, answer)
              await sleep(300)
            }
          } else if (roll === 23) {
            withdrawals.attempted++
            const answer = await player.http
              .call('POST', '/api/payments', {
                currency: 'EUR',
                action: 'cashout',
                method_id: 'card',
                amount_cents: 2_000,
                fields: { card_number: '4242 4242 4242 4242' },
              })
              .catch(() => null)
            const payment = (answer?.json as { payment?: { id: number; state: string } } | undefined)?.payment
            if (answer?.status === 200 && payment?.state === 'pending') {
              withdrawals.acknowledged++
              acknowledged.withdrawals.add(String(payment.id))
            } else refused(withdrawals, answer)
          } else {
            spins.attempted++
            const answer = await player.game
              .call(
                'POST',
                '/api/slot/spin',
                { bet_cents: 100 },
                { authorization: `Bearer ${player.session}` },
              )
              .catch(() => null)
            const round = (answer?.json as { round_id?: string } | undefined)?.round_id
            if (answer?.status === 200 && round) {
              spins.acknowledged++
              acknowledged.rounds.add(round)
            } else refused(spins, answer)
          }
          await sleep(50)
        }
      }),
    )
    await chaos
    log(
      `load over: ${spins.acknowledged} spins, ${deposits.acknowledged} deposits, ${withdrawals.acknowledged} withdrawals acknowledged`,
    )

    // ── The books ────────────────────────────────────────────────────────────────────────
    // The game servers finish rounds a dead node left open (their settler); the wallet is idempotent.
    await sleep(2_000)
    const lost = { rounds: 0, deposits: 0, withdrawals: 0 }
    const gamesDb = await openDatabase({ databaseUrl: urlOf(names.games), poolSize: 2 })
    const known = new Set(
      (
        await casinoDb.query<{ round_id: string }>(
          `SELECT round_id FROM game_rounds WHERE round_id = ANY($1::text[])`,
          [[...acknowledged.rounds]],
        )
      ).map((row) => row.round_id),
    )
    lost.rounds = [...acknowledged.rounds].filter((round) => !known.has(round)).length
    const paid = await casinoDb.query<{ id: bigint; action: string; state: string }>(
      `SELECT id, action, state FROM payments WHERE id = ANY($1::bigint[])`,
      [[...acknowledged.deposits, ...acknowledged.withdrawals]],
    )
    const state = new Map(paid.map((row) => [row.id.toString(), row]))
    lost.deposits = [...acknowledged.deposits].filter((id) => state.get(id)?.state !== 'succeeded').length
    lost.withdrawals = [...acknowledged.withdrawals].filter((id) => state.get(id)?.state !== 'pending').length
    const [unsettled] = await gamesDb.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM gs_rounds WHERE mode = 'real' AND status NOT IN ('settled', 'refused', 'rolled_back')`,
    )
    const ledger = await checkLedger(casinoDb)
    // Every sign-in still works on whichever node answers (sessions are in Redis).
    let kept = 0
    for (const player of players) if ((await player.http.call('GET', '/api/player')).status === 200) kept++

    // The operator approves a withdrawal from the command line (another process, no node of the
    // cluster): the event it writes reaches the player through the cluster's realtime consumer.
    let approvalTold = 'no withdrawal to approve'
    const [withdrawal] = await casinoDb.query<{ id: bigint; user_id: bigint }>(
      `SELECT id, user_id FROM payments WHERE action = 'cashout' AND state = 'pending' ORDER BY id LIMIT 1`,
    )
    if (withdrawal) {
      const player = players.find((p) => BigInt(p.id) === withdrawal.user_id)!
      const channel = `payments_changes#${player.id}`
      const told = new Promise<number>((resolve) => {
        const sub = player.centrifuge.newSubscription(channel, {
          getToken: async () => {
            const signed = await player.http.call('POST', '/api/realtime/auth', {
              client: 'cluster',
              channels: [channel],
            })
            return (signed.json as Record<string, { sign: string }>)[channel]!.sign
          },
        })
        let approvedAt = 0
        sub.on('subscribed', () => {
          approvedAt = Date.now()
          execFileSync(
            process.execPath,
            ['--import', 'tsx', 'apps/api/src/payments-operator.ts', 'approve', withdrawal.id.toString()],
            {
              cwd: root,
              env: { ...process.env, ...casinoEnv(0), PORT: '3999', LOG_LEVEL: 'warn' },
              stdio: 'ignore',
            },
          )
        })
        sub.on('publication', (ctx) => {
          if ((ctx.data as { id?: string }).id === withdrawal.id.toString()) resolve(Date.now() - approvedAt)
        })
        sub.subscribe()
      })
      const ms = await Promise.race([told, sleep(10_000).then(() => -1)])
      approvalTold = ms < 0 ? 'NOT told within 10 s' : `told ${ms} ms after the command`
    }
    await gamesDb.close()
    await casinoDb.close()

    const totalLost = lost.rounds + lost.deposits + lost.withdrawals
    const ok =
      totalLost === 0 &&
      ledger.problems.length === 0 &&
      kept === players.length &&
      realtime.drops > 0 &&
      realtime.reconnects >= realtime.drops &&
      !approvalTold.startsWith('NOT')
    const row = (name: string, t: Tally, l: number) =>
      `| ${name} | ${t.attempted} | ${t.acknowledged} | ${t.failed}${t.firstError ? ` (first: ${t.firstError})` : ''} | ${l} |`
    console.log(`
## npm run cluster: ${players.length} players, ${SECONDS} s, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}

Faults: SIGKILL of casino A at ${SECONDS * 0.25} s (restarted 3 s later), of game server 1 at about ${SECONDS * 0.5 + 3} s (restarted 3 s later).

| operation | attempted | acknowledged | not acknowledged | acknowledged but lost |
|---|---|---|---|---|
${row('spins', spins, lost.rounds)}
${row('deposits', deposits, lost.deposits)}
${row('withdrawals', withdrawals, lost.withdrawals)}

- lost: ${totalLost}
- ledger check: ${ledger.problems.length === 0 ? `sound (${ledger.accounts} accounts, ${ledger.transactions} transactions, ${ledger.entries} entries)` : ledger.problems.join('; ')}
- rounds the game servers still hold open: ${unsettled!.n}
- sessions kept: ${kept} of ${players.length}
- realtime: ${realtime.drops} connections dropped by the kill, ${realtime.reconnects} reconnected (${realtime.whileDown} while casino A was down, so to casino B); ${realtime.publications} balance publications, ${realtime.afterReconnect} after a reconnect
- a withdrawal approved from the command line: ${approvalTold}
- verdict: ${ok ? 'sound' : 'NOT sound'}
`)
    if (!ok) process.exitCode = 1
    for (const player of players) {
      player.centrifuge.disconnect()
      player.http.close()
      player.game.close()
    }
    if (KEEP) {
      log(`the cluster keeps running at http://127.0.0.1:${casinoFront}; Ctrl-C stops it`)
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()))
    }
  } finally {
    await Promise.all(nodes.map((node) => stop(node.child)))
    haproxy?.kill('SIGTERM')
    for (const name of Object.values(names)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
    const keys = await redis.keys(`${redisPrefix}*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
    await fs.rm(dir, { recursive: true, force: true })
  }
}

await main()
