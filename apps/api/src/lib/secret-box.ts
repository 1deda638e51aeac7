import crypto from 'node:crypto'

/**
 * AES-256-GCM for small secrets kept in the database (TOTP keys), with a key derived from
 * SESSION_SECRET: a database dump alone does not reveal them.
 */
export class SecretBox {
  private key: Buffer

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32))
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12)
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv)
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.')
  }

  open(sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'))
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, iv!)
    decipher.setAuthTag(tag!)
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8')
  }
}
