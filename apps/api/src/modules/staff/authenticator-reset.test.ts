import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { signedInStaff, totpCode } from '../../test/staff.ts'

/**
 * Resetting a member's authenticator (docs/security.md "Staff"): the member's password and
 * authenticator are cleared, their sessions end, and a new set-up link is e-mailed with which they
 * enrol again. Audited; never one's own account, never a member holding more than the actor.
 */
const clock = testClock()
let ctx: TestContext
beforeAll(async () => {
  // Links are built from the configured public address only, never from the request's host.
  ctx = await createTestApp({ PUBLIC_URL: 'https://casino.aurum.test' }, undefined, { clock })
})
afterAll(async () => {
  await ctx?.close()
})

describe('staff authenticator reset', () => {
  it('ends the sessions, the old code signs nobody in, and the e-mailed link enrols a new authenticator', async () => {
    const admin = await signedInStaff(ctx.app, clock, 'admin')
    const agent = await signedInStaff(ctx.app, clock, 'payments')
    expect((await agent.call('GET', '/api/admin/me')).statusCode).toBe(200)

    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${agent.id}/reset-2fa`,
      headers: { cookie: admin.cookie, 'user-agent': admin.userAgent, 'accept-language': 'de' },
      remoteAddress: admin.address,
    })
    expect(reset.statusCode).toBe(200)
    const { member, link } = reset.json<{ member: { status: string }; link: string }>()
    expect(member.status).toBe('invited')
    expect(link).toMatch(/^https:\/\/casino\.aurum\.test\/backoffice\/setup#[A-Za-z0-9_-]{43}$/)

    // The member's session ended at once.
    expect((await agent.call('GET', '/api/admin/me')).statusCode).toBe(401)
    // The old password and a fresh code of the old authenticator sign nobody in.
    clock.advance(30_000)
    const old = await agent.call('POST', '/api/admin/session', {
      email: agent.email,
      password: agent.password,
      code: await totpCode(agent.secret, clock),
    })
    expect(old.statusCode).toBe(401)

    // The e-mail, in the language of who reset it, carries the link.
    const mails = await ctx.app.services.mail.recent(agent.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Richten Sie Ihre Anmeldung beim Backoffice von Aurum Casino neu ein')
    expect(mails[0]!.text_body).toContain(link)

    // The link sets a new password and enrols a new authenticator.
    const token = link.split('#')[1]!
    const password = 'a brand new staff passphrase'
    const setup = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/setup',
      payload: { token, name: 'Agent P.', password },
    })
    expect(setup.statusCode).toBe(200)
    const secret = setup.json<{ otp_secret: string }>().otp_secret
    expect(secret).not.toBe(agent.secret)
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/setup/confirm',
      payload: { token, code: await totpCode(secret, clock) },
    })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({ status: 'active', role: { name: 'payments' } })
    clock.advance(30_000)
    const signIn = await agent.call('POST', '/api/admin/session', {
      email: agent.email,
      password,
      code: await totpCode(secret, clock),
    })
    expect(signIn.statusCode).toBe(200)
    // The link works once.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/setup',
          payload: { token, name: 'Eve', password: 'another long passphrase' },
        })
      ).json().code,
    ).toBe('invalid_token')

    const entries = await ctx.app.services.audit.list({
      action: 'staff.authenticator_reset',
      targetType: 'staff',
      targetId: String(agent.id),
    })
    expect(entries.data).toHaveLength(1)
    expect(entries.data[0]).toMatchObject({
      actor_label: admin.email,
      before: { status: 'active', authenticator: 'enrolled', password: 'set' },
      after: { status: 'invited', authenticator: 'none', password: 'none', sessions_ended: 1 },
    })
  })

  it('refuses one’s own account, a member holding more, an inactive member, and without staff:edit', async () => {
    const owner = await signedInStaff(ctx.app, clock, 'owner')
    const admin = await signedInStaff(ctx.app, clock, 'admin')
    const support = await signedInStaff(ctx.app, clock, 'support')

    const own = await admin.call('POST', `/api/admin/staff/${admin.id}/reset-2fa`)
    expect(own.statusCode).toBe(422)
    expect(own.json().code).toBe('own_account')
    // An administrator does not reset an owner; an owner does.
    const higher = await admin.call('POST', `/api/admin/staff/${owner.id}/reset-2fa`)
    expect(higher.statusCode).toBe(403)
    expect(higher.json().code).toBe('forbidden')
    expect((await owner.call('GET', '/api/admin/me')).statusCode).toBe(200)
    // Support cannot manage staff.
    expect((await support.call('POST', `/api/admin/staff/${admin.id}/reset-2fa`)).statusCode).toBe(403)
    expect((await admin.call('GET', '/api/admin/me')).statusCode).toBe(200)
    // An invited member has no authenticator yet; a disabled one is enabled first.
    const { id: invited } = await ctx.app.services.staff.create(
      `invited-${process.pid}-${Date.now()}@aurum.test`,
      'New',
      'kyc',
      'cli',
    )
    const notActive = await owner.call('POST', `/api/admin/staff/${invited}/reset-2fa`)
    expect(notActive.statusCode).toBe(422)
    expect(notActive.json().code).toBe('reset_not_active')
    expect(
      (await owner.call('PATCH', `/api/admin/staff/${support.id}`, { status: 'disabled' })).statusCode,
    ).toBe(200)
    expect((await owner.call('POST', `/api/admin/staff/${support.id}/reset-2fa`)).json().code).toBe(
      'reset_not_active',
    )
    expect((await owner.call('POST', `/api/admin/staff/999999/reset-2fa`)).statusCode).toBe(404)

    // The owner resets the administrator.
    expect((await owner.call('POST', `/api/admin/staff/${admin.id}/reset-2fa`)).statusCode).toBe(200)
    expect((await admin.call('GET', '/api/admin/me')).statusCode).toBe(401)
    const entries = await ctx.app.services.audit.list({ action: 'staff.authenticator_reset' })
    expect(entries.data.filter((e) => [String(owner.id), String(support.id)].includes(e.target_id!))).toEqual(
      [],
    )
  })
})
