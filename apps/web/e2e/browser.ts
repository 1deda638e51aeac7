import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

const require = createRequire(import.meta.url)
export const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-results')

/**
 * Headless Chromium says "HeadlessChrome", which the app treats as a bot (no captcha, spec §4);
 * the journeys are a player's browser, so they present the user agent of a regular Chrome.
 */
export const PLAYER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

/** Debian's Chromium, headless, with a fresh profile and no background traffic. */
export async function launch(
  options: {
    javaScriptEnabled?: boolean
    viewport?: { width: number; height: number }
    extraHTTPHeaders?: Record<string, string>
    /** null: Chromium's own headless user agent (which the app takes for a bot). */
    userAgent?: string | null
    /** A phone's touch screen (no hover). */
    touch?: boolean
  } = {},
) {
  const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-chromium-'))
  const context: BrowserContext = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
    viewport: options.viewport ?? { width: 1366, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: options.extraHTTPHeaders,
    userAgent: options.userAgent === null ? undefined : (options.userAgent ?? PLAYER_USER_AGENT),
    hasTouch: options.touch,
    isMobile: options.touch,
  })
  return {
    context,
    async close() {
      await context.close()
      await fs.rm(userDataDir, { recursive: true, force: true })
    },
  }
}

/** Console errors and warnings, page errors and failed requests: a clean page has none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  return problems
}

export async function axe(page: Page) {
  // The page as it settles: a dialog still fading or rising in blends its text with what is
  // behind it, and axe would measure the contrast of that passing frame (a CI run found a hint at
  // 3.58:1 mid-animation). Finite animations are awaited, for 2 s at most.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  )
  // Evaluated through the devtools protocol: the page's CSP forbids injected script tags, rightly.
  await page.evaluate(await fs.readFile(require.resolve('axe-core/axe.min.js'), 'utf8'))
  const result = await page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run(
          ctx: Document,
          opts: object,
        ): Promise<{
          violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>
        }>
      }
    }
    return w.axe.run(document, { resultTypes: ['violations'] })
  })
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

export async function screenshot(page: Page, name: string) {
  await fs.mkdir(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })
}
