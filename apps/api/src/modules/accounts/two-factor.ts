import crypto from 'node:crypto'
import { generateURI } from 'otplib'
import QRCode from 'qrcode'
import type { Clock } from '@aurum/db'
import type { Executor } from '../../db/client.ts'
import { deriveSecret } from '../../lib/derive-secret.ts'
import { SecretBox } from '../../lib/secret-box.ts'
import { base32, checkTotp, RFC4648 } from '../../lib/totp.ts'
import type { AccountsRepository } from './repository.ts'

const BACKUP_CODES = 10
/** Crockford's base32: no I, L, O or U, so a code read aloud or written down is not misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A backup code as typed: case, spaces and dashes do not matter, and Crockford's look-alikes
 * (O for 0, I and L for 1) read as the digit. Codes of the old kind (hexadecimal) are unchanged by it.
 */
const normalizeCode = (code: string) =>
  code.replace(/[\s-]/g, '').toLowerCase().replace(/o/g, '0').replace(/[il]/g, '1')

/** 80 bits from the CSPRNG, shown as four groups of four: `7KQ2-M9XD-4HVA-0RTE`. */
const newBackupCode = () => base32(crypto.randomBytes(10), CROCKFORD).match(/.{4}/g)!.join('-')

export interface TwoFactorSetup {
  otp_secret: string
  /** The otpauth:// provisioning URI. */
  data: string
  /** The same URI as a QR code (SVG data URL). */
  qr: string
}

export class TwoFactor {
  private box: SecretBox
  private setupKey: string
  private codeKey: string

  /** Every key comes from SESSION_SECRET, each for its own purpose. */
  constructor(
    private repo: AccountsRepository,
    sessionSecret: string,
    private issuer: string,
    private clock: Clock,
  ) {
    this.box = new SecretBox(sessionSecret, 'totp-secrets')
    this.setupKey = deriveSecret(sessionSecret, 'aurum/two-factor-setup')
    this.codeKey = deriveSecret(sessionSecret, 'aurum/backup-codes')
  }

  /**
   * The secret a set-up shows, computed rather than stored, so showing it writes nothing and
   * showing it again shows the same: HMAC of the player and the generation, which moves each
   * time 2FA is turned on or off (a set-up after that gets a new secret). 160 bits, RFC 4648 base32.
   */
  setupSecret(userId: bigint, generation: number): string {
    const mac = crypto
      .createHmac('sha256', this.setupKey)
      .update(`${userId.toString()}:${generation}`)
      .digest()
    return base32(mac.subarray(0, 20), RFC4648)
  }

  async setup(userId: bigint, generation: number, email: string): Promise<TwoFactorSetup> {
    const secret = this.setupSecret(userId, generation)
    const uri = generateURI({ issuer: this.issuer, label: email, secret })
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 })
    return {
      otp_secret: secret,
      data: uri,
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    }
  }

  /** Checks a code against a secret; returns the time step it matched, refusing steps already used. */
  check(secret: string, code: string, lastStep: bigint | null): Promise<number | null> {
    return checkTotp(secret, code, lastStep, this.clock.now())
  }

  seal(secret: string): string {
    return this.box.seal(secret)
  }

  secretOf(sealed: string | null): string | null {
    return sealed ? this.box.open(sealed) : null
  }

  /** The plain SHA-256 codes were stored as before; kept as the inner hash so those codes still work. */
  private digest(code: string): Buffer {
    return crypto.createHash('sha256').update(normalizeCode(code)).digest()
  }

  /** What is stored: the digest keyed with a key a database dump does not hold. */
  private keyed(digest: Buffer): Buffer {
    return crypto.createHmac('sha256', this.codeKey).update(digest).digest()
  }

  /** Ten single-use backup codes, shown once; only their keyed hashes are kept. */
  async newBackupCodes(tx: Executor, userId: bigint): Promise<string[]> {
    const codes = Array.from({ length: BACKUP_CODES }, newBackupCode)
    await this.repo.replaceBackupCodes(
      tx,
      userId,
      codes.map((c) => this.keyed(this.digest(c)).toString('hex')),
    )
    return codes
  }

  /**
   * Uses a backup code once. Every unused code of the player is compared in constant time (a
   * code of the old kind by its plain digest until it is wrapped), then the match is claimed
   * with a guarded update, so two requests with the same code cannot both pass.
   */
  async useBackupCode(userId: bigint, code: string): Promise<boolean> {
    const normalized = normalizeCode(code)
    if (!/^[0-9a-z]{10,16}$/.test(normalized)) return false
    const digest = this.digest(code)
    const keyed = this.keyed(digest)
    const rows = await this.repo.unusedBackupCodes(userId)
    let match: string | null = null
    for (const row of rows) {
      const stored = Buffer.from(row.code_hash, 'hex')
      const expected = row.keyed ? keyed : digest
      if (stored.length === expected.length && crypto.timingSafeEqual(stored, expected)) match = row.code_hash
    }
    if (match === null) return false
    return this.repo.useBackupCode(userId, match)
  }

  /** How many unused codes the player has, and whether any is of the old, 40-bit kind (then new ones are offered). */
  async backupCodeStatus(userId: bigint): Promise<{ remaining: number; outdated: boolean }> {
    const row = await this.repo.backupCodeStatus(userId)
    return { remaining: Number(row.remaining), outdated: row.outdated }
  }

  /**
   * Wraps codes stored the old way (plain SHA-256 of a 40-bit code: a dump could be searched
   * for them offline) in the keyed hash. Run at start-up; each row is changed once, guarded by
   * its old value, so nodes starting together do not wrap a code twice.
   */
  async wrapLegacyBackupCodes(): Promise<number> {
    const rows = await this.repo.unkeyedBackupCodes()
    let wrapped = 0
    for (const row of rows) {
      const keyed = this.keyed(Buffer.from(row.code_hash, 'hex')).toString('hex')
      if (await this.repo.wrapBackupCode(row.user_id, row.code_hash, keyed)) wrapped++
    }
    return wrapped
  }
}
