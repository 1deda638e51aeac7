// The telemetry's contracts (PUT /log, /performance, /network-performance): the api validates with
// these schemas, OpenAPI describes them, and the web app infers the records it sends from them
// (type imports only: no zod in its bundle for a type).
import { z } from 'zod'

const shortText = (max: number) => z.string().max(max)
const stringMap = z
  .record(z.string().max(64), z.string().max(2_000))
  .refine((m) => Object.keys(m).length <= 50, 'validation.too_many_keys')

/** The client's log record (spec §3, api-shapes.md §8). */
export const logRecord = z.strictObject({
  label: z.string().min(1).max(128),
  level_name: z.enum(['INFO', 'WARN', 'ERROR']),
  remote_addr: shortText(64).optional(),
  datetime: z.iso.datetime({ offset: true }),
  type: shortText(64).optional(),
  rid: shortText(128).optional(),
  message: z.string().max(4_000),
  http_status: z.number().int().min(0).max(599).optional(),
  http_status_text: shortText(128).optional(),
  phpError: stringMap.optional(),
  request_url: shortText(2_048).optional(),
  request_method: shortText(16).optional(),
  request_duration_ms: z.number().min(0).max(3_600_000).optional(),
  request_start_time: z.number().int().min(0).optional(),
  is_ssr: z.boolean().optional(),
  context: stringMap.optional(),
})

const ms = z.number().min(0).max(600_000)
/** Page-load timings, sent once after load. All values in milliseconds from navigation start. */
export const performanceRecord = z.strictObject({
  path: z.string().min(1).max(2_048),
  ttfb: ms,
  dom_interactive: ms,
  dom_content_loaded: ms,
  load: ms,
  first_contentful_paint: ms.optional(),
  largest_contentful_paint: ms.optional(),
  transfer_size: z.number().int().min(0).max(1e9).optional(),
})

/** The Network Information API values, sent only where the browser exposes them. */
export const networkRecord = z.strictObject({
  rtt: z.number().min(0).max(60_000),
  downlink: z.number().min(0).max(10_000),
  effectiveType: z.enum(['slow-2g', '2g', '3g', '4g']),
})

/** Log record (spec §3, api-shapes.md §8). */
export type LogRecord = z.infer<typeof logRecord>
export type PerformanceRecord = z.infer<typeof performanceRecord>
export type NetworkRecord = z.infer<typeof networkRecord>
