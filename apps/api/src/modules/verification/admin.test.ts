import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import type { AdminDocument, AdminDocumentsPage } from '@aurum/shared/contracts/admin-verification'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { signedInStaff, type SignedInStaff } from '../../test/staff.ts'
import { operatorService, parseCommand, runCommand } from '../../kyc-operator.ts'
import { loadConfig } from '../../config.ts'
import path from 'node:path'
import { LocalStorage } from './storage.ts'
import { documentForm, FILES, upload } from './testing.ts'

/**
 * The back office's verification queue (docs/backoffice.md "Verification"): the list and its CSV,
 * a document with its player, the file served inline and checked, and the decisions with their
 * audit entries, from the api and from `npm run kyc:operator`.
 */
const clock = testClock()
const logLines: string[] = []
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString())
    done()
  },
})
let ctx: TestContext
let storage: LocalStorage
let kyc: SignedInStaff
let support: SignedInStaff
let marketing: SignedInStaff
beforeAll(async () => {
  ctx = await createTestApp({ LOG_LEVEL: 'error' }, logStream, { clock })
  const driver = ctx.app.services.verification.storage
  if (!(driver instanceof LocalStorage)) throw new Error('the tests expect the DATA_DIR driver')
  storage = driver
  kyc = await signedInStaff(ctx.app, clock, 'kyc')
  support = await signedInStaff(ctx.app, clock, 'support')
  marketing = await signedInStaff(ctx.app, clock, 'marketing')
})
afterAll(async () => {
  await ctx?.close()
})

interface Doc {
  id: number
}
/** A player with an identity (PDF) and an address (PNG) document waiting, oldest first. */
async function playerWithDocuments() {
  const player = await registerPlayer(ctx.app)
  await upload(ctx, player.sid, documentForm(FILES.pdf, 'identity', 'Passport, front page'))
  const [address, identity] = (await upload(ctx, player.sid, documentForm(FILES.png, 'address'))).json<
    Doc[]
  >()
  return { ...player, identity: identity!.id, address: address!.id }
}

const documents = (member: SignedInStaff, query = '') =>
  member.call('GET', `/api/admin/verification/documents${query}`)
const auditOf = (documentId: number) =>
  ctx.db.query<{
    actor_id: string | null
    actor_label: string
    action: string
    before: unknown
    after: unknown
    reason: string | null
    ip: string | null
  }>(
    `SELECT actor_id::text AS actor_id, actor_label, action, before, after, reason, host(ip) AS ip FROM audit_log
      WHERE target_type = 'document' AND target_id = $1 ORDER BY id`,
    [String(documentId)],
  )
async function lastMail(to: string) {
  const [row] = await ctx.db.query<{ template: string; text_body: string }>(
    'SELECT template, text_body FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [to],
  )
  return row
}

