/**
 * A list screen's address as its api query: the filters named, the table's sort (`sort=key` or
 * `sort=-key` in the address, `sort` and `order` for the api) and the page. Empty values are left out.
 */
export function listQuery(
  params: URLSearchParams,
  filters: readonly string[],
): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {}
  for (const name of filters) query[name] = params.get(name) || undefined
  const sort = params.get('sort')
  if (sort) {
    query.sort = sort.replace(/^-/, '')
    query.order = sort.startsWith('-') ? 'desc' : 'asc'
  }
  query.page = params.get('page') || undefined
  return query
}

/** The filters alone (for the CSV export of the same selection). */
export function filtersOnly(
  params: URLSearchParams,
  filters: readonly string[],
): Record<string, string | undefined> {
  return Object.fromEntries(filters.map((name) => [name, params.get(name) || undefined]))
}
