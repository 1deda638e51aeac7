import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { GameLimitNotice, Messages } from '@aurum/shared'
import { createI18n } from '../../lib/i18n.ts'
import {
  formatUntil,
  gameLimitReaction,
  isGameLimitNotice,
  limitNoticeToast,
  limitStopsFrame,
} from './game-limit-notice.ts'

const bundle = (locale: string) =>
  JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, `../../../../../packages/shared/src/locales/${locale}.json`),
      'utf8',
    ),
  ) as Messages

const notice = (patch: Partial<GameLimitNotice>): GameLimitNotice => ({
  type: 'limit_reached',
  limit: 'wager',
  currency: 'EUR',
  until: '2026-11-23T14:00:00.000Z',
  ...patch,
})
const now = new Date('2026-11-22T12:00:00Z')

describe('the limit-reached warning from game_limits', () => {
  const en = createI18n('en-IE', { 'en-IE': bundle('en-IE'), en: bundle('en') })
  const toast = (patch: Partial<GameLimitNotice>) =>
    limitNoticeToast(notice(patch), en.t, 'en-IE', { now, timeZone: 'UTC' })

  it('stays until closed and says which limit stopped play and until when', () => {
    expect(toast({})).toEqual({
      id: 'game-limit',
      type: 'warning',
      title: 'Limit reached',
      text: 'Your wager limit in EUR is reached until 23 Nov, 14:00. Play resumes then.',
      time: 0,
    })
    expect(toast({ limit: 'loss', currency: 'BTC' }).text).toBe(
      'Your loss limit in BTC is reached until 23 Nov, 14:00. Play resumes then.',
    )
    expect(toast({ limit: 'session', currency: null }).text).toBe(
      'Your session time limit is used up until 23 Nov, 14:00. Play resumes then.',
    )
    expect(toast({ limit: 'coolingoff', currency: null, until: '2026-11-25T09:30:00Z' }).text).toBe(
      'Your cooling-off break lasts until 25 Nov, 9:30. Play resumes then.',
    )
    // A self-exclusion into next year says the year.
    expect(toast({ limit: 'selfexclusion', currency: null, until: '2027-05-22T12:00:00Z' }).text).toBe(
      'You are self-excluded until 22 May 2027, 12:00. Play resumes then.',
    )
  })

  it('has a sentence for breaks without end and for limits it does not know', () => {
    expect(toast({ limit: 'selfexclusion', currency: null, until: null }).text).toBe(
      'You are self-excluded with no end date: real-money play stays closed.',
    )
    expect(toast({ limit: 'coolingoff', currency: null, until: null }).text).toBe(
      'Your cooling-off break has no end date: real-money play stays closed.',
    )
    expect(toast({ limit: 'deposit' }).text).toBe('A limit you set has stopped real-money play.')
    expect(toast({ limit: 'wager', currency: null }).text).toBe(
      'A limit you set has stopped real-money play.',
    )
  })

  it('is translated, dates in the player’s language and time zone', () => {
    const de = createI18n('de', { de: bundle('de'), en: bundle('en') })
    expect(limitNoticeToast(notice({}), de.t, 'de', { now, timeZone: 'Europe/Berlin' })).toMatchObject({
      title: 'Limit erreicht',
      text: 'Ihr Einsatzlimit in EUR ist bis 23. Nov., 15:00 erreicht. Danach können Sie wieder spielen.',
    })
    const ja = createI18n('ja', { ja: bundle('ja'), en: bundle('en') })
    expect(
      limitNoticeToast(notice({ limit: 'session' }), ja.t, 'ja', { now, timeZone: 'Asia/Tokyo' }).text,
    ).toBe('セッション時間の上限に達しました。11月23日 23:00以降にプレイを再開できます。')
    expect(formatUntil('2026-11-23T14:00:00Z', 'en', now, 'America/Toronto')).toBe('Nov 23, 9:00 AM')
    // A time that ends in an abbreviation ends the sentence with it.
    const ca = createI18n('en-CA', { 'en-CA': bundle('en-CA'), en: bundle('en') })
    expect(limitNoticeToast(notice({}), ca.t, 'en-CA', { now, timeZone: 'America/Toronto' }).text).toBe(
      'Your wager limit in EUR is reached until Nov 23, 9:00 a.m. Play resumes then.',
    )
    const es = createI18n('es-MX', { 'es-MX': bundle('es-MX'), en: bundle('en') })
    expect(limitNoticeToast(notice({}), es.t, 'es-MX', { now, timeZone: 'America/Mexico_City' }).text).toBe(
      'Tu límite de apuestas en EUR está alcanzado hasta el 23 nov, 8:00 a.m. Podrás volver a jugar entonces.',
    )
  })
})

