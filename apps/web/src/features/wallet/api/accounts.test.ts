import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { environmentManager, QueryClient, QueryObserver } from '@tanstack/react-query'
import type { UserAccount } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { RealtimeHub } from '../../../lib/realtime/hub.ts'
import {
  ACCOUNTS_POLL_MS,
  ACCOUNTS_QUERY_KEY,
  accountsQuery,
  accountsRefetchInterval,
  applyAccountUpdate,
  syncAccounts,
} from './accounts.ts'

const wallet = (currency: string, amount: number, active = false): UserAccount => ({
  currency,
  amount_cents: amount,
  available_to_cashout_cents: amount,
  available_to_bet_with_locked_cent: amount,
  hidden_at: null,
  deposit_available: true,
  selected_lottery_id: 0,
  active,
})

function setup(list: UserAccount[] = [wallet('EUR', 1_000, true), wallet('BTC', 5)]) {
  const get = vi.fn(async () => list)
  const http = { get, put: vi.fn(async () => null) } as unknown as HttpClient
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const hub = new RealtimeHub({ http, logger: { log: vi.fn() } })
  return { http, get, queryClient, hub }
}

beforeEach(() => {
  vi.useFakeTimers()
  // Timers (the polling interval) run in a browser only: this test is one.
  environmentManager.setIsServer(() => false)
})
afterEach(() => {
  vi.useRealTimers()
  environmentManager.setIsServer(() => typeof window === 'undefined')
})

describe('the accounts cache and the realtime hub', () => {
  it('replaces the wallet of the pushed currency in place, without a request', async () => {
    const { http, get, queryClient } = setup()
    await queryClient.query(accountsQuery(http))
    applyAccountUpdate(queryClient, { ...wallet('EUR', 6_000), active: true })
    const list = queryClient.getQueryData<UserAccount[]>(ACCOUNTS_QUERY_KEY)!
    expect(list.map((a) => [a.currency, a.amount_cents, a.active])).toEqual([
      ['EUR', 6_000, true],
      ['BTC', 5, false],
    ])
    // A partial wallet (api-shapes §7.2 shows only some fields) keeps the others.
    applyAccountUpdate(queryClient, { currency: 'BTC', amount_cents: 9 })
    expect(queryClient.getQueryData<UserAccount[]>(ACCOUNTS_QUERY_KEY)![1]).toEqual({
      ...wallet('BTC', 5),
      amount_cents: 9,
    })
    expect(get).toHaveBeenCalledTimes(1)
  })

  it('loads the list again for a currency it does not hold, and ignores a list not loaded', async () => {
    const { http, get, queryClient } = setup()
    applyAccountUpdate(queryClient, wallet('EUR', 1))
    expect(queryClient.getQueryData(ACCOUNTS_QUERY_KEY)).toBeUndefined()
    const observer = new QueryObserver(queryClient, { ...accountsQuery(http), refetchInterval: false })
    const off = observer.subscribe(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    applyAccountUpdate(queryClient, wallet('USD', 100))
    await vi.advanceTimersByTimeAsync(0)
    expect(get).toHaveBeenCalledTimes(2)
    off()
  })

  it('follows websocket.balance and reloads after a resync of the balance channel', async () => {
    const { http, get, queryClient, hub } = setup()
    const observer = new QueryObserver(queryClient, { ...accountsQuery(http), refetchInterval: false })
    const off = observer.subscribe(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    const stop = syncAccounts(hub, queryClient)
    hub.events.emit('websocket.balance', { ...wallet('EUR', 2_500), active: true })
    expect(observer.getCurrentResult().data?.[0]?.amount_cents).toBe(2_500)
    expect(get).toHaveBeenCalledTimes(1)
    hub.events.emit('realtime.resync', { channel: 'wins', name: 'wins' })
    await vi.advanceTimersByTimeAsync(0)
    expect(get).toHaveBeenCalledTimes(1)
    hub.events.emit('realtime.resync', { channel: 'balance#42', name: 'balance' })
    await vi.advanceTimersByTimeAsync(0)
    expect(get).toHaveBeenCalledTimes(2)
    stop()
    hub.events.emit('websocket.balance', wallet('EUR', 1))
    expect(observer.getCurrentResult().data?.[0]?.amount_cents).toBe(1_000)
    expect(hub.events.listenerCount('websocket.balance')).toBe(0)
    off()
  })

  it('polls every 30 s while the balance is not pushed, and not while it is', async () => {
    expect(accountsRefetchInterval(false)).toBe(ACCOUNTS_POLL_MS)
    expect(accountsRefetchInterval(true)).toBe(false)
    const { http, get, queryClient } = setup()
    const observer = new QueryObserver(queryClient, {
      ...accountsQuery(http),
      refetchInterval: accountsRefetchInterval(false),
    })
    const off = observer.subscribe(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(2 * ACCOUNTS_POLL_MS)
    expect(get).toHaveBeenCalledTimes(3)
    // Connected: the interval goes at once.
    observer.setOptions({ ...accountsQuery(http), refetchInterval: accountsRefetchInterval(true) })
    await vi.advanceTimersByTimeAsync(5 * ACCOUNTS_POLL_MS)
    expect(get).toHaveBeenCalledTimes(3)
    // Disconnected again: polling resumes.
    observer.setOptions({ ...accountsQuery(http), refetchInterval: accountsRefetchInterval(false) })
    await vi.advanceTimersByTimeAsync(ACCOUNTS_POLL_MS)
    expect(get).toHaveBeenCalledTimes(4)
    off()
  })
})
