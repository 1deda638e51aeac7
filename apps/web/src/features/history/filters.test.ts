import { describe, expect, it } from 'vitest'
import {
  csvHref,
  filterSearch,
  gamesApiQuery,
  hasFilters,
  localDay,
  parseFilter,
  paymentsApiFilter,
  periodRange,
  signedMoney,
  money,
} from './filters.ts'

const parse = (query: string) => parseFilter(new URLSearchParams(query))

describe('history filters in the address bar', () => {
  it('reads what it knows and drops the rest', () => {
    expect(parse('')).toEqual({ period: 'all' })
    expect(parse('currency=EUR&period=30d')).toEqual({ currency: 'EUR', period: '30d' })
    expect(parse('currency=eur&period=year&type=bet&state=lost')).toEqual({ period: 'all' })
    expect(parse('type=cashout&state=pending')).toEqual({ period: 'all', type: 'cashout', state: 'pending' })
    expect(parse('period=custom&from=2026-03-01&to=2026-03-31')).toEqual({
      period: 'custom',
      from: '2026-03-01',
      to: '2026-03-31',
    })
    // Dates alone make a custom period; a day that does not exist is dropped; ends are put in order.
    expect(parse('from=2026-03-01')).toEqual({ period: 'custom', from: '2026-03-01' })
    expect(parse('period=custom&from=2026-02-30&to=2026-03-02')).toEqual({
      period: 'custom',
      to: '2026-03-02',
    })
    expect(parse('period=custom&from=2026-03-09&to=2026-03-02')).toEqual({
      period: 'custom',
      from: '2026-03-02',
      to: '2026-03-09',
    })
    // Dates only count for a custom period.
    expect(parse('period=7d&from=2026-03-01')).toEqual({ period: '7d' })
  })

  it('writes a filter back so that reading it gives the same filter', () => {
    for (const query of [
      '',
      '?currency=EUR',
      '?period=today',
      '?currency=BTC&type=deposit&state=succeeded&period=90d',
      '?period=custom&from=2026-03-01&to=2026-03-31',
    ]) {
      const filter = parse(query.slice(1))
      expect(filterSearch(filter)).toBe(query)
      expect(parse(filterSearch(filter).slice(1))).toEqual(filter)
    }
    expect(hasFilters({ period: 'all' })).toBe(false)
    expect(hasFilters({ period: '7d' })).toBe(true)
  })
})

describe('history filters for the api', () => {
  const now = new Date(2026, 2, 15, 18, 30) // 15 March 2026, 18:30 local time

  it('turns a period into the player’s local midnights', () => {
    expect(periodRange({ period: 'all' }, now)).toEqual({})
    expect(periodRange({ period: 'today' }, now)).toEqual({ from: new Date(2026, 2, 15) })
    expect(periodRange({ period: '7d' }, now)).toEqual({ from: new Date(2026, 2, 9) })
    expect(periodRange({ period: '30d' }, now)).toEqual({ from: new Date(2026, 1, 14) })
    expect(periodRange({ period: 'custom', from: '2026-02-27', to: '2026-02-28' }, now)).toEqual({
      from: new Date(2026, 1, 27),
      to: new Date(2026, 2, 1),
    })
    expect(periodRange({ period: 'custom', to: '2026-12-31' }, now)).toEqual({
      from: undefined,
      to: new Date(2027, 0, 1),
    })
  })

  it('builds the queries of the lists and of their CSV downloads', () => {
    expect(gamesApiQuery({ period: 'today', currency: 'EUR', type: 'deposit' }, now)).toEqual({
      currency: 'EUR',
      from: new Date(2026, 2, 15).toISOString(),
    })
    expect(paymentsApiFilter({ period: 'all', type: 'cashout', state: 'pending' }, now)).toEqual({
      type: 'cashout',
      state: 'pending',
    })
    const href = csvHref('/api/player/games.csv', gamesApiQuery({ period: '7d', currency: 'BTC' }, now), 'de')
    const url = new URL(href, 'http://casino.test')
    expect(url.pathname).toBe('/api/player/games.csv')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      currency: 'BTC',
      from: new Date(2026, 2, 9).toISOString(),
      l: 'de',
    })
  })

  it('knows real days only', () => {
    expect(localDay('2026-02-28')).toEqual(new Date(2026, 1, 28))
    expect(localDay('2026-02-29')).toBeUndefined()
    expect(localDay('28.02.2026')).toBeUndefined()
    expect(localDay(undefined)).toBeUndefined()
  })
})

describe('amounts', () => {
  it('shows a result with its sign, in the currency’s display unit and the player’s language', () => {
    expect(signedMoney(1_050, 'EUR', 'en')).toBe('+10.50 EUR')
    expect(signedMoney(-1_050, 'EUR', 'de')).toBe('\u221210,50 EUR')
    expect(signedMoney(0, 'EUR', 'en')).toBe('0.00 EUR')
    expect(signedMoney(-12_345, 'BTC', 'en')).toBe('\u2212123.45 µBTC')
    expect(money(123_456, 'EUR', 'de')).toBe('1.234,56 EUR')
  })
})
