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