describe('the verification queue', () => {
  it('lists documents by status, type, player and period, sorted and paged, and exports them as CSV', async () => {
    const first = await playerWithDocuments()
    const second = await playerWithDocuments()
    await ctx.app.services.verification.decide({ actor: 'cli' }, BigInt(second.address), 'reject', 'Blurred')

    const waiting = await documents(support, `?status=waiting&player_id=${first.id}`)
    expect(waiting.statusCode, waiting.body).toBe(200)
    expect(waiting.headers['cache-control']).toBe('private, no-store')
    const page = waiting.json<AdminDocumentsPage>()
    expect(page.pagination).toEqual({ page: 1, per_page: 50, total_count: 2 })
    // The queue: oldest first.
    expect(page.data.map((d) => d.id)).toEqual([first.identity, first.address])
    expect(page.data[0]).toMatchObject({
      player_id: first.id,
      player_email: first.email,
      document_type: 'identity',
      status: 'waiting',
      description: 'Passport, front page',
      file_name: 'passport.pdf',
      content_type: 'application/pdf',
      size_bytes: FILES.pdf.data.length,
      reviewed_at: null,
    })
    expect(page.data[0]!.sha256).toMatch(/^[0-9a-f]{64}$/)

    // The whole queue holds both players' waiting documents, not the rejected one.
    const queue = (await documents(support, '?status=waiting&per_page=200')).json<AdminDocumentsPage>()
    const ids = queue.data.map((d) => d.id)
    expect(ids).toEqual(expect.arrayContaining([first.identity, first.address, second.identity]))
    expect(ids).not.toContain(second.address)
    expect(queue.data.every((d) => d.status === 'waiting')).toBe(true)

    const rejected = (
      await documents(support, `?status=rejected&player_id=${second.id}`)
    ).json<AdminDocumentsPage>()
    expect(rejected.data).toEqual([
      expect.objectContaining({ id: second.address, status: 'rejected', rejection_reason: 'Blurred' }),
    ])
    const addresses = (
      await documents(support, `?document_type=address&player_id=${first.id}`)
    ).json<AdminDocumentsPage>()
    expect(addresses.data.map((d) => d.id)).toEqual([first.address])

    // Sorted newest first, one per page.
    const sorted = await documents(support, `?player_id=${first.id}&sort=id&order=desc&per_page=1&page=2`)
    expect(sorted.json<AdminDocumentsPage>()).toMatchObject({
      data: [{ id: first.identity }],
      pagination: { page: 2, per_page: 1, total_count: 2 },
    })
    const today = clock.now().toISOString().slice(0, 10)
    const inPeriod = await documents(support, `?player_id=${first.id}&from=${today}&to=${today}`)
    expect(inPeriod.json<AdminDocumentsPage>().pagination.total_count).toBe(2)
    const before = await documents(support, `?player_id=${first.id}&to=2020-01-01`)
    expect(before.json<AdminDocumentsPage>().pagination.total_count).toBe(0)

    // Bad filters are field errors.
    const bad = await documents(support, '?status=pending&sort=email&per_page=0&player_id=x')
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'player_id', 'sort', 'status'])
    expect((await documents(support, '?from=2026-03-02&to=2026-03-01')).statusCode).toBe(422)
    expect((await documents(support, '?owner=1')).statusCode).toBe(422)

    const csv = await support.call('GET', `/api/admin/verification/documents.csv?player_id=${second.id}`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="aurum-documents-\d{4}-\d\d-\d\d\.csv"$/,
    )
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'id,uploaded_at,player_id,player_email,document_type,status,file_name,content_type,size_bytes,sha256,reviewed_at,rejection_reason,description',
    )
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 6))).toEqual([
      [String(second.identity), expect.any(String), String(second.id), second.email, 'identity', 'waiting'],
      [String(second.address), expect.any(String), String(second.id), second.email, 'address', 'rejected'],
    ])
    expect(lines[2]).toContain(',Blurred,')
  })

  it('shows a document with its player and the player’s other documents', async () => {
    const player = await playerWithDocuments()
    await ctx.db.query(
      `UPDATE users SET first_name = 'Ada', last_name = 'Lovelace', country = 'DE' WHERE id = $1`,
      [player.id],
    )
    const res = await support.call('GET', `/api/admin/verification/documents/${player.identity}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      document: { id: player.identity, document_type: 'identity', status: 'waiting' },
      player: { id: player.id, email: player.email, name: 'Ada Lovelace', country: 'DE', verified: false },
      other_documents: [{ id: player.address, document_type: 'address' }],
    })
    expect((await support.call('GET', '/api/admin/verification/documents/999999999')).statusCode).toBe(404)
    expect((await support.call('GET', '/api/admin/verification/documents/abc')).statusCode).toBe(400)
  })
})

describe('a document’s file', () => {
  it('is served inline with its type, nosniff, a sandboxing CSP and no caching', async () => {
    const player = await playerWithDocuments()
    for (const [id, file] of [
      [player.identity, FILES.pdf],
      [player.address, FILES.png],
    ] as const) {
      const res = await support.call('GET', `/api/admin/verification/documents/${id}/file`)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.rawPayload).toEqual(file.data)
      expect(res.headers['content-type']).toBe(file.type)
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="${file.name}"; filename*=UTF-8''${file.name}`,
      )
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      expect(res.headers['cache-control']).toBe('private, no-store')
    }
  })

  it('is refused to a role without verification:view, to a player session and to nobody', async () => {
    const player = await playerWithDocuments()
    const url = `/api/admin/verification/documents/${player.identity}/file`
    const forbidden = await marketing.call('GET', url)
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json().code).toBe('forbidden')
    const asPlayer = await ctx.app.inject({ url, cookies: { sid: player.sid } })
    expect(asPlayer.statusCode).toBe(401)
    expect(asPlayer.rawPayload).not.toEqual(FILES.pdf.data)
    expect((await ctx.app.inject({ url })).statusCode).toBe(401)
    expect((await marketing.call('GET', '/api/admin/verification/documents')).statusCode).toBe(403)
  })

  it('is refused (409) and logged when the stored file no longer matches its SHA-256', async () => {
    const player = await playerWithDocuments()
    const [{ storage_key }] = (await ctx.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM player_documents WHERE id = $1',
      [player.identity],
    )) as [{ storage_key: string }]
    // Someone with access to the store swaps the file.
    await storage.put(storage_key, Buffer.from('%PDF-1.7\n<</JS (app.alert(1))>>\n%%EOF\n'))
    const res = await support.call('GET', `/api/admin/verification/documents/${player.identity}/file`)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      code: 'file_mismatch',
      error:
        'The stored file no longer matches the one uploaded and is not shown. The incident has been logged.',
    })
    // A larger file is not read beyond the size uploaded.
    await storage.put(storage_key, Buffer.concat([FILES.pdf.data, Buffer.alloc(1024 * 1024)]))
    const larger = await support.call('GET', `/api/admin/verification/documents/${player.identity}/file`)
    expect(larger.statusCode).toBe(409)
    expect(
      logLines.some(
        (line) =>
          line.includes('does not match its SHA-256') && line.includes(`"documentId":"${player.identity}"`),
      ),
    ).toBe(true)
  })
})

