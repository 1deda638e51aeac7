import { describe, expect, it } from 'vitest'
import { COOKIES } from '@aurum/shared'
import { ExpiringCache } from '../lib/cache.ts'
import { dropRenderCaches, htmlTag, sharedRenderData } from './ssr.ts'

const guest = { cookie: 'locale=de; cookie_consent=1' }
const player = { cookie: `locale=de; ${COOKIES.session}=abc` }

describe('api calls of a server render answered from a shared cache', () => {
  it('shares public CMS and info data per language and country, for guests and players alike', () => {
    const a = sharedRenderData({ method: 'GET', url: '/api/cms/snippets?l=de', headers: guest }, 'DE')
    const b = sharedRenderData({ method: 'GET', url: '/api/cms/snippets?l=de', headers: player }, 'DE')
    expect(a).toEqual({ cache: 'public', key: expect.stringContaining('/api/cms/snippets') })
    expect(b).toEqual(a)
    expect(
      sharedRenderData({ method: 'GET', url: '/api/cms/snippets?l=de', headers: guest }, 'AT')!.key,
    ).not.toBe(a!.key)
  })

  it("shares the guests' lobby data, keyed by the filter asked for", () => {
    const body = (page: number) => JSON.stringify({ page, filter: { categories: { identifiers: ['top'] } } })
    const first = sharedRenderData(
      { method: 'POST', url: '/api/games_filter', headers: guest, body: body(1) },
      null,
    )
    const second = sharedRenderData(
      { method: 'POST', url: '/api/games_filter', headers: guest, body: body(2) },
      null,
    )
    expect(first?.cache).toBe('guest')
    expect(second?.key).not.toBe(first?.key)
    for (const url of ['/api/games/collections?l=de', '/api/games/providers', '/api/stats/winners/latest']) {
      expect(sharedRenderData({ method: 'GET', url, headers: guest }, null)?.cache).toBe('guest')
    }
  })

  it("never shares a signed-in player's calls, a player's data or a write", () => {
    for (const url of ['/api/games_filter', '/api/games/collections?l=de', '/api/stats/winners/latest']) {
      expect(sharedRenderData({ method: 'GET', url, headers: player }, null)).toBeNull()
    }
    expect(
      sharedRenderData({ method: 'POST', url: '/api/games_filter', headers: player, body: '{}' }, null),
    ).toBeNull()
    expect(sharedRenderData({ method: 'GET', url: '/api/player', headers: guest }, null)).toBeNull()
    expect(
      sharedRenderData({ method: 'GET', url: '/api/player/favorite_games', headers: guest }, null),
    ).toBeNull()
    expect(
      sharedRenderData({ method: 'POST', url: '/api/games_filter/select', headers: guest }, null),
    ).toBeNull()
    expect(sharedRenderData({ method: 'POST', url: '/api/cms/contact', headers: guest }, null)).toBeNull()
  })
})

describe('the <html> tag of a rendered page', () => {
  it('keeps the notice bar’s room while the cookie notice is unanswered, and none once answered', () => {
    expect(htmlTag('de', undefined, 'CA')).toBe('<html lang="de" data-notices="due">')
    expect(htmlTag('en', 'locale=en; session=abc', 'CA')).toBe('<html lang="en" data-notices="due">')
    expect(htmlTag('en', 'cookies_accepted=', 'CA')).toBe('<html lang="en" data-notices="due">')
    expect(htmlTag('en', 'locale=en; cookies_accepted=all', 'CA')).toBe('<html lang="en">')
    expect(htmlTag('fr-CA', 'cookies_accepted=essential; locale=fr-CA', 'CA')).toBe('<html lang="fr-CA">')
    expect(htmlTag('en-AU', undefined, 'AU')).toBe('<html lang="en-AU" data-notices="due au">')
    expect(htmlTag('en-AU', 'cookies_accepted=essential', 'AU')).toBe('<html lang="en-AU">')
  })
})

describe("what a change of cached data drops of the renders' caches", () => {
  /** The three caches, each with an entry under every key given, and what is still in each. */
  async function filled() {
    const caches = {
      publicData: new ExpiringCache<string>(60_000, 100),
      guestData: new ExpiringCache<string>(60_000, 100),
      guestPages: new ExpiringCache<string>(60_000, 100),
    }
    const keys = {
      publicData: ['GET /api/cms/pages?l=de|de|DE', 'GET /api/info/locales?l=de|de|DE'],
      guestData: ['POST /api/games_filter|de|DE|{}'],
      guestPages: ['aurum.casino|/|DE|false|false'],
    }
    for (const [name, list] of Object.entries(keys) as Array<[keyof typeof keys, string[]]>) {
      for (const key of list) await caches[name].get(key, async () => 'cached')
    }
    const kept = async () => {
      const result: string[] = []
      for (const [name, list] of Object.entries(keys) as Array<[keyof typeof keys, string[]]>) {
        for (const key of list) {
          if ((await caches[name].get(key, async (): Promise<string> => 'loaded')) === 'cached')
            result.push(key)
        }
      }
      return result
    }
    return { caches, kept }
  }

  it('a CMS or reference-data change drops its answers and every guest page, not the lobby data', async () => {
    const cms = await filled()
    dropRenderCaches({ scope: 'cms', keys: ['page:faq:'] }, cms.caches)
    expect(await cms.kept()).toEqual(['GET /api/info/locales?l=de|de|DE', 'POST /api/games_filter|de|DE|{}'])
    const info = await filled()
    dropRenderCaches({ scope: 'info' }, info.caches)
    expect(await info.kept()).toEqual(['GET /api/cms/pages?l=de|de|DE', 'POST /api/games_filter|de|DE|{}'])
  })

  it("a catalogue change drops the guests' lobby data and every guest page", async () => {
    const { caches, kept } = await filled()
    dropRenderCaches({ scope: 'catalogue' }, caches)
    expect(await kept()).toEqual(['GET /api/cms/pages?l=de|de|DE', 'GET /api/info/locales?l=de|de|DE'])
  })
})
