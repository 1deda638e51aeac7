import { describe, expect, it } from 'vitest'
import {
  detectFileType,
  documentKinds,
  isVerifiedBy,
  sanitizeFileName,
  type DocumentStatus,
} from './documents.ts'

const bytes = (s: string) => new Uint8Array(Array.from(s, (c) => c.charCodeAt(0)))

describe('documents', () => {
  it('recognise PDF, JPEG, PNG and WebP by their first bytes only', () => {
    expect(detectFileType(bytes('%PDF-1.4'))).toBe('application/pdf')
    expect(detectFileType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg')
    expect(detectFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png')
    expect(detectFileType(bytes('RIFF\x00\x00\x00\x00WEBP'))).toBe('image/webp')
    for (const other of [
      '',
      '%PD',
      'GIF89a',
      'RIFF\x00\x00\x00\x00AVI ',
      '<svg>',
      'PK\x03\x04',
      '\x89PNG\r\n',
    ]) {
      expect(detectFileType(bytes(other)), other).toBeUndefined()
    }
  })

  it('keep a safe file name whose extension matches the content', () => {
    expect(sanitizeFileName('passport.PDF', 'application/pdf')).toBe('passport.pdf')
    expect(sanitizeFileName('C:\\Users\\ana\\scan.jpeg', 'image/jpeg')).toBe('scan.jpeg')
    expect(sanitizeFileName('../../etc/passwd', 'image/png')).toBe('passwd.png')
    expect(sanitizeFileName('bill.pdf', 'image/png')).toBe('bill.pdf.png')
    expect(sanitizeFileName('a\u0000b\u202ec"d<e>.jpg', 'image/jpeg')).toBe('abc_d_e_.jpg')
    expect(sanitizeFileName('...', 'application/pdf')).toBe('document.pdf')
    expect(sanitizeFileName(undefined, 'image/webp')).toBe('document.webp')
    expect(sanitizeFileName('Ausweis Rückseite.jpg', 'image/jpeg')).toBe('Ausweis Rückseite.jpg')
    const long = sanitizeFileName(`${'x'.repeat(400)}.pdf`, 'application/pdf')
    expect(long).toHaveLength(255)
    expect(long.endsWith('.pdf')).toBe(true)
  })

  it('give each kind a state and verify with an approved identity and address', () => {
    const doc = (document_type: 'identity' | 'address' | 'deposit', status: DocumentStatus) => ({
      document_type,
      status,
    })
    expect(documentKinds([])).toEqual({
      identity: 'missing',
      address: 'missing',
      deposit: 'missing',
      payment_method: 'missing',
    })
    const kinds = documentKinds([
      doc('identity', 'rejected'),
      doc('identity', 'approved'),
      doc('address', 'rejected'),
      doc('address', 'not_approved'),
      doc('deposit', 'rejected'),
    ])
    expect(kinds).toMatchObject({ identity: 'approved', address: 'waiting', deposit: 'rejected' })
    expect(isVerifiedBy(kinds)).toBe(false)
    expect(isVerifiedBy(documentKinds([doc('identity', 'approved'), doc('address', 'approved')]))).toBe(true)
  })
})
