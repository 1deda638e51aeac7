import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { checkKey, type DocumentStorage } from './storage.ts'

export interface S3Settings {
  /** `https://s3.eu-central-1.amazonaws.com`, `http://minio:9000`…; objects are addressed path-style. */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Key prefix inside the bucket (`documents/`). */
  prefix: string
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex')
const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it (S3 encodes each path segment once, keeping `/`). */
const encodeRfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

export const EMPTY_SHA256 = sha256('')

export interface SignInput {
  method: string
  url: URL
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (names in any case). */
  headers?: Record<string, string>
  payloadSha256: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  service?: string
  date?: Date
}

/**
 * AWS Signature Version 4 for a request with the signature in the Authorization header
 * (docs.aws.amazon.com, "Authenticating Requests: Using the Authorization Header"). Returns
 * every header the request must carry, the Authorization header included.
 */
export function signV4(input: SignInput): Record<string, string> {
  const date = input.date ?? new Date()
  const amzDate = date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
  const day = amzDate.slice(0, 8)
  const service = input.service ?? 's3'
  const headers: Record<string, string> = {
    host: input.url.host,
    'x-amz-content-sha256': input.payloadSha256,
    'x-amz-date': amzDate,
  }
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value
  const names = Object.keys(headers).sort()
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, ' ')}\n`).join('')
  const signedHeaders = names.join(';')
  const canonicalUri =
    input.url.pathname
      .split('/')
      .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
      .join('/') || '/'
  const canonicalQuery = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const canonicalRequest = [
    input.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    input.payloadSha256,
  ].join('\n')
  const scope = `${day}/${input.region}/${service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n')
  const key = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service),
    'aws4_request',
  )
  const signature = crypto.createHmac('sha256', key).update(stringToSign).digest('hex')
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  }
}

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string | undefined,
    method: string,
  ) {
    super(`S3 ${method} answered ${status}${s3Code ? ` ${s3Code}` : ''}`)
  }
}

const TIMEOUT_MS = 30_000

/** Verification documents in an S3-compatible bucket, requests signed with SigV4, path-style URLs. */
export class S3Storage implements DocumentStorage {
  readonly kind = 's3'
  constructor(private settings: S3Settings) {}

  private url(key: string): URL {
    const base = this.settings.endpoint.replace(/\/+$/, '')
    return new URL(
      `${base}/${encodeRfc3986(this.settings.bucket)}/${this.settings.prefix
        .split('/')
        .map(encodeRfc3986)
        .join('/')}${checkKey(key)}`,
    )
  }

  private async send(method: string, key: string, body?: Buffer, headers: Record<string, string> = {}) {
    const url = this.url(key)
    const signed = signV4({
      method,
      url,
      headers,
      payloadSha256: body ? sha256(body) : EMPTY_SHA256,
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      region: this.settings.region,
    })
    // fetch sets Host itself (from the URL, which is what was signed).
    const sent = Object.fromEntries(Object.entries(signed).filter(([name]) => name !== 'host'))
    // The timeout covers the answer's headers; a download then streams at the reader's pace.
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS)
    try {
      return await fetch(url, {
        method,
        headers: sent,
        body: body ? new Uint8Array(body) : undefined,
        signal: controller.signal,
      })
    } finally {
      clearTimeout(timer)
    }
  }

  private static async fail(res: Response, method: string): Promise<never> {
    const text = await res.text().catch(() => '')
    throw new S3Error(res.status, /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1], method)
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, data, { 'content-type': contentType })
    if (!res.ok) await S3Storage.fail(res, 'PUT')
    await res.body?.cancel()
  }

  async get(key: string): Promise<Readable | undefined> {
    const res = await this.send('GET', key)
    if (res.status === 404) {
      await res.body?.cancel()
      return undefined
    }
    if (!res.ok || !res.body) await S3Storage.fail(res, 'GET')
    return Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>)
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key)
    if (!res.ok && res.status !== 404) await S3Storage.fail(res, 'DELETE')
    await res.body?.cancel()
  }
}
