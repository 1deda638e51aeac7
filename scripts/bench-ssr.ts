// `npm run bench:ssr`: server rendering of the main page under 100 concurrent connections,
// compared with the same HTML served as a static file by the same server, in one run.
import fs from 'node:fs/promises'
import path from 'node:path'
import autocannon from 'autocannon'
import { ensureBuild } from './start.mjs'
import { startServer } from './server-process.ts'

const root = path.resolve(import.meta.dirname, '..')
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100)
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)

async function load(url: string) {
  // Warm-up, then the measured run.
  await autocannon({ url, connections: 10, duration: 2 })
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION })
  if (r.non2xx) throw new Error(`${url}: ${r.non2xx} non-2xx answers`)
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts }
}

ensureBuild()
const f = (n: number) => n.toFixed(1)
const staticFile = path.join(root, 'apps/web/dist/client/bench-main.html')

/** One server per mode: every request rendered, or guest pages reused for SSR_CACHE_TTL_MS. */
for (const [mode, ttl] of [
  ['render every request', '0'],
  ['guest page cache (default 5 s)', '5000'],
] as const) {
  const server = await startServer({ SSR_CACHE_TTL_MS: ttl })
  await server.ready()
  try {
    const html = await (await fetch(`${server.base}/`)).text()
    await fs.writeFile(staticFile, html)
    // Sequential renders: the cost of one render without queueing.
    const single: number[] = []
    for (let i = 0; i < 200; i++) {
      const t = performance.now()
      await (await fetch(`${server.base}/`, { headers: { 'accept-encoding': 'identity' } })).text()
      single.push(performance.now() - t)
    }
    single.sort((a, b) => a - b)
    const ssr = await load(`${server.base}/`)
    const file = await load(`${server.base}/dist/bench-main.html`)
    console.log(`\n== ${mode} ==`)
    console.log(`main page HTML: ${(html.length / 1024).toFixed(1)} KB`)
    console.log(`one request at a time: p50 ${f(single[100]!)} ms, p99 ${f(single[198]!)} ms`)
    console.log(
      `SSR, ${CONNECTIONS} concurrent, ${DURATION} s: ${f(ssr.rps)} req/s, p50 ${f(ssr.p50)} ms, p99 ${f(ssr.p99)} ms`,
    )
    console.log(
      `static file, same server:     ${f(file.rps)} req/s, p50 ${f(file.p50)} ms, p99 ${f(file.p99)} ms`,
    )
    console.log(
      `ratio SSR/static: throughput ${f(ssr.rps / file.rps)}x, p99 ${f(ssr.p99 / Math.max(file.p99, 0.1))}x`,
    )
    console.log(`target p99 < 50 ms: ${ssr.p99 < 50 ? 'met' : 'NOT met'}`)
  } finally {
    await fs.rm(staticFile, { force: true })
    await server.stop()
  }
}
