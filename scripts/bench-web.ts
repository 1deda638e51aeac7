// Lighthouse (pinned in devDependencies; default config = mobile preset, simulated throttling) on
// Debian's Chromium against a production server started as `npm start` would: the main page,
// the lobby, a category page, a game page and /users signed in. Median of RUNS runs per figure,
// then whether each target of issue 20 is met. `npm run bench:web` (builds first when stale).
// BENCH_PAGES=users,game limits the pages to those whose name contains one of the words;
// LIGHTHOUSE_REPORTS=dir writes each run's full Lighthouse report there as JSON.
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import { chromium as playwright } from 'playwright-core'
import { AB_TEST_GROUPS } from '@aurum/shared'
import { ensureBuild } from './start.mjs'
import { freePort, startServer } from './server-process.ts'
import { solvedCaptcha } from '../apps/web/e2e/captcha.ts'

const RUNS = Number(process.env.RUNS ?? 3)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const REPORTS = process.env.LIGHTHOUSE_REPORTS
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean)
const TARGETS = { performance: 95, cls: 0.05, tbtMs: 150, accessibility: 100, seo: 100 }
const PAGES: Array<{ name: string; path: string; player?: boolean }> = [
  { name: 'main page', path: '/' },
  { name: 'lobby', path: '/pokies/all' },
  { name: 'category', path: '/categories/top' },
  { name: 'game page', path: '/play/goldfinch/sunstone-dynasty' },
  { name: '/users (player)', path: '/users', player: true },
]

/** Debian's Chromium with a debugging port for Lighthouse, the standard quiet flags and a fresh profile. */
async function launchChromium() {
  const port = await freePort()
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-lighthouse-'))
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (i > 100) throw new Error('Chromium did not open its debugging port')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    port,
    async close() {
      child.kill()
      await new Promise((r) => child.once('exit', r))
      await fs.rm(profile, { recursive: true, force: true })
    },
  }
}

/** A new player registered through the api as the browser journeys do; returns the session cookie. */
async function playerCookie(base: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: base }
  const registered = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      user: {
        email: `bench.web.${Date.now()}@example.com`,
        password: 'Golden-Lynx-2048',
        terms_acceptance: true,
        currency: 'EUR',
        captcha: await solvedCaptcha(base),
      },
    }),
  })
  if (!registered.ok) throw new Error(`registration: ${registered.status} ${await registered.text()}`)
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  // The profile-completion experiment's variant A: no completion modal over the page.
  const grouped = await fetch(`${base}/api/player/groups`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ groups: { add: [AB_TEST_GROUPS.a], remove: [] } }),
  })
  if (grouped.status !== 204) throw new Error(`group: ${grouped.status}`)
  return cookie
}

interface Figures {
  performance: number
  cls: number
  tbtMs: number
  lcpMs: number
  accessibility: number
  seo: number
  failing: string[]
}

/**
 * Puts the player's session into the browser's cookie jar, as a signed-in visitor's browser has it
 * (Lighthouse keeps cookies between runs). A `cookie` header passed to Lighthouse reaches only the
 * page's own request, not its `fetch` calls: the page's first authenticated call answered 401 and
 * sent the run to the login page.
 */
async function signIn(port: number, base: string, cookie: string) {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    await browser.contexts()[0]!.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=')
        return { name: name!, value: value.join('='), url: base, httpOnly: true, sameSite: 'Lax' as const }
      }),
    )
  } finally {
    await browser.close()
  }
}

/** Signs the browser out: the guests' pages are measured without the player's cookie. */
async function signOut(port: number) {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    await browser.contexts()[0]!.clearCookies()
  } finally {
    await browser.close()
  }
}

async function audit(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
  })
  if (!result) throw new Error(`no Lighthouse result for ${url}`)
  if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended at ${result.lhr.finalDisplayedUrl}: not the page to measure`)
  if (REPORTS) {
    await fs.mkdir(REPORTS, { recursive: true })
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`
    await fs.writeFile(path.join(REPORTS, name), JSON.stringify(result.lhr))
  }
  const { categories, audits } = result.lhr
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
  const failing = ['accessibility', 'seo'].flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id}`),
  )
  return {
    performance: score('performance'),
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    accessibility: score('accessibility'),
    seo: score('seo'),
    failing,
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function main() {
  ensureBuild()
  const server = await startServer()
  const chromium = await launchChromium()
  let allMet = true
  try {
    await server.ready()
    const cookie = await playerCookie(server.base)
    console.log(
      `Lighthouse, mobile preset, median of ${RUNS} runs (machine load ${os.loadavg()[0]!.toFixed(1)})`,
    )
    console.log('page                 perf   CLS     TBT ms  LCP ms  a11y  SEO   targets')
    for (const page of PAGES.filter((p) => !ONLY || ONLY.some((word) => p.name.includes(word)))) {
      const url = server.base + page.path
      if (page.player) await signIn(chromium.port, server.base, cookie)
      else await signOut(chromium.port)
      // One unmeasured load first: the server's caches and the build's files are warm for every run.
      await audit(url, chromium.port)
      const runs: Figures[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chromium.port))
      const m = (key: keyof Omit<Figures, 'failing'>) => median(runs.map((r) => r[key]))
      const missed = [
        m('performance') < TARGETS.performance && 'performance',
        m('cls') > TARGETS.cls && 'CLS',
        m('tbtMs') > TARGETS.tbtMs && 'TBT',
        m('accessibility') < TARGETS.accessibility && 'accessibility',
        m('seo') < TARGETS.seo && 'SEO',
      ].filter(Boolean)
      if (missed.length) allMet = false
      console.log(
        [
          page.name.padEnd(20),
          String(m('performance')).padStart(4),
          m('cls').toFixed(3).padStart(7),
          m('tbtMs').toFixed(0).padStart(7),
          m('lcpMs').toFixed(0).padStart(7),
          String(m('accessibility')).padStart(5),
          String(m('seo')).padStart(5),
          `  ${missed.length ? `missed: ${missed.join(', ')}` : 'met'}`,
        ].join(' '),
      )
      const failing = [...new Set(runs.flatMap((r) => r.failing))]
      if (failing.length) console.log(`  failing audits: ${failing.join(', ')}`)
    }
  } finally {
    await chromium.close()
    await server.stop()
  }
  console.log(
    allMet
      ? 'Every page meets every target.'
      : `Targets: performance >= ${TARGETS.performance}, CLS <= ${TARGETS.cls}, TBT <= ${TARGETS.tbtMs} ms, accessibility ${TARGETS.accessibility}, SEO ${TARGETS.seo}.`,
  )
}

await main()
