import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Messages, RealityCheckSession } from '@aurum/shared'
import { createI18n } from '../../lib/i18n.ts'
import {
  dueReminder,
  formatPlayed,
  formatSignedAmount,
  nextReminderAt,
  realityCheckText,
} from './reality-check-timing.ts'

const bundle = (locale: string) =>
  JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, `../../../../../packages/shared/src/locales/${locale}.json`),
      'utf8',
    ),
  ) as Messages

const MIN = 60_000
const start = Date.parse('2026-11-22T12:00:00Z')
const at = (minutes: number, seconds = 0) => start + minutes * MIN + seconds * 1_000

describe('when the reality check shows', () => {
  it('is every interval since the session started, never at the start', () => {
    expect(nextReminderAt(start, 60 * MIN, start)).toBe(at(60))
    expect(nextReminderAt(start, 60 * MIN, at(0, 1))).toBe(at(60))
    expect(nextReminderAt(start, 60 * MIN, at(59, 59))).toBe(at(60))
    // Exactly on a reminder: the next one is one interval later.
    expect(nextReminderAt(start, 60 * MIN, at(60))).toBe(at(120))
    expect(nextReminderAt(start, 15 * MIN, at(47))).toBe(at(60))
    // A clock slightly behind the server's start still waits a whole interval.
    expect(nextReminderAt(start, 30 * MIN, at(-2))).toBe(at(30))
    expect(() => nextReminderAt(start, 0, start)).toThrow(RangeError)
  })

  it('is due from its time until answered, and the next one comes one interval later', () => {
    const hour = 60 * MIN
    expect(dueReminder(start, hour, at(59, 59), null)).toBeNull()
    expect(dueReminder(start, hour, at(60), null)).toBe(at(60))
    // Reloaded at 65 minutes without answering: shown at once.
    expect(dueReminder(start, hour, at(65), null)).toBe(at(60))
    // Continued at 60:05: nothing until 120, then the next one.
    expect(dueReminder(start, hour, at(119, 59), at(60, 5))).toBeNull()
    expect(nextReminderAt(start, hour, at(60, 5))).toBe(at(120))
    expect(dueReminder(start, hour, at(120), at(60, 5))).toBe(at(120))
    // Missed several (the tab slept): one reminder, the latest.
    expect(dueReminder(start, hour, at(200), at(60, 5))).toBe(at(180))
  })

  it('counts a changed interval from the change, not from reminders it would have given before', () => {
    // At 40 minutes the player changes 60 to 15: 15 and 30 are past, the next is 45.
    const changedAt = at(40)
    expect(dueReminder(start, 15 * MIN, at(40), changedAt)).toBeNull()
    expect(nextReminderAt(start, 15 * MIN, changedAt)).toBe(at(45))
    expect(dueReminder(start, 15 * MIN, at(45), changedAt)).toBe(at(45))
  })
})

describe('what the reality check says', () => {
  const en = createI18n('en', { en: bundle('en') })
  const de = createI18n('de', { de: bundle('de'), en: bundle('en') })
  const session: RealityCheckSession = {
    started_at: new Date(start).toISOString(),
    game_title: 'Golden Test Slot',
    currency: 'EUR',
    wagered_cents: 1_200,
    won_cents: 800,
    net_cents: -400,
  }

  it('gives the time played and the session’s wagers, wins and net result in the player’s language', () => {
    expect(realityCheckText(session, at(60, 20), en.t, 'en')).toEqual({
      played: 'You have been playing for 1 h 0 min.',
      summary: 'This session: wagered 12.00 EUR, won 8.00 EUR, net \u22124.00 EUR.',
    })
    expect(
      realityCheckText({ ...session, wagered_cents: 123_456, won_cents: 0 }, at(135), de.t, 'de'),
    ).toEqual({
      played: 'Sie spielen seit 2 h 15 min.',
      summary: 'Diese Sitzung: eingesetzt 1.234,56 EUR, gewonnen 0,00 EUR, Saldo \u22124,00 EUR.',
    })
  })

  it('formats durations and signed amounts', () => {
    expect(formatPlayed(45 * MIN + 59_999, en.t)).toBe('45 min')
    expect(formatPlayed(90 * MIN, en.t)).toBe('1 h 30 min')
    expect(formatPlayed(-5_000, en.t)).toBe('0 min')
    expect(formatSignedAmount(250, 'EUR', 'en')).toBe('+2.50 EUR')
    expect(formatSignedAmount(0, 'EUR', 'en')).toBe('0.00 EUR')
    expect(formatSignedAmount(-1_050, 'USD', 'en')).toBe('\u221210.50 USD')
    // Crypto in its display unit (µBTC), the locale's own minus sign.
    expect(formatSignedAmount(-150, 'BTC', 'fi')).toBe('\u22121,5 µBTC')
  })
})
