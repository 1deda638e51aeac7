// `npm run bench:ab -- <revision>`: `bench:games` in this tree and in another revision of it,
// alternately, in one sitting, and the ratio of their CPU per spin (docs/performance.md). On a
// shared machine a run's speed moves by 10-30 % from one minute to the next: only runs made side
// by side, taking turns, compare two trees.
//
// The other revision is checked out in a worktree of its own (under the system's temporary
// directory, kept for the next comparison) with its own `npm ci`, so each tree runs with its own
// code and dependencies. Each pair is one run here and one there (which goes first alternates);
// a run's CPU per spin is the sum of the casino, the game server and both PostgreSQL servers (the
// players are left out: they are the load, not the casino) over the median of its rows, and its
// p99 the median of its rows' p99. The report gives every pair, then the medians.
//
// Environment: BENCH_AB_PAIRS (pairs, default 3), and the BENCH_* settings of bench:games, passed
// to both trees (default here: BENCH_RATES=500,500,500 BENCH_SECONDS=20 BENCH_CLOSED_LOOP=0).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const revision = process.argv[2] ?? ''
const PAIRS = Number(process.env.BENCH_AB_PAIRS ?? 3)

function git(args: string[], cwd = root): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`)
  return result.stdout.trim()
}

interface Run {
  cpu: number
  p99: number
  rows: number
  lag: string
}

/** The figures of one bench:games report (either tree's columns: found by their headers). */
export function parseReport(text: string): Run | null {
  const lines = text.split('\n')
  const header = lines.find((line) => line.startsWith('| load |'))
  if (!header) return null
  const names = header.split('|').map((cell) => cell.trim())
  const col = (prefix: string) => names.findIndex((name) => name.startsWith(prefix))
  const cpuAt = col('CPU ms per spin')
  const p99At = col('p99')
  const lagAt = col('event lag')
  const rows = lines
    .filter((line) => /^\| \d+ spins\/s offered/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()))
  if (rows.length === 0 || cpuAt < 0 || p99At < 0) return null
  const cpus = rows.map((cells) =>
    cells[cpuAt]!.split('/')
      .slice(0, 4)
      .reduce((sum, part) => sum + Number(part), 0),
  )
  const p99s = rows.map((cells) => Number.parseFloat(cells[p99At]!))
  const lags = lagAt < 0 ? [] : rows.map((cells) => `${cells[lagAt]!.split('/')[1]?.trim() ?? '?'} ms`)
  return { cpu: median(cpus), p99: median(p99s), rows: rows.length, lag: lags.join(', ') }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** A worktree of `revision` with its dependencies installed. */
function prepare(): string {
  const commit = git(['rev-parse', '--verify', `${revision}^{commit}`])
  const dir = path.join(os.tmpdir(), `aurum-bench-ab-${commit.slice(0, 12)}`)
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    git(['worktree', 'add', '--detach', '--force', dir, commit])
  }
  if (!fs.existsSync(path.join(dir, 'node_modules'))) {
    console.log(`installing the dependencies of ${commit.slice(0, 12)} in ${dir}`)
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' })
    if (install.status !== 0) throw new Error('npm ci failed in the worktree')
  }
  return dir
}

function bench(cwd: string, label: string, pair: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = {
      BENCH_RATES: '500,500,500',
      BENCH_SECONDS: '20',
      BENCH_CLOSED_LOOP: '0',
      ...process.env,
    }
    const child = spawn('npm', ['run', '--silent', 'bench:games'], { cwd, env })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('exit', () => {
      const run = parseReport(out)
      const logFile = path.join(os.tmpdir(), `aurum-bench-ab-${pair}-${label}.txt`)
      fs.writeFileSync(logFile, out)
      if (!run) reject(new Error(`no report from ${label} (its output: ${logFile})`))
      else resolve(run)
    })
  })
}

async function main() {
  if (!revision) {
    console.error('usage: npm run bench:ab -- <revision> (the tree to compare this one with)')
    process.exit(2)
  }
  const other = prepare()
  const short = git(['rev-parse', '--short', 'HEAD'], other)
  const here = `${git(['rev-parse', '--short', 'HEAD'])}${git(['status', '--porcelain']) ? '+changes' : ''}`
  console.log(`bench:games, ${PAIRS} pairs alternately: this tree (${here}) and ${short}`)
  const pairs: Array<{ here: Run; other: Run }> = []
  for (let pair = 1; pair <= PAIRS; pair++) {
    const order: Array<['here' | 'other', string]> = [
      ['here', root],
      ['other', other],
    ]
    if (pair % 2 === 0) order.reverse()
    const runs: Partial<Record<'here' | 'other', Run>> = {}
    for (const [label, cwd] of order) runs[label] = await bench(cwd, label, pair)
    pairs.push({ here: runs.here!, other: runs.other! })
    const { here: a, other: b } = pairs.at(-1)!
    console.log(
      `pair ${pair}: CPU ms per spin ${a.cpu.toFixed(2)} here, ${b.cpu.toFixed(2)} there (ratio ${(a.cpu / b.cpu).toFixed(3)}); ` +
        `p99 ${a.p99.toFixed(1)} / ${b.p99.toFixed(1)} ms${a.lag ? `; event lag p99 here ${a.lag}` : ''}`,
    )
  }
  const ratios = pairs.map((p) => p.here.cpu / p.other.cpu)
  console.log(
    `\nmedian over ${PAIRS} pairs: CPU ratio ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}); ` +
      `p99 ${median(pairs.map((p) => p.here.p99)).toFixed(1)} ms here, ${median(pairs.map((p) => p.other.p99)).toFixed(1)} ms there`,
  )
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err: unknown) => {
    console.error(err)
    process.exit(1)
  })
}
