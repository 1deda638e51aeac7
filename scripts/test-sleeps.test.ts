import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findLongSleeps, isTestCode, literalMs, longSleeps } from './test-sleeps.mjs'

describe('the check for long sleeps in tests', () => {
  it('reads literal waits, products and sums included, and nothing computed', () => {
    expect(literalMs('2_500')).toBe(2_500)
    expect(literalMs(' 10 * 1000 ')).toBe(10_000)
    expect(literalMs('1_000 + 500')).toBe(1_500)
    expect(literalMs('DELAY_S * 1_000')).toBeUndefined()
    expect(literalMs('Math.max(0, t)')).toBeUndefined()
  })

  it('finds each kind of long wait, with its line, and lets waits of 2 s or less pass', () => {
    const source = [
      'await page.waitForTimeout(11_000)',
      'await page.waitForTimeout(2_000)',
      'await new Promise((r) => setTimeout(r, 3000))',
      'await new Promise((resolve) => setTimeout(resolve, 10 * 1000))',
      'await new Promise((r) => setTimeout(r, 20))',
      'await sleep(2_001)',
      'await expect.poll(() => x, { intervals: [100, 5_000] }).toBe(1)',
      'await expect.poll(() => x, { timeout: 15_000 }).toBe(1)',
      'const timer = setTimeout(() => controller.abort(), 30_000)',
      'await page.waitForTimeout(Math.max(0, due - Date.now()))',
    ].join('\n')
    expect(longSleeps(source).map((s) => [s.line, s.ms])).toEqual([
      [1, 11_000],
      [3, 3_000],
      [4, 10_000],
      [6, 2_001],
      [7, 5_000],
    ])
  })

  it('looks at test files, browser journeys and test helpers only', () => {
    for (const file of [
      'apps/api/src/modules/cms/cms.test.ts',
      'apps/web/e2e/browser.ts',
      'apps/api/src/test/helpers.ts',
      'apps/api/src/modules/games/testing.ts',
      'scripts/test-sleeps.test.ts',
    ]) {
      expect(isTestCode(file)).toBe(true)
    }
    for (const file of ['apps/api/src/app.ts', 'apps/games/client/common/dom.ts', 'scripts/bench-games.ts']) {
      expect(isTestCode(file)).toBe(false)
    }
  })

  it('finds none in this repository', async () => {
    expect(await findLongSleeps(path.resolve(import.meta.dirname, '..'))).toEqual([])
  })
})
