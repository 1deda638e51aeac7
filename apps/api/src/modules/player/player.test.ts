import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const call = (method: Method, url: string, sid: string | undefined, payload?: unknown, headers = {}) =>
  ctx.app.inject({ method, url, cookies: sid ? { sid } : {}, headers, ...(payload ? { payload } : {}) })

async function groupsOf(id: number) {
  const rows = await ctx.db.query<{ group_id: number }>(
    'SELECT group_id FROM user_groups WHERE user_id = $1 ORDER BY group_id',
    [id],
  )
  return rows.map((r) => r.group_id)
}

describe('/api/player/phone', () => {
  it('adds a number normalised to E.164, shows it, and deletes it once', async () => {
    const { sid } = await registerPlayer(ctx.app)
    expect((await call('GET', '/api/player/phone', sid)).json()).toEqual({ number: null })
    const added = await call('POST', '/api/player/phone', sid, { phone: { number: '+49 (151) 2345-6789' } })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toEqual({ number: '+4915123456789' })
    expect((await call('GET', '/api/player/phone', sid)).json()).toEqual({ number: '+4915123456789' })
    expect((await call('GET', '/api/player', sid)).json().mobile_phone).toBe('+4915123456789')
    const replaced = await call('POST', '/api/player/phone', sid, { phone: { number: '+33145453245' } })
    expect(replaced.json()).toEqual({ number: '+33145453245' })
    expect((await call('DELETE', '/api/player/phone', sid)).statusCode).toBe(204)
    expect((await call('GET', '/api/player/phone', sid)).json()).toEqual({ number: null })
    const again = await call('DELETE', '/api/player/phone', sid)
    expect(again.statusCode).toBe(404)
    expect(again.json().code).toBe('not_found')
  })

  it.each([
    ['no leading +', '4915123456789', /country code/],
    ['too few digits', '+4412', /country code/],
    ['a number the numbering plan does not have', '+15551234567', /not a valid phone number/],
    ['a toll-free number', '+18005550199', /not a valid phone number/],
    ['letters', '+49 151 CALL-ME', /country code/],
  ])('answers 422 on errors.number for %s and stores nothing', async (_name, number, message) => {
    const { sid } = await registerPlayer(ctx.app)
    const res = await call('POST', '/api/player/phone', sid, { phone: { number } })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors)).toEqual(['number'])
    expect(res.json().errors.number[0]).toMatch(message)
    expect((await call('GET', '/api/player/phone', sid)).json()).toEqual({ number: null })
  })

  it('translates the message into the request language', async () => {
    const { sid } = await registerPlayer(ctx.app)
    const en = await call('POST', '/api/player/phone', sid, { phone: { number: '+15551234567' } })
    const de = await call(
      'POST',
      '/api/player/phone',
      sid,
      { phone: { number: '+15551234567' } },
      { 'accept-language': 'de' },
    )
    expect(de.statusCode).toBe(422)
    expect(de.json().error).not.toBe(en.json().error)
  })

  it('answers 400 for a malformed body and 401 without a session', async () => {
    const { sid } = await registerPlayer(ctx.app)
    expect(
      (await call('POST', '/api/player/phone', sid, { phone: { number: 4915123456789 } })).statusCode,
    ).toBe(400)
    expect((await call('POST', '/api/player/phone', sid, { phone: 'x' })).statusCode).toBe(400)
    const unknownKey = await call('POST', '/api/player/phone', sid, {
      phone: { number: '+4915123456789', x: 1 },
    })
    expect(unknownKey.statusCode).toBe(422)
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await call(
        method,
        '/api/player/phone',
        undefined,
        method === 'POST' ? { phone: { number: '+4915123456789' } } : undefined,
      )
      expect(res.statusCode, method).toBe(401)
    }
  })
})

