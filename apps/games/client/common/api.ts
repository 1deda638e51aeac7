import type { BootData, SessionAnswer } from './types.ts'

/** A refusal of the game server (its `code`), or a network failure (`network_error`). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(code)
  }
}

/** Codes after which the session cannot go on: the player must open the game again. */
export const SESSION_ENDED = new Set(['session_expired', 'invalid_token', 'session_not_found'])

export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && (SESSION_ENDED.has(error.code) || error.status === 401)
}

/**
 * The game server's API. The session id lives in this object only (no cookie, no storage): a
 * reload cannot resume, the launch token working once.
 */
export class Api {
  private session: string | undefined

  async start(boot: BootData): Promise<SessionAnswer> {
    const body = 'token' in boot.launch ? { token: boot.launch.token } : { demo: true, game: boot.identifier }
    const answer = await this.request<SessionAnswer>('POST', '/api/session', body)
    this.session = answer.session
    return answer
  }

  /** The session id, for the one call that cannot send a header (EventSource). */
  get sessionId(): string | undefined {
    return this.session
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path)
  }

  post<T>(path: string, body: object): Promise<T> {
    return this.request<T>('POST', path, body)
  }

  private async request<T>(method: string, path: string, body?: object): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body) headers['content-type'] = 'application/json'
    if (this.session) headers.authorization = `Bearer ${this.session}`
    let response: Response
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
        credentials: 'omit',
        cache: 'no-store',
      })
    } catch {
      throw new ApiError('network_error', 0)
    }
    let data: unknown
    try {
      data = await response.json()
    } catch {
      data = undefined
    }
    if (!response.ok) {
      const code = (data as { code?: unknown } | undefined)?.code
      throw new ApiError(typeof code === 'string' ? code : 'internal_error', response.status)
    }
    return data as T
  }
}
