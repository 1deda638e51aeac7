import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest'
import { generate } from 'otplib'
import type { Page } from 'playwright-core'
import { axe, launch, screenshot, watchConsole } from './browser.ts'

/**
 * The back office (/backoffice) as its first owner meets it on a fresh install: the set-up link the
 * server printed at its first start, the authenticator, sign-in, the staff screens and the audit log
 * that recorded each step; axe on every screen.
 */
describe('back office', () => {
  const base = inject('baseURL')
  let browser: Awaited<ReturnType<typeof launch>>
  let page: Page
  let problems: string[]
  beforeAll(async () => {
    browser = await launch()
    page = await browser.context.newPage()
    problems = watchConsole(page)
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('sets up the first owner from the printed link, signs in with the authenticator and shows the audit trail', async () => {
    onTestFailed(async () => {
      console.error(`backoffice journey failed at ${page.url()}`)
      await screenshot(page, 'backoffice-failed')
    })
    const email = `owner-${Date.now()}@aurum.test`
    const password = 'a long owner passphrase'
    // The link names the server's public origin; the journey opens it on the address it serves.
    const link = new URL(inject('firstOwnerLink'))
    await page.goto(`${base}${link.pathname}${link.hash}`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Set up your staff account')
    expect(await axe(page)).toEqual([])
    await page.getByLabel('Name').fill('Olga Owner')
    await page.getByLabel('New password').fill(password)
    await page.getByRole('button', { name: 'Continue' }).click()
    // The first owner's link names nobody yet: the e-mail is asked for.
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Continue' }).click()
    const secret = (await page.locator('.mono').textContent())!.trim()
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    await expect.poll(() => page.getByRole('img', { name: /QR code/ }).count()).toBe(1)
    expect(await axe(page)).toEqual([])
    await page.getByLabel('Authenticator code').fill(await generate({ secret }))
    await page.getByRole('button', { name: 'Activate my account' }).click()
    await page.getByRole('link', { name: 'Go to sign-in' }).click()

    await page.waitForURL(/\/backoffice\/sign-in/)
    expect(await axe(page)).toEqual([])
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(password)
    // The code of the set-up is spent: the next period's code signs in.
    await page
      .getByLabel('Authenticator code')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }))
    await page.getByRole('button', { name: 'Sign in' }).click()

    // Signed in, on the first screen of the owner's role; the staff screen lists them.
    await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'))
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Staff and roles' }).click()
    await page.waitForURL(/\/backoffice\/staff$/)
    const members = page.getByRole('table', { name: 'Members' })
    await expect.poll(() => members.getByRole('row').filter({ hasText: email }).count()).toBe(1)
    expect(await members.getByRole('row').filter({ hasText: email }).textContent()).toContain('owner')
    expect(await axe(page)).toEqual([])
    await page.getByRole('link', { name: 'Roles', exact: true }).click()
    const roles = page.getByRole('table', { name: 'Roles' })
    await expect.poll(() => roles.getByRole('row').count()).toBe(8)
    expect(await roles.getByRole('row').filter({ hasText: 'kyc' }).textContent()).toContain('Approve')
    expect(await axe(page)).toEqual([])
    await page.getByRole('link', { name: 'Sign-in history' }).click()
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: 'Sign-in history' })
          .getByRole('row')
          .filter({ hasText: email })
          .count(),
      )
      .toBe(1)
    expect(await axe(page)).toEqual([])

    // Each step is in the audit log, newest first, by whom.
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Audit log' }).click()
    const audit = page.getByRole('table', { name: 'Audit log' })
    await expect
      .poll(() => audit.getByRole('row').filter({ hasText: 'staff.signed_in' }).count())
      .toBeGreaterThan(0)
    const actions = await audit.locator('tbody tr td:nth-child(4)').allTextContents()
    expect(actions.slice(-3)).toEqual(['staff.signed_in', 'staff.activated', 'staff.created'])
    expect(await audit.getByRole('row').filter({ hasText: 'staff.created' }).textContent()).toContain(
      'system',
    )
    await screenshot(page, 'backoffice-audit')
    expect(await axe(page)).toEqual([])
    // Filtered in the address: the link shows the same selection, and the export takes the filters.
    await page.getByLabel('Action').fill('staff.activated')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await page.waitForURL(/action=staff\.activated/)
    await expect.poll(() => audit.locator('tbody tr').count()).toBe(1)
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(
      '/api/admin/audit.csv?action=staff.activated',
    )
    await page.reload()
    await expect.poll(() => audit.locator('tbody tr').count()).toBe(1)

    // Signed out, a screen's address leads to sign-in and back to it afterwards.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(/\/backoffice\/sign-in/)
    await page.goto(`${base}/backoffice/staff/roles`)
    await page.waitForURL(/\/backoffice\/sign-in\?next=%2Fstaff%2Froles/)
    expect(problems.filter((p) => !/401|Unauthorized/.test(p))).toEqual([])
  })
})
