import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { totpCode } from '../../test/staff.ts'

/**
 * A fresh install's first owner (docs/security.md "Staff"): every start prints a one-time link while
 * no member exists; it asks for the owner's e-mail, and works once.
 */
const clock = testClock()
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { clock })
})
afterAll(async () => {
  await ctx?.close()
})

const post = (url: string, body: object) =>
  ctx.app.inject({ method: 'POST', url, payload: body, headers: { 'user-agent': 'first-owner-test' } })

describe('the first owner', () => {
  it('set up from the link printed at start: e-mail asked, used once, replaced by a newer start', async () => {
    const staff = ctx.app.services.staff
    const older = await staff.firstOwnerLink()
    const link = await staff.firstOwnerLink()
    expect(link?.token).toMatch(/^[A-Za-z0-9_-]{32,64}$/)
    const password = 'a long owner passphrase'
    // A newer start replaced the older link.
    expect(
      (await post('/api/admin/setup', { token: older!.token, name: 'Olga', password })).json().code,
    ).toBe('invalid_token')
    const withoutEmail = await post('/api/admin/setup', { token: link!.token, name: 'Olga', password })
    expect(withoutEmail.statusCode).toBe(422)
    expect(withoutEmail.json().errors.email).toBeDefined()
    const setup = await post('/api/admin/setup', {
      token: link!.token,
      name: 'Olga',
      password,
      email: 'owner@aurum.test',
    })
    expect(setup.statusCode).toBe(200)
    const secret = setup.json<{ otp_secret: string }>().otp_secret
    // A reload of step one goes the usual way: the same secret.
    const again = await post('/api/admin/setup', { token: link!.token, name: 'Olga', password })
    expect(again.json().otp_secret).toBe(secret)
    const confirmed = await post('/api/admin/setup/confirm', {
      token: link!.token,
      code: await totpCode(secret, clock),
    })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({
      email: 'owner@aurum.test',
      status: 'active',
      role: { name: 'owner' },
    })
    // Someone is a member now: no more links, and the used one is dead.
    expect(await staff.firstOwnerLink()).toBeUndefined()
    expect(
      (
        await post('/api/admin/setup', { token: link!.token, name: 'Eve', password, email: 'eve@aurum.test' })
      ).json().code,
    ).toBe('invalid_token')
    const entries = await ctx.app.services.audit.list({ action: 'staff' }, { sort: 'asc' })
    expect(entries.data.map((e) => [e.action, e.actor_label])).toEqual([
      ['staff.created', 'system'],
      ['staff.activated', 'owner@aurum.test'],
    ])
  })
})
