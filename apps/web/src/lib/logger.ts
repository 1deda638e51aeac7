import type { LogRecord } from '@aurum/shared'
import { HttpError } from './http/errors.ts'
import type { HttpClient } from './http/client.ts'

export type LogLevel = 'info' | 'warn' | 'error'

export interface Logger {
  log(level: LogLevel, label: string, error: unknown, context?: Record<string, unknown>): void
}

/** Context values are strings; others are JSON-encoded; keys starting with `_` and `state` are dropped (api-shapes.md §8). */
export function toContext(context: Record<string, unknown> = {}): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(context)) {
    if (key.startsWith('_') || key === 'state' || value === undefined) continue
    out[key] = typeof value === 'string' ? value : JSON.stringify(value)
  }
  return out
}

export function buildLogRecord(
  level: LogLevel,
  label: string,
  error: unknown,
  context: Record<string, unknown> | undefined,
  isSsr: boolean,
): LogRecord {
  const record: LogRecord = {
    label,
    level_name: level.toUpperCase() as LogRecord['level_name'],
    datetime: new Date().toISOString(),
    type: typeof context?.type === 'string' ? context.type : 'client',
    message: error instanceof Error ? error.message : String(error),
    is_ssr: isSsr,
    context: toContext(context),
  }
  if (error instanceof HttpError) {
    record.request_url = error.config.url
    record.request_method = error.config.method
    if (error.response) {
      record.http_status = error.response.status
      record.http_status_text = error.response.statusText
      const detail = (error.response.data as { error?: unknown } | null)?.error
      if (detail && typeof detail === 'object') record.phpError = toContext(detail as Record<string, unknown>)
      record.rid = error.response.headers['x-request-id']
    }
  }
  return record
}

/** The label for a failed call (api-shapes.md §1.3): LOAD_<PATH>_ERROR. */
export function loadErrorLabel(url: string): string {
  const path = url
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/\?.*$/, '')
    .replace(/^\/api\//, '')
    .replace(/^\//, '')
  return `LOAD_${path.replace(/\//g, '_').toUpperCase()}_ERROR`
}

/**
 * Structured logging: in the browser records go to PUT /log (never retried, never
 * throwing); during server rendering they are written as one JSON line.
 */
export function createLogger(http: HttpClient | (() => HttpClient), isSsr: boolean): Logger {
  return {
    log(level, label, error, context) {
      const record = buildLogRecord(level, label, error, context, isSsr)
      if (isSsr) {
        console[level === 'info' ? 'log' : level](JSON.stringify(record))
        return
      }
      const client = typeof http === 'function' ? http() : http
      client.put('/log', record).catch(() => undefined)
    },
  }
}
