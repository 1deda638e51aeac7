import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UserAccount } from '../modules/wallets/service.ts'
import type { Hub } from './hub.ts'
import { QUIET_COALESCE_MS, RealtimeNotifier } from './notifier.ts'

const account = (amount: number): UserAccount => ({
  currency: 'EUR',
  amount_cents: amount,
  available_to_cashout_cents: amount,
  available_to_bet_with_locked_cent: amount,
  hidden_at: null,
  deposit_available: true,
  selected_lottery_id: 0,
  active: true,
})

/** A hub where no one listens on this node, recording what reaches the channels' history. */
function quietHub() {
  const published: Array<{ channel: string; data: unknown }> = []
  let settle: ((channel: string) => Promise<void>) | undefined
  const hub = {
    mayHaveSubscribers: () => false,
    publish: async (channel: string, data: unknown) => {
      published.push({ channel, data })
      return { offset: published.length, epoch: 'e' }
    },
    beforeSubscribe: (fn: (channel: string) => Promise<void>) => {
      settle = fn
    },
  }
  return { hub: hub as unknown as Hub, published, subscribe: (channel: string) => settle!(channel) }
}

const log = { warn: vi.fn() }

afterEach(() => {
  vi.useRealTimers()
})

describe('balance publications no one listens to', () => {
  it('still reach the history, at one wallet read per player per interval however many spins', async () => {
    vi.useFakeTimers()
    const { hub, published } = quietHub()
    let balance = 0
    const accounts = vi.fn(async () => [account(balance)])
    const notifier = new RealtimeNotifier(hub, { accounts, notableWin: async () => null }, log)
    for (let spin = 1; spin <= 500; spin++) {
      balance = spin
      notifier.balanceChanged(7n, 'EUR')
    }
    await vi.advanceTimersByTimeAsync(QUIET_COALESCE_MS - 1)
    expect(published).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(accounts).toHaveBeenCalledTimes(1)
    expect(published).toEqual([{ channel: 'balance#7', data: account(500) }])
    notifier.stop()
  })

  it('are published before a subscription reads the channel, so a recovery holds the last state', async () => {
    vi.useFakeTimers()
    const { hub, published, subscribe } = quietHub()
    const notifier = new RealtimeNotifier(
      hub,
      { accounts: async () => [account(5_200)], notableWin: async () => null },
      log,
    )
    notifier.balanceChanged(7n, 'EUR')
    await subscribe('balance#8')
    expect(published).toEqual([])
    await subscribe('balance#7')
    expect(published).toEqual([{ channel: 'balance#7', data: account(5_200) }])
    // Not twice: the deferred one went out with the subscription.
    await vi.advanceTimersByTimeAsync(QUIET_COALESCE_MS * 2)
    expect(published).toHaveLength(1)
    notifier.stop()
  })

  it('go out in the order of the reads, and a failed read is tried again', async () => {
    vi.useFakeTimers()
    const { hub, published } = quietHub()
    const reads: Array<(accounts: UserAccount[]) => void> = []
    let failures = 1
    const accounts = vi.fn(
      () =>
        new Promise<UserAccount[]>((resolve, reject) => {
          if (failures-- > 0) reject(new Error('database away'))
          else reads.push(resolve)
        }),
    )
    const notifier = new RealtimeNotifier(
      hub,
      { accounts, notableWin: async () => null },
      log,
      5,
      Date.now,
      100,
    )
    notifier.balanceChanged(7n, 'EUR')
    await vi.advanceTimersByTimeAsync(100)
    expect(log.warn).toHaveBeenCalledWith({ err: 'database away' }, 'balance publication failed')
    await vi.advanceTimersByTimeAsync(100)
    expect(reads).toHaveLength(1)
    notifier.balanceChanged(7n, 'EUR')
    await vi.advanceTimersByTimeAsync(100)
    // The second read waits for the first publication.
    expect(reads).toHaveLength(1)
    reads[0]!([account(1)])
    await vi.advanceTimersByTimeAsync(0)
    expect(reads).toHaveLength(2)
    reads[1]!([account(2)])
    await vi.advanceTimersByTimeAsync(0)
    expect(published.map((p) => (p.data as UserAccount).amount_cents)).toEqual([1, 2])
    notifier.stop()
  })
})
