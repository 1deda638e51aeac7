import { HttpError, MESSAGES, type RequestConfig } from './errors.ts'
import { withRetry, type RetryPolicy } from './retry.ts'

export interface RawResponse {
  status: number
  statusText: string
  headers: Record<string, string>
  body: string
  /**
   * The same answer object is handed to many requests (the server's cache of public and guest data
   * shared by renders): its body is parsed once and the parsed value, frozen, is shared too.
   */
  shared?: boolean
}
/** Sends one request; rejects with an HttpError carrying the §8 message on abort, network failure or timeout. */
export type Transport = (config: RequestConfig, signal?: AbortSignal) => Promise<RawResponse>

export interface HttpClientOptions {
  baseUrl: string
  transport: Transport
  timeoutMs: number
  retry?: RetryPolicy
  headers?: Record<string, string>
  /** Called on every 401 (spec §8: reset authentication and go to the login route). */
  onUnauthorized?: (error: HttpError) => void
  /** Called for every failed request, for logging. */
  onError?: (error: HttpError) => void
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** A 401 is an expected answer (a guest asking for the profile): no 401 hook, no error log. */
  allowUnauthorized?: boolean
}

export interface HttpClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>
  get<T>(path: string, options?: RequestOptions): Promise<T>
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  delete<T>(path: string, options?: RequestOptions): Promise<T>
}

/** JSON is parsed; an empty body is null; anything else stays text (api-shapes.md §1.2). */
function parseBody(body: string, contentType: string | undefined): unknown {
  if (!body) return null
  if (contentType?.includes('json') || /^[[{"]/.test(body.trimStart())) {
    try {
      return JSON.parse(body) as unknown
    } catch {
      return body
    }
  }
  return body
}

/** Parsed bodies of shared answers, by answer: parsed once however many renders read them. */
const sharedBodies = new WeakMap<RawResponse, unknown>()
function sharedBody(raw: RawResponse): unknown {
  if (sharedBodies.has(raw)) return sharedBodies.get(raw)
  // Frozen: a render changing what it was given would change it for every render sharing it.
  const data = deepFreeze(parseBody(raw.body, raw.headers['content-type']))
  sharedBodies.set(raw, data)
  return data
}

/** What each derivation made of each shared answer (see `deriveShared`). */
const derivedValues = new WeakMap<(value: never) => unknown, WeakMap<object, unknown>>()

/**
 * `derive(value)`, made once per shared (frozen) answer and derivation and frozen too, so that every
 * render reading it shares the result (and the initial state its kept JSON); an answer of one's own
 * (the browser's, a signed-in player's) is derived on every call. `derive` must be a module's
 * function (one identity) that reads nothing but its argument.
 */
export function deriveShared<T extends object, R>(value: T, derive: (value: T) => R): R {
  if (!Object.isFrozen(value)) return derive(value)
  let byValue = derivedValues.get(derive)
  if (!byValue) derivedValues.set(derive, (byValue = new WeakMap()))
  if (byValue.has(value)) return byValue.get(value) as R
  const result = deepFreeze(derive(value))
  byValue.set(value, result)
  return result
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const item of Object.values(value)) deepFreeze(item)
  }
  return value
}

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const base = baseUrl.replace(/\/$/, '')
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value))
  }
  const qs = params.toString()
  return `${base}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const defaults: Record<string, string> = {
    accept: 'application/json, text/plain, */*',
    'x-requested-with': 'XMLHttpRequest',
    ...options.headers,
  }

  async function once<T>(config: RequestConfig, signal?: AbortSignal): Promise<T> {
    const raw = await options.transport(config, signal)
    const data = raw.shared ? sharedBody(raw) : parseBody(raw.body, raw.headers['content-type'])
    if (raw.status >= 200 && raw.status < 300) return data as T
    throw new HttpError(MESSAGES.status(raw.status), config, {
      status: raw.status,
      statusText: raw.statusText,
      data,
      headers: raw.headers,
    })
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const headers = { ...defaults, ...opts.headers }
    let body: unknown = opts.body
    if (body !== undefined && !(typeof FormData !== 'undefined' && body instanceof FormData)) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(body)
    }
    const config: RequestConfig = {
      method,
      url: buildUrl(options.baseUrl, path, opts.query),
      headers,
      body,
      timeoutMs: options.timeoutMs,
    }
    try {
      const attempt = () => once<T>(config, opts.signal)
      return await (options.retry ? withRetry(attempt, options.retry) : attempt())
    } catch (error) {
      if (error instanceof HttpError) {
        const unauthorized = error.response?.status === 401
        if (!(unauthorized && opts.allowUnauthorized)) {
          if (unauthorized) options.onUnauthorized?.(error)
          options.onError?.(error)
        }
      }
      throw error
    }
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  }
}
