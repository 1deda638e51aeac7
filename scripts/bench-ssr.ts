// `npm run bench:ssr`: server rendering of the main page and of the lobby (`/pokies/all`): one render at a
// time, then 100 concurrent connections, compared with the same HTML served as a static file by the same
// server, in one run. Prints whether each of issue 20's targets is met.
// `npm run bench:ssr -- --cpu-prof` also writes a CPU profile of the server process to ./ssr-profile/.
import fs from 'node:fs/promises'
import path from 'node:path'
import autocannon from 'autocannon'
import { ensureBuild } from './start.mjs'
import { startServer } from './server-process.ts'

const root = path.resolve(import.meta.dirname, '..')
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100)
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const SEQUENTIAL = 200
/** Issue 20's targets: one render, and every request rendered at 100 connections. */
const TARGET = { renderP50Ms: 3, rps: 400, staticShare: 0.15 }
const PAGES = [
  ['main page', '/'],
  ['lobby', '/pokies/all'],
] as const

async function load(url: string) {
  // Warm-up, then the measured run.
  await autocannon({ url, connections: 10, duration: 2 })
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION })
  if (r.non2xx) throw new Error(`${url}: ${r.non2xx} non-2xx answers`)
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts }
}

/** CPU time (user + system) the server process has used, in ms: steadier than wall time on a busy machine. */
async function cpuMs(pid: number) {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')
  // utime and stime, fields 14 and 15 of proc(5), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** Sequential requests: the cost of one render without queueing. */
async function oneAtATime(url: string, pid: number) {
  const times: number[] = []
  let cpuStart = 0
  for (let i = 0; i < SEQUENTIAL + 20; i++) {
    const t = performance.now()
    await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text()
    if (i >= 20) times.push(performance.now() - t)
    if (i === 19) cpuStart = await cpuMs(pid)
  }
  const cpu = ((await cpuMs(pid)) - cpuStart) / SEQUENTIAL
  times.sort((a, b) => a - b)
  return { p50: times[SEQUENTIAL / 2]!, p99: times[Math.floor(SEQUENTIAL * 0.99)]!, cpu }
}

ensureBuild()
const f = (n: number) => n.toFixed(1)
const met = (ok: boolean) => (ok ? 'met' : 'NOT met')
const staticFile = path.join(root, 'apps/web/dist/client/bench-main.html')
const profile = process.argv.includes('--cpu-prof')
const { loadavg } = await import('node:os')
console.log(`machine load (1/5/15 min): ${loadavg().map(f).join(' ')}`)

/** One server per mode: every request rendered, or guest pages reused for SSR_CACHE_TTL_MS. */
for (const [mode, ttl] of [
  ['render every request', '0'],
  ['guest page cache (default 5 s)', '5000'],
] as const) {
  const every = ttl === '0'
  const server = await startServer(
    { SSR_CACHE_TTL_MS: ttl },
    undefined,
    profile && every ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'ssr-profile')}`] : [],
  )
  await server.ready()
  try {
    const html = await (await fetch(`${server.base}/`)).text()
    await fs.writeFile(staticFile, html)
    console.log(`\n== ${mode} ==`)
    for (const [name, url] of PAGES) {
      const page = await (await fetch(`${server.base}${url}`)).text()
      const single = await oneAtATime(`${server.base}${url}`, server.child.pid!)
      console.log(
        `${name} (${url}), HTML ${(page.length / 1024).toFixed(1)} KB: one request at a time p50 ${f(single.p50)} ms, p99 ${f(single.p99)} ms, server CPU ${f(single.cpu)} ms per request` +
          (every ? `; target p50 <= ${TARGET.renderP50Ms} ms: ${met(single.p50 <= TARGET.renderP50Ms)}` : ''),
      )
    }
    const ssr = await load(`${server.base}/`)
    const file = await load(`${server.base}/dist/bench-main.html`)
    console.log(
      `main page SSR, ${CONNECTIONS} concurrent, ${DURATION} s: ${f(ssr.rps)} req/s, p50 ${f(ssr.p50)} ms, p99 ${f(ssr.p99)} ms`,
    )
    console.log(
      `static file, same server:     ${f(file.rps)} req/s, p50 ${f(file.p50)} ms, p99 ${f(file.p99)} ms`,
    )
    // No static answer at all means the machine was too busy for the run to say anything.
    if (!(file.rps > 0)) throw new Error('the static file got no answers: the run is void')
    const share = ssr.rps / file.rps
    console.log(
      `ratio SSR/static: throughput ${(share * 100).toFixed(0)} %, p99 ${f(ssr.p99 / Math.max(file.p99, 0.1))}x`,
    )
    if (every) {
      console.log(`target >= ${TARGET.rps} req/s: ${met(ssr.rps >= TARGET.rps)}`)
      console.log(`target >= ${TARGET.staticShare * 100} % of static: ${met(share >= TARGET.staticShare)}`)
    }
  } finally {
    await fs.rm(staticFile, { force: true })
    await server.stop()
  }
}
console.log(`\nmachine load after the run: ${loadavg().map(f).join(' ')}`)
