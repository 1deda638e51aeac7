/**
 * The back office's calls to /api/admin: JSON in and out, the staff cookie sent by the browser
 * (same origin), and errors as one type carrying the api's stable code and field errors.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The language the api answers messages in (set by the i18n once the staff member's is known). */
let language = 'en-CA'
export function setApiLanguage(locale: string) {
  language = locale
}

/** Listeners told when a call answers 401: the session ended (idle timeout, signed out elsewhere). */
const signedOut = new Set<() => void>()
export function onSignedOut(listener: () => void): () => void {
  signedOut.add(listener)
  return () => signedOut.delete(listener)
}

export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language }
  if (body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, 'network_error', 'network_error')
  }
  if (response.status === 204) return undefined as T
  const text = await response.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (!response.ok) {
    const problem = (json ?? {}) as {
      code?: string
      error?: string
      message?: string
      errors?: Record<string, string[]>
    }
    const error = new ApiError(
      response.status,
      problem.code ?? `http_${response.status}`,
      problem.message ?? problem.error ?? response.statusText,
      problem.errors ?? {},
    )
    if (
      response.status === 401 &&
      !path.startsWith('/api/admin/session') &&
      !path.startsWith('/api/admin/setup')
    ) {
      for (const listener of signedOut) listener()
    }
    throw error
  }
  return json as T
}

/** A query string from filters, leaving out empty values. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}
