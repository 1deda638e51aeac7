import crypto from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'
import type { Database, Executor } from '../../db/client.ts'
import type { SecretBox } from '../../lib/secret-box.ts'

/** RFC 6238: 30-second steps, 6 digits, SHA-1 (what authenticator apps expect), at most one step of skew. */
const PERIOD = 30
const BACKUP_CODES = 10

const codeHash = (code: string) =>
  crypto.createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex')

export interface TwoFactorSetup {
  otp_secret: string
  /** The otpauth:// provisioning URI. */
  data: string
  /** The same URI as a QR code (SVG data URL). */
  qr: string
}

export class TwoFactor {
  constructor(
    private db: Database,
    private box: SecretBox,
    private issuer: string,
  ) {}

  /** A new secret for the player to scan; kept pending until a code from it is confirmed. */
  async setup(userId: bigint, email: string): Promise<TwoFactorSetup> {
    const secret = generateSecret()
    await this.db.query('UPDATE users SET two_factor_pending_secret = $2 WHERE id = $1', [
      userId.toString(),
      this.box.seal(secret),
    ])
    const uri = generateURI({ issuer: this.issuer, label: email, secret })
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 })
    return {
      otp_secret: secret,
      data: uri,
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    }
  }

  /** Checks a code against a secret; returns the time step it matched, refusing steps already used. */
  async check(secret: string, code: string, lastStep: bigint | null): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null
    const result = await verify({
      secret,
      token: code,
      period: PERIOD,
      epochTolerance: PERIOD,
      ...(lastStep !== null ? { afterTimeStep: Number(lastStep) } : {}),
    })
    // The functional verify types HOTP and TOTP results together; a TOTP result carries its time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null
  }

  secretOf(sealed: string | null): string | null {
    return sealed ? this.box.open(sealed) : null
  }

  /** Ten single-use backup codes, shown once; only their hashes are kept. */
  async newBackupCodes(tx: Executor, userId: bigint): Promise<string[]> {
    const codes = Array.from({ length: BACKUP_CODES }, () => {
      const raw = crypto.randomBytes(5).toString('hex')
      return `${raw.slice(0, 5)}-${raw.slice(5)}`
    })
    await tx.query('DELETE FROM user_backup_codes WHERE user_id = $1', [userId.toString()])
    for (const code of codes) {
      await tx.query('INSERT INTO user_backup_codes (user_id, code_hash) VALUES ($1, $2)', [
        userId.toString(),
        codeHash(code),
      ])
    }
    return codes
  }

  /** Uses a backup code once. */
  async useBackupCode(userId: bigint, code: string): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE user_backup_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id',
      [userId.toString(), codeHash(code)],
    )
    return rows.length > 0
  }
}
