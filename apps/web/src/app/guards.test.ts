import { describe, expect, it } from 'vitest'
import {
  noDirectEntry,
  notAllowedFor451,
  requiresAuth,
  requiresGuest,
  runGuards,
  type GuardContext,
} from './guards.ts'
import { REDIRECTS, ROUTES, routeMeta } from './route-table.ts'

const guest: GuardContext = { loggedIn: false, restricted: false, previousPath: '/' }
const player: GuardContext = { loggedIn: true, restricted: false, previousPath: '/' }

describe('guards', () => {
  it('requiresAuth sends a guest to registration with the full target', () => {
    expect(requiresAuth(routeMeta('favorite-games'), guest, '/favorite-games?x=1#top')).toEqual({
      allow: false,
      redirect: '/registration?redirect=%2Ffavorite-games%3Fx%3D1%23top',
      reason: 'requiresAuth',
    })
    expect(requiresAuth(routeMeta('favorite-games'), player, '/favorite-games').allow).toBe(true)
    expect(requiresAuth(routeMeta('main'), guest, '/').allow).toBe(true)
  })

  it('requiresGuest sends a logged-in player to main', () => {
    expect(requiresGuest(routeMeta('login'), player)).toMatchObject({ allow: false, redirect: '/' })
    expect(requiresGuest(routeMeta('login'), guest).allow).toBe(true)
  })

  it('notAllowedFor451 blocks restricted-country guests from the game page', () => {
    const restricted = { ...guest, restricted: true }
    expect(notAllowedFor451(routeMeta('game'), restricted)).toMatchObject({ allow: false, redirect: '/' })
    expect(notAllowedFor451(routeMeta('game'), guest).allow).toBe(true)
    expect(notAllowedFor451(routeMeta('main'), restricted).allow).toBe(true)
  })

  it('cashbox and comp-point routes refuse direct entry and arrival from sign-up', () => {
    for (const id of ['cashbox', 'dashboard', 'deposit', 'withdraw', 'deposit-fast', 'exchange-compoints']) {
      const meta = routeMeta(id)
      expect(noDirectEntry(meta, { ...player, previousPath: undefined }), id).toMatchObject({
        allow: false,
        redirect: '/',
      })
      expect(noDirectEntry(meta, { ...player, previousPath: '/sign-up' }), id).toMatchObject({ allow: false })
      expect(noDirectEntry(meta, { ...player, previousPath: '/pokies/all' }).allow, id).toBe(true)
    }
  })

  it('runs the guards in order: 451 first, then auth', () => {
    const restrictedGuest = { loggedIn: false, restricted: true, previousPath: undefined }
    expect(runGuards(routeMeta('registration'), restrictedGuest, '/registration')).toMatchObject({
      reason: 'notAllowedFor451',
    })
    expect(runGuards(routeMeta('deposit'), { ...guest, previousPath: undefined }, '/deposit')).toMatchObject({
      reason: 'requiresAuth',
    })
    expect(runGuards(routeMeta('deposit'), { ...player, previousPath: undefined }, '/deposit')).toMatchObject(
      { reason: 'noDirectEntry' },
    )
  })

  it('has the whole route table of the spec and its redirects', () => {
    const paths = ROUTES.map((r) => r.path)
    for (const p of [
      '/',
      '/favorite-games',
      '/play/:producer/:name',
      '/cashbox',
      '/users/*',
      '/support',
      '/oops',
      '/rocket-wheel',
      '/sign-in',
    ]) {
      expect(paths).toContain(p)
    }
    expect(REDIRECTS).toEqual({
      '/users/password/edit': '/new-password',
      '/users/confirmation': '/confirmation',
      '/accounts/history': '/',
    })
  })
})
