import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type { WinNotice } from '@aurum/shared'
import { addWin, LATEST_WINS_KEY, LATEST_WINS_SHOWN, prependWin } from './latest-wins.ts'

const win = (n: number): WinNotice => ({
  at: 1_700_000_000 + n,
  bet_amount_cents: 100,
  win_amount_cents: 10_000 + n,
  currency: 'EUR',
  game_identifier: 'aurum:book-of-gold',
  game_table_image_path: '/game-art/aurum/book-of-gold.svg',
  game_table_url: '/play/aurum/book-of-gold',
  game_title: 'Book of Gold',
  humanized_win: `€${100 + n}.00`,
  nickname: 'ja***',
})

describe('the latest-wins feed', () => {
  it('puts a pushed win first and keeps at most 10', () => {
    const list = Array.from({ length: 10 }, (_, i) => win(10 - i))
    const next = prependWin(list, win(11))
    expect(next).toHaveLength(LATEST_WINS_SHOWN)
    expect(next[0]).toEqual(win(11))
    expect(next.at(-1)).toEqual(win(2))
  })

  it('counts the same win once', () => {
    expect(prependWin([win(2), win(1)], win(1))).toEqual([win(1), win(2)])
  })

  it('adds to the cached feed only once it has loaded', () => {
    const queryClient = new QueryClient()
    addWin(queryClient, win(1))
    expect(queryClient.getQueryData(LATEST_WINS_KEY)).toBeUndefined()
    queryClient.setQueryData(LATEST_WINS_KEY, [])
    addWin(queryClient, win(1))
    addWin(queryClient, win(2))
    expect(queryClient.getQueryData(LATEST_WINS_KEY)).toEqual([win(2), win(1)])
  })
})
