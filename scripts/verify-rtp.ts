// `npm run verify:rtp`: every game's theoretical RTP against a simulation on the production RNG.
//
// For each game of the catalogue: RTP_ROUNDS rounds (default 1,000,000) played with cryptoSource,
// the simulated RTP, the standard error (sample standard deviation of a round's return / √n), the
// difference in standard errors and pass/fail at 3 of them. Prints a markdown table (the one in
// docs/games.md) and exits 1 when any game fails. The rounds are cut into chunks shared by
// RTP_WORKERS worker threads (default: one per core). RTP_GAMES=slug,slug limits the run.
import os from 'node:os'
import { Worker, isMainThread, parentPort } from 'node:worker_threads'
import { GAMES, findGame, type GameDefinition } from '../packages/games-math/src/catalogue.ts'
import { cryptoSource } from '../packages/games-math/src/crypto-source.node.ts'
import { Rng } from '../packages/games-math/src/rng.ts'
import { simulateGame, summarise, type SimulationResult } from '../packages/games-math/src/simulate.ts'

interface Task {
  identifier: string
  rounds: number
}

interface Done extends SimulationResult {
  identifier: string
}

const CHUNK = 100_000

async function main(): Promise<void> {
  const rounds = Number(process.env.RTP_ROUNDS ?? 1_000_000)
  const workers = Number(process.env.RTP_WORKERS ?? os.availableParallelism())
  const only = process.env.RTP_GAMES?.split(',').filter(Boolean)
  const games = only
    ? GAMES.filter((game) => only.includes(game.slug) || only.includes(game.identifier))
    : GAMES
  if (!Number.isSafeInteger(rounds) || rounds < 2 || games.length === 0)
    throw new Error('RTP_ROUNDS must be at least 2 and RTP_GAMES must name games')
  const started = Date.now()
  console.error(
    `verify:rtp: ${games.length} games × ${rounds.toLocaleString('en')} rounds on cryptoSource, ${workers} workers`,
  )

  // Blackjack rounds cost far more than a spin: hand them out first so that no worker ends alone on them.
  const tasks: Task[] = []
  for (const game of [...games].sort(
    (a, b) => Number(b.type === 'blackjack') - Number(a.type === 'blackjack'),
  )) {
    for (let done = 0; done < rounds; done += CHUNK)
      tasks.push({ identifier: game.identifier, rounds: Math.min(CHUNK, rounds - done) })
  }
  const totals = new Map<string, SimulationResult>()
  const finished = new Map<string, number>()
  await Promise.all(
    Array.from({ length: Math.min(workers, tasks.length) }, async () => {
      const worker = startWorker()
      try {
        for (let task = tasks.shift(); task; task = tasks.shift()) {
          const result = await run(worker, task)
          const total = totals.get(result.identifier) ?? { rounds: 0, sum: 0, squares: 0 }
          totals.set(result.identifier, {
            rounds: total.rounds + result.rounds,
            sum: total.sum + result.sum,
            squares: total.squares + result.squares,
          })
          if (totals.get(result.identifier)!.rounds === rounds) {
            finished.set(result.identifier, Date.now())
            console.error(`  ${result.identifier} done (${((Date.now() - started) / 1000).toFixed(0)} s)`)
          }
        }
      } finally {
        await worker.terminate()
      }
    }),
  )

  const rows = games.map((game) => row(game, totals.get(game.identifier)!))
  const failures = rows.filter((r) => !r.pass)
  const seconds = (Date.now() - started) / 1000
  console.log(table(rows))
  console.log(
    `\n${rows.length - failures.length} of ${rows.length} games within 3 standard errors; ${rounds.toLocaleString('en')} rounds each, ${seconds.toFixed(0)} s on ${workers} workers.`,
  )
  if (failures.length) {
    console.log(`FAILED: ${failures.map((r) => r.game.identifier).join(', ')}`)
    process.exitCode = 1
  }
}

/**
 * A worker running this file. Workers do not inherit tsx's loader on Node 20, so a small
 * bootstrap registers it (tsx's API) before importing this TypeScript file.
 */
function startWorker(): Worker {
  const tsx = import.meta.resolve('tsx/esm/api')
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}) })`
  return new Worker(code, { eval: true })
}

function run(worker: Worker, task: Task): Promise<Done> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => {
      worker.off('message', onMessage)
      reject(error)
    }
    const onMessage = (done: Done): void => {
      worker.off('error', onError)
      resolve(done)
    }
    worker.once('message', onMessage)
    worker.once('error', onError)
    worker.postMessage(task)
  })
}

interface Row {
  game: GameDefinition
  rounds: number
  rtp: number
  sd: number
  se: number
  z: number
  pass: boolean
}

function row(game: GameDefinition, result: SimulationResult): Row {
  const { rtp, sd, se } = summarise(result)
  const z = (rtp - game.rtp) / se
  return { game, rounds: result.rounds, rtp, sd, se, z, pass: Math.abs(z) <= 3 }
}

const percent = (x: number, digits: number): string => `${(x * 100).toFixed(digits)} %`

function table(rows: Row[]): string {
  const header = [
    'game',
    'type',
    'volatility',
    'theoretical RTP',
    'simulated RTP',
    'standard error',
    'difference',
    'sd of a round',
    'result',
  ]
  const lines = rows.map((r) => [
    `${r.game.title} (\`${r.game.identifier}\`)`,
    r.game.type === 'slot'
      ? r.game.lines
        ? `slot, ${r.game.lines} lines`
        : `slot, ${r.game.ways} ways`
      : r.game.type.replace('_', ' '),
    r.game.volatility,
    percent(r.game.rtp, 3),
    percent(r.rtp, 3),
    percent(r.se, 3),
    `${r.z >= 0 ? '+' : ''}${r.z.toFixed(2)} SE`,
    `${r.sd.toFixed(2)}×`,
    r.pass ? 'pass' : '**FAIL**',
  ])
  return [header, header.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n')
}

if (!isMainThread) {
  const rng = new Rng(cryptoSource())
  parentPort!.on('message', (task: Task) => {
    const result = simulateGame(findGame(task.identifier)!, rng, task.rounds)
    parentPort!.postMessage({ identifier: task.identifier, ...result } satisfies Done)
  })
} else {
  await main()
}
