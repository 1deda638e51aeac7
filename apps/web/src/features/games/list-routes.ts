/** The list routes of spec §2: `/pokies/{slug}`, `/live/{slug}`, `/categories/{slug}`, `/producers/{slug}/{page}`. */
export type ListKind = 'pokies' | 'live' | 'category' | 'producer'

/** The "category" of `/pokies/all`: every game. No category slug can be it. */
export const ALL_GAMES = '*'

/** The category a list route shows (spec §2): `/pokies/all` every game, `/live/all` the live tables. */
export function listCategory(kind: Exclude<ListKind, 'producer'>, slug: string): string {
  if (slug !== 'all' || kind === 'category') return slug
  return kind === 'pokies' ? ALL_GAMES : 'live'
}

/** The address the lobby links a category by: live tables and every game have their own sections. */
export function categoryPath(slug: string): string {
  if (slug === ALL_GAMES) return '/pokies/all'
  if (slug === 'live') return '/live/all'
  return `/categories/${encodeURIComponent(slug)}`
}

/** A studio's page: the first is the studio's own address. */
export function producerPath(slug: string, page = 1): string {
  const base = `/producers/${encodeURIComponent(slug)}`
  return page > 1 ? `${base}/${page}` : base
}

/** The page numbers shown: all of a short list; else the first, the last and two around the current one. */
export function pageNumbers(page: number, pages: number): Array<number | null> {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1)
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages))
  const sorted = [...shown].sort((a, b) => a - b)
  // A gap of one page shows that page rather than an ellipsis in its place.
  return sorted.flatMap((n, i) => {
    const before = sorted[i - 1]
    if (before === undefined || n - before === 1) return [n]
    return n - before === 2 ? [n - 1, n] : [null, n]
  })
}
