import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testClock } from '@aurum/db'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { createTestNodes, pollUntil, type TestNodes } from '../../test/nodes.ts'
import { testRedisUrls } from '../../test/redis.ts'
import { signedInStaff, type SignedInStaff } from '../../test/staff.ts'
import type { StaffContext } from '../audit/service.ts'
import { FILES_DIR } from '../../db/seed/index.ts'
import { checkImage } from './images.ts'

/**
 * The back office's content screen (docs/backoffice.md "Content"): pages, snippets and banners in
 * every language, each change audited in its transaction and shown to players at once (on every
 * node within a second), an image upload that refuses active SVG, and a preview that writes nothing.
 */
const clock = testClock()
let ctx: TestContext
let marketing: SignedInStaff
let readOnly: SignedInStaff
let support: SignedInStaff
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { clock })
  marketing = await signedInStaff(ctx.app, clock, 'marketing')
  readOnly = await signedInStaff(ctx.app, clock, 'read-only')
  support = await signedInStaff(ctx.app, clock, 'support')
})
afterAll(() => ctx?.close())

const playerFiles = async (app: FastifyInstance, locale = 'en') =>
  (await app.inject(`/api/cms/files?l=${locale}`)).json<
    Array<{ id: string; url: string; description: string; categories: string[] }>
  >()
const auditOf = (action: string, targetId: string) =>
  ctx.db.query<{ actor_label: string; before: unknown; after: unknown; ip: string | null }>(
    `SELECT actor_label, before, after, host(ip) AS ip FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`,
    [action, targetId],
  )

