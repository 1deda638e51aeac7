/** The realtime errors of spec §8, each with its advice: fix (a bug or a refusal) or retry (transient). */
export const REALTIME_ERRORS = {
  authorizationFailed: 'authorization request failed',
  channelNotFound: 'channel not found in authorization response',
  unsubscribed: 'subscription unsubscribed',
  disconnected: 'disconnected',
  timeout: 'timeout',
} as const

export type Advice = 'fix' | 'retry'

export class RealtimeError extends Error {
  /** The spec's `error`: one of REALTIME_ERRORS, or a channel's non-200 status from the auth endpoint. */
  readonly error: string | number
  readonly advice: Advice
  readonly channel: string | undefined
  constructor(error: string | number, advice: Advice, channel?: string, options?: { cause?: unknown }) {
    super(String(error), options)
    this.name = 'RealtimeError'
    this.error = error
    this.advice = advice
    this.channel = channel
  }
}

/** Client-side codes of the centrifuge client (its `errorCodes`). */
const TIMEOUT = 1
const TRANSPORT_CLOSED = 2
const CLIENT_DISCONNECTED = 3
const CLIENT_CLOSED = 4
const SUBSCRIPTION_UNSUBSCRIBED = 7
const CONNECTION_CLOSED = 11

/** A centrifuge client error (`{ code, message }`) as a spec §8 error. */
export function fromClientError(error: unknown, channel?: string): RealtimeError {
  if (error instanceof RealtimeError) return error
  const { code, message, temporary } = (error ?? {}) as {
    code?: number
    message?: string
    temporary?: boolean
  }
  if (code === TIMEOUT) return new RealtimeError(REALTIME_ERRORS.timeout, 'retry', channel, { cause: error })
  if (code === SUBSCRIPTION_UNSUBSCRIBED)
    return new RealtimeError(REALTIME_ERRORS.unsubscribed, 'fix', channel, { cause: error })
  if (
    code === TRANSPORT_CLOSED ||
    code === CLIENT_DISCONNECTED ||
    code === CLIENT_CLOSED ||
    code === CONNECTION_CLOSED
  )
    return new RealtimeError(REALTIME_ERRORS.disconnected, 'retry', channel, { cause: error })
  // A server error: temporary ones (and the client's own below 100) are worth another try.
  const retry = temporary === true || (code !== undefined && code < 100)
  return new RealtimeError(
    message ?? (error instanceof Error ? error.message : String(error)),
    retry ? 'retry' : 'fix',
    channel,
    { cause: error },
  )
}
