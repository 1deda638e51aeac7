import { HttpError, MESSAGES } from './errors.ts'
import type { Transport } from './client.ts'

/** Browser transport over fetch, with a per-try timeout. */
export const fetchTransport: Transport = async (config, signal) => {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, config.timeoutMs)
  const onAbort = () => controller.abort()
  signal?.addEventListener('abort', onAbort)
  try {
    const res = await fetch(config.url, {
      method: config.method,
      headers: config.headers,
      body: config.body as BodyInit | undefined,
      credentials: 'same-origin',
      signal: controller.signal,
    })
    const headers: Record<string, string> = {}
    res.headers.forEach((value, key) => {
      headers[key] = value
    })
    return { status: res.status, statusText: res.statusText, headers, body: await res.text() }
  } catch {
    if (timedOut) throw new HttpError(MESSAGES.timeout(config.timeoutMs), config)
    if (signal?.aborted) throw new HttpError(MESSAGES.aborted, config)
    throw new HttpError(MESSAGES.network, config)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}
