import { generate } from 'otplib'
import type { Page } from 'playwright-core'
import { launch, watchConsole } from './browser.ts'

/** A staff member as the journeys know them: what they type to sign in, and their authenticator. */
export interface StaffCredentials {
  email: string
  password: string
  /** The TOTP secret the set-up page showed (base32). */
  secret: string
}

/** The authenticator's code `periodsAhead` 30-second periods from now. */
export function totpCode(secret: string, periodsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * periodsAhead })
}

/**
 * The owner (or anyone with staff:edit), on any back-office screen, invites a member with a
 * built-in role from the staff screen; answers the set-up link the screen shows (this install
 * keeps its mail in the outbox, so the answer carries the link).
 */
export async function inviteMember(
  page: Page,
  { email, name, role }: { email: string; name: string; role: string },
): Promise<URL> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('link', { name: 'Staff and roles' })
    .click()
  await page.waitForURL(/\/backoffice\/staff$/)
  const invite = page.getByRole('form', { name: 'Invite a member' })
  await invite.getByLabel('E-mail').fill(email)
  await invite.getByLabel('Name').fill(name)
  await invite.getByLabel('Role').selectOption({ label: role })
  await invite.getByRole('button', { name: 'Send the invitation' }).click()
  const sent = invite.getByRole('status').filter({ hasText: email })
  await sent.waitFor()
  return new URL((await sent.locator('.mono').textContent())!.trim())
}

/**
 * An invited member opens their set-up link (on the address the journeys serve), chooses a
 * password, scans the secret and activates with the current code; answers the secret.
 */
export async function setUpFromLink(
  page: Page,
  base: string,
  link: URL,
  { name, password }: { name: string; password: string },
): Promise<string> {
  await page.goto(`${base}${link.pathname}${link.hash}`)
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('New password').fill(password)
  await page.getByRole('button', { name: 'Continue' }).click()
  const secret = (await page.locator('.mono').textContent())!.trim()
  await page.getByLabel('Authenticator code').fill(await totpCode(secret))
  await page.getByRole('button', { name: 'Activate my account' }).click()
  await page.getByRole('link', { name: 'Go to sign-in' }).click()
  await page.waitForURL(/\/backoffice\/sign-in/)
  return secret
}

/**
 * Signs in on the sign-in page that is open. The code of the set-up is spent (a code is taken
 * once): the next period's code, which the server accepts with its one step of skew, signs in.
 */
export async function signIn(page: Page, { email, password, secret }: StaffCredentials): Promise<void> {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByLabel('Authenticator code').fill(await totpCode(secret, 1))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'))
}

/**
 * A member invited by the signed-in `ownerPage` with a built-in role, set up and signed in in a
 * browser of their own (close it when done); `problems` collects the page's console errors.
 */
export async function invitedMember(ownerPage: Page, base: string, role: string, name: string) {
  const email = `${role}-${Date.now()}@aurum.test`
  const password = `a long ${role} passphrase`
  const link = await inviteMember(ownerPage, { email, name, role })
  const browser = await launch()
  try {
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    const secret = await setUpFromLink(page, base, link, { name, password })
    await signIn(page, { email, password, secret })
    return { browser, page, problems, email }
  } catch (error) {
    await browser.close()
    throw error
  }
}
