import path from 'node:path'
import type { Config } from '../../config.ts'
import { S3Storage } from './s3.ts'
import { LocalStorage, type DocumentStorage } from './storage.ts'

/** S3-compatible object storage when a bucket is configured, else files under DATA_DIR/documents. */
export function createDocumentStorage(config: Config): DocumentStorage {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      prefix: config.S3_PREFIX,
    })
  }
  return new LocalStorage(path.join(config.dataDir, 'documents'))
}
