import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

/**
 * Where verification documents are kept: bytes by key. Keys are made by `newStorageKey` (random,
 * 128 bits, hex) and never come from anything a player sent; each driver refuses any other.
 */
export interface DocumentStorage {
  readonly kind: 'local' | 's3'
  put(key: string, data: Buffer, contentType: string): Promise<void>
  /** The stored bytes as a stream; undefined when the key holds nothing. */
  get(key: string): Promise<Readable | undefined>
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>
}

const KEY = /^[0-9a-f]{32}$/

export const newStorageKey = () => crypto.randomBytes(16).toString('hex')

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error('invalid storage key')
  return key
}

/**
 * Files under `DATA_DIR/documents/<first two hex digits>/<key>`, readable by the casino's user
 * only. A file is written under a temporary name and renamed, so a reader never sees half of one.
 */
export class LocalStorage implements DocumentStorage {
  readonly kind = 'local'
  constructor(readonly root: string) {}

  private file(key: string) {
    checkKey(key)
    return path.join(this.root, key.slice(0, 2), key)
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key)
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
    const temp = `${file}.${crypto.randomBytes(4).toString('hex')}.part`
    try {
      await fsp.writeFile(temp, data, { mode: 0o600, flag: 'wx' })
      await fsp.rename(temp, file)
    } catch (error) {
      await fsp.rm(temp, { force: true })
      throw error
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    const file = this.file(key)
    try {
      const handle = await fsp.open(file, 'r')
      return handle.createReadStream()
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true })
  }

  /** For the tests: whether a key has a file. */
  exists(key: string): boolean {
    return fs.existsSync(this.file(key))
  }
}
