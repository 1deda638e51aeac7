import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { operatorService, parseCommand, runCommand } from '../../kyc-operator.ts'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import { balance, cardFields, client, fund } from '../payments/testing.ts'
import { RETRY_AFTER_SECONDS } from '../../plugins/errors.ts'
import { S3_TEST, s3TestEnv, startS3TestServer } from '../../test/s3-server.ts'
import { LocalStorage } from './storage.ts'
import { documentForm, FILES, multipart, upload } from './testing.ts'

let ctx: TestContext
let storage: LocalStorage
beforeAll(async () => {
  ctx = await createTestApp()
  const driver = ctx.app.services.verification.storage
  if (!(driver instanceof LocalStorage)) throw new Error('the tests expect the DATA_DIR driver')
  storage = driver
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx.close()
})

interface Doc {
  id: number
  description: string | null
  document_type: string
  status: string
  created_at: string
  updated_at: string
  file_name: string
  rejection_reason: string | null
  size_bytes: number
  content_type: string
}

const list = async (sid: string) => (await client(ctx, sid).get('/api/player/documents')).json<Doc[]>()
const status = async (sid: string) => (await client(ctx, sid).get('/api/player/verification')).json()
/** Files kept for a player, and their rows: an upload writes both or neither. */
async function stored(userId: number) {
  const rows = await ctx.db.query<{ storage_key: string }>(
    'SELECT storage_key FROM player_documents WHERE user_id = $1',
    [userId],
  )
  return { rows: rows.length, files: rows.filter((r) => storage.exists(r.storage_key)).length }
}
async function filesOnDisk(): Promise<number> {
  const dirs = await fs.readdir(storage.root).catch(() => [] as string[])
  let n = 0
  for (const d of dirs) n += (await fs.readdir(path.join(storage.root, d))).length
  return n
}
const decide = (id: number, decision: 'approve' | 'reject', reason?: string) =>
  ctx.app.services.verification.decide({ actor: 'cli' }, BigInt(id), decision, reason)

async function lastMail(to: string) {
  const [row] = await ctx.db.query<{ subject: string; text_body: string; template: string }>(
    'SELECT subject, text_body, template FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [to],
  )
  return row
}

