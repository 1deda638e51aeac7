/** Error shape of the HTTP client: the messages of spec §8, with the response when there was one. */
export interface HttpErrorResponse {
  status: number
  statusText: string
  data: unknown
  headers: Record<string, string>
}

export interface RequestConfig {
  method: string
  url: string
  headers: Record<string, string>
  body?: unknown
  timeoutMs: number
}

export class HttpError extends Error {
  constructor(
    message: string,
    public config: RequestConfig,
    public response?: HttpErrorResponse,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const MESSAGES = {
  aborted: 'Request aborted',
  network: 'Network Error',
  timeout: (ms: number) => `timeout of ${ms}ms exceeded`,
  status: (status: number) => `Request failed with status code ${status}`,
} as const

/** The messages a retry is allowed for (spec §7): network errors and timeouts only. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.response) return false
  return error.message === MESSAGES.network || /^timeout of \d+ms exceeded$/.test(error.message)
}

export type FieldErrors = Record<string, string[]>

/** The `errors` map of a 422 (or the error itself): what forms show next to their fields. */
export function fieldErrors(error: unknown): FieldErrors | undefined {
  if (!(error instanceof HttpError)) return undefined
  const data = error.response?.data as { errors?: FieldErrors; error?: string } | null
  if (data?.errors) return data.errors
  if (data?.error) return { base: [data.error] }
  return undefined
}
