import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { signedInStaff } from '../../test/staff.ts'

/**
 * Custom roles (docs/security.md "Staff", docs/backoffice.md "Staff and roles"): created, changed and
 * deleted with staff:edit, audited with before and after; built-in roles are fixed, a role held by a
 * member stays, names are unique, and nobody makes a role holding more than they do.
 */
const clock = testClock()
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { clock })
})
afterAll(async () => {
  await ctx?.close()
})

let n = 0
const roleName = (what: string) => `${what}-${process.pid}-${++n}`
const roleId = async (name: string) => (await ctx.app.services.staff.roles()).find((r) => r.name === name)!.id

describe('custom roles', () => {
  it('create, change and delete a role, each audited with before and after; members see a change at once', async () => {
    const admin = await signedInStaff(ctx.app, clock, 'admin')
    const name = roleName('vip-desk')
    const created = await admin.call('POST', '/api/admin/roles', {
      name,
      permissions: { players: 'edit', payments: 'view', content: undefined },
    })
    expect(created.statusCode).toBe(201)
    const role = created.json<{ id: number; name: string; builtin: boolean; permissions: object }>()
    expect(role).toMatchObject({ name, builtin: false, permissions: { players: 'edit', payments: 'view' } })
    expect((await admin.call('GET', '/api/admin/roles')).json()).toContainEqual(role)

    // A member with the role sees the new permissions on their next request.
    const member = await signedInStaff(ctx.app, clock, name)
    expect((await member.call('GET', '/api/admin/me')).json().permissions).toEqual({
      players: 'edit',
      payments: 'view',
    })
    expect((await member.call('GET', '/api/admin/payments')).statusCode).toBe(200)
    const renamed = `${name}-2`
    const changed = await admin.call('PATCH', `/api/admin/roles/${role.id}`, {
      name: renamed,
      permissions: { players: 'view', verification: 'view' },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({
      name: renamed,
      permissions: { players: 'view', verification: 'view' },
    })
    const me = (await member.call('GET', '/api/admin/me')).json()
    expect(me.permissions).toEqual({ players: 'view', verification: 'view' })
    expect(me.role.name).toBe(renamed)
    expect((await member.call('GET', '/api/admin/payments')).statusCode).toBe(403)

    // Held by the member, it cannot be deleted; once nobody holds it, it can.
    const inUse = await admin.call('DELETE', `/api/admin/roles/${role.id}`)
    expect(inUse.statusCode).toBe(422)
    expect(inUse.json().code).toBe('role_in_use')
    expect(inUse.json().error).toMatch(/another role/)
    expect(
      (await admin.call('PATCH', `/api/admin/staff/${member.id}`, { role_id: await roleId('support') }))
        .statusCode,
    ).toBe(200)
    expect((await admin.call('DELETE', `/api/admin/roles/${role.id}`)).statusCode).toBe(204)
    expect(
      (await admin.call('GET', '/api/admin/roles')).json().map((r: { id: number }) => r.id),
    ).not.toContain(role.id)
    expect((await admin.call('DELETE', `/api/admin/roles/${role.id}`)).statusCode).toBe(404)

    const entries = await ctx.app.services.audit.list({ targetType: 'role', targetId: String(role.id) })
    expect(entries.data.map((e) => [e.action, e.actor_label, e.before, e.after])).toEqual([
      [
        'staff.role_deleted',
        admin.email,
        { name: renamed, permissions: { players: 'view', verification: 'view' } },
        null,
      ],
      [
        'staff.role_updated',
        admin.email,
        { name, permissions: { players: 'edit', payments: 'view' } },
        { name: renamed, permissions: { players: 'view', verification: 'view' } },
      ],
      ['staff.role_created', admin.email, null, { name, permissions: { players: 'edit', payments: 'view' } }],
    ])
  })

  it('refuse without staff:edit, built-in roles, a taken name, and a role holding more than its maker', async () => {
    const owner = await signedInStaff(ctx.app, clock, 'owner')
    const admin = await signedInStaff(ctx.app, clock, 'admin')
    const readOnly = await signedInStaff(ctx.app, clock, 'read-only')
    const name = roleName('auditor')

    // Reading the roles is not enough to change them.
    const refused = await readOnly.call('POST', '/api/admin/roles', { name, permissions: { audit: 'view' } })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('forbidden')

    // Built-in roles are fixed, whoever asks.
    const builtin = await owner.call('PATCH', `/api/admin/roles/${await roleId('support')}`, {
      name: 'support',
      permissions: { players: 'approve' },
    })
    expect(builtin.statusCode).toBe(422)
    expect(builtin.json().code).toBe('role_builtin')
    expect(builtin.json().error).toMatch(/Built-in roles/)
    expect((await owner.call('DELETE', `/api/admin/roles/${await roleId('read-only')}`)).json().code).toBe(
      'role_builtin',
    )
    expect((await ctx.app.services.staff.roles()).find((r) => r.name === 'support')!.permissions).toEqual({
      dashboard: 'view',
      players: 'edit',
      payments: 'view',
      verification: 'view',
      games: 'view',
      mail: 'edit',
      responsible_gambling: 'edit',
    })

    // An administrator (staff:edit) cannot make a role that approves on staff, nor edit one that does.
    const escalation = await admin.call('POST', '/api/admin/roles', {
      name,
      permissions: { staff: 'approve' },
    })
    expect(escalation.statusCode).toBe(403)
    expect(escalation.json().code).toBe('forbidden')
    const ownerRole = await owner.call('POST', '/api/admin/roles', {
      name,
      permissions: { staff: 'approve', audit: 'view' },
    })
    expect(ownerRole.statusCode).toBe(201)
    const id = ownerRole.json<{ id: number }>().id
    expect(
      (await admin.call('PATCH', `/api/admin/roles/${id}`, { name, permissions: { audit: 'view' } }))
        .statusCode,
    ).toBe(403)
    expect((await admin.call('DELETE', `/api/admin/roles/${id}`)).statusCode).toBe(403)
    // Nor raise a role of their own level above theirs.
    const mine = await admin.call('POST', '/api/admin/roles', {
      name: roleName('payments-lead'),
      permissions: { payments: 'approve' },
    })
    expect(mine.statusCode).toBe(201)
    expect(
      (
        await admin.call('PATCH', `/api/admin/roles/${mine.json().id}`, {
          name: mine.json().name,
          permissions: { payments: 'approve', reports: 'approve' },
        })
      ).statusCode,
    ).toBe(403)

    // Names are unique, a field error in the member's language; a bad name is one too.
    const taken = await owner.call('POST', '/api/admin/roles', { name: 'kyc', permissions: {} })
    expect(taken.statusCode).toBe(422)
    expect(taken.json().errors.name).toEqual(['This name is already taken.'])
    const renamedToTaken = await owner.call('PATCH', `/api/admin/roles/${id}`, {
      name: mine.json().name,
      permissions: { audit: 'view' },
    })
    expect(renamedToTaken.statusCode).toBe(422)
    expect(renamedToTaken.json().errors.name).toBeDefined()
    const bad = await owner.call('POST', '/api/admin/roles', { name: '!', permissions: {} })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.name).toBeDefined()
    const badLevel = await owner.call('POST', '/api/admin/roles', {
      name: roleName('x'),
      permissions: { players: 'root' },
    })
    expect(badLevel.statusCode).toBe(422)

    // Nothing refused was written.
    const written = await ctx.app.services.audit.list({ action: 'staff.role_created', targetType: 'role' })
    expect(written.data.filter((e) => e.actor_label === admin.email).map((e) => e.after)).toEqual([
      { name: mine.json().name, permissions: { payments: 'approve' } },
    ])
    expect((await ctx.app.services.audit.verify()).problem).toBeNull()
  })
})