describe('uploading documents', () => {
  it('accepts PDF, JPEG, PNG and WebP, lists them newest first and gives each file back', async () => {
    const player = await registerPlayer(ctx.app)
    const kinds = ['identity', 'address', 'deposit', 'payment_method'] as const
    const files = [FILES.pdf, FILES.jpeg, FILES.png, FILES.webp]
    for (const [i, file] of files.entries()) {
      const res = await upload(
        ctx,
        player.sid,
        documentForm(file, kinds[i], i === 0 ? '  Front page\u0007 ' : undefined),
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json<Doc[]>()).toHaveLength(i + 1)
    }
    const documents = await list(player.sid)
    expect(documents.map((d) => [d.document_type, d.file_name, d.content_type, d.status])).toEqual([
      ['payment_method', 'statement.webp', 'image/webp', 'not_approved'],
      ['deposit', 'utility-bill.png', 'image/png', 'not_approved'],
      ['address', 'id-card.jpg', 'image/jpeg', 'not_approved'],
      ['identity', 'passport.pdf', 'application/pdf', 'not_approved'],
    ])
    // IDocument (api-shapes §9), plus the reason, size and type.
    expect(Object.keys(documents[3]!).sort()).toEqual(
      [
        'id',
        'description',
        'document_type',
        'status',
        'created_at',
        'updated_at',
        'file_name',
        'rejection_reason',
        'size_bytes',
        'content_type',
      ].sort(),
    )
    expect(documents[3]).toMatchObject({ description: 'Front page', size_bytes: FILES.pdf.data.length })
    expect(documents[2]!.description).toBeNull()
    expect(new Date(documents[0]!.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(await stored(player.id)).toEqual({ rows: 4, files: 4 })
    const [row] = await ctx.db.query<{ sha256: string }>(
      'SELECT sha256 FROM player_documents WHERE id = $1',
      [documents[3]!.id],
    )
    expect(row!.sha256).toBe(crypto.createHash('sha256').update(FILES.pdf.data).digest('hex'))

    for (const [i, file] of [...files].reverse().entries()) {
      const res = await client(ctx, player.sid).get(`/api/player/documents/${documents[i]!.id}/file`)
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload).toEqual(file.data)
      expect(res.headers['content-type']).toBe(file.type)
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${file.name}"; filename*=UTF-8''${file.name}`,
      )
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['cache-control']).toBe('private, no-store')
      expect(res.headers['content-security-policy']).toContain('sandbox')
    }
  })

  it('reads the type from the file, not from its name or declared type', async () => {
    const player = await registerPlayer(ctx.app)
    const before = await filesOnDisk()
    const disguised = [
      {
        name: 'passport.pdf',
        type: 'application/pdf',
        data: Buffer.from('<!doctype html><script>alert(1)</script>'),
      },
      {
        name: 'id.jpg',
        type: 'image/jpeg',
        data: Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(200)]),
      },
      { name: 'bill.png', type: 'image/png', data: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1') },
      { name: 'scan.webp', type: 'image/webp', data: Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1') },
    ]
    for (const file of disguised) {
      const res = await upload(ctx, player.sid, documentForm(file))
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: { attachment: ['Upload a PDF, JPEG, PNG or WebP file.'] },
      })
    }
    const german = await upload(ctx, player.sid, documentForm(disguised[0]!), { 'accept-language': 'de' })
    expect(german.json().errors.attachment).toEqual([
      'Laden Sie eine PDF-, JPEG-, PNG- oder WebP-Datei hoch.',
    ])
    expect(await stored(player.id)).toEqual({ rows: 0, files: 0 })
    expect(await filesOnDisk()).toBe(before)

    // A real PNG under another name is kept as what it is; the name is made safe.
    const res = await upload(
      ctx,
      player.sid,
      documentForm({ name: '../../etc/scan\u202e<1>.jpg', type: 'image/jpeg', data: FILES.png.data }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()[0]).toMatchObject({ file_name: 'scan_1_.jpg.png', content_type: 'image/png' })
    const file = await client(ctx, player.sid).get(`/api/player/documents/${res.json()[0].id}/file`)
    expect(file.headers['content-type']).toBe('image/png')
  })

  it('refuses an empty file, one too large, missing or wrong fields and a body that is not a form', async () => {
    const player = await registerPlayer(ctx.app)
    const before = await filesOnDisk()
    const empty = await upload(ctx, player.sid, documentForm({ ...FILES.pdf, data: Buffer.alloc(0) }))
    expect(empty.statusCode).toBe(422)
    expect(empty.json().errors).toEqual({ attachment: ['The file is empty.'] })

    const big = Buffer.concat([FILES.pdf.data, Buffer.alloc(10 * 1024 * 1024)])
    const tooLarge = await upload(ctx, player.sid, documentForm({ ...FILES.pdf, data: big }))
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toMatchObject({
      code: 'payload_too_large',
      errors: { attachment: ['The file is larger than 10 MB.'] },
    })

    const noFile = await upload(
      ctx,
      player.sid,
      multipart([{ name: 'document[document_type]', value: 'identity' }]),
    )
    expect(noFile.statusCode).toBe(422)
    expect(noFile.json().errors).toEqual({ attachment: ['Choose a file to upload.'] })

    const wrongType = await upload(ctx, player.sid, documentForm(FILES.pdf, 'selfie', 'x'.repeat(501)))
    expect(wrongType.statusCode).toBe(422)
    expect(Object.keys(wrongType.json().errors).sort()).toEqual(['description', 'document_type'])
    expect(wrongType.json().errors.description).toEqual(['Description must be at most 500 characters long.'])

    const extra = await upload(
      ctx,
      player.sid,
      multipart([
        { name: 'document[attachment]', value: FILES.pdf.data, fileName: 'a.pdf' },
        { name: 'document[document_type]', value: 'identity' },
        { name: 'document[owner]', value: '1' },
      ]),
    )
    expect(extra.statusCode).toBe(422)

    const twoFiles = await upload(
      ctx,
      player.sid,
      multipart([
        { name: 'document[attachment]', value: FILES.pdf.data, fileName: 'a.pdf' },
        { name: 'document[attachment]', value: FILES.pdf.data, fileName: 'b.pdf' },
        { name: 'document[document_type]', value: 'identity' },
      ]),
    )
    expect(twoFiles.statusCode).toBe(413)

    const json = await client(ctx, player.sid).post('/api/player/documents', {
      document: { document_type: 'identity' },
    })
    expect(json.statusCode).toBe(415)
    expect(json.json().code).toBe('unsupported_media_type')

    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/player/documents',
      cookies: { sid: player.sid },
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="document[attachment]"; filename="a.pdf"\r\n\r\n%PDF-',
    })
    expect(broken.statusCode).toBe(400)
    expect(await stored(player.id)).toEqual({ rows: 0, files: 0 })
    expect(await filesOnDisk()).toBe(before)
  })

  it('needs a signed-in player, and a same-site request to change anything', async () => {
    const anonymous = await upload(ctx, undefined, documentForm(FILES.pdf))
    expect(anonymous.statusCode).toBe(401)
    expect((await client(ctx).get('/api/player/documents')).statusCode).toBe(401)
    expect((await client(ctx).get('/api/player/verification')).statusCode).toBe(401)
    expect((await client(ctx).get('/api/player/documents/1/file')).statusCode).toBe(401)
    expect((await client(ctx).delete('/api/player/documents/1')).statusCode).toBe(401)
    const player = await registerPlayer(ctx.app)
    const crossSite = await upload(ctx, player.sid, documentForm(FILES.pdf), {
      'sec-fetch-site': 'cross-site',
    })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.json().code).toBe('csrf_failed')
    expect(await stored(player.id)).toEqual({ rows: 0, files: 0 })
  })

  it("keeps players out of each other's documents (404)", async () => {
    const owner = await registerPlayer(ctx.app)
    const [doc] = (await upload(ctx, owner.sid, documentForm(FILES.jpeg))).json<Doc[]>()
    const other = await registerPlayer(ctx.app)
    const api = client(ctx, other.sid)
    expect((await api.get(`/api/player/documents/${doc!.id}/file`)).statusCode).toBe(404)
    expect((await api.delete(`/api/player/documents/${doc!.id}`)).statusCode).toBe(404)
    expect(await list(other.sid)).toEqual([])
    expect((await api.get('/api/player/documents/abc/file')).statusCode).toBe(400)
    expect(await stored(owner.id)).toEqual({ rows: 1, files: 1 })
  })

  it('deletes a document only while it waits for review', async () => {
    const player = await registerPlayer(ctx.app)
    await upload(ctx, player.sid, documentForm(FILES.pdf, 'identity'))
    await upload(ctx, player.sid, documentForm(FILES.png, 'address'))
    const [address, identity] = (await upload(ctx, player.sid, documentForm(FILES.jpeg, 'deposit')))
      .json<Doc[]>()
      .slice(1)
    const [{ storage_key }] = (await ctx.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM player_documents WHERE id = $1',
      [address!.id],
    )) as [{ storage_key: string }]
    const deleted = await client(ctx, player.sid).delete(`/api/player/documents/${address!.id}`)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json<Doc[]>().map((d) => d.document_type)).toEqual(['deposit', 'identity'])
    expect(storage.exists(storage_key)).toBe(false)
    expect((await client(ctx, player.sid).delete(`/api/player/documents/${address!.id}`)).statusCode).toBe(
      404,
    )

    await decide(identity!.id, 'approve')
    const approved = await client(ctx, player.sid).delete(`/api/player/documents/${identity!.id}`)
    expect(approved.statusCode).toBe(422)
    expect(approved.json()).toMatchObject({
      code: 'document_reviewed',
      error: 'This document has been reviewed already and can no longer be deleted.',
    })
    const deposit = (await list(player.sid)).find((d) => d.document_type === 'deposit')!
    await decide(deposit.id, 'reject', 'Blurred')
    expect((await client(ctx, player.sid).delete(`/api/player/documents/${deposit.id}`)).statusCode).toBe(422)
    expect(await stored(player.id)).toEqual({ rows: 2, files: 2 })
  })

  it('keeps at most 10 documents waiting, also for parallel uploads, and limits the rate', async () => {
    const player = await registerPlayer(ctx.app)
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => upload(ctx, player.sid, documentForm(FILES.png, 'deposit'))),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(10).fill(200), 422, 422])
    const refused = answers.find((a) => a.statusCode === 422)!.json()
    expect(refused).toMatchObject({
      code: 'documents_waiting',
      errors: {
        attachment: [
          'You already have 10 documents waiting for review. Wait for our answer or delete one first.',
        ],
      },
    })
    expect(await stored(player.id)).toEqual({ rows: 10, files: 10 })
    expect((await status(player.sid)).waiting).toBe(10)
    // 20 uploads an hour per player.
    const more = []
    for (let i = 0; i < 9; i++) more.push((await upload(ctx, player.sid, documentForm(FILES.png))).statusCode)
    expect(more).toEqual([...Array(8).fill(422), 429])
  })

  it('removes the stored file again when the row cannot be written', async () => {
    const player = await registerPlayer(ctx.app)
    const before = await filesOnDisk()
    await expect(
      ctx.app.services.verification.upload(
        BigInt(player.id),
        // A kind the table refuses: the insert fails after the file was written.
        { documentType: 'selfie' as never, description: null, fileName: 'a.pdf', data: FILES.pdf.data },
        'en',
      ),
    ).rejects.toThrow()
    expect(await filesOnDisk()).toBe(before)
    expect(await stored(player.id)).toEqual({ rows: 0, files: 0 })
  })
})

