import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, signIn, TEST_PASSWORD, type TestContext } from '../../test/helpers.ts'
import { openRealSession, seedTestGames, spin, TEST_WALLET_SECRET } from '../games/testing.ts'
import { CARDS, cardFields, client } from '../payments/testing.ts'
import { documentForm, FILES, upload } from '../verification/testing.ts'
import { GDPR_REPORT_TTL_DAYS, GDPR_REPORTS_PER_DAY } from './gdpr.ts'

const DAY = 86_400_000

let ctx: TestContext
const clock = testClock()
beforeAll(async () => {
  ctx = await createTestApp(
    { PUBLIC_URL: 'https://casino.example', WALLET_SECRET: TEST_WALLET_SECRET },
    undefined,
    {
      clock,
    },
  )
  await seedTestGames(ctx)
})
afterAll(() => ctx.close())

let requests = 0
const requestReport = (sid: string | undefined, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/gdpr_reports',
    cookies: sid ? { sid } : {},
    headers,
    // Each request from its own address: the per-player daily limit is under test, not the route's per-address one.
    remoteAddress: `10.50.0.${++requests % 250}`,
  })
const download = (token: string, sid: string | undefined) =>
  ctx.app.inject({ url: `/api/gdpr_reports/${token}`, cookies: sid ? { sid } : {} })

async function lastMail(to: string) {
  const [mail] = await ctx.db.query<{ subject: string; text_body: string; template: string; locale: string }>(
    'SELECT subject, text_body, template, locale FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [to],
  )
  return mail!
}
const linkToken = (text: string) =>
  /https:\/\/casino\.example\/api\/gdpr_reports\/([\w-]{43})/.exec(text)?.[1]