describe('/api/subscriptions', () => {
  it('answers the four flags and changes only those sent', async () => {
    const { sid } = await registerPlayer(ctx.app, { receive_promos: true })
    expect((await call('GET', '/api/subscriptions', sid)).json()).toEqual({
      receive_promos: true,
      receive_sms_promos: false,
      receive_promos_via_phone_calls: false,
      agreed_to_partner_promotions: false,
    })
    const res = await call('PUT', '/api/subscriptions', sid, {
      receive_sms_promos: true,
      agreed_to_partner_promotions: true,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      receive_promos: true,
      receive_sms_promos: true,
      receive_promos_via_phone_calls: false,
      agreed_to_partner_promotions: true,
    })
    await call('PUT', '/api/subscriptions', sid, {
      receive_promos: false,
      receive_promos_via_phone_calls: true,
    })
    expect((await call('GET', '/api/subscriptions', sid)).json()).toEqual({
      receive_promos: false,
      receive_sms_promos: true,
      receive_promos_via_phone_calls: true,
      agreed_to_partner_promotions: true,
    })
    expect((await call('GET', '/api/player', sid)).json()).toMatchObject({
      receive_promos: false,
      receive_sms_promos: true,
    })
  })

  it('refuses an empty change (422), unknown flags (422), wrong types (400), and guests (401)', async () => {
    const { sid } = await registerPlayer(ctx.app)
    const before = (await call('GET', '/api/subscriptions', sid)).json()
    const empty = await call('PUT', '/api/subscriptions', sid, {})
    expect(empty.statusCode).toBe(422)
    expect(empty.json().errors.base).toHaveLength(1)
    const unknown = await call('PUT', '/api/subscriptions', sid, { receive_promos: true, newsletter: true })
    expect(unknown.statusCode).toBe(422)
    expect((await call('PUT', '/api/subscriptions', sid, { receive_promos: 'yes' })).statusCode).toBe(400)
    expect((await call('GET', '/api/subscriptions', sid)).json()).toEqual(before)
    expect((await call('GET', '/api/subscriptions', undefined)).statusCode).toBe(401)
    expect((await call('PUT', '/api/subscriptions', undefined, { receive_promos: true })).statusCode).toBe(
      401,
    )
  })
})

describe('/api/player/groups', () => {
  it('registration puts odd ids in 543 and even ids in 544 (spec §6)', async () => {
    const a = await registerPlayer(ctx.app)
    const b = await registerPlayer(ctx.app)
    for (const p of [a, b]) expect(await groupsOf(p.id)).toContain(p.id % 2 === 1 ? 543 : 544)
  })

  it('switches between the test variants: joining one leaves the other; leaving works alone', async () => {
    const { id, sid } = await registerPlayer(ctx.app)
    const [own, other] = id % 2 === 1 ? [543, 544] : [544, 543]
    const join = await call('POST', '/api/player/groups', sid, { groups: { add: [other] } })
    expect(join.statusCode).toBe(204)
    expect(await groupsOf(id)).toContain(other)
    expect(await groupsOf(id)).not.toContain(own)
    expect(
      (await call('GET', '/api/player', sid)).json().statuses.map((s: { id: number }) => s.id),
    ).toContain(other)
    // Joining again changes nothing.
    expect((await call('POST', '/api/player/groups', sid, { groups: { add: [other] } })).statusCode).toBe(204)
    expect((await call('POST', '/api/player/groups', sid, { groups: { remove: [other] } })).statusCode).toBe(
      204,
    )
    const left = await groupsOf(id)
    expect(left).not.toContain(543)
    expect(left).not.toContain(544)
    expect(left).toContain(257)
  })

  it.each([
    ['a VIP status', { add: [259] }],
    ['leaving a VIP status', { remove: [257] }],
    ['the chat group', { add: [545] }],
    ['the same group added and removed', { add: [543], remove: [543] }],
  ])('refuses %s with 422 errors.groups and changes nothing', async (_name, groups) => {
    const { id, sid } = await registerPlayer(ctx.app)
    const before = await groupsOf(id)
    const res = await call('POST', '/api/player/groups', sid, { groups })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors)).toEqual(['groups'])
    expect(await groupsOf(id)).toEqual(before)
  })

  it('answers 422 for two ids in a list, 400 for ids that are not integers, 401 without a session', async () => {
    const { sid } = await registerPlayer(ctx.app)
    expect((await call('POST', '/api/player/groups', sid, { groups: { add: [543, 544] } })).statusCode).toBe(
      422,
    )
    expect((await call('POST', '/api/player/groups', sid, { groups: { add: ['543'] } })).statusCode).toBe(400)
    expect((await call('POST', '/api/player/groups', sid, { groups: { add: [543.5] } })).statusCode).toBe(400)
    expect((await call('POST', '/api/player/groups', undefined, { groups: { add: [543] } })).statusCode).toBe(
      401,
    )
  })
})

