import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import type { AdminMail, AdminMailMessage, AdminMailPage } from '@aurum/shared/contracts/admin-mail'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { signedInStaff, type SignedInStaff } from '../../test/staff.ts'
import { redactLinks } from './service.ts'

/**
 * The back office's outgoing mail (docs/backoffice.md "Outgoing mail"): the outbox listed,
 * exported, read (one-time links redacted below mail:approve) and resent (audited; never a
 * one-time link).
 */
const clock = testClock()
let ctx: TestContext
let owner: SignedInStaff
let admin: SignedInStaff
let readOnly: SignedInStaff
let marketing: SignedInStaff
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { clock })
  owner = await signedInStaff(ctx.app, clock, 'owner')
  admin = await signedInStaff(ctx.app, clock, 'admin')
  readOnly = await signedInStaff(ctx.app, clock, 'read-only')
  marketing = await signedInStaff(ctx.app, clock, 'marketing')
})
afterAll(async () => {
  await ctx?.close()
})

const list = async (member: SignedInStaff, query: string) => {
  const res = await member.call('GET', `/api/admin/mail${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<AdminMailPage>()
}
/** A player, their confirmation e-mail (a one-time link) and a password-changed notice (none). */
async function playerWithMail() {
  const player = await registerPlayer(ctx.app)
  await ctx.app.services.mail.send({
    to: player.email,
    template: 'password_changed',
    locale: 'en',
    vars: { support: 'support@aurum.test' },
    userId: BigInt(player.id),
  })
  const { data } = await list(owner, `?recipient=${encodeURIComponent(player.email)}&sort=id&order=asc`)
  const [confirmation, notice] = data
  expect(confirmation).toMatchObject({ template: 'confirmation', one_time_link: true })
  expect(notice).toMatchObject({ template: 'password_changed', one_time_link: false })
  return { ...player, confirmation: confirmation!, notice: notice! }
}
const message = async (member: SignedInStaff, id: number) => {
  const res = await member.call('GET', `/api/admin/mail/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<AdminMailMessage>()
}
const audited = (id: number) =>
  ctx.db.query<{ actor_label: string; action: string; before: unknown; after: unknown }>(
    `SELECT actor_label, action, before, after FROM audit_log WHERE target_type = 'email' AND target_id = $1 ORDER BY id`,
    [String(id)],
  )

describe('outgoing mail', () => {
  it('lists the outbox by recipient, template, state and period, sorted and paged, and as CSV', async () => {
    const player = await playerWithMail()
    expect(player.confirmation).toMatchObject({
      to: player.email,
      // The player's language (the test registration's default).
      subject: 'Confirm your email address',
      locale: 'en-CA',
      player_id: player.id,
      state: 'pending',
      attempts: 0,
      last_error: null,
      sent_at: null,
      resent_from: null,
    })
    // Part of the address, any case.
    const local = player.email.split('@')[0]!.toUpperCase()
    const byRecipient = await list(readOnly, `?recipient=${encodeURIComponent(local)}`)
    expect(byRecipient.data.map((m) => m.id)).toEqual([player.notice.id, player.confirmation.id])
    expect(byRecipient.pagination).toEqual({ page: 1, per_page: 50, total_count: 2 })
    // Without SMTP the outbox is where the mail is read.
    expect(byRecipient.delivery).toBe('outbox')

    const confirmations = await list(readOnly, `?template=confirmation&player_id=${player.id}`)
    expect(confirmations.data.map((m) => m.id)).toEqual([player.confirmation.id])
    expect((await list(readOnly, `?state=pending&player_id=${player.id}`)).pagination.total_count).toBe(2)
    expect((await list(readOnly, `?state=sent&player_id=${player.id}`)).pagination.total_count).toBe(0)
    expect((await list(readOnly, `?player_id=${player.id}&to=2020-01-01`)).pagination.total_count).toBe(0)
    const paged = await list(readOnly, `?player_id=${player.id}&sort=template&order=asc&per_page=1&page=2`)
    expect(paged.data.map((m) => m.template)).toEqual(['password_changed'])
    expect(paged.pagination).toEqual({ page: 2, per_page: 1, total_count: 2 })
    // The list has no bodies.
    expect(Object.keys(paged.data[0]!)).not.toContain('text_body')

    const bad = await readOnly.call('GET', '/api/admin/mail?state=lost&sort=body&template=Bad!&page=0')
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'sort', 'state', 'template'])

    const csv = await readOnly.call('GET', `/api/admin/mail.csv?player_id=${player.id}`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="aurum-mail-[\d-]{10}\.csv"$/)
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'id,created_at,to,subject,template,locale,player_id,state,attempts,last_error,sent_at,resent_from',
    )
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(['confirmation', 'password_changed'])
    expect(csv.body).not.toContain('confirmation_token')

    expect((await marketing.call('GET', '/api/admin/mail')).statusCode).toBe(403)
    expect((await marketing.call('GET', `/api/admin/mail/${player.notice.id}`)).statusCode).toBe(403)
  })

  it('shows a message in full; a one-time link’s token only to mail:approve', async () => {
    const player = await playerWithMail()
    const full = await message(owner, player.confirmation.id)
    const token = /confirmation_token=([\w-]+)/.exec(full.text_body)?.[1]
    expect(token).toMatch(/^[\w-]{43}$/)
    expect(full).toMatchObject({ redacted: false, html_body: null, subject: 'Confirm your email address' })

    for (const member of [admin, readOnly]) {
      const res = await member.call('GET', `/api/admin/mail/${player.confirmation.id}`)
      expect(res.body).not.toContain(token)
      const shown = res.json<AdminMailMessage>()
      expect(shown.redacted).toBe(true)
      expect(shown.text_body).toMatch(/https?:\/\/\S+\/confirmation\?confirmation_token=\[redacted\]/)
      // The rest of the message stays readable.
      expect(shown.text_body).toMatch(
        /Please confirm your e-?mail address by opening this link within 48 hours/,
      )
    }
    // A message without one is shown whole to anyone who may read mail.
    const notice = await message(readOnly, player.notice.id)
    expect(notice).toMatchObject({ redacted: false, one_time_link: false })
    expect(notice.text_body).toContain('support@aurum.test')
    expect((await readOnly.call('GET', '/api/admin/mail/999999999')).statusCode).toBe(404)
  })

  it('redacts every kind of token link: query values, token path segments, fragments', () => {
    const token = 'A'.repeat(43)
    expect(
      redactLinks(
        `a https://casino.test/api/gdpr_reports/${token} b\nhttps://casino.test/profile/limits/confirm?token=${token}&l=de#${token}`,
      ),
    ).toBe(
      'a https://casino.test/api/gdpr_reports/[redacted] b\nhttps://casino.test/profile/limits/confirm?token=[redacted]&l=[redacted]#[redacted]',
    )
    expect(redactLinks('https://casino.test/users/verification')).toBe(
      'https://casino.test/users/verification',
    )
  })

  it('resends a copy, audited; never a one-time link, and only with mail:edit', async () => {
    const player = await playerWithMail()
    const viewer = await readOnly.call('POST', `/api/admin/mail/${player.notice.id}/resend`)
    expect(viewer.statusCode).toBe(403)

    const res = await admin.call('POST', `/api/admin/mail/${player.notice.id}/resend`)
    expect(res.statusCode, res.body).toBe(200)
    const copy = res.json<{ message: AdminMail }>().message
    expect(copy).toMatchObject({
      to: player.email,
      subject: player.notice.subject,
      template: 'password_changed',
      player_id: player.id,
      state: 'pending',
      attempts: 0,
      resent_from: player.notice.id,
    })
    expect(copy.id).toBeGreaterThan(player.notice.id)
    expect((await message(readOnly, copy.id)).text_body).toBe(
      (await message(owner, player.notice.id)).text_body,
    )
    expect(await audited(player.notice.id)).toEqual([
      {
        actor_label: admin.email,
        action: 'mail.resent',
        before: { state: 'pending', attempts: 0 },
        after: { copy_id: String(copy.id), to: player.email, template: 'password_changed' },
      },
    ])

    for (const member of [admin, owner]) {
      const refused = await member.call('POST', `/api/admin/mail/${player.confirmation.id}/resend`)
      expect(refused.statusCode).toBe(422)
      expect(refused.json()).toEqual({
        code: 'mail_one_time_link',
        error: 'This e-mail holds a one-time link and is not sent again: the player can ask for a new link.',
      })
    }
    expect(await audited(player.confirmation.id)).toEqual([])
    expect((await list(owner, `?player_id=${player.id}`)).pagination.total_count).toBe(3)
    expect((await admin.call('POST', '/api/admin/mail/999999999/resend')).statusCode).toBe(404)
  })
})

