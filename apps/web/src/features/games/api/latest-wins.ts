import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { WinNotice } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'

export const LATEST_WINS_KEY = ['stats', 'winners', 'latest'] as const

/** How many wins the feed shows. */
export const LATEST_WINS_SHOWN = 10

/** GET /api/stats/winners/latest: notable wins, newest first (up to 20). */
export const latestWinsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: LATEST_WINS_KEY,
    queryFn: ({ signal }) => http.get<WinNotice[]>('/api/stats/winners/latest', { signal }),
    staleTime: 60_000,
  })

/** One win told apart from another: wins carry no id. */
export const winKey = (win: WinNotice) =>
  `${win.at}|${win.nickname}|${win.game_identifier}|${win.win_amount_cents}|${win.currency}`

/** A win pushed on `public:wins` goes first; the same win twice counts once; the list keeps `max`. */
export function prependWin(list: readonly WinNotice[] | undefined, win: WinNotice, max = LATEST_WINS_SHOWN) {
  const key = winKey(win)
  return [win, ...(list ?? []).filter((w) => winKey(w) !== key)].slice(0, max)
}

/**
 * Adds a pushed win to the cached feed, in place. Before the feed has loaded there is nothing to
 * add to (a list of one would pass for the loaded feed).
 */
export function addWin(queryClient: QueryClient, win: WinNotice): void {
  if (!queryClient.getQueryData<WinNotice[]>(LATEST_WINS_KEY)) return
  queryClient.setQueryData<WinNotice[]>(LATEST_WINS_KEY, (list) => prependWin(list, win))
}
