import type { z } from 'zod'

/**
 * U+0000 or a UTF-16 surrogate without its partner. PostgreSQL refuses both (text cannot hold NUL,
 * and jsonb refuses the `\u0000` escape and unpaired surrogates), so such a string reaching a query
 * was a 500; no field of ours has a use for either.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const isSafeText = (text: string) => !UNSAFE.test(text)

/** How deep a request value may nest before it is refused as a whole (JSON bodies are at most 64 KB). */
const MAX_DEPTH = 64

/**
 * Field errors for every string (object keys included) of a request value that holds NUL or a lone
 * surrogate: the validator compiler runs it over every body, query, params and headers, so every
 * route present and future is covered; code that validates outside it (multipart fields) calls it too.
 * A bad key is reported on its object, so the answer never echoes it.
 */
export function unsafeTextIssues(value: unknown, path: PropertyKey[] = []): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = []
  const visit = (v: unknown, at: PropertyKey[], depth: number) => {
    if (typeof v === 'string') {
      if (!isSafeText(v)) issues.push(issue(at))
      return
    }
    if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v)) return
    if (depth > MAX_DEPTH) {
      issues.push(issue(at))
      return
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => visit(item, [...at, i], depth + 1))
      return
    }
    for (const [key, item] of Object.entries(v)) {
      if (!isSafeText(key)) {
        issues.push(issue(at))
        continue
      }
      visit(item, [...at, key], depth + 1)
    }
  }
  visit(value, path, 0)
  return issues
}

const issue = (path: PropertyKey[]): z.core.$ZodIssue => ({
  code: 'custom',
  path,
  message: 'validation.unsafe_text',
  input: undefined,
})