describe('when the document store is down', () => {
  const german = { 'accept-language': 'de-DE,de;q=0.9' }

  it('answers 503 in the request language with Retry-After, keeps nothing, and works again once it is back', async () => {
    const s3 = await startS3TestServer(S3_TEST)
    const app = await createTestApp(s3TestEnv(s3.endpoint))
    try {
      const player = await registerPlayer(app.app)
      const uploaded = await upload(app, player.sid, documentForm(FILES.pdf))
      expect(uploaded.statusCode, uploaded.body).toBe(200)
      const [document] = uploaded.json<Doc[]>()

      s3.down = true
      const refused = await upload(app, player.sid, documentForm(FILES.png, 'address'), german)
      expect(refused.statusCode).toBe(503)
      expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS))
      expect(refused.json()).toEqual({
        code: 'storage_unavailable',
        error:
          'Dokumente können gerade nicht gespeichert oder geöffnet werden. Bitte versuchen Sie es in ein paar Minuten erneut.',
      })
      const download = await app.app.inject({
        url: `/api/player/documents/${document!.id}/file`,
        cookies: { sid: player.sid },
      })
      expect(download.statusCode).toBe(503)
      expect(download.json<{ code: string }>().code).toBe('storage_unavailable')
      // Nothing half-written: no new row, no new object; the list (the database alone) still answers.
      const rows = await app.db.query('SELECT 1 FROM player_documents WHERE user_id = $1', [player.id])
      expect(rows).toHaveLength(1)
      expect(s3.objects.size).toBe(1)
      const listed = await app.app.inject({ url: '/api/player/documents', cookies: { sid: player.sid } })
      expect(listed.json<Doc[]>().map((d) => d.id)).toEqual([document!.id])

      s3.down = false
      expect((await upload(app, player.sid, documentForm(FILES.png, 'address'))).statusCode).toBe(200)
      const back = await app.app.inject({
        url: `/api/player/documents/${document!.id}/file`,
        cookies: { sid: player.sid },
      })
      expect(back.statusCode).toBe(200)
      expect(back.rawPayload).toEqual(FILES.pdf.data)
    } finally {
      await app.close()
      await s3.close()
    }
  })

  it('answers 503 when the store cannot be reached at all', async () => {
    // A port nothing listens on: the connection is refused.
    const s3 = await startS3TestServer(S3_TEST)
    const endpoint = s3.endpoint
    await s3.close()
    const app = await createTestApp(s3TestEnv(endpoint))
    try {
      const player = await registerPlayer(app.app)
      const refused = await upload(app, player.sid, documentForm(FILES.jpeg))
      expect(refused.statusCode).toBe(503)
      expect(refused.json()).toEqual({
        code: 'storage_unavailable',
        error: "Documents can't be stored or opened right now. Please try again in a few minutes.",
      })
      expect(await app.db.query('SELECT 1 FROM player_documents WHERE user_id = $1', [player.id])).toEqual([])
    } finally {
      await app.close()
    }
  })
})

