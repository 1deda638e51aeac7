import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

describe('CMS', () => {
  it('lists static pages as a tree in the requested language, without SEO-only entries', async () => {
    const en = (await ctx.app.inject('/api/cms/pages?l=en')).json<
      Array<{ path: string; title: string; children: unknown[]; layout: string }>
    >()
    const paths = en.map((p) => p.path)
    for (const slug of [
      'privacy-policy',
      'terms-and-conditions',
      'responsible-gaming',
      'bonus-terms',
      'about',
      'faq',
      'payments',
      'vip',
    ]) {
      expect(paths).toContain(slug)
    }
    expect(paths.some((p) => p.startsWith('seo/'))).toBe(false)
    expect(en[0]).toMatchObject({ layout: 'default', children: [] })
    const de = (await ctx.app.inject('/api/cms/pages?l=de')).json<Array<{ path: string; title: string }>>()
    expect(de.find((p) => p.path === 'privacy-policy')!.title).not.toBe(
      en.find((p) => p.path === 'privacy-policy')!.title,
    )
  })

  it('returns a page with its blocks; languages without content fall back to en', async () => {
    const res = await ctx.app.inject('/api/cms/pages/terms-and-conditions?l=de')
    expect(res.statusCode).toBe(200)
    const page = res.json()
    expect(page.content.length).toBeGreaterThan(1000)
    expect(page.blocks).toMatchObject({ title: page.title, 'content-main': page.content })
    // ja has its own pages; the English variants have none and are served the English page.
    const ja = (await ctx.app.inject('/api/cms/pages/terms-and-conditions?l=ja')).json()
    const en = (await ctx.app.inject('/api/cms/pages/terms-and-conditions?l=en')).json()
    expect(ja.title).toBe('利用規約')
    expect(ja.content).not.toBe(en.content)
    const enAu = (await ctx.app.inject('/api/cms/pages/about?l=en-AU')).json()
    expect(enAu.title).toBe((await ctx.app.inject('/api/cms/pages/about?l=en')).json().title)
  })

  it('serves SEO meta for app routes by path, slashes included', async () => {
    const res = await ctx.app.inject('/api/cms/pages/seo/main?l=de')
    expect(res.statusCode).toBe(200)
    expect(res.json().blocks.description.length).toBeGreaterThan(50)
  })

  it('answers 404 for an unknown page and 422 for an invalid path', async () => {
    const missing = await ctx.app.inject('/api/cms/pages/no-such-page')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe('page_not_found')
    const bad = await ctx.app.inject('/api/cms/pages/..%2Fetc')
    expect(bad.statusCode).toBe(422)
  })

  it('lists snippets and files; banners carry JSON descriptions per slider', async () => {
    const snippets = (await ctx.app.inject('/api/cms/snippets/?l=de')).json<
      Array<{ id: string; content: string }>
    >()
    expect(snippets.map((s) => s.id)).toEqual(
      expect.arrayContaining(['footer-about', 'footer-license', 'home-why-us']),
    )
    expect((await ctx.app.inject('/api/cms/snippets?l=de')).statusCode).toBe(200)
    const files = (await ctx.app.inject('/api/cms/files?l=de')).json<
      Array<{ id: string; url: string; description: string; categories: string[] }>
    >()
    for (const slider of ['promo', 'tournaments', 'index-top', 'jackpot-top']) {
      expect(files.some((f) => f.categories.includes(slider))).toBe(true)
    }
    const banner = files.find((f) => f.categories.includes('index-top'))!
    expect(JSON.parse(banner.description)).toMatchObject({
      title: expect.any(String),
      link: expect.stringMatching(/^\//),
    })
    const image = await ctx.app.inject(banner.url)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toContain('image/svg+xml')
  })

  it('refuses an unknown language', async () => {
    for (const url of [
      '/api/cms/pages?l=zz',
      '/api/cms/snippets/?l=zz',
      '/api/cms/files?l=zz',
      '/api/cms/pages/about?l=zz',
    ]) {
      const res = await ctx.app.inject(url)
      expect(res.statusCode, url).toBe(422)
      expect(res.json().errors.l).toBeDefined()
    }
  })
})