describe('/api/player/update_locale', () => {
  it('stores the language and answers the profile; later e-mails use it', async () => {
    const { email, sid } = await registerPlayer(ctx.app)
    const res = await call('PATCH', '/api/player/update_locale', sid, { locale: 'pt-BR' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ email, language: 'pt-BR' })
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/password',
      payload: { user: { email } },
      remoteAddress: '10.40.0.1',
    })
    // The link is made after the answer.
    await ctx.app.services.accounts.drainMailRequests()
    const [mail] = await ctx.db.query<{ locale: string }>(
      'SELECT locale FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [email],
    )
    expect(mail!.locale).toBe('pt-BR')
  })

  it('refuses a language that is not an interface language (422 errors.locale), 400 for a number, 401 for guests', async () => {
    const { sid } = await registerPlayer(ctx.app)
    const language = (await call('GET', '/api/player', sid)).json().language
    expect(language).toBe('en-CA')
    for (const locale of ['ru', 'pt-br-x', '']) {
      const res = await call('PATCH', '/api/player/update_locale', sid, { locale })
      expect(res.statusCode, locale).toBe(422)
      expect(Object.keys(res.json().errors)).toEqual(['locale'])
    }
    expect((await call('GET', '/api/player', sid)).json().language).toBe(language)
    expect((await call('PATCH', '/api/player/update_locale', sid, { locale: 7 })).statusCode).toBe(400)
    expect((await call('PATCH', '/api/player/update_locale', undefined, { locale: 'de' })).statusCode).toBe(
      401,
    )
  })
})

describe('CSRF', () => {
  it('refuses state-changing player requests from other sites', async () => {
    const { sid } = await registerPlayer(ctx.app)
    const crossSite = { 'sec-fetch-site': 'cross-site' }
    const attempts = [
      call('POST', '/api/player/phone', sid, { phone: { number: '+4915123456789' } }, crossSite),
      call('DELETE', '/api/player/phone', sid, undefined, crossSite),
      call('PUT', '/api/subscriptions', sid, { receive_promos: true }, crossSite),
      call('POST', '/api/player/groups', sid, { groups: { add: [543] } }, crossSite),
      call('PATCH', '/api/player/update_locale', sid, { locale: 'de' }, { origin: 'https://evil.example' }),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('csrf_failed')
    }
    expect((await call('GET', '/api/player/phone', sid)).json()).toEqual({ number: null })
    expect((await call('GET', '/api/player', sid)).json().language).toBe('en-CA')
  })
})

describe('OpenAPI', () => {
  it('documents the player account routes', async () => {
    const paths = (await ctx.app.inject('/api/docs/json')).json().paths
    for (const [path, method] of [
      ['/api/player/phone', 'post'],
      ['/api/subscriptions', 'put'],
      ['/api/player/groups', 'post'],
      ['/api/player/update_locale', 'patch'],
      ['/api/gdpr_reports', 'post'],
      ['/api/gdpr_reports/{token}', 'get'],
      ['/api/users', 'put'],
      ['/api/auth_providers/update_details', 'post'],
      ['/users/email-verification/request/{id}', 'post'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined()
    }
  })
})
