import { describe, expect, it } from 'vitest'
import { timeLeft } from './countdown/time-left.ts'
import { empApproved } from './notices/notices.tsx'
import { promoBannerVisible } from './enter-buttons/enter-buttons.tsx'
import { LoadingTracker } from './preloader/loading-store.ts'
import { parseStag } from '../lib/attribution.ts'
import { bannersFor } from '../features/content/components/banners.ts'
import { buildLogRecord, loadErrorLabel, toContext } from '../lib/logger.ts'
import { HttpError } from '../lib/http/errors.ts'

describe('widgets and helpers', () => {
  it('countdown splits into days, hours, minutes, seconds and stops at zero', () => {
    expect(timeLeft(90_061_000, 0)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1, total: 90_061 })
    expect(timeLeft(0, 5_000)).toMatchObject({ total: 0, seconds: 0 })
  })

  it('EMP approval lasts 31,536,000,000 ms', () => {
    expect(empApproved(null, 1)).toBe(false)
    expect(empApproved('1000', 1000 + 31_535_999_999)).toBe(true)
    expect(empApproved('1000', 1000 + 31_536_000_000)).toBe(false)
  })

  it('the dismissed promo banner returns after 120000 ms', () => {
    expect(promoBannerVisible(null, 0)).toBe(true)
    expect(promoBannerVisible(0, 119_999)).toBe(false)
    expect(promoBannerVisible(0, 120_000)).toBe(true)
  })

  it('the preloader shows while any loading entry exists', () => {
    const l = new LoadingTracker()
    l.start('a')
    l.start('b')
    l.stop('a')
    expect(l.active).toBe(true)
    l.stop('b')
    expect(l.active).toBe(false)
  })

  it('splits stag at the underscore', () => {
    expect(parseStag('123_abc')).toEqual({ stagId: '123', stagVisit: 'abc' })
    expect(parseStag('123')).toEqual({ stagId: '123', stagVisit: '' })
  })

  it('picks banners of a slider, gated by groups', () => {
    const files = [
      {
        id: 'a',
        url: '/a.svg',
        categories: ['banner', 'promo'],
        description: JSON.stringify({ title: 'A', text: '', button: '', link: '/', groups: [] }),
      },
      {
        id: 'b',
        url: '/b.svg',
        categories: ['banner', 'promo'],
        description: JSON.stringify({ title: 'B', text: '', button: '', link: '/', groups: [259] }),
      },
      { id: 'c', url: '/c.svg', categories: ['illustration'], description: '' },
    ]
    expect(bannersFor(files, 'promo').map((b) => b.id)).toEqual(['a'])
    expect(bannersFor(files, 'promo', [259]).map((b) => b.id)).toEqual(['a', 'b'])
  })

  it('builds log records in the shape of the spec', () => {
    expect(loadErrorLabel('/api/player/favorite_games?x=1')).toBe('LOAD_PLAYER_FAVORITE_GAMES_ERROR')
    expect(toContext({ a: 'x', b: 2, _private: 1, state: {} })).toEqual({ a: 'x', b: '2' })
    const error = new HttpError(
      'Request failed with status code 500',
      { method: 'GET', url: '/api/player', headers: {}, timeoutMs: 1 },
      {
        status: 500,
        statusText: 'Internal Server Error',
        data: { error: { code: 'boom' } },
        headers: { 'x-request-id': 'r1' },
      },
    )
    expect(buildLogRecord('error', 'LOAD_PLAYER_ERROR', error, { type: 'router' }, false)).toMatchObject({
      label: 'LOAD_PLAYER_ERROR',
      level_name: 'ERROR',
      http_status: 500,
      rid: 'r1',
      phpError: { code: 'boom' },
      request_url: '/api/player',
      type: 'router',
    })
  })
})