describe('the overall state and the operator', () => {
  it('is verified once an identity and an address document are approved, and e-mails each decision', async () => {
    const player = await registerPlayer(ctx.app)
    expect(await status(player.sid)).toEqual({
      verified: false,
      kinds: { identity: 'missing', address: 'missing', deposit: 'missing', payment_method: 'missing' },
      max_bytes: 10 * 1024 * 1024,
      max_waiting: 10,
      waiting: 0,
      accepted: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
    })
    await upload(ctx, player.sid, documentForm(FILES.pdf, 'identity'))
    await upload(ctx, player.sid, documentForm(FILES.jpeg, 'address'))
    const [deposit, address, identity] = (
      await upload(ctx, player.sid, documentForm(FILES.png, 'deposit'))
    ).json<Doc[]>()
    expect((await status(player.sid)).kinds).toEqual({
      identity: 'waiting',
      address: 'waiting',
      deposit: 'waiting',
      payment_method: 'missing',
    })

    // The command's own wiring, on this test's database and data dir.
    const { service } = await operatorService(
      ctx.db,
      loadConfig({ NODE_ENV: 'test', DATA_DIR: path.dirname(storage.root), LOG_LEVEL: 'silent' }),
    )
    const lines: string[] = []
    const errors: string[] = []
    const run = (args: string[]) =>
      runCommand(
        service,
        parseCommand(args),
        (l) => lines.push(l),
        (l) => errors.push(l),
      )

    expect(await run(['list'])).toBe(0)
    expect(
      lines.some(
        (l) => l.startsWith(`${identity!.id}  `) && l.includes('identity') && l.includes(player.email),
      ),
    ).toBe(true)

    // The player reads e-mails in German.
    await ctx.db.query(`UPDATE users SET language = 'de' WHERE id = $1`, [player.id])
    expect(await run(['approve', String(identity!.id)])).toBe(0)
    expect(lines.at(-1)).toBe(`document ${identity!.id} (identity, player ${player.id}): approved`)
    expect(await lastMail(player.email)).toMatchObject({
      template: 'document_approved',
      subject: 'Ihr Dokument wurde angenommen',
    })
    expect((await lastMail(player.email))!.text_body).toContain(
      'Ihr Profil ist verifiziert, sobald wir einen Identitätsnachweis und einen Adressnachweis angenommen haben.',
    )
    expect((await client(ctx, player.sid).get('/api/player')).json().verified).toBe(false)

    await ctx.db.query(`UPDATE users SET language = 'en' WHERE id = $1`, [player.id])
    expect(await run(['approve', String(address!.id)])).toBe(0)
    expect(lines.at(-1)).toContain('approved; the player is verified')
    const approvedMail = (await lastMail(player.email))!
    expect(approvedMail.subject).toBe('Your document was approved')
    expect(approvedMail.text_body).toContain(
      'we have checked your document “Proof of address” (id-card.jpg) and approved it',
    )
    expect(approvedMail.text_body).toContain('Your profile is now verified')
    expect(approvedMail.text_body).toMatch(/https?:\/\/[^\s]+\/users\/verification/)
    expect((await client(ctx, player.sid).get('/api/player')).json().verified).toBe(true)

    expect(parseCommand(['reject', String(deposit!.id)])).toEqual({
      kind: 'usage',
      message: 'a reason is required to reject a document',
    })
    expect(parseCommand(['reject', String(deposit!.id), 'x'.repeat(501)]).kind).toBe('usage')
    expect(await run(['reject', String(deposit!.id), 'The', 'statement', 'is', 'cut', 'off.'])).toBe(0)
    const rejectedMail = (await lastMail(player.email))!
    expect(rejectedMail).toMatchObject({
      template: 'document_rejected',
      subject: 'Your document could not be accepted',
    })
    expect(rejectedMail.text_body).toContain('Reason: The statement is cut off.')

    expect(await status(player.sid)).toMatchObject({
      verified: true,
      kinds: { identity: 'approved', address: 'approved', deposit: 'rejected', payment_method: 'missing' },
      waiting: 0,
    })
    const documents = await list(player.sid)
    expect(documents.find((d) => d.id === deposit!.id)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The statement is cut off.',
    })
    expect(documents.find((d) => d.id === deposit!.id)!.updated_at).not.toBe(deposit!.updated_at)

    // A decision is taken once; unknown ids and bad command lines are refused.
    expect(await run(['approve', String(deposit!.id)])).toBe(1)
    expect(errors.at(-1)).toContain('was reviewed already')
    expect(await run(['approve', '999999999'])).toBe(1)
    expect(errors.at(-1)).toBe('no document 999999999')
    expect(await run(['approve'])).toBe(64)
    expect(await run(['delete', '1'])).toBe(64)
  })
})

