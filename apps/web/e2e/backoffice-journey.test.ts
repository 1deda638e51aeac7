import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest'
import { generate } from 'otplib'
import type { Page } from 'playwright-core'
import { axe, launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, depositByCard, registerPlayer } from './players.ts'

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
  // The owner the first journey sets up, still signed in for the second.
  const owner = { email: `owner-${Date.now()}@aurum.test`, password: 'a long owner passphrase' }
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
    const { email, password } = owner
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
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Staff and roles' })
      .click()
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

    expect(problems.filter((p) => !/status of (401|422)/.test(p))).toEqual([])
  })

  it('a payments agent invited by the owner approves a withdrawal; the player’s cashier shows it paid without a reload', async () => {
    // The owner, still signed in, invites the agent from the staff screen.
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Staff and roles' })
      .click()
    await page.waitForURL(/\/backoffice\/staff$/)
    const agentEmail = `payments-${Date.now()}@aurum.test`
    const invite = page.getByRole('form', { name: 'Invite a member' })
    await invite.getByLabel('E-mail').fill(agentEmail)
    await invite.getByLabel('Name').fill('Pia Payments')
    await invite.getByLabel('Role').selectOption({ label: 'payments' })
    await invite.getByRole('button', { name: 'Send the invitation' }).click()
    // This install delivers no mail (it is kept in the outbox): the answer shows the link too.
    const sent = invite.getByRole('status')
    await sent.waitFor()
    const link = new URL((await sent.locator('.mono').textContent())!.trim())
    expect(await axe(page)).toEqual([])

    // The agent, in a browser of their own.
    const agentBrowser = await launch()
    const player = await launch()
    try {
      const agent = await agentBrowser.context.newPage()
      const agentProblems = watchConsole(agent)
      await agent.goto(`${base}${link.pathname}${link.hash}`)
      await agent.getByLabel('Name').fill('Pia Payments')
      await agent.getByLabel('New password').fill('a long payments passphrase')
      await agent.getByRole('button', { name: 'Continue' }).click()
      const agentSecret = (await agent.locator('.mono').textContent())!.trim()
      await agent.getByLabel('Authenticator code').fill(await generate({ secret: agentSecret }))
      await agent.getByRole('button', { name: 'Activate my account' }).click()
      await agent.getByRole('link', { name: 'Go to sign-in' }).click()
      await agent.getByLabel('E-mail').fill(agentEmail)
      await agent.getByLabel('Password').fill('a long payments passphrase')
      await agent
        .getByLabel('Authenticator code')
        .fill(await generate({ secret: agentSecret, epoch: Math.floor(Date.now() / 1000) + 30 }))
      await agent.getByRole('button', { name: 'Sign in' }).click()
      // The payments role lands on the dashboard and sees no staff screen.
      await agent.waitForURL(/\/backoffice\/dashboard/)
      const screens = agent.getByRole('navigation', { name: 'Screens' })
      expect(await screens.getByRole('link').allTextContents()).toEqual([
        'Dashboard',
        'Players',
        'Payments',
        'Reports',
      ])
      expect(await axe(agent)).toEqual([])

      // The player deposits 100 EUR and asks for 40 back, then keeps the cashier's list open.
      const playerPage = await player.context.newPage()
      await playerPage.goto(base + '/', { waitUntil: 'networkidle' })
      await answerNotices(playerPage)
      const playerEmail = `withdrawal.${Date.now()}@example.com`
      await registerPlayer(playerPage, base, { email: playerEmail })
      await depositByCard(playerPage, 10_000)
      const requested = await playerPage.evaluate(async () => {
        const res = await fetch('/api/payments', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({
            method_id: 'card',
            currency: 'EUR',
            action: 'cashout',
            amount_cents: 4_000,
            fields: { card_number: '4242 4242 4242 4242' },
          }),
        })
        return res.status
      })
      expect(requested).toBeLessThan(300)
      await playerPage.reload({ waitUntil: 'networkidle' })
      await playerPage.getByRole('link', { name: /^deposit$/i }).click()
      const cashier = playerPage.getByRole('dialog', { name: /cashier/i })
      await cashier.getByRole('tab', { name: /requests and history/i }).click()
      const withdrawal = cashier.getByRole('listitem').filter({ hasText: /^Withdrawal · 40\.00/ })
      await expect.poll(() => withdrawal.textContent()).toContain('Pending')

      // The agent finds it in the withdrawal queue and approves it.
      await screens.getByRole('link', { name: 'Payments' }).click()
      await agent.getByRole('link', { name: 'Withdrawals waiting' }).click()
      const queue = agent.getByRole('table', { name: 'Payments' })
      const row = queue.getByRole('row').filter({ hasText: playerEmail })
      await row.waitFor()
      expect(await axe(agent)).toEqual([])
      await row.getByRole('link').first().click()
      await agent.getByRole('heading', { level: 1, name: /Withdrawal \d+: 40\.00/ }).waitFor()
      expect(await axe(agent)).toEqual([])
      await agent.getByRole('button', { name: 'Approve and pay out' }).click()
      await agent.getByText('Decided. The player sees it at once.').waitFor()

      // The player's open cashier shows it paid, pushed over the realtime hub: no reload.
      await expect.poll(() => withdrawal.textContent(), { timeout: 10_000 }).toContain('Succeeded')
      await screenshot(playerPage, 'backoffice-withdrawal-paid')
      expect(agentProblems.filter((p) => !/status of 422/.test(p))).toEqual([])
    } finally {
      await agentBrowser.close()
      await player.close()
    }

    // The owner's audit log names the agent's decision.
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Audit log' }).click()
    await page.getByLabel('Action').fill('payment')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    const audit = page.getByRole('table', { name: 'Audit log' })
    const approved = audit.getByRole('row').filter({ hasText: 'payment.approved' })
    await approved.waitFor()
    expect(await approved.textContent()).toContain(agentEmail)

    // Signed out, a screen's address leads to sign-in and back to it afterwards.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(/\/backoffice\/sign-in/)
    await page.goto(`${base}/backoffice/staff/roles`)
    await page.waitForURL(/\/backoffice\/sign-in\?next=%2Fstaff%2Froles/)
    expect(problems.filter((p) => !/status of (401|422)/.test(p))).toEqual([])
  })
})
