import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A minimal S3-compatible server for the storage tests: PUT, GET, DELETE of objects in path-style
 * URLs (`/<bucket>/<key>`), kept in memory. Every request must carry a valid AWS Signature
 * Version 4 in its Authorization header, checked here from the raw request with the secret
 * (written from the AWS documentation independently of the casino's signer), with the payload hash
 * matching the body and a date within 15 minutes; otherwise it answers 403 like S3 does.
 */
export interface S3TestServer {
  endpoint: string
  objects: Map<string, { body: Buffer; contentType: string | undefined }>
  /** Requests refused for their signature, with the reason. */
  refused: string[]
  /** While true, every request is answered 503 ServiceUnavailable, as S3 does in an outage. */
  down: boolean
  close(): Promise<void>
}

/** A bucket and credentials for the tests, and the casino's settings that point at a server with them. */
export const S3_TEST = {
  bucket: 'kyc-docs',
  accessKeyId: 'AKIDTEST',
  secretAccessKey: 'test-secret-key/with+chars',
  region: 'eu-central-1',
}
export const s3TestEnv = (endpoint: string) => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: S3_TEST.bucket,
  S3_REGION: S3_TEST.region,
  S3_ACCESS_KEY_ID: S3_TEST.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3_TEST.secretAccessKey,
})

const hex = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest()

function s3Error(res: http.ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  )
}

/** Why the request's signature is wrong, or undefined when it is right. */
function checkSignature(
  req: http.IncomingMessage,
  body: Buffer,
  credentials: { accessKeyId: string; secretAccessKey: string; region: string },
): string | undefined {
  const auth = req.headers.authorization ?? ''
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    )
  if (!match) return 'no SigV4 authorization header'
  const [, keyId, day, region, signedHeaders, signature] = match as unknown as string[]
  if (keyId !== credentials.accessKeyId) return 'unknown access key'
  if (region !== credentials.region) return 'wrong region'
  const amzDate = String(req.headers['x-amz-date'] ?? '')
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) return 'bad x-amz-date'
  const when = Date.UTC(
    +amzDate.slice(0, 4),
    +amzDate.slice(4, 6) - 1,
    +amzDate.slice(6, 8),
    +amzDate.slice(9, 11),
    +amzDate.slice(11, 13),
    +amzDate.slice(13, 15),
  )
  if (Math.abs(Date.now() - when) > 15 * 60_000) return 'request time too skewed'
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '')
  if (payloadHash !== hex(body)) return 'x-amz-content-sha256 does not match the body'
  const names = signedHeaders!.split(';')
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!names.includes(required)) return `${required} is not signed`
  }
  const url = new URL(req.url ?? '/', 'http://s3.test')
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&')
  const headerLines = names.map((name) => {
    const value = req.headers[name]
    return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`
  })
  const canonical = [req.method, url.pathname, query, headerLines.join(''), signedHeaders, payloadHash].join(
    '\n',
  )
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${day}/${region}/s3/aws4_request\n${hex(canonical)}`
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), 's3'), 'aws4_request')
  const expected = crypto.createHmac('sha256', key).update(toSign).digest('hex')
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature!))
    ? undefined
    : 'signature does not match'
}

export async function startS3TestServer(options: {
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
}): Promise<S3TestServer> {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>()
  const refused: string[] = []
  const state = { down: false }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (state.down) return s3Error(res, 503, 'ServiceUnavailable')
      const body = Buffer.concat(chunks)
      const problem = checkSignature(req, body, options)
      if (problem) {
        refused.push(problem)
        return s3Error(res, 403, 'SignatureDoesNotMatch')
      }
      const path = new URL(req.url ?? '/', 'http://s3.test').pathname
      const prefix = `/${options.bucket}/`
      if (!path.startsWith(prefix)) return s3Error(res, 404, 'NoSuchBucket')
      const key = decodeURIComponent(path.slice(prefix.length))
      switch (req.method) {
        case 'PUT':
          objects.set(key, { body, contentType: req.headers['content-type'] })
          res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` })
          return res.end()
        case 'GET': {
          const object = objects.get(key)
          if (!object) return s3Error(res, 404, 'NoSuchKey')
          res.writeHead(200, {
            'content-type': object.contentType ?? 'application/octet-stream',
            'content-length': object.body.length,
          })
          return res.end(object.body)
        }
        case 'DELETE':
          objects.delete(key)
          res.writeHead(204)
          return res.end()
        default:
          return s3Error(res, 405, 'MethodNotAllowed')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    refused,
    get down() {
      return state.down
    },
    set down(value: boolean) {
      state.down = value
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
