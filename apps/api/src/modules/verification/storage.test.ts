import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { S3_TEST, s3TestEnv, startS3TestServer, type S3TestServer } from '../../test/s3-server.ts'
import { S3Error, S3Storage, signV4 } from './s3.ts'
import { createDocumentStorage } from './select-storage.ts'
import { LocalStorage, newStorageKey, type DocumentStorage } from './storage.ts'

/** The contract every driver keeps: put, get back the same bytes, delete, a missing key reads as nothing. */
async function contract(storage: DocumentStorage) {
  const key = newStorageKey()
  const data = Buffer.from('%PDF-1.7 a document \u00e9\n'.repeat(500))
  await storage.put(key, data, 'application/pdf')
  expect(await buffer((await storage.get(key))!)).toEqual(data)
  await storage.delete(key)
  expect(await storage.get(key)).toBeUndefined()
  await storage.delete(key) // deleting twice is not an error
  // Keys are the driver's own random ones: anything else (a path, a player's file name) is refused.
  for (const bad of ['../../etc/passwd', 'passport.pdf', `${key}/x`, '']) {
    await expect(storage.put(bad, data, 'application/pdf')).rejects.toThrow(/invalid storage key/)
    await expect(storage.get(bad)).rejects.toThrow(/invalid storage key/)
  }
}

describe('the DATA_DIR driver', () => {
  let root: string
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-documents-'))
  })
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true })
  })

  it('keeps files under DATA_DIR/documents by random key, readable by the owner only', async () => {
    const storage = createDocumentStorage(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: root, LOG_LEVEL: 'silent' }),
    )
    if (!(storage instanceof LocalStorage)) throw new Error('expected the DATA_DIR driver')
    expect(storage.root).toBe(path.join(root, 'documents'))
    await contract(storage)
    const key = newStorageKey()
    await storage.put(key, Buffer.from([0xff, 0xd8, 0xff, 0xe0]))
    const file = path.join(root, 'documents', key.slice(0, 2), key)
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600)
    // No temporary file is left next to it.
    expect(await fs.readdir(path.dirname(file))).toEqual([key])
  })
})

describe('the S3 driver', () => {
  let s3: S3TestServer
  beforeAll(async () => {
    s3 = await startS3TestServer(S3_TEST)
  })
  afterAll(async () => {
    await s3.close()
  })

  it('signs like the AWS documentation example (GET Object, SigV4)', () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadSha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      date: new Date('2013-05-24T00:00:00Z'),
    })
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })

  it('puts, gets and deletes objects in an S3-compatible server that checks every signature', async () => {
    const storage = createDocumentStorage(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: os.tmpdir(),
        LOG_LEVEL: 'silent',
        ...s3TestEnv(s3.endpoint),
      }),
    )
    expect(storage).toBeInstanceOf(S3Storage)
    await contract(storage)
    const key = newStorageKey()
    await storage.put(key, Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), 'image/png')
    expect(s3.objects.get(`documents/${key}`)?.contentType).toBe('image/png')
    expect(s3.refused).toEqual([])
  })

  it('fails clearly when the secret is wrong (the server refuses the signature)', async () => {
    const storage = new S3Storage({
      endpoint: s3.endpoint,
      ...S3_TEST,
      prefix: 'documents/',
      secretAccessKey: 'not-the-secret',
    })
    const refusedBefore = s3.refused.length
    const put = storage.put(newStorageKey(), Buffer.from('%PDF-1.4'), 'application/pdf')
    await expect(put).rejects.toBeInstanceOf(S3Error)
    await expect(put).rejects.toThrow('S3 PUT answered 403 SignatureDoesNotMatch')
    await expect(storage.get(newStorageKey())).rejects.toThrow(/403/)
    expect(s3.refused.slice(refusedBefore)).toEqual(['signature does not match', 'signature does not match'])
    expect(s3.objects.size).toBe(1)
  })
})

describe('object storage settings', () => {
  it('are all or nothing, and validated at start', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir() }
    expect(() => loadConfig({ ...base, S3_BUCKET: 'kyc-docs' })).toThrow(
      /S3_ACCESS_KEY_ID: required with S3_BUCKET[\s\S]*S3_SECRET_ACCESS_KEY: required/,
    )
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET: required/)
    expect(() =>
      loadConfig({ ...base, S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }),
    ).toThrow(/S3_BUCKET: must be an S3 bucket name/)
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/)
    expect(() => loadConfig({ ...base, DOCUMENT_MAX_BYTES: '10' })).toThrow(/DOCUMENT_MAX_BYTES/)
    expect(() => loadConfig({ ...base, VERIFICATION_REQUIRED_ABOVE_BY_CURRENCY: 'XYZ=5' })).toThrow(
      /VERIFICATION_REQUIRED_ABOVE_BY_CURRENCY/,
    )
    const config = loadConfig({ ...base, VERIFICATION_REQUIRED_ABOVE_BY_CURRENCY: 'usd=150000, BTC=5000000' })
    expect(config.VERIFICATION_REQUIRED_ABOVE_BY_CURRENCY).toEqual({ USD: 150_000n, BTC: 5_000_000n })
    expect(config.VERIFICATION_REQUIRED_ABOVE).toBe(200_000)
    expect(config.DOCUMENT_MAX_BYTES).toBe(10 * 1024 * 1024)
  })
})
