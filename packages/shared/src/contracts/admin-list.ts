// What the back office's lists share (issue 22, docs/backoffice.md): page and size as query text,
// checked as numbers (a bad one is a field error, 422), an id filter, and the page's envelope.
import { z } from 'zod'

/** Largest page of a back-office list. */
export const ADMIN_MAX_PER_PAGE = 200
/** Deepest page: beyond it, narrow the filters (or export the CSV). */
export const ADMIN_MAX_PAGE = 10_000

/** A whole number in a query string, with its bounds checked as a number. */
export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'validation.invalid')
    .pipe(z.coerce.number<string>().int().min(min).max(max))

/** A row id in a query string. */
export const queryId = z.string().regex(/^[1-9]\d{0,15}$/, 'validation.invalid')

export const adminPaging = {
  page: queryInt(1, ADMIN_MAX_PAGE).optional().describe('From 1 (default 1)'),
  per_page: queryInt(1, ADMIN_MAX_PER_PAGE).optional().describe(`Default 50, at most ${ADMIN_MAX_PER_PAGE}`),
}

export const sortOrder = z.enum(['asc', 'desc'])

export const adminPagination = z.object({
  page: z.number(),
  per_page: z.number(),
  total_count: z.number().describe('Rows the filters find, on every page'),
})