describe('banners', () => {
  it('a marketing member edits a banner: the player sees it at once, the audit log has before and after', async () => {
    const before = (await playerFiles(ctx.app)).find((f) => f.id === 'banner-welcome')!
    const german = (await playerFiles(ctx.app, 'de')).find((f) => f.id === 'banner-welcome')!.description
    const text = JSON.stringify({ ...JSON.parse(before.description), title: 'Winter welcome' })
    const res = await marketing.call('PATCH', '/api/admin/content/files/banner-welcome', {
      translations: { en: text },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().translations.en).toBe(text)
    expect((await playerFiles(ctx.app)).find((f) => f.id === 'banner-welcome')!.description).toBe(text)
    // Other languages keep theirs.
    expect((await playerFiles(ctx.app, 'de')).find((f) => f.id === 'banner-welcome')!.description).toBe(
      german,
    )

    const [entry] = await auditOf('content.file.updated', 'banner-welcome')
    expect(entry).toMatchObject({
      actor_label: marketing.email,
      before: { translations: { en: before.description } },
      after: { translations: { en: text } },
      ip: marketing.address,
    })
  })

  it('creates a banner on an uploaded image, which every player can load; deletes it', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="url(#g)"/></svg>',
    )
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/content/uploads',
      headers: {
        cookie: marketing.cookie,
        'user-agent': marketing.userAgent,
        'content-type': 'image/svg+xml',
      },
      remoteAddress: marketing.address,
      payload: svg,
    })
    expect(upload.statusCode, upload.body).toBe(201)
    const { url } = upload.json<{ url: string }>()
    expect(url).toMatch(/^\/files\/uploads\/[0-9a-f]{64}\.svg$/)
    const image = await ctx.app.inject(url)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toContain('image/svg+xml')
    expect(image.headers['content-security-policy']).toContain("default-src 'none'")
    expect(image.rawPayload.equals(svg)).toBe(true)

    const description = JSON.stringify({
      title: 'Spring',
      text: 'Spins',
      button: 'Play',
      link: '/games',
      groups: [],
    })
    const created = await marketing.call('POST', '/api/admin/content/files', {
      id: 'banner-spring',
      url,
      categories: ['banner', 'index-top'],
      position: 99,
      translations: { en: description },
    })
    expect(created.statusCode, created.body).toBe(201)
    const listed = (await playerFiles(ctx.app, 'fi')).find((f) => f.id === 'banner-spring')
    expect(listed).toMatchObject({ url, description, categories: ['banner', 'index-top'] })
    expect(await auditOf('content.file.created', 'banner-spring')).toHaveLength(1)

    const again = await marketing.call('POST', '/api/admin/content/files', { id: 'banner-spring', url })
    expect(again.statusCode).toBe(422)
    expect(again.json().errors.id).toBeDefined()

    expect((await marketing.call('DELETE', '/api/admin/content/files/banner-spring')).statusCode).toBe(204)
    expect((await playerFiles(ctx.app)).some((f) => f.id === 'banner-spring')).toBe(false)
    expect((await marketing.call('DELETE', '/api/admin/content/files/banner-spring')).statusCode).toBe(404)
    expect(await auditOf('content.file.deleted', 'banner-spring')).toHaveLength(1)
  })

  it('refuses an SVG that could run, a file that is no image, and an image over the size limit', async () => {
    const send = (payload: Buffer, type = 'image/svg+xml') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/content/uploads',
        headers: { cookie: marketing.cookie, 'user-agent': marketing.userAgent, 'content-type': type },
        remoteAddress: marketing.address,
        payload,
      })
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.invalid/x.png"/></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>',
    ]) {
      const res = await send(Buffer.from(svg))
      expect(res.statusCode, svg).toBe(422)
      expect(res.json().errors.file, svg).toBeDefined()
    }
    const text = await send(Buffer.from('just some text'), 'image/png')
    expect(text.statusCode).toBe(422)
    expect(text.json().errors.file).toBeDefined()
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ])
    expect((await send(png, 'image/png')).statusCode).toBe(201)
    const huge = Buffer.concat([png, Buffer.alloc(1024 * 1024)])
    expect((await send(huge, 'image/png')).statusCode).toBe(413)
    // A body that is no image type at all is not parsed.
    expect((await send(Buffer.from('{}'), 'application/json')).statusCode).toBe(415)
    // The seed's own artwork passes the check.
    for (const name of (await fs.readdir(FILES_DIR)).filter((f) => f.endsWith('.svg'))) {
      expect(checkImage(await fs.readFile(path.join(FILES_DIR, name))), name).toBe('image/svg+xml')
    }
  })

  it('validates a banner per field: JSON text, known languages, an address of the casino', async () => {
    const res = await marketing.call('PATCH', '/api/admin/content/files/banner-welcome', {
      translations: { en: 'not json', xx: '{}' },
      url: 'https://elsewhere.invalid/x.svg',
      position: -1,
    })
    expect(res.statusCode).toBe(422)
    const errors = res.json<{ errors: Record<string, string[]> }>().errors
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['translations.en', 'url', 'position']))
    expect(Object.keys(errors).some((k) => k.startsWith('translations'))).toBe(true)
    const missing = await marketing.call('PATCH', '/api/admin/content/files/banner-welcome', {
      url: '/files/uploads/' + 'a'.repeat(64) + '.png',
    })
    expect(missing.statusCode).toBe(422)
    expect(missing.json().errors.url).toBeDefined()
    expect((await marketing.call('PATCH', '/api/admin/content/files/banner-welcome', {})).statusCode).toBe(
      422,
    )
    expect(
      (await marketing.call('PATCH', '/api/admin/content/files/no-such-file', { position: 1 })).statusCode,
    ).toBe(404)
  })
})

