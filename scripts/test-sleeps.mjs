// No test sleeps past 2 s (issue 21): a test moves time (vitest's fake timers, an injected clock,
// Playwright's page.clock, the server's TEST_CLOCK) instead of waiting for it. This finds the
// literal waits of test code: `page.waitForTimeout(n)`, the sleep idiom `setTimeout(resolve, n)`,
// `sleep(n)` / `delay(n)` / `pause(n)` helpers and `expect.poll` intervals, where n is a number or
// a product or sum of numbers (`3_000`, `10 * 1000`). A wait computed from a variable is not seen.
// `node scripts/test-sleeps.mjs` lists them and fails; scripts/test-sleeps.test.ts runs it in the unit suite.
import fs from 'node:fs/promises'
import path from 'node:path'

export const MAX_SLEEP_MS = 2_000

const ARG = String.raw`([\d_.\s*+]+?)`
const PATTERNS = [
  new RegExp(String.raw`\bwaitForTimeout\(\s*${ARG}\s*\)`, 'g'),
  new RegExp(String.raw`\bsetTimeout\(\s*(?:r|res|resolve|done|next|wake)\s*,\s*${ARG}\s*\)`, 'g'),
  new RegExp(String.raw`\b(?:sleep|delay|pause)\(\s*${ARG}\s*\)`, 'g'),
]
const INTERVALS = /\bintervals\s*:\s*\[([^\]]*)\]/g

/** The value of `3_000`, `10 * 1000` or `1_000 + 500`; undefined for anything else. */
export function literalMs(text) {
  const plain = text.replace(/_/g, '').trim()
  if (!/^[\d.\s*+]+$/.test(plain)) return undefined
  let total = 0
  for (const term of plain.split('+')) {
    let product = 1
    for (const factor of term.split('*')) {
      const value = Number(factor.trim())
      if (factor.trim() === '' || !Number.isFinite(value)) return undefined
      product *= value
    }
    total += product
  }
  return total
}

/** The waits longer than MAX_SLEEP_MS in one file's text: `{ line, ms, text }` each. */
export function longSleeps(source) {
  const found = []
  const lineOf = (index) => source.slice(0, index).split('\n').length
  for (const pattern of PATTERNS) {
    for (const match of source.matchAll(pattern)) {
      const ms = literalMs(match[1])
      if (ms !== undefined && ms > MAX_SLEEP_MS) found.push({ line: lineOf(match.index), ms, text: match[0] })
    }
  }
  for (const match of source.matchAll(INTERVALS)) {
    for (const part of match[1].split(',')) {
      const ms = literalMs(part)
      if (ms !== undefined && ms > MAX_SLEEP_MS) found.push({ line: lineOf(match.index), ms, text: match[0] })
    }
  }
  return found.sort((a, b) => a.line - b.line)
}

/** Test code: test files, browser journeys and the test helpers. */
export function isTestCode(file) {
  return (
    /\.test\.(ts|tsx|mjs|js)$/.test(file) ||
    /(^|\/)e2e\//.test(file) ||
    /(^|\/)src\/test\//.test(file) ||
    /(^|\/)testing\.ts$/.test(file)
  )
}

async function* walk(dir, root) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full, root)
    else if (/\.(ts|tsx|mjs|js)$/.test(entry.name)) yield path.relative(root, full).split(path.sep).join('/')
  }
}

/** Every long wait of the repository's test code: `{ file, line, ms, text }` each. */
export async function findLongSleeps(root) {
  const found = []
  for (const top of ['apps', 'packages', 'scripts']) {
    for await (const file of walk(path.join(root, top), root)) {
      // The check's own test holds long waits as text, on purpose.
      if (!isTestCode(file) || file === 'scripts/test-sleeps.test.ts') continue
      const source = await fs.readFile(path.join(root, file), 'utf8')
      for (const sleep of longSleeps(source)) found.push({ file, ...sleep })
    }
  }
  return found
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = await findLongSleeps(path.resolve(import.meta.dirname, '..'))
  for (const s of found) console.error(`${s.file}:${s.line}: waits ${s.ms} ms (${s.text})`)
  if (found.length) {
    console.error(`Tests wait longer than ${MAX_SLEEP_MS} ms: move the clock instead.`)
    process.exit(1)
  }
  console.log(`No test waits longer than ${MAX_SLEEP_MS} ms.`)
}
