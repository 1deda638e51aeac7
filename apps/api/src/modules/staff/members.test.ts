import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { signedInStaff, totpCode } from '../../test/staff.ts'

/**
 * Inviting members by e-mail and changing their role or status (docs/security.md "Staff"): audited,
 * nobody acts on their own account or hands out more than they hold, an active owner always stays.
 */
const clock = testClock()
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { clock })
})
afterAll(async () => {
  await ctx?.close()
})

const roleId = async (name: string) => (await ctx.app.services.staff.roles()).find((r) => r.name === name)!.id

describe('staff members', () => {
  it('invite by e-mail in the inviter’s language; the link sets the account up', async () => {
    const owner = await signedInStaff(ctx.app, clock, 'owner')
    const email = `kyc-${Date.now()}@aurum.test`
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { cookie: owner.cookie, 'user-agent': owner.userAgent, 'accept-language': 'de' },
      remoteAddress: owner.address,
      payload: { email, name: 'Karl', role_id: await roleId('kyc') },
    })
    expect(invited.statusCode).toBe(201)
    const { member, link } = invited.json<{ member: { id: number; status: string }; link: string }>()
    expect(member.status).toBe('invited')
    expect(link).toMatch(/\/backoffice\/setup#[A-Za-z0-9_-]{43}$/)
    const mails = await ctx.app.services.mail.recent(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Sie sind zum Backoffice von Aurum Casino eingeladen')
    expect(mails[0]!.text_body).toContain(link)
    expect(mails[0]!.text_body).toContain('kyc')
    // The same address twice is a field error; an unknown role too.
    const again = await owner.call('POST', '/api/admin/staff', {
      email,
      name: 'Karl',
      role_id: await roleId('kyc'),
    })
    expect(again.statusCode).toBe(422)
    expect(again.json().errors.email).toEqual([expect.stringMatching(/already uses this e-?mail address/)])
    expect(
      (
        await owner.call('POST', '/api/admin/staff', { email: 'x@aurum.test', name: 'X', role_id: 999 })
      ).json().errors.role_id,
    ).toEqual(['Role is not one of the allowed values.'])
    // The link works as a set-up link.
    const token = link.split('#')[1]!
    const setup = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/setup',
      payload: { token, name: 'Karl K.', password: 'a long passphrase for karl' },
    })
    expect(setup.statusCode).toBe(200)
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/setup/confirm',
      payload: { token, code: await totpCode(setup.json().otp_secret, clock) },
    })
    expect(confirmed.json()).toMatchObject({ email, status: 'active', role: { name: 'kyc' } })
    const audit = await ctx.app.services.audit.list({
      action: 'staff.invited',
      targetType: 'staff',
      targetId: String(member.id),
    })
    expect(audit.data.map((e) => [e.actor_label, e.after])).toEqual([
      [owner.email, { email, name: 'Karl', role: 'kyc', status: 'invited' }],
    ])
  })

  it('change a role or disable a member; never one’s own account, never more than one holds', async () => {
    const owner = await signedInStaff(ctx.app, clock, 'owner')
    const otherOwner = await signedInStaff(ctx.app, clock, 'owner')
    const admin = await signedInStaff(ctx.app, clock, 'admin')
    const agent = await signedInStaff(ctx.app, clock, 'support')
    const support = await signedInStaff(ctx.app, clock, 'support')
    // Support agents cannot manage staff at all.
    expect(
      (await support.call('PATCH', `/api/admin/staff/${agent.id}`, { status: 'disabled' })).statusCode,
    ).toBe(403)
    // Nobody changes their own account.
    expect(
      (await admin.call('PATCH', `/api/admin/staff/${admin.id}`, { status: 'disabled' })).json().code,
    ).toBe('own_account')
    // An administrator does not make an owner, nor touch one.
    expect(
      (await admin.call('PATCH', `/api/admin/staff/${agent.id}`, { role_id: await roleId('owner') }))
        .statusCode,
    ).toBe(403)
    expect(
      (await admin.call('PATCH', `/api/admin/staff/${owner.id}`, { status: 'disabled' })).statusCode,
    ).toBe(403)
    // An owner does.
    const demoted = await owner.call('PATCH', `/api/admin/staff/${otherOwner.id}`, {
      role_id: await roleId('admin'),
    })
    expect(demoted.json().role.name).toBe('admin')
    // A new role, then disabled: the member's session ends at once.
    const moved = await admin.call('PATCH', `/api/admin/staff/${agent.id}`, {
      role_id: await roleId('payments'),
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().role.name).toBe('payments')
    expect((await agent.call('GET', '/api/admin/me')).json().permissions.payments).toBe('approve')
    const disabled = await admin.call('PATCH', `/api/admin/staff/${agent.id}`, { status: 'disabled' })
    expect(disabled.json().status).toBe('disabled')
    expect((await agent.call('GET', '/api/admin/me')).statusCode).toBe(401)
    const entries = await ctx.app.services.audit.list({
      action: 'staff.updated',
      targetType: 'staff',
      targetId: String(agent.id),
    })
    expect(entries.data.map((e) => [e.before, e.after])).toEqual([
      [
        { role: 'payments', status: 'active' },
        { role: 'payments', status: 'disabled' },
      ],
      [
        { role: 'support', status: 'active' },
        { role: 'payments', status: 'active' },
      ],
    ])
  })
})