describe('deciding', () => {
  it('approves through the service: the player is verified once both are, e-mailed, and each decision audited', async () => {
    const player = await playerWithDocuments()
    const approve = (id: number, member = kyc) =>
      member.call('POST', `/api/admin/verification/documents/${id}/approve`)

    // verification:view is not enough to decide.
    const viewer = await approve(player.identity, support)
    expect(viewer.statusCode).toBe(403)
    expect(await auditOf(player.identity)).toEqual([])

    const first = await approve(player.identity)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      document: { id: player.identity, status: 'approved', reviewed_at: expect.any(String) },
      player_verified: false,
    })
    expect(await lastMail(player.email)).toMatchObject({ template: 'document_approved' })
    const second = await approve(player.address)
    expect(second.json<{ player_verified: boolean }>().player_verified).toBe(true)
    expect((await ctx.app.inject({ url: '/api/player', cookies: { sid: player.sid } })).json().verified).toBe(
      true,
    )
    expect((await lastMail(player.email))!.text_body).toContain('Your profile is now verified')

    expect(await auditOf(player.address)).toEqual([
      {
        actor_id: kyc.id.toString(),
        actor_label: kyc.email,
        action: 'document.approved',
        before: { status: 'waiting', player_id: String(player.id), player_verified: false },
        after: { status: 'approved', player_id: String(player.id), player_verified: true },
        reason: null,
        ip: kyc.address,
      },
    ])
    expect((await auditOf(player.identity)).map((e) => e.action)).toEqual(['document.approved'])

    // Decided once: a second decision is refused and writes nothing.
    const again = await kyc.call('POST', `/api/admin/verification/documents/${player.address}/reject`, {
      reason: 'Changed my mind',
    })
    expect(again.statusCode).toBe(422)
    expect(again.json()).toMatchObject({ code: 'document_decided' })
    expect(await auditOf(player.address)).toHaveLength(1)
    expect((await approve(999_999_999)).statusCode).toBe(404)
    expect((await ctx.app.services.audit.verify()).problem).toBeNull()
  })

  it('rejects with a reason of 1 to 500 characters, which the player is told', async () => {
    const player = await playerWithDocuments()
    const reject = (body: object) =>
      kyc.call('POST', `/api/admin/verification/documents/${player.address}/reject`, body)
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await reject(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(Object.keys(res.json().errors)).toEqual(['reason'])
    }
    expect((await reject({ reason: 'x', extra: 1 })).statusCode).toBe(422)
    expect(await auditOf(player.address)).toEqual([])

    const res = await reject({ reason: '  The corner is cut off.  ' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      document: { status: 'rejected', rejection_reason: 'The corner is cut off.' },
      player_verified: false,
    })
    expect(await lastMail(player.email)).toMatchObject({ template: 'document_rejected' })
    expect((await lastMail(player.email))!.text_body).toContain('Reason: The corner is cut off.')
    expect(await auditOf(player.address)).toEqual([
      expect.objectContaining({
        actor_label: kyc.email,
        action: 'document.rejected',
        before: { status: 'waiting', player_id: String(player.id), player_verified: false },
        after: { status: 'rejected', player_id: String(player.id), player_verified: false },
        reason: 'The corner is cut off.',
      }),
    ])
  })

  it('from the command line, through the same service, audited as cli', async () => {
    const player = await playerWithDocuments()
    const { service } = await operatorService(
      ctx.db,
      loadConfig({ NODE_ENV: 'test', DATA_DIR: path.dirname(storage.root), LOG_LEVEL: 'silent' }),
    )
    const lines: string[] = []
    const run = (args: string[]) =>
      runCommand(
        service,
        parseCommand(args),
        (l) => lines.push(l),
        (l) => lines.push(l),
      )
    expect(await run(['reject', String(player.identity), 'Expired', 'passport'])).toBe(0)
    expect(await auditOf(player.identity)).toEqual([
      expect.objectContaining({
        actor_id: null,
        actor_label: 'cli',
        action: 'document.rejected',
        reason: 'Expired passport',
        ip: null,
      }),
    ])
    const listed = (
      await documents(kyc, `?player_id=${player.id}&status=rejected`)
    ).json<AdminDocumentsPage>()
    expect(listed.data.map((d: AdminDocument) => d.id)).toEqual([player.identity])
  })
})