describe('GDPR data export', () => {
  it('e-mails a link; the same player downloads a JSON attachment with their data and no secrets', async () => {
    const player = await registerPlayer(ctx.app, { nickname: 'lynx' })
    await ctx.app.inject({
      method: 'POST',
      url: '/api/player/phone',
      cookies: { sid: player.sid },
      payload: { phone: { number: '+4915123456789' } },
    })
    await ctx.app.inject({
      method: 'POST',
      url: '/api/send_contact_message',
      payload: { contact: { email: player.email.toUpperCase(), content: 'Where is my bonus, please?' } },
    })
    // 2FA on: the export says so, but carries neither the secret nor the backup codes.
    await ctx.db.query(
      `UPDATE users SET two_factor_enabled_at = now(), two_factor_secret = 'SECRET-TOTP-VALUE' WHERE id = $1`,
      [player.id],
    )
    await ctx.db.query(`INSERT INTO user_backup_codes (user_id, code_hash) VALUES ($1, 'BACKUP-CODE-HASH')`, [
      player.id,
    ])

    const res = await requestReport(player.sid)
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ status: 'accepted' })
    const mail = await lastMail(player.email)
    expect(mail.template).toBe('gdpr_report')
    const token = linkToken(mail.text_body)!
    expect(token).toBeDefined()
    const [stored] = await ctx.db.query<{ token_hash: string; days: number }>(
      `SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days
         FROM gdpr_reports WHERE user_id = $1`,
      [player.id],
    )
    // Only a hash of the link's token is stored, and the link expires after 7 days.
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored!.token_hash).not.toContain(token)
    expect(stored!.days).toBe(7)

    const file = await download(token, player.sid)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toMatch(/^application\/json/)
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="aurum-casino-data-[\d-]+\.json"$/,
    )
    expect(file.headers['cache-control']).toBe('no-store')
    const data = file.json()
    expect(data.profile).toMatchObject({ id: player.id, email: player.email, nickname: 'lynx' })
    expect(data.profile.mobile_phone).toBe('+4915123456789')
    expect(data.groups.map((g: { id: number }) => g.id)).toContain(257)
    expect(data.consents).toMatchObject({ receive_promos: false, agreed_to_partner_promotions: false })
    expect(data.consents.terms_accepted_at).toEqual(expect.any(String))
    expect(data.two_factor.enabled).toBe(true)
    expect(data.sessions.length).toBeGreaterThan(0)
    expect(data.sessions[0]).toHaveProperty('ip')
    expect(data.sessions[0]).toHaveProperty('user_agent')
    expect(data.contact_messages.map((m: { content: string }) => m.content)).toEqual([
      'Where is my bonus, please?',
    ])
    expect(data.emails.map((m: { template: string }) => m.template)).toContain('confirmation')

    const text = file.body
    const [secrets] = await ctx.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [player.id],
    )
    for (const secret of [
      secrets!.password_hash,
      'password_hash',
      'SECRET-TOTP-VALUE',
      'two_factor_secret',
      'BACKUP-CODE-HASH',
      'confirmation_token=',
      stored!.token_hash,
      player.sid,
      TEST_PASSWORD,
    ]) {
      expect(text).not.toContain(secret)
    }
  })

  it('holds the money, the play, the limits and the documents: wallets, payments, rounds, favourites', async () => {
    const player = await registerPlayer(ctx.app)
    // A card deposit with the card saved, a round played, a favourite, a limit and a document.
    const deposit = await client(ctx, player.sid).submit({
      amount_cents: 5_000,
      fields: cardFields(),
      save_profile: true,
    })
    expect(deposit.json<{ payment: { state: string } }>().payment.state, deposit.body).toBe('succeeded')
    const session = await openRealSession(ctx, player.sid)
    expect((await spin(ctx, session, 200, 500)).statusCode).toBe(200)
    await ctx.db.query(
      `INSERT INTO favorite_games (user_id, game_id) SELECT $1, id FROM games WHERE identifier = 'goldfinch:test-slot-1'`,
      [player.id],
    )
    await ctx.db.query(
      `INSERT INTO user_limits (user_id, type, period, amounts, anchor) VALUES ($1, 'deposit', 'week', '{"EUR": 50000}', now())`,
      [player.id],
    )
    expect((await upload(ctx, player.sid, documentForm(FILES.pdf, 'identity'))).statusCode).toBe(200)

    await requestReport(player.sid)
    const file = await download(linkToken((await lastMail(player.email)).text_body)!, player.sid)
    expect(file.statusCode).toBe(200)
    const data = file.json()
    expect(data.wallets).toEqual([
      expect.objectContaining({ currency: 'EUR', real_balance_cents: 5_300, bonus_balance_cents: 0 }),
    ])
    expect(data.payments).toEqual([
      expect.objectContaining({
        action: 'deposit',
        currency: 'EUR',
        amount_cents: 5_000,
        state: 'succeeded',
      }),
    ])
    expect(data.saved_payment_methods).toEqual([
      expect.objectContaining({ method_id: 'card', card_bin: '424242', card_last4: '4242' }),
    ])
    expect(data.game_rounds_total).toBe(1)
    expect(data.game_rounds).toEqual([
      expect.objectContaining({
        game: 'goldfinch:test-slot-1',
        currency: 'EUR',
        bet_cents: 200,
        win_cents: 500,
        status: 'closed',
      }),
    ])
    expect(data.favorite_games).toEqual([expect.objectContaining({ game: 'goldfinch:test-slot-1' })])
    expect(data.played_games).toEqual([expect.objectContaining({ game: 'goldfinch:test-slot-1' })])
    expect(data.limits).toEqual([
      expect.objectContaining({ type: 'deposit', period: 'week', amounts: { EUR: 50_000 } }),
    ])
    expect(data.documents).toEqual([
      expect.objectContaining({
        document_type: 'identity',
        file_name: FILES.pdf.name,
        status: 'not_approved',
        size_bytes: FILES.pdf.data.length,
      }),
    ])
    // Never the card number, its CVV, where the file is kept, or the fraud checks.
    const [document] = await ctx.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM player_documents WHERE user_id = $1',
      [player.id],
    )
    for (const secret of [
      CARDS.approve.replace(/ /g, ''),
      CARDS.approve,
      document!.storage_key,
      'storage_key',
    ])
      expect(file.body).not.toContain(secret)
    expect(data).not.toHaveProperty('fraud_checks')
  })

  it('answers 404 alike for another player, an unknown token and an expired link; 401 without a session', async () => {
    const owner = await registerPlayer(ctx.app)
    const other = await registerPlayer(ctx.app)
    await requestReport(owner.sid)
    const token = linkToken((await lastMail(owner.email)).text_body)!
    const wrongPlayer = await download(token, other.sid)
    const unknown = await download('A'.repeat(43), owner.sid)
    expect(wrongPlayer.statusCode).toBe(404)
    expect(unknown.statusCode).toBe(404)
    expect(wrongPlayer.body).toBe(unknown.body)
    expect((await download(token, undefined)).statusCode).toBe(401)
    expect((await download('not a token!', owner.sid)).statusCode).toBe(422)
    // A link lives 7 days (the player signs in again: the first sign-in ended meanwhile).
    clock.advance(GDPR_REPORT_TTL_DAYS * DAY + 1_000)
    const expired = await download(token, await signIn(ctx.app, owner.email))
    expect(expired.statusCode).toBe(404)
    expect(expired.body).toBe(unknown.body)
  })

  it(`allows ${GDPR_REPORTS_PER_DAY} requests a day per player, then 429 with a translated message`, async () => {
    const player = await registerPlayer(ctx.app)
    const results = await Promise.all(
      Array.from({ length: GDPR_REPORTS_PER_DAY + 2 }, () => requestReport(player.sid)),
    )
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes).toEqual([...Array<number>(GDPR_REPORTS_PER_DAY).fill(202), ...Array<number>(2).fill(429)])
    const refused = results.find((r) => r.statusCode === 429)!
    expect(refused.json()).toMatchObject({
      code: 'gdpr_report_limit',
      error: expect.stringContaining('3 times a day'),
    })
    const [row] = await ctx.db.query<{ n: bigint }>(
      'SELECT count(*) AS n FROM gdpr_reports WHERE user_id = $1',
      [player.id],
    )
    expect(Number(row!.n)).toBe(GDPR_REPORTS_PER_DAY)
    // Another player has a limit of their own.
    expect((await requestReport((await registerPlayer(ctx.app)).sid)).statusCode).toBe(202)
    // A day later the player may ask again.
    clock.advance(DAY - 60_000)
    const sid = await signIn(ctx.app, player.email)
    expect((await requestReport(sid)).statusCode).toBe(429)
    clock.advance(60_000)
    expect((await requestReport(sid)).statusCode).toBe(202)
  })

  it('needs a session and refuses requests from other sites', async () => {
    expect((await requestReport(undefined)).statusCode).toBe(401)
    const player = await registerPlayer(ctx.app)
    const crossSite = await requestReport(player.sid, { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.json().code).toBe('csrf_failed')
    const [row] = await ctx.db.query<{ n: bigint }>(
      'SELECT count(*) AS n FROM gdpr_reports WHERE user_id = $1',
      [player.id],
    )
    expect(Number(row!.n)).toBe(0)
  })
})
