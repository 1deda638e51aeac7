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
