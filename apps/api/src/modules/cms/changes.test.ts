import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { createTestNodes, pollUntil, type TestNodes } from '../../test/nodes.ts'
import { testRedisUrls } from '../../test/redis.ts'

const PAGE = 'terms-and-conditions'
const pageTitle = async (app: FastifyInstance, locale = 'en') =>
  (await app.inject(`/api/cms/pages/${PAGE}?l=${locale}`)).json<{ title: string }>().title
const footer = async (app: FastifyInstance) =>
  (await app.inject('/api/cms/snippets?l=en'))
    .json<Array<{ id: string; content: string }>>()
    .find((s) => s.id === 'footer-about')?.content
const welcomeBanner = async (app: FastifyInstance) =>
  (await app.inject('/api/cms/files?l=en'))
    .json<Array<{ id: string; description: string }>>()
    .find((f) => f.id === 'banner-welcome')?.description

describe('content changes on one node', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp()
  })
  afterAll(() => ctx.close())

  it('a page written through the service shows at once, in its language only; withdrawn, it is gone', async () => {
    const cms = ctx.app.services.cms
    const german = await pageTitle(ctx.app, 'de')
    await pageTitle(ctx.app)
    expect(
      await cms.updatePage(PAGE, {
        translations: { en: { title: 'Terms, revised', content: '<p>New terms</p>' } },
      }),
    ).toBe(true)
    expect(await pageTitle(ctx.app)).toBe('Terms, revised')
    expect(await pageTitle(ctx.app, 'de')).toBe(german)
    const tree = (await ctx.app.inject('/api/cms/pages?l=en')).json<Array<{ path: string; title: string }>>()
    expect(tree.find((p) => p.path === PAGE)?.title).toBe('Terms, revised')

    expect(await cms.updatePage(PAGE, { published: false })).toBe(true)
    expect((await ctx.app.inject(`/api/cms/pages/${PAGE}?l=en`)).statusCode).toBe(404)
    const without = (await ctx.app.inject('/api/cms/pages?l=en')).json<Array<{ path: string }>>()
    expect(without.map((p) => p.path)).not.toContain(PAGE)
    expect(await cms.updatePage(PAGE, { published: true })).toBe(true)
    expect(await pageTitle(ctx.app)).toBe('Terms, revised')
  })

  it('snippets and banners likewise; an unknown page, snippet or file changes nothing', async () => {
    const cms = ctx.app.services.cms
    await footer(ctx.app)
    expect(await cms.updateSnippet('footer-about', { en: '<p>Operated by someone new.</p>' })).toBe(true)
    expect(await footer(ctx.app)).toBe('<p>Operated by someone new.</p>')
    await welcomeBanner(ctx.app)
    const banner = JSON.stringify({
      title: 'Autumn welcome',
      text: 'From {{amount:20}}.',
      link: '/welcome-bonuses',
    })
    expect(await cms.updateFile('banner-welcome', { en: banner })).toBe(true)
    expect(await welcomeBanner(ctx.app)).toBe(banner)

    expect(await cms.updatePage('no-such-page', { published: false })).toBe(false)
    expect(await cms.updateSnippet('no-such-snippet', { en: 'x' })).toBe(false)
    expect(await cms.updateFile('no-such-file', { en: 'x' })).toBe(false)
  })
})

for (const url of testRedisUrls) {
  describe('content changes across two nodes (Redis)', () => {
    let cluster: TestNodes
    let a: FastifyInstance
    let b: FastifyInstance
    beforeAll(async () => {
      cluster = await createTestNodes(2, { REDIS_URL: url })
      ;[a, b] = cluster.nodes as [FastifyInstance, FastifyInstance]
    })
    afterAll(() => cluster?.close())

    it('node B serves a page changed through node A within 1 s', async () => {
      const before = await pageTitle(b)
      // Behind the caches' back: node B keeps serving what it cached (this is what needs the bus).
      await cluster.db.query(
        `UPDATE cms_page_translations SET title = 'Changed behind the cache'
         WHERE locale = 'en' AND page_id = (SELECT id FROM cms_pages WHERE slug = $1)`,
        [PAGE],
      )
      expect(await pageTitle(b)).toBe(before)

      await a.services.cms.updatePage(PAGE, {
        translations: { en: { title: 'Terms of 2027', content: '<p>2027</p>' } },
      })
      // The node that made the change shows it at once; the other within a second.
      expect(await pageTitle(a)).toBe('Terms of 2027')
      const { value, ms } = await pollUntil(
        () => pageTitle(b),
        (title) => title === 'Terms of 2027',
        1_000,
      )
      expect(value).toBe('Terms of 2027')
      expect(ms).toBeLessThan(1_000)
    })

    it('snippets and banners too, and a withdrawn page is gone from node B', async () => {
      await footer(b)
      await a.services.cms.updateSnippet('footer-about', { en: '<p>Node A wrote this.</p>' })
      expect(
        (
          await pollUntil(
            () => footer(b),
            (c) => c === '<p>Node A wrote this.</p>',
            1_000,
          )
        ).value,
      ).toBe('<p>Node A wrote this.</p>')
      await welcomeBanner(b)
      await a.services.cms.updateFile('banner-welcome', { en: '{"title":"From node A"}' })
      expect(
        (
          await pollUntil(
            () => welcomeBanner(b),
            (d) => d === '{"title":"From node A"}',
            1_000,
          )
        ).value,
      ).toBe('{"title":"From node A"}')
      await a.services.cms.updatePage(PAGE, { published: false })
      const gone = await pollUntil(
        async () => (await b.inject(`/api/cms/pages/${PAGE}?l=en`)).statusCode,
        (status) => status === 404,
        1_000,
      )
      expect(gone.value).toBe(404)
    })
  })
}