describe('pages and snippets', () => {
  it('creates a page unpublished, previews it, publishes it, changes and deletes it, each audited', async () => {
    const body = {
      slug: 'summer-rules',
      categories: ['footer'],
      translations: {
        en: { title: 'Summer rules', content: '<p>Rules</p>' },
        de: { title: 'Sommerregeln', content: '<p>Regeln</p>' },
      },
    }
    const created = await marketing.call('POST', '/api/admin/content/pages', body)
    expect(created.statusCode, created.body).toBe(201)
    const page = created.json<{ id: number; published: boolean; locales: string[] }>()
    expect(page).toMatchObject({ published: false, locales: ['de', 'en'] })
    expect((await ctx.app.inject('/api/cms/pages/summer-rules?l=en')).statusCode).toBe(404)

    // The preview shows the draft as the player's api would, and writes nothing.
    const preview = await readOnly.call('POST', '/api/admin/content/preview', {
      kind: 'page',
      locale: 'de',
      slug: 'summer-rules',
      translation: { title: 'Sommerregeln, Entwurf' },
    })
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json()).toMatchObject({
      kind: 'page',
      page: {
        path: 'summer-rules',
        title: 'Sommerregeln, Entwurf',
        content: '<p>Regeln</p>',
        layout: 'default',
      },
    })
    const enAu = await readOnly.call('POST', '/api/admin/content/preview', {
      kind: 'page',
      locale: 'en-AU',
      slug: 'summer-rules',
    })
    expect(enAu.json().page.title).toBe('Summer rules')
    expect(
      (await readOnly.call('GET', `/api/admin/content/pages/${page.id}`)).json().translations.de.title,
    ).toBe('Sommerregeln')

    const published = await marketing.call('PATCH', `/api/admin/content/pages/${page.id}`, {
      published: true,
    })
    expect(published.statusCode).toBe(200)
    expect((await ctx.app.inject('/api/cms/pages/summer-rules?l=de')).json().title).toBe('Sommerregeln')
    const tree = (await ctx.app.inject('/api/cms/pages?l=en')).json<Array<{ path: string }>>()
    expect(tree.map((p) => p.path)).toContain('summer-rules')

    await marketing.call('PATCH', `/api/admin/content/pages/${page.id}`, {
      translations: { de: { title: 'Sommerregeln 2', content: '<p>Neu</p>' } },
    })
    expect((await ctx.app.inject('/api/cms/pages/summer-rules?l=de')).json().title).toBe('Sommerregeln 2')
    const [update] = (await auditOf('content.page.updated', 'summer-rules')).slice(-1)
    expect(update).toMatchObject({
      before: { translations: { de: { title: 'Sommerregeln' } } },
      after: { translations: { de: { title: 'Sommerregeln 2', content: '<p>Neu</p>' } } },
    })
    expect(Object.keys((update!.after as { translations: object }).translations)).toEqual(['de'])

    // A page cannot become its own parent.
    const cycle = await marketing.call('PATCH', `/api/admin/content/pages/${page.id}`, { parent_id: page.id })
    expect(cycle.statusCode).toBe(422)
    expect(cycle.json().errors.parent_id).toBeDefined()

    expect((await marketing.call('DELETE', `/api/admin/content/pages/${page.id}`)).statusCode).toBe(204)
    expect((await ctx.app.inject('/api/cms/pages/summer-rules?l=en')).statusCode).toBe(404)
    expect(await auditOf('content.page.created', 'summer-rules')).toHaveLength(1)
    expect(await auditOf('content.page.deleted', 'summer-rules')).toHaveLength(1)
  })

  it('refuses bad pages per field (422) and malformed bodies (400)', async () => {
    const res = await marketing.call('POST', '/api/admin/content/pages', {
      slug: '../etc',
      translations: { de: { title: '', content: 'x' } },
    })
    expect(res.statusCode).toBe(422)
    const errors = res.json<{ errors: Record<string, string[]> }>().errors
    expect(errors.slug).toBeDefined()
    expect(Object.keys(errors).some((k) => k.startsWith('translations'))).toBe(true)
    const taken = await marketing.call('POST', '/api/admin/content/pages', {
      slug: 'about',
      translations: { en: { title: 'About', content: '' } },
    })
    expect(taken.statusCode).toBe(422)
    expect(taken.json().errors.slug).toBeDefined()
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/content/pages',
      headers: {
        cookie: marketing.cookie,
        'user-agent': marketing.userAgent,
        'content-type': 'application/json',
      },
      remoteAddress: marketing.address,
      payload: '{"slug":',
    })
    expect(malformed.statusCode).toBe(400)
  })

  it('lists with paging, sorting and filters, and exports CSV', async () => {
    const first = await readOnly.call('GET', '/api/admin/content/pages?per_page=3&sort=slug&direction=desc')
    expect(first.statusCode).toBe(200)
    const page = first.json<{ data: Array<{ slug: string }>; pagination: { total_count: number } }>()
    expect(page.data).toHaveLength(3)
    expect(page.data.map((p) => p.slug)).toEqual([...page.data.map((p) => p.slug)].sort().reverse())
    expect(page.pagination.total_count).toBeGreaterThan(3)
    const seo = await readOnly.call('GET', '/api/admin/content/pages?category=seo&per_page=200')
    expect(seo.json<{ data: Array<{ slug: string }> }>().data.every((p) => p.slug.startsWith('seo/'))).toBe(
      true,
    )
    expect((await readOnly.call('GET', '/api/admin/content/pages?sort=title; DROP')).statusCode).toBe(422)

    const banners = await readOnly.call('GET', '/api/admin/content/files?category=banner')
    expect(banners.json<{ data: Array<{ id: string }> }>().data.map((f) => f.id)).toContain('banner-welcome')
    const snippets = await readOnly.call('GET', '/api/admin/content/snippets?q=footer')
    expect(snippets.json<{ data: Array<{ id: string }> }>().data.map((s) => s.id)).toContain('footer-about')

    const csv = await readOnly.call('GET', '/api/admin/content/files.csv?category=banner')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body.split('\r\n')[0]).toBe('id,url,categories,position,translations')
    expect(csv.body).toContain('banner-welcome')
    expect((await readOnly.call('GET', '/api/admin/content/pages.csv')).statusCode).toBe(200)
    expect((await readOnly.call('GET', '/api/admin/content/snippets.csv')).statusCode).toBe(200)
  })

  it('edits snippets: the footer changes for players in that language only', async () => {
    const footer = async (l: string) =>
      (await ctx.app.inject(`/api/cms/snippets?l=${l}`))
        .json<Array<{ id: string; content: string }>>()
        .find((s) => s.id === 'footer-about')?.content
    const german = await footer('de')
    const res = await marketing.call('PATCH', '/api/admin/content/snippets/footer-about', {
      translations: { en: '<p>Run by the back office.</p>' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await footer('en')).toBe('<p>Run by the back office.</p>')
    expect(await footer('de')).toBe(german)
    expect(await auditOf('content.snippet.updated', 'footer-about')).toHaveLength(1)

    const created = await marketing.call('POST', '/api/admin/content/snippets', {
      id: 'promo-strip',
      translations: { en: '<b>Promo</b>' },
    })
    expect(created.statusCode).toBe(201)
    expect(await footer('en')).toBeDefined()
    expect(
      (await ctx.app.inject('/api/cms/snippets?l=ja')).json<Array<{ id: string }>>().map((s) => s.id),
    ).toContain('promo-strip')
    const noEnglish = await marketing.call('POST', '/api/admin/content/snippets', {
      id: 'promo-other',
      translations: { de: 'x' },
    })
    expect(noEnglish.statusCode).toBe(422)
    expect((await marketing.call('DELETE', '/api/admin/content/snippets/promo-strip')).statusCode).toBe(204)
  })
})

