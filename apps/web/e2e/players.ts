import type { Page } from 'playwright-core'
import { AB_TEST_GROUPS } from '@aurum/shared'
import { solvedCaptcha } from './captcha.ts'

export const PASSWORD = 'Golden-Lynx-2048'

/** As a player would: the cookie and card-payment notices (shown after 1.5 s) are answered first. */
export async function answerNotices(page: Page) {
  await page.getByRole('button', { name: /^accept$/i }).click()
  await page.getByRole('button', { name: /^got it$/i }).click()
}

/**
 * A new player registered through the api from the page's origin (so the session cookie is the
 * browser's), put in a group of the profile-completion experiment: variant A by default, so no
 * completion modal comes in between. Fails when the api refuses either call.
 */
export async function registerPlayer(
  page: Page,
  base: string,
  { email, currency = 'EUR', group = AB_TEST_GROUPS.a }: { email: string; currency?: string; group?: number },
): Promise<void> {
  const user = {
    email,
    password: PASSWORD,
    terms_acceptance: true,
    currency,
    captcha: await solvedCaptcha(base),
  }
  const failed = await page.evaluate(
    async ({ user, group }) => {
      const json = { 'content-type': 'application/json' }
      const registered = await fetch('/api/users', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ user }),
      })
      if (!registered.ok) return `registration: ${registered.status}`
      const grouped = await fetch('/api/player/groups', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ groups: { add: [group], remove: [] } }),
      })
      return grouped.status === 204 ? null : `group: ${grouped.status}`
    },
    { user, group },
  )
  if (failed) throw new Error(`registering ${email} failed (${failed})`)
}

/**
 * A card deposit through the api from the page's origin (the player's session cookie), approved
 * at once by the sandbox provider. Fails when the api refuses it.
 */
export async function depositByCard(page: Page, amountCents: number): Promise<void> {
  const status = await page.evaluate(async (amount) => {
    const res = await fetch('/api/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        method_id: 'card',
        currency: 'EUR',
        action: 'deposit',
        amount_cents: amount,
        fields: { card_number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123', card_holder: 'Ana Lind' },
      }),
    })
    return res.status
  }, amountCents)
  if (status >= 300) throw new Error(`the deposit failed (HTTP ${status})`)
}

export interface Game {
  provider: string
  seo_title: string
  title: string
}

/** The first slot of the lobby, as the api lists it. */
export async function firstSlot(page: Page): Promise<Game> {
  return page.evaluate(async () => {
    const res = await fetch('/api/games_filter', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        page: 1,
        page_size: 1,
        filter: { categories: { identifiers: ['slots'], strategy: 'OR' } },
      }),
    })
    return ((await res.json()) as { data: Game[] }).data[0]!
  })
}
