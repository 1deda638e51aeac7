import { describe, expect, it } from 'vitest'
import { reachedLimit, type UserLimit } from './limits.ts'

const limit = (over: Partial<UserLimit>): UserLimit => ({
  id: 1,
  type: 'wager',
  period: 'day',
  status: 'active',
  strategy: null,
  parent_type: null,
  created_at: '2026-11-01T00:00:00Z',
  disable_at: null,
  confirm_until: null,
  accounts: [],
  session: null,
  pending: null,
  ...over,
})
const account = (amount: number, used: number, currency = 'EUR') => ({
  currency,
  amount_cents: amount,
  current_value_amount_cents: used,
  active_until: null,
})

describe('a reached limit (spec §4)', () => {
  it('is a wager or loss limit used up in the game’s currency', () => {
    expect(reachedLimit([limit({ accounts: [account(1_000, 999)] })], 'EUR')).toBeUndefined()
    expect(reachedLimit([limit({ accounts: [account(1_000, 1_000)] })], 'EUR')?.type).toBe('wager')
    expect(reachedLimit([limit({ type: 'loss', accounts: [account(500, -600)] })], 'EUR')?.type).toBe('loss')
    expect(reachedLimit([limit({ accounts: [account(1_000, 1_000)] })], 'USD')).toBeUndefined()
  })
  it('is any cooling-off or self-exclusion', () => {
    expect(reachedLimit([limit({ type: 'coolingoff', period: 'week' })], 'EUR')?.type).toBe('coolingoff')
    expect(reachedLimit([limit({ type: 'selfexclusion', period: 'forever' })], 'BTC')?.type).toBe(
      'selfexclusion',
    )
  })
  it('is a session limit whose minutes are played', () => {
    const session = (played: number) =>
      limit({ type: 'session', session: { minutes: 60, current_minutes: played, active_until: null } })
    expect(reachedLimit([session(59)], 'EUR')).toBeUndefined()
    expect(reachedLimit([session(60)], 'EUR')?.type).toBe('session')
  })
  it('is never a deposit limit: money already deposited may be played', () => {
    expect(
      reachedLimit([limit({ type: 'deposit', accounts: [account(5_000, 5_000)] })], 'EUR'),
    ).toBeUndefined()
  })
})