describe('which frames a notice closes', () => {
  it('closes real-money games only, and for a wager or loss limit only those in its currency', () => {
    expect(limitStopsFrame(notice({}), { mode: 'real', currency: 'EUR' })).toBe(true)
    expect(limitStopsFrame(notice({}), { mode: 'real', currency: 'USD' })).toBe(false)
    // The currency is not known yet while the game launches: closed, to be safe.
    expect(limitStopsFrame(notice({}), { mode: 'real' })).toBe(true)
    expect(
      limitStopsFrame(notice({ limit: 'coolingoff', currency: null }), { mode: 'real', currency: 'USD' }),
    ).toBe(true)
    expect(
      limitStopsFrame(notice({ limit: 'session', currency: null }), { mode: 'real', currency: 'BTC' }),
    ).toBe(true)
    // Limits leave demos open.
    expect(limitStopsFrame(notice({ limit: 'selfexclusion' }), { mode: 'demo', currency: 'FUN' })).toBe(false)
    expect(limitStopsFrame(notice({}), { mode: null })).toBe(false)
  })

  it('takes only a well-formed notice', () => {
    expect(isGameLimitNotice(notice({}))).toBe(true)
    expect(isGameLimitNotice({ type: 'limit_reached', limit: 'session', currency: null, until: null })).toBe(
      true,
    )
    expect(isGameLimitNotice(null)).toBe(false)
    expect(isGameLimitNotice({ type: 'other', limit: 'wager' })).toBe(false)
    expect(isGameLimitNotice({ type: 'limit_reached', limit: 5 })).toBe(false)
    expect(isGameLimitNotice({ type: 'limit_reached', limit: 'wager', until: 17 })).toBe(false)
  })
})

describe('the frame’s reaction to a game_limits message', () => {
  const en = createI18n('en-IE', { 'en-IE': bundle('en-IE'), en: bundle('en') })
  const react = (message: unknown, frame: Parameters<typeof gameLimitReaction>[1]) =>
    gameLimitReaction(message, frame, en.t, 'en-IE', { now, timeZone: 'UTC' })

  it('closes the game with the warning and goes to the limits page', () => {
    expect(react(notice({ limit: 'session', currency: null }), { mode: 'real', currency: 'EUR' })).toEqual({
      goTo: '/users/limits',
      toast: {
        id: 'game-limit',
        type: 'warning',
        title: 'Limit reached',
        text: 'Your session time limit is used up until 23 Nov, 14:00. Play resumes then.',
        time: 0,
      },
    })
  })

  it('does nothing for a demo, another currency’s limit or a malformed message', () => {
    expect(react(notice({}), { mode: 'demo', currency: 'FUN' })).toBeNull()
    expect(react(notice({ currency: 'BTC' }), { mode: 'real', currency: 'EUR' })).toBeNull()
    expect(react({ type: 'limit_reached' }, { mode: 'real', currency: 'EUR' })).toBeNull()
    expect(react('limit_reached', { mode: 'real', currency: 'EUR' })).toBeNull()
  })
})
