import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Page } from 'playwright-core'
import { startServer, type ServerProcess } from '../../../scripts/server-process.ts'
import { axe, launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, registerPlayer } from './players.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')
const PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)

/**
 * `npm run kyc:operator` as the operator runs it: against the embedded database of a stopped
 * server (one process opens it at a time), so this journey has a server of its own.
 */
async function operator(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '-s', 'kyc:operator', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    timeout: 60_000,
  })
  return stdout
}

async function documentState(page: Page, fileName: string) {
  return page
    .getByTestId('documents')
    .getByRole('listitem')
    .filter({ hasText: fileName })
    .locator('span')
    .last()
    .textContent()
}

describe('verification', () => {
  let server: ServerProcess
  let browser: Awaited<ReturnType<typeof launch>>
  beforeAll(async () => {
    server = await startServer({ NODE_ENV: 'test' })
    await server.ready()
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('a player uploads an identity document, sees it waiting, and approved once the operator approved it', async () => {
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    onTestFailed(() => screenshot(page, 'verification-failed').catch(() => undefined))
    const email = `verification.${Date.now()}@example.com`
    await page.goto(server.base + '/', { waitUntil: 'networkidle' })
    await answerNotices(page)
    await registerPlayer(page, server.base, { email })

    // The page is in the profile area's tabs.
    await page.goto(server.base + '/users', { waitUntil: 'networkidle' })
    await page
      .getByRole('navigation', { name: /profile sections/i })
      .getByRole('link', { name: /^verification$/i })
      .click()
    await page.waitForURL(/\/users\/verification$/)
    const status = page.getByTestId('verification-status')
    await status.getByText(/not verified/i).waitFor()
    await expect.poll(() => page.getByTestId('kind-identity').textContent()).toContain('Not uploaded')
    expect(await axe(page)).toEqual([])

    // A file that only claims to be a PDF is refused before it is sent, with the server's message.
    const file = page.getByLabel(/^file$/i)
    await page.getByLabel(/document type/i).selectOption({ label: 'Proof of identity' })
    await file.setInputFiles({
      name: 'passport.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html></html>'),
    })
    await page.getByText('Upload a PDF, JPEG, PNG or WebP file.').waitFor()
    expect(await file.getAttribute('aria-invalid')).toBe('true')
    await page.getByRole('button', { name: /^upload$/i }).click()
    expect(await page.getByTestId('documents').count()).toBe(0)

    // The real one is uploaded and waits for review.
    await file.setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.getByLabel(/description/i).fill('Photo page')
    await page.getByRole('button', { name: /^upload$/i }).click()
    await page.getByText(/your document was uploaded/i).waitFor()
    await expect.poll(() => documentState(page, 'passport.pdf')).toBe('Waiting for review')
    await expect.poll(() => page.getByTestId('kind-identity').textContent()).toContain('Waiting for review')
    expect(await page.getByRole('link', { name: 'Download passport.pdf' }).getAttribute('href')).toMatch(
      /^\/api\/player\/documents\/\d+\/file$/,
    )
    await page.getByRole('button', { name: 'Delete passport.pdf' }).waitFor()
    expect(await axe(page)).toEqual([])
    await screenshot(page, 'verification-waiting')

    // The operator approves it (the server stopped: the embedded database has one process at a time).
    await page.goto('about:blank')
    await server.stop({ keepData: true })
    const waiting = await operator(server.dataDir, 'list')
    const id = new RegExp(`^(\\d+) .*${email.replace(/\./g, '\\.')}.*identity.*passport\\.pdf`, 'm').exec(
      waiting,
    )?.[1]
    expect(id, waiting).toBeDefined()
    expect(await operator(server.dataDir, 'approve', id!)).toContain(`document ${id} (identity`)
    server = await startServer({ NODE_ENV: 'test' }, server.dataDir)
    await server.ready()

    // The same browser session, the page shows it approved; the profile waits for a proof of address.
    await page.goto(server.base + '/users/verification', { waitUntil: 'networkidle' })
    await expect.poll(() => documentState(page, 'passport.pdf')).toBe('Approved')
    await expect.poll(() => page.getByTestId('kind-identity').textContent()).toContain('Approved')
    await status.getByText(/not verified/i).waitFor()
    expect(await page.getByRole('button', { name: 'Delete passport.pdf' }).count()).toBe(0)
    expect(await axe(page)).toEqual([])
    await screenshot(page, 'verification-approved')

    // And was told by e-mail.
    await page.goto(`${server.base}/dev/outbox?to=${encodeURIComponent(email)}`)
    await page.getByRole('heading', { name: 'Your document was approved' }).waitFor()
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([])
  }, 240_000)
})
