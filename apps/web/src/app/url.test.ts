import { describe, expect, it } from 'vitest'
import { localizedPath, parseLocation, shouldNoindex } from './url.ts'
import { buildHead } from './seo.ts'

describe('parseLocation', () => {
  it('has no prefix for the default language of the country', () => {
    expect(parseLocation('/', '', null, false)).toEqual({
      locale: 'en-CA',
      defaultLocale: 'en-CA',
      basename: '/',
      guest: false,
    })
    expect(parseLocation('/support', '', 'DE', false)).toMatchObject({ locale: 'de', basename: '/' })
  })

  it('reads the language prefix', () => {
    expect(parseLocation('/de/support', '', null, false)).toMatchObject({ locale: 'de', basename: '/de' })
    expect(parseLocation('/pt-br', '', null, false)).toMatchObject({ locale: 'pt-BR', basename: '/pt-br' })
  })

  it('redirects non-canonical forms', () => {
    expect(parseLocation('/en-ca/support', '?a=1', null, false)).toEqual({ redirect: '/support?a=1' })
    expect(parseLocation('/DE/faq', '', null, false)).toEqual({ redirect: '/de/faq' })
    expect(parseLocation('/de/', '', null, false)).toEqual({ redirect: '/de' })
    expect(parseLocation('/support/', '', null, false)).toEqual({ redirect: '/support' })
  })

  it('puts restricted-country guests under /guest/ and everyone else outside it', () => {
    expect(parseLocation('/faq', '', 'US', true)).toEqual({ redirect: '/guest/faq' })
    expect(parseLocation('/guest/faq', '', 'US', true)).toMatchObject({ basename: '/guest', guest: true })
    expect(parseLocation('/guest/de/faq', '', 'US', true)).toMatchObject({
      basename: '/guest/de',
      locale: 'de',
    })
    expect(parseLocation('/guest/faq', '', 'DE', false)).toEqual({ redirect: '/faq' })
  })

  it('builds links to the same page in another language', () => {
    expect(localizedPath('/support', 'de', 'en-CA', false)).toBe('/de/support')
    expect(localizedPath('/', 'en-CA', 'en-CA', false)).toBe('/')
    expect(localizedPath('/', 'ja', 'en-CA', true)).toBe('/guest/ja')
  })
})

describe('noindex', () => {
  it('applies when the path has more than 3 segments', () => {
    expect(shouldNoindex('/')).toBe(false)
    expect(shouldNoindex('/producers/aurum/2')).toBe(false)
    expect(shouldNoindex('/users/games-history/a/b')).toBe(true)
  })

  it('is in the robots meta, with canonical and hreflang for every language', () => {
    const head = buildHead(
      { title: 'FAQ', description: 'd', keywords: 'k' },
      {
        origin: 'https://aurum.casino',
        path: '/a/b/c/d',
        locale: 'de',
        defaultLocale: 'en-CA',
        guest: false,
        brand: 'Aurum Casino',
      },
    )
    expect(head.title).toBe('FAQ | Aurum Casino')
    expect(head.meta.find((m) => m.name === 'robots')!.content).toBe('noindex, nofollow')
    expect(head.links[0]).toEqual({ rel: 'canonical', href: 'https://aurum.casino/de/a/b/c/d' })
    expect(head.links.filter((l) => l.hreflang)).toHaveLength(14)
  })
})