/** A port nobody listens on: every SMTP attempt fails. */
async function closedPort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

describe('outgoing mail over SMTP', () => {
  it('shows a failed delivery with its attempts and last error, and queues the copy’s delivery', async () => {
    const smtpClock = testClock()
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }, undefined, {
      clock: smtpClock,
    })
    try {
      const member = await signedInStaff(app.app, smtpClock, 'support')
      const player = await registerPlayer(app.app)
      await app.app.services.mail.send({
        to: player.email,
        template: 'password_changed',
        locale: 'en',
        vars: { support: 'support@aurum.test' },
        userId: BigInt(player.id),
      })
      await app.app.jobs.runDue(['mail.deliver'])
      const res = await member.call(
        'GET',
        `/api/admin/mail?player_id=${player.id}&state=failed&template=password_changed`,
      )
      const page = res.json<AdminMailPage>()
      expect(page.delivery).toBe('smtp')
      expect(page.data).toEqual([
        expect.objectContaining({
          state: 'failed',
          attempts: 1,
          last_error: expect.stringMatching(/ECONNREFUSED/),
        }),
      ])
      const resent = await member.call('POST', `/api/admin/mail/${page.data[0]!.id}/resend`)
      expect(resent.statusCode, resent.body).toBe(200)
      const copyId = resent.json<{ message: AdminMail }>().message.id
      const jobs = await app.db.query(`SELECT 1 FROM jobs WHERE name = 'mail.deliver' AND key = $1`, [
        String(copyId),
      ])
      expect(jobs).toHaveLength(1)
    } finally {
      await app.close()
    }
  })
})
