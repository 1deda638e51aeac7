import { describe, expect, it } from 'vitest'
import { checkFile } from './file-check.ts'

const MAX = 1024
const blob = (bytes: number[] | string, size = 0) =>
  new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes), new Uint8Array(size)])

describe('checking a document before it is sent', () => {
  it('accepts PDF, JPEG, PNG and WebP by their first bytes', async () => {
    expect(await checkFile(blob('%PDF-1.7\n'), MAX)).toBeUndefined()
    expect(await checkFile(blob([0xff, 0xd8, 0xff, 0xe1]), MAX)).toBeUndefined()
    expect(await checkFile(blob([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), MAX)).toBeUndefined()
    expect(await checkFile(blob('RIFF\x10\x00\x00\x00WEBPVP8 '), MAX)).toBeUndefined()
  })

  it('refuses what the server refuses, with the same messages', async () => {
    expect(await checkFile(undefined, MAX)).toEqual({ key: 'validation.file_required' })
    expect(await checkFile(new Blob([]), MAX)).toEqual({ key: 'validation.file_empty' })
    expect(await checkFile(blob('%PDF-', MAX), MAX)).toEqual({
      key: 'validation.file_too_large',
      vars: { max: '0 MB' },
    })
    expect(await checkFile(blob('%PDF-', 10 * 1024 * 1024), 10 * 1024 * 1024)).toEqual({
      key: 'validation.file_too_large',
      vars: { max: '10 MB' },
    })
    for (const disguised of ['<html>', 'GIF89a', 'MZ\x90\x00', 'RIFF\x10\x00\x00\x00WAVEfmt ', ' %PDF-']) {
      expect(await checkFile(blob(disguised), MAX)).toEqual({ key: 'validation.file_type' })
    }
  })
})