describe('permissions', () => {
  it('read-only may read and preview but not change; support may not read content at all', async () => {
    expect((await readOnly.call('GET', '/api/admin/content/files')).statusCode).toBe(200)
    const refused = await readOnly.call('PATCH', '/api/admin/content/files/banner-welcome', {
      translations: { en: '{}' },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('forbidden')
    expect(
      (await readOnly.call('POST', '/api/admin/content/snippets', { id: 'x', translations: { en: 'x' } }))
        .statusCode,
    ).toBe(403)
    expect((await readOnly.call('DELETE', '/api/admin/content/pages/1')).statusCode).toBe(403)
    expect((await support.call('GET', '/api/admin/content/pages')).statusCode).toBe(403)
    expect((await ctx.app.inject('/api/admin/content/pages')).statusCode).toBe(401)
  })
})

for (const url of testRedisUrls) {
  describe('a banner edited on node A shows on node B (Redis)', () => {
    let cluster: TestNodes
    beforeAll(async () => {
      cluster = await createTestNodes(2, { REDIS_URL: url })
    })
    afterAll(() => cluster?.close())

    it('within 1 s, with its audit entry', async () => {
      const [a, b] = cluster.nodes as [FastifyInstance, FastifyInstance]
      const { id } = await a.services.staff.create(
        `marketing-${process.pid}@aurum.test`,
        'M',
        'marketing',
        'cli',
      )
      const staff: StaffContext = { actor: { id, label: `marketing-${process.pid}@aurum.test` } }
      const banner = async () => (await playerFiles(b)).find((f) => f.id === 'banner-welcome')?.description
      await banner()
      const text = JSON.stringify({ title: 'From node A', link: '/' })
      await a.services.contentAdmin.updateFile(staff, 'banner-welcome', { translations: { en: text } })
      const { value, ms } = await pollUntil(banner, (d) => d === text, 1_000)
      expect(value).toBe(text)
      expect(ms).toBeLessThan(1_000)
      const [entry] = await cluster.db.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE target_id = 'banner-welcome' ORDER BY id DESC LIMIT 1`,
      )
      expect(entry?.action).toBe('content.file.updated')
    })
  })
}
