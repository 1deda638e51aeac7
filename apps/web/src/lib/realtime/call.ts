import type { RealtimeMessage } from './events.ts'
import { fromClientError, REALTIME_ERRORS, RealtimeError } from './errors.ts'

export type RealtimeCallback = (message: RealtimeMessage) => void

let sequence = 0

/**
 * A real-time call (spec §4): registered with a callback and an errback, exactly one of which
 * runs once. Without an answer within `timeoutMs` the errback gets error `timeout`, advice
 * `retry`; a late answer is then dropped. `run` may throw a RealtimeError to refuse at once.
 */
export function registerCall(options: {
  message: RealtimeMessage
  run: () => Promise<unknown>
  timeoutMs: number
  callback: RealtimeCallback
  errback: RealtimeCallback
  /** Every error, for the log. */
  onError?: (error: RealtimeError) => void
}): string {
  const { message, run, timeoutMs, callback, errback, onError } = options
  const uid = message.uid ?? `rt-${++sequence}`
  const channel = message.params.channel
  let settled = false
  const fail = (error: RealtimeError) => {
    if (settled) return
    settled = true
    clearTimeout(timer)
    onError?.(error)
    errback({ ...message, uid, error: error.error, advice: error.advice })
  }
  const timer = setTimeout(
    () => fail(new RealtimeError(REALTIME_ERRORS.timeout, 'retry', channel)),
    timeoutMs,
  )
  let answer: Promise<unknown>
  try {
    answer = run()
  } catch (error) {
    fail(fromClientError(error, channel))
    return uid
  }
  answer.then(
    (body) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      callback({ ...message, uid, body })
    },
    (error: unknown) => fail(fromClientError(error, channel)),
  )
  return uid
}