describe('withdrawals above the verification threshold', () => {
  const cashout = (sid: string, amount: number, headers: Record<string, string> = {}) =>
    client(ctx, sid).submit(
      { action: 'cashout', amount_cents: amount, fields: { card_number: cardFields().card_number } },
      headers,
    )
  const cashouts = async (userId: number) =>
    (
      await ctx.db.query<{ n: bigint }>(
        `SELECT count(*)::int8 AS n FROM payments WHERE user_id = $1 AND action = 'cashout'`,
        [userId],
      )
    )[0]!.n

  it('scales 2,000 EUR to each currency, unless a currency has its own', () => {
    const service = ctx.app.services.verification
    expect(service.thresholdFor('EUR')).toBe(200_000n)
    expect(service.thresholdFor('CAD')).toBe(300_000n)
    expect(service.thresholdFor('JPY')).toBe(300_000n)
    expect(service.thresholdFor('BTC')).toBe(2_000_000n) // 0.02 BTC in satoshi
  })

  it('refuses an unverified player above 2,000 EUR within 30 days, accepts up to it, and a verified one beyond', async () => {
    const player = await registerPlayer(ctx.app)
    await fund(ctx, player.sid, 500_000)
    const above = await cashout(player.sid, 200_001)
    expect(above.statusCode).toBe(403)
    expect(above.json()).toMatchObject({
      code: 'verification_required',
      error: 'Verify your profile to withdraw this amount: upload your documents at /users/verification.',
      errors: {
        amount_cents: [
          'Withdrawals above 2000.00 EUR within 30 days need a verified profile. Upload your identity and address documents at /users/verification.',
        ],
      },
    })
    const german = await cashout(player.sid, 300_000, { 'accept-language': 'de' })
    expect(german.json().errors.amount_cents[0]).toContain('erfordern ein verifiziertes Profil')
    expect(await cashouts(player.id)).toBe(0n)
    expect(await balance(ctx, player.sid)).toBe(500_000)

    // At the threshold: accepted. A retried submit answers the same payment.
    const key = { 'idempotency-key': crypto.randomUUID() }
    const at = await cashout(player.sid, 200_000, key)
    expect(at.statusCode).toBe(200)
    const retried = await cashout(player.sid, 200_000, key)
    expect(retried.json().payment.id).toBe(at.json().payment.id)
    // Split into several: they count together.
    const next = await cashout(player.sid, 2_000)
    expect(next.statusCode).toBe(403)
    expect(await balance(ctx, player.sid)).toBe(300_000)

    // A recalled withdrawal no longer counts.
    expect(
      (await client(ctx, player.sid).post(`/api/player/payments/${at.json().payment.id}/recall`)).statusCode,
    ).toBe(200)
    const again = await cashout(player.sid, 150_000)
    expect(again.statusCode).toBe(200)

    // Verified: larger amounts pass; the pending one stays payable.
    await upload(ctx, player.sid, documentForm(FILES.pdf, 'identity'))
    const [address, identity] = (await upload(ctx, player.sid, documentForm(FILES.png, 'address'))).json<
      Doc[]
    >()
    await decide(identity!.id, 'approve')
    expect((await cashout(player.sid, 250_000)).statusCode).toBe(403)
    expect((await decide(address!.id, 'approve')).verified).toBe(true)
    const large = await cashout(player.sid, 250_000)
    expect(large.statusCode).toBe(200)
    const paid = await ctx.app.services.payments.operatorDecide(
      { actor: 'cli' },
      BigInt(again.json().payment.id),
      'approve',
    )
    expect(paid.state).toBe('succeeded')
    expect(await balance(ctx, player.sid)).toBe(100_000)
  })

  it('counts parallel withdrawals one after the other', async () => {
    const player = await registerPlayer(ctx.app)
    await fund(ctx, player.sid, 500_000)
    const answers = await Promise.all([1, 2, 3].map(() => cashout(player.sid, 90_000)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 403])
    expect(await balance(ctx, player.sid)).toBe(320_000)
  })
})
