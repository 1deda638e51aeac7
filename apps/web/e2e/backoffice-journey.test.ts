import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { axe, launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, depositByCard, registerPlayer } from './players.ts'
import { invitedMember, signIn, totpCode } from './staff.ts'

/** The size of the passport photo the KYC journey's player uploads. */
const PASSPORT = { width: 120, height: 80 }

/** A PNG of `width` × `height` pixels in a gradient: a real image the browser decodes. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits per channel, RGB, deflate, no filter, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      rows.set([(x * 2) & 255, (y * 3) & 255, 160], y * (width * 3 + 1) + 1 + x * 3)
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * The back office (/backoffice) as its first owner meets it on a fresh install: the set-up link the
 * server printed at its first start, the authenticator, sign-in, the staff screens and the audit log
 * that recorded each step. The owner then invites members of the built-in roles, each signing in
 * in a browser of their own beside a player's: payments approves a withdrawal, KYC a document,
 * marketing changes a banner. axe runs on every screen, the owner's loop visiting those the
 * journeys do not.
 */
describe('back office', () => {
  const base = inject('baseURL')
  let browser: Awaited<ReturnType<typeof launch>>
  let page: Page
  let problems: string[]
  // The owner the first journey sets up, still signed in for the second.
  const owner = { email: `owner-${Date.now()}@aurum.test`, password: 'a long owner passphrase' }
  // The player of the withdrawal, whose 360 has wallets, ledger and payments for the axe loop.
  let withdrawalPlayer = ''
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
    await page.getByLabel('Authenticator code').fill(await totpCode(secret))
    await page.getByRole('button', { name: 'Activate my account' }).click()
    await page.getByRole('link', { name: 'Go to sign-in' }).click()

    await page.waitForURL(/\/backoffice\/sign-in/)
    expect(await axe(page)).toEqual([])
    // The code of the set-up is spent: the next period's code signs in.
    await signIn(page, { email, password, secret })

    // Signed in, on the first screen of the owner's role; the staff screen lists them.
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
    // The owner, still signed in, invites the agent from the staff screen; the agent sets up and
    // signs in, in a browser of their own.
    const {
      browser: agentBrowser,
      page: agent,
      problems: agentProblems,
      email: agentEmail,
    } = await invitedMember(page, base, 'payments', 'Pia Payments')
    // The staff screen, with the invitation's answer.
    expect(await axe(page)).toEqual([])

    const player = await launch()
    try {
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
      withdrawalPlayer = playerEmail
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

    expect(problems.filter((p) => !/status of (401|422)/.test(p))).toEqual([])
  }, 120_000)

  it('a KYC agent sees a player’s document inline and approves it; the player’s page shows it approved; the audit log names the agent', async () => {
    const kyc = await invitedMember(page, base, 'kyc', 'Kai Kyc')
    const player = await launch()
    try {
      // The player uploads a photo of their passport and sees it waiting.
      const playerPage = await player.context.newPage()
      await playerPage.goto(base + '/', { waitUntil: 'networkidle' })
      await answerNotices(playerPage)
      const playerEmail = `kyc.${Date.now()}@example.com`
      await registerPlayer(playerPage, base, { email: playerEmail })
      await playerPage.goto(base + '/users/verification', { waitUntil: 'networkidle' })
      await playerPage.getByLabel(/document type/i).selectOption({ label: 'Proof of identity' })
      await playerPage.getByLabel(/^file$/i).setInputFiles({
        name: 'passport.png',
        mimeType: 'image/png',
        buffer: png(PASSPORT.width, PASSPORT.height),
      })
      await playerPage.getByRole('button', { name: /^upload$/i }).click()
      await playerPage.getByText(/your document was uploaded/i).waitFor()
      const state = () =>
        playerPage
          .getByTestId('documents')
          .getByRole('listitem')
          .filter({ hasText: 'passport.png' })
          .locator('span')
          .last()
          .textContent()
      await expect.poll(state).toBe('Waiting for review')

      // The agent sees the KYC role's screens and finds the document in the queue.
      const agent = kyc.page
      await agent.waitForURL(/\/backoffice\/dashboard/)
      const screens = agent.getByRole('navigation', { name: 'Screens' })
      expect(await screens.getByRole('link').allTextContents()).toEqual([
        'Dashboard',
        'Players',
        'Verification',
      ])
      await screens.getByRole('link', { name: 'Verification' }).click()
      const row = agent
        .getByRole('table', { name: 'Verification documents' })
        .getByRole('row')
        .filter({ hasText: playerEmail })
      await row.waitFor()
      expect(await axe(agent)).toEqual([])
      await row.getByRole('link', { name: 'passport.png' }).click()
      await agent.getByRole('heading', { level: 1, name: /^Document \d+: Identity$/ }).waitFor()
      // The file is shown inline: the browser loaded and decoded the image the player sent.
      const image = agent.getByRole('img', { name: 'The uploaded document passport.png' })
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
        .toBe(PASSPORT.width)
      expect(await axe(agent)).toEqual([])
      await agent.getByRole('button', { name: 'Approve the document' }).click()
      await agent.getByText('Decided. The player is told by e-mail.').waitFor()
      await screenshot(agent, 'backoffice-document-approved')
      expect(kyc.problems).toEqual([])

      // The player app does not push documents (its page reads them when it loads): the next
      // visit to the page shows it approved.
      await playerPage.goto(base + '/users/verification', { waitUntil: 'networkidle' })
      await expect.poll(state).toBe('Approved')
      await playerPage.getByTestId('kind-identity').getByText('Approved').waitFor()
    } catch (error) {
      // The pages as they were, before their browsers close.
      for (const [name, shown] of [
        ['backoffice-kyc-failed', kyc.page],
        ['backoffice-kyc-player-failed', player.context.pages()[0]],
      ] as const) {
        if (shown) await screenshot(shown, name).catch(() => undefined)
      }
      throw error
    } finally {
      await kyc.browser.close()
      await player.close()
    }

    // The owner's audit log names the agent's decision.
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Audit log' }).click()
    await page.getByLabel('Action').fill('document.approved')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await page.waitForURL(/action=document\.approved/)
    const approved = page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasText: kyc.email })
    await expect.poll(() => approved.count()).toBe(1)
    expect(await approved.textContent()).toMatch(/document \d+/)
  }, 120_000)

  it('a marketing member edits the main page’s banner; a visitor’s next load shows it; the audit log has the change', async () => {
    const marketing = await invitedMember(page, base, 'marketing', 'Mia Marketing')
    const visitor = await launch()
    try {
      // A visitor has the main page open: the live casino's banner is in the hero slider, in the
      // language of the visitor's country.
      const home = await visitor.context.newPage()
      await home.goto(base + '/', { waitUntil: 'networkidle' })
      const language = await home.evaluate(() => document.documentElement.lang)
      const slider = home.getByRole('region', { name: 'Featured offers' })
      const shows = async (text: string) => {
        await home.reload({ waitUntil: 'domcontentloaded' })
        return slider.locator('h2', { hasText: text }).count()
      }

      const editor = marketing.page
      await editor.waitForURL(/\/backoffice\/dashboard/)
      const screens = editor.getByRole('navigation', { name: 'Screens' })
      expect(await screens.getByRole('link').allTextContents()).toEqual([
        'Dashboard',
        'Games',
        'Content',
        'Reports',
      ])
      await screens.getByRole('link', { name: 'Content' }).click()
      await editor.getByRole('link', { name: 'Files and banners' }).click()
      await editor.getByRole('link', { name: 'banner-live', exact: true }).click()
      await editor.getByRole('heading', { level: 1, name: 'File banner-live' }).waitFor()
      await editor.getByRole('group', { name: 'Language' }).locator(`button[lang="${language}"]`).click()
      const title = editor.getByLabel('Title', { exact: true })
      const seeded = await title.inputValue()
      expect(await slider.locator('h2', { hasText: seeded }).count()).toBe(1)

      const save = () =>
        Promise.all([
          editor.waitForResponse(
            (r) =>
              r.request().method() === 'PATCH' && r.url().endsWith('/api/admin/content/files/banner-live'),
          ),
          editor.getByRole('button', { name: 'Save', exact: true }).click(),
        ]).then(([response]) => expect(response.status()).toBe(200))
      const changed = `Live Roulette night ${Date.now()}`
      await title.fill(changed)
      expect(await axe(editor)).toEqual([])
      await save()
      await editor.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
      // The change drops the CMS caches once committed: the main page's next render has it.
      await expect.poll(() => shows(changed), { timeout: 5_000 }).toBe(1)
      await screenshot(home, 'backoffice-banner-changed')

      // The seeded title back, for the journeys that follow.
      await title.fill(seeded)
      await save()
      await expect.poll(() => shows(seeded), { timeout: 5_000 }).toBe(1)
      expect(marketing.problems).toEqual([])
    } catch (error) {
      // The pages as they were, before their browsers close.
      for (const [name, shown] of [
        ['backoffice-marketing-failed', marketing.page],
        ['backoffice-marketing-visitor-failed', visitor.context.pages()[0]],
      ] as const) {
        if (shown) await screenshot(shown, name).catch(() => undefined)
      }
      throw error
    } finally {
      await marketing.browser.close()
      await visitor.close()
    }

    // Both changes are in the owner's audit log, by the marketing member.
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Audit log' }).click()
    await page.getByLabel('Action').fill('content.file.updated')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await page.waitForURL(/action=content\.file\.updated/)
    const updates = page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasText: marketing.email })
    await expect.poll(() => updates.count()).toBe(2)
    expect(await updates.first().textContent()).toContain('banner-live')
  }, 120_000)

  it('axe finds nothing on any screen of the back office', async () => {
    onTestFailed(async () => {
      console.error(`backoffice axe loop failed at ${page.url()}`)
      await screenshot(page, 'backoffice-axe-failed')
    })
    const screen = (path: string) => `${base}/backoffice${path}`
    /** The screen settled: its heading shown, nothing loading. */
    const settled = async () => {
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await expect
        .poll(() => page.locator('[aria-busy="true"]').or(page.getByText('Loading…')).count())
        .toBe(0)
    }
    /** The address of the first row's first link in the table named `table`. */
    const firstRow = async (table: string) => {
      const link = page.getByRole('table', { name: table }).locator('tbody tr a[href]').first()
      await link.waitFor()
      return (await link.getAttribute('href'))!.replace(/^\/backoffice/, '')
    }
    const violations: Record<string, string[]> = {}
    const consoleProblems: Record<string, string[]> = {}
    const check = async (path: string) => {
      const before = problems.length
      await page.goto(screen(path))
      await settled()
      // The screen itself, with its data: no error page, no failed request's notice.
      expect(new URL(page.url()).pathname, path).toBe(`/backoffice${path.replace(/\?.*/, '')}`)
      expect(await page.locator('#error-title').or(page.getByRole('alert')).count(), path).toBe(0)
      const found = await axe(page)
      if (found.length) {
        violations[path] = found.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        )
      }
      if (problems.length > before) consoleProblems[path] = problems.slice(before)
    }

    // Lists, then a row of each opened.
    const lists: Array<[path: string, table: string]> = [
      [`/players?q=${encodeURIComponent(withdrawalPlayer)}`, 'Players'],
      ['/payments', 'Payments'],
      ['/verification?status=any', 'Verification documents'],
      ['/games', 'Games'],
      ['/content', 'Pages'],
      ['/content/snippets', 'Snippets'],
      ['/content/files', 'Files and banners'],
      ['/mail', 'Outgoing mail'],
    ]
    const details: string[] = []
    for (const [path, table] of lists) {
      await check(path)
      details.push(await firstRow(table))
    }
    for (const path of [
      '/dashboard',
      '/payments/stuck',
      '/payments/approvals',
      '/games/rounds',
      '/reports',
      '/rg',
      '/rg/markers',
      ...details,
    ]) {
      await check(path)
    }
    // The player 360, tab by tab.
    const player = details[0]!
    expect(player).toMatch(/^\/players\/\d+$/)
    for (const tab of [
      'wallets',
      'ledger',
      'adjustments',
      'rounds',
      'payments',
      'limits',
      'documents',
      'sessions',
      'notes',
      'audit',
    ]) {
      await check(`${player}/${tab}`)
    }
    // The player's responsible-gambling file.
    await check(player.replace('/players/', '/rg/players/'))
    // The forms that open on a screen: a balance adjustment, a new custom role.
    const opened = async (path: string, control: string, shown: () => Locator) => {
      await check(path)
      const before = problems.length
      await page.locator('summary, button').filter({ hasText: control }).first().click()
      await shown().waitFor()
      const found = await axe(page)
      if (found.length) violations[`${path} ${control}`] = found.map((v) => `${v.id}: ${v.help}`)
      if (problems.length > before) consoleProblems[`${path} ${control}`] = problems.slice(before)
    }
    await opened(player, 'Adjust balance', () => page.locator('details[open] form').first())
    await opened('/staff/roles', 'New role', () => page.getByRole('heading', { name: 'New role', level: 2 }))
    expect(violations).toEqual({})
    expect(consoleProblems).toEqual({})
  }, 120_000)

  it('signed out, a screen’s address leads to sign-in, which keeps the screen to return to', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(/\/backoffice\/sign-in/)
    await page.goto(`${base}/backoffice/staff/roles`)
    await page.waitForURL(/\/backoffice\/sign-in\?next=%2Fstaff%2Froles/)
    expect(problems.filter((p) => !/status of (401|422)/.test(p))).toEqual([])
  })
})
