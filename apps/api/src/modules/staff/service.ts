import crypto from 'node:crypto'
import { generateURI } from 'otplib'
import QRCode from 'qrcode'
import type { Clock, Executor } from '@aurum/db'
import {
  ADMIN_MODULES,
  grants,
  type Permission,
  type PermissionMatrix,
  type StaffMe,
  type StaffMember,
  type StaffRole,
} from '@aurum/shared/contracts/admin'
import type { Database } from '../../db/client.ts'
import type { RequestContext } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import { deriveSecret } from '../../lib/derive-secret.ts'
import { SecretBox } from '../../lib/secret-box.ts'
import { base32, checkTotp } from '../../lib/totp.ts'
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.ts'
import type { MailService } from '../../lib/mail.ts'
import type { AuditActor, AuditLog } from '../audit/service.ts'
import type { RoleRow, StaffRepository, StaffRow } from './repository.ts'

/** Failed sign-ins in a row before the account locks, and for how long. */
export const STAFF_LOCK_AFTER = 5
export const STAFF_LOCK_MINUTES = 15
/** How long a set-up link stays valid. */
export const STAFF_LINK_HOURS = 48

export interface StaffOptions {
  sessionSecret: string
  /** Minutes of inactivity that end a staff session (default 15). */
  idleMinutes: number
  /** Hours after which a staff session ends whatever its use (default 12). */
  maxHours: number
  /** The name authenticator apps show. */
  issuer: string
  /** The origin of the set-up links the invitations carry (config.publicOrigin). */
  publicOrigin: string
  /** Outside production an invitation's answer carries its link too (no mailbox to read in tests). */
  answerLinks: boolean
}

/** A staff member signed in on this request's device. */
export interface StaffActor {
  id: bigint
  email: string
  member: StaffRow
  /** The session's token hash (its id in lists). */
  session: Buffer
}

export interface StartedStaffSession {
  token: string
  maxAgeSeconds: number
}

const sha256 = (value: string | Buffer) => crypto.createHash('sha256').update(value).digest()
const newToken = () => crypto.randomBytes(32).toString('base64url')

/**
 * The back office's staff (docs/security.md "Staff"): accounts apart from players, created by a
 * one-time set-up link, with a password (argon2id) and a mandatory TOTP second factor; sessions
 * bound to the device that signed in, ended after a short idle time; a lockout after repeated
 * failures; every attempt recorded. Permissions come from the member's role (module × level).
 */
export class StaffService {
  private box: SecretBox
  private setupKey: string

  constructor(
    private db: Database,
    private repo: StaffRepository,
    private clock: Clock,
    private audit: AuditLog,
    private mail: MailService,
    private options: StaffOptions,
  ) {
    this.box = new SecretBox(options.sessionSecret, 'staff-totp-secrets')
    this.setupKey = deriveSecret(options.sessionSecret, 'aurum/staff-setup')
  }

  /**
   * Creates a member (the first owner from the command line) and a one-time set-up link for them.
   * Answers the link's token: shown once, only its hash is kept.
   */
  async create(
    email: string,
    name: string,
    roleName: string,
    actor: AuditActor,
  ): Promise<{ id: bigint; token: string; expiresAt: Date }> {
    const invitedBy = typeof actor === 'object' ? actor.id : null
    return this.db.transaction(async (tx) => {
      const role = await this.repo.roleByName(tx, roleName)
      if (!role) throw new AppError('validation_failed', 422, { role: ['validation.one_of'] })
      const id = await this.repo.insert(tx, { email, name, roleId: role.id, invitedBy })
      if (id === undefined)
        throw new AppError('validation_failed', 422, { email: ['validation.email_taken'] })
      const token = newToken()
      const expiresAt = new Date(this.clock.now().getTime() + STAFF_LINK_HOURS * 3_600_000)
      await this.repo.insertToken(tx, sha256(token), id, 'setup', expiresAt)
      await this.audit.record(tx, {
        actor,
        action: 'staff.created',
        target: { type: 'staff', id },
        after: { email, name, role: role.name, status: 'invited', link_expires_at: expiresAt.toISOString() },
      })
      return { id, token, expiresAt }
    })
  }

  /**
   * Invites a member by e-mail: the member (invited), a one-time set-up link (48 hours) and the
   * e-mail carrying it, in the inviter's language, all in one transaction with the audit entry.
   * Only an owner invites an owner.
   */
  async invite(
    actor: StaffActor,
    ctx: RequestContext,
    input: { email: string; name: string; roleId: bigint },
  ): Promise<{ member: StaffMember; link?: string }> {
    const token = newToken()
    const expiresAt = new Date(this.clock.now().getTime() + STAFF_LINK_HOURS * 3_600_000)
    const link = `${this.options.publicOrigin}/backoffice/setup#${token}`
    let deliver: () => void = () => undefined
    const member = await this.db.transaction(async (tx) => {
      const role = await this.repo.role(input.roleId, tx)
      if (!role) throw new AppError('validation_failed', 422, { role_id: [oneOf(ctx, 'role_id')] })
      this.mayGrant(actor, role.permissions)
      const id = await this.repo.insert(tx, {
        email: input.email,
        name: input.name,
        roleId: role.id,
        invitedBy: actor.id,
      })
      if (id === undefined)
        throw new AppError('validation_failed', 422, { email: [t(ctx.locale, 'validation.email_in_use')] })
      await this.repo.insertToken(tx, sha256(token), id, 'invite', expiresAt)
      await this.audit.record(tx, {
        actor: { id: actor.id, label: actor.email },
        action: 'staff.invited',
        target: { type: 'staff', id },
        after: { email: input.email, name: input.name, role: role.name, status: 'invited' },
        request: request(ctx),
      })
      deliver = await this.mail.record(
        {
          to: input.email,
          template: 'staff_invitation',
          locale: ctx.locale,
          vars: {
            name: input.name,
            inviter: actor.member.name,
            role: role.name,
            link,
            hours: String(STAFF_LINK_HOURS),
          },
        },
        tx,
      )
      return toMember((await this.repo.byId(id, tx))!, this.clock.now())
    })
    deliver()
    return { member, ...(this.options.answerLinks ? { link } : {}) }
  }

  /**
   * Changes a member's role or status. Nobody changes their own, nor a member who holds more than
   * they do, nor gives a role that does: only an owner makes or unmakes an owner, so the casino
   * always keeps one. A disabled member's sessions end at once.
   */
  async updateMember(
    actor: StaffActor,
    ctx: RequestContext,
    id: bigint,
    change: { roleId?: bigint; status?: 'active' | 'disabled' },
  ): Promise<StaffMember> {
    if (id === actor.id) throw new AppError('own_account', 422)
    return this.db.transaction(async (tx) => {
      const before = await this.repo.lockById(tx, id)
      if (!before) throw new AppError('not_found', 404)
      this.mayGrant(actor, before.permissions)
      let roleName = before.role_name
      if (change.roleId !== undefined) {
        const role = await this.repo.role(change.roleId, tx)
        if (!role) throw new AppError('validation_failed', 422, { role_id: [oneOf(ctx, 'role_id')] })
        this.mayGrant(actor, role.permissions)
        roleName = role.name
      }
      if (change.status === 'active' && before.status === 'invited')
        throw new AppError('validation_failed', 422, { status: ['validation.invalid'] })
      await this.repo.update(tx, id, change)
      if (change.status === 'disabled') await this.repo.endSessionsOf(tx, id, 'disabled', this.clock.now())
      await this.audit.record(tx, {
        actor: { id: actor.id, label: actor.email },
        action: 'staff.updated',
        target: { type: 'staff', id },
        before: { role: before.role_name, status: before.status },
        after: { role: roleName, status: change.status ?? before.status },
        request: request(ctx),
      })
      return toMember((await this.repo.byId(id, tx))!, this.clock.now())
    })
  }

  /**
   * Clears a member's authenticator and password (docs/security.md "Staff"): the member is put back
   * to `invited`, their sessions end, and a new one-time set-up link (STAFF_LINK_HOURS) is e-mailed,
   * with which they choose a password and enrol an authenticator again, as after an invitation. The
   * old password and codes sign nobody in from then on. Never one's own account, never a member who
   * holds more than the actor (only an owner resets an owner); only an active member's.
   */
  async resetAuthenticator(
    actor: StaffActor,
    ctx: RequestContext,
    id: bigint,
  ): Promise<{ member: StaffMember; link?: string }> {
    if (id === actor.id) throw new AppError('own_account', 422)
    const token = newToken()
    const now = this.clock.now()
    const expiresAt = new Date(now.getTime() + STAFF_LINK_HOURS * 3_600_000)
    const link = `${this.options.publicOrigin}/backoffice/setup#${token}`
    let deliver: () => void = () => undefined
    const member = await this.db.transaction(async (tx) => {
      const before = await this.repo.lockById(tx, id)
      if (!before) throw new AppError('not_found', 404)
      this.mayGrant(actor, before.permissions)
      if (before.status !== 'active') throw new AppError('reset_not_active', 422)
      await this.repo.clearCredentials(tx, id)
      const ended = await this.repo.endSessionsOf(tx, id, 'authenticator_reset', now)
      await this.repo.insertToken(tx, sha256(token), id, 'reset', expiresAt)
      await this.audit.record(tx, {
        actor: { id: actor.id, label: actor.email },
        action: 'staff.authenticator_reset',
        target: { type: 'staff', id },
        before: { status: before.status, authenticator: 'enrolled', password: 'set' },
        after: {
          status: 'invited',
          authenticator: 'none',
          password: 'none',
          sessions_ended: ended,
          link_expires_at: expiresAt.toISOString(),
        },
        request: request(ctx),
      })
      deliver = await this.mail.record(
        {
          to: before.email,
          template: 'staff_authenticator_reset',
          locale: ctx.locale,
          vars: { name: before.name, by: actor.member.name, link, hours: String(STAFF_LINK_HOURS) },
        },
        tx,
      )
      return toMember((await this.repo.byId(id, tx))!, now)
    })
    deliver()
    return { member, ...(this.options.answerLinks ? { link } : {}) }
  }

  /**
   * Creates a custom role. Nobody makes a role that holds more than they do (only an owner hands
   * out approve on staff); names are unique.
   */
  async createRole(actor: StaffActor, ctx: RequestContext, input: RoleInput): Promise<StaffRole> {
    const permissions = cleanMatrix(input.permissions)
    this.mayGrant(actor, permissions)
    return this.db.transaction(async (tx) => {
      await this.repo.lockRoles(tx)
      const id = await this.repo.insertRole(tx, input.name, permissions)
      if (id === undefined) throw nameTaken(ctx)
      await this.audit.record(tx, {
        actor: { id: actor.id, label: actor.email },
        action: 'staff.role_created',
        target: { type: 'role', id },
        after: { name: input.name, permissions },
        request: request(ctx),
      })
      return presentRole((await this.repo.role(id, tx))!)
    })
  }

  /**
   * Renames a custom role or changes its permissions; its members see the new permissions on their
   * next request (each request reads the member's role). Built-in roles are fixed; nobody edits a
   * role that holds more than they do, nor gives it more.
   */
  async updateRole(actor: StaffActor, ctx: RequestContext, id: bigint, input: RoleInput): Promise<StaffRole> {
    const permissions = cleanMatrix(input.permissions)
    return this.db.transaction(async (tx) => {
      await this.repo.lockRoles(tx)
      const before = await this.repo.lockRole(tx, id)
      if (!before) throw new AppError('not_found', 404)
      if (before.builtin) throw new AppError('role_builtin', 422)
      this.mayGrant(actor, before.permissions)
      this.mayGrant(actor, permissions)
      if (!(await this.repo.updateRole(tx, id, input.name, permissions))) throw nameTaken(ctx)
      const changed = before.name !== input.name || !sameMatrix(before.permissions, permissions)
      if (changed)
        await this.audit.record(tx, {
          actor: { id: actor.id, label: actor.email },
          action: 'staff.role_updated',
          target: { type: 'role', id },
          before: { name: before.name, permissions: before.permissions },
          after: { name: input.name, permissions },
          request: request(ctx),
        })
      return presentRole((await this.repo.role(id, tx))!)
    })
  }

  /** Deletes a custom role that no member holds (invited and disabled members count). */
  async deleteRole(actor: StaffActor, ctx: RequestContext, id: bigint): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.repo.lockRoles(tx)
      const before = await this.repo.lockRole(tx, id)
      if (!before) throw new AppError('not_found', 404)
      if (before.builtin) throw new AppError('role_builtin', 422)
      this.mayGrant(actor, before.permissions)
      if ((await this.repo.roleMembers(tx, id)) > 0) throw new AppError('role_in_use', 422)
      if (!(await this.repo.deleteRole(tx, id))) throw new AppError('role_in_use', 422)
      await this.audit.record(tx, {
        actor: { id: actor.id, label: actor.email },
        action: 'staff.role_deleted',
        target: { type: 'role', id },
        before: { name: before.name, permissions: before.permissions },
        request: request(ctx),
      })
    })
  }

  /** Nobody hands out (or takes away) more than they hold: an owner's permissions only by an owner. */
  private mayGrant(actor: StaffActor, permissions: PermissionMatrix) {
    for (const [module, level] of Object.entries(permissions)) {
      if (level && !grants(actor.member.permissions, `${module}:${level}` as Permission))
        throw new AppError('forbidden', 403)
    }
  }

  /** The secret a set-up link enrols: derived from the link, so asking again shows the same. */
  private setupSecret(token: string): string {
    const mac = crypto.createHmac('sha256', this.setupKey).update(token).digest()
    return base32(mac.subarray(0, 20))
  }

  /**
   * Step one of a set-up link: the member's name and password are stored, and the TOTP secret to
   * enrol is answered (QR code and URI). The account stays inactive until step two.
   */
  async setup(token: string, name: string, password: string, email?: string) {
    if (isCommonPassword(password))
      throw new AppError('validation_failed', 422, { password: ['validation.common_password'] })
    const passwordHash = await hashPassword(password)
    const secret = this.setupSecret(token)
    const member = await this.db.transaction(async (tx) => {
      const id =
        (await this.repo.tokenMember(tx, sha256(token), this.clock.now())) ??
        (await this.firstOwner(tx, token, name, email))
      const member = (await this.repo.lockById(tx, id))!
      if (member.status === 'disabled') throw new AppError('invalid_token', 422)
      await this.repo.setCredentials(tx, id, name, passwordHash, this.box.seal(secret))
      return member
    })
    const uri = generateURI({ issuer: this.options.issuer, label: member.email, secret })
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 })
    return {
      otp_secret: secret,
      data: uri,
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    }
  }

  /**
   * The first owner's link of a fresh install (printed at every start while no member exists):
   * a one-time token, valid STAFF_LINK_HOURS; a new start replaces an unused one. Undefined once
   * anyone is a member.
   */
  async firstOwnerLink(): Promise<{ token: string; expiresAt: Date } | undefined> {
    const token = newToken()
    const expiresAt = new Date(this.clock.now().getTime() + STAFF_LINK_HOURS * 3_600_000)
    const issued = await this.db.transaction((tx) =>
      this.repo.replaceFirstOwnerLink(tx, sha256(token), expiresAt),
    )
    return issued ? { token, expiresAt } : undefined
  }

  /**
   * Step one with the first owner's link: the owner is created with the e-mail given, and the link
   * becomes their set-up link (step two and a reload of step one go the usual way). Refused like any
   * invalid link once someone is a member.
   */
  private async firstOwner(
    tx: Executor,
    token: string,
    name: string,
    email: string | undefined,
  ): Promise<bigint> {
    const hash = sha256(token)
    if (!email) {
      // Whether the link is valid is told only with the e-mail missing, never what else exists.
      if (!(await this.repo.firstOwnerLinkValid(tx, hash, this.clock.now())))
        throw new AppError('invalid_token', 422)
      throw new AppError('validation_failed', 422, { email: ['validation.required'] })
    }
    if (!(await this.repo.useFirstOwnerLink(tx, hash, this.clock.now())))
      throw new AppError('invalid_token', 422)
    const role = (await this.repo.roleByName(tx, 'owner'))!
    const id = (await this.repo.insert(tx, { email, name, roleId: role.id, invitedBy: null }))!
    const expiresAt = new Date(this.clock.now().getTime() + STAFF_LINK_HOURS * 3_600_000)
    await this.repo.insertToken(tx, hash, id, 'setup', expiresAt)
    await this.audit.record(tx, {
      actor: 'system',
      action: 'staff.created',
      target: { type: 'staff', id },
      after: { email, name, role: role.name, status: 'invited', first_owner: true },
    })
    return id
  }

  /** Step two: a code from the authenticator proves the enrolment; the link is used up, the member active. */
  async confirmSetup(ctx: RequestContext, token: string, code: string): Promise<StaffMember> {
    return this.db.transaction(async (tx) => {
      const hash = sha256(token)
      const id = await this.repo.tokenMember(tx, hash, this.clock.now())
      if (id === undefined) throw new AppError('invalid_token', 422)
      const member = (await this.repo.lockById(tx, id))!
      if (!member.password_hash || !member.totp_secret) throw new AppError('invalid_token', 422)
      const step = await this.checkCode(this.box.open(member.totp_secret), code, null)
      if (step === null) throw new AppError('invalid_code', 422, { code: ['validation.code'] })
      if (!(await this.repo.useToken(tx, hash, this.clock.now()))) throw new AppError('invalid_token', 422)
      await this.repo.activate(tx, id, step)
      await this.audit.record(tx, {
        actor: { id, label: member.email },
        action: 'staff.activated',
        target: { type: 'staff', id },
        before: { status: member.status },
        after: { status: 'active', authenticator: 'enrolled' },
        request: request(ctx),
      })
      return toMember((await this.repo.byId(id, tx))!, this.clock.now())
    })
  }

  /**
   * Signs a member in with e-mail, password and a TOTP code (all three always checked, an unknown
   * address against a dummy hash, so timing tells nothing). Five failures in a row lock the
   * account for 15 minutes; every attempt is recorded. The session is bound to this device.
   */
  async signIn(
    ctx: RequestContext,
    email: string,
    password: string,
    code: string,
  ): Promise<{ member: StaffMe; session: StartedStaffSession }> {
    const now = this.clock.now()
    const found = await this.repo.byEmail(email)
    const passwordOk = await verifyPassword(found?.password_hash ?? (await dummyPasswordHash()), password)
    const outcome = await this.db.transaction(async (tx) => {
      const member = found ? await this.repo.lockById(tx, found.id) : undefined
      const record = (result: string) =>
        this.repo.recordSignIn(tx, {
          staffId: member?.id ?? null,
          email,
          outcome: result,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          at: now,
        })
      if (!member || member.status === 'invited' || !member.totp_secret) {
        await record('unknown')
        return { error: new AppError('invalid_credentials', 401) }
      }
      if (member.status === 'disabled') {
        await record('disabled')
        return { error: new AppError('invalid_credentials', 401) }
      }
      if (member.locked_until && member.locked_until > now) {
        await record('locked')
        return { error: new AppError('account_locked', 423) }
      }
      const step = passwordOk
        ? await this.checkCode(this.box.open(member.totp_secret), code, member.totp_last_step)
        : null
      if (step === null) {
        await record(passwordOk ? 'bad_code' : 'bad_password')
        const failures = member.failed_attempts + 1
        const lock =
          failures >= STAFF_LOCK_AFTER ? new Date(now.getTime() + STAFF_LOCK_MINUTES * 60_000) : null
        await this.repo.failed(tx, member.id, lock)
        return { error: new AppError('invalid_credentials', 401) }
      }
      await record('ok')
      await this.repo.signedIn(tx, member.id, step, now)
      await this.audit.record(tx, {
        actor: { id: member.id, label: member.email },
        action: 'staff.signed_in',
        target: { type: 'staff', id: member.id },
        request: request(ctx),
      })
      const token = newToken()
      await this.repo.insertSession(tx, {
        hash: sha256(token),
        staffId: member.id,
        device: deviceHash(ctx),
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        at: now,
      })
      return { member: (await this.repo.byId(member.id, tx))!, token }
    })
    // The failure is recorded (committed) before it is answered.
    if ('error' in outcome) throw outcome.error
    return {
      member: toMe(outcome.member, now),
      session: { token: outcome.token, maxAgeSeconds: this.options.maxHours * 3600 },
    }
  }

  /**
   * The member signed in with `token` on this device, or null: a session past its idle or
   * absolute limit, of a member no longer active, or presented by another device, is none (and
   * the last one is ended: a stolen cookie is spent).
   */
  async authenticate(token: string, ctx: RequestContext): Promise<StaffActor | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
    const now = this.clock.now()
    const hash = sha256(token)
    const session = await this.repo.touchSession(
      hash,
      now,
      new Date(now.getTime() - this.options.idleMinutes * 60_000),
      new Date(now.getTime() - this.options.maxHours * 3_600_000),
    )
    if (!session) return null
    if (!crypto.timingSafeEqual(session.device_hash, deviceHash(ctx))) {
      await this.repo.endSession(hash, 'other_device', now)
      return null
    }
    const member = await this.repo.byId(session.staff_id)
    if (!member || member.status !== 'active') {
      await this.repo.endSession(hash, 'member_inactive', now)
      return null
    }
    return { id: member.id, email: member.email, member, session: hash }
  }

  async signOut(ctx: RequestContext, actor: StaffActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.repo.endSession(actor.session, 'sign_out', this.clock.now(), tx)
      await this.audit.record(tx, {
        actor: { id: actor.id, label: actor.email },
        action: 'staff.signed_out',
        target: { type: 'staff', id: actor.id },
        request: request(ctx),
      })
    })
  }

  me(actor: StaffActor): StaffMe {
    return toMe(actor.member, this.clock.now())
  }

  /** Whether the member's role grants `permission`. */
  allows(actor: StaffActor, permission: Permission): boolean {
    return grants(actor.member.permissions, permission)
  }

  async list(): Promise<StaffMember[]> {
    const now = this.clock.now()
    return (await this.repo.list()).map((row) => toMember(row, now))
  }

  async roles(): Promise<StaffRole[]> {
    return (await this.repo.roles()).map(presentRole)
  }

  async signIns(staffId: bigint | null, limit = 100) {
    return (await this.repo.signIns(staffId, limit)).map((row) => ({
      ...row,
      id: Number(row.id),
      at: row.at.toISOString(),
    }))
  }

  private checkCode(secret: string, code: string, lastStep: bigint | null): Promise<number | null> {
    return checkTotp(secret, code, lastStep, this.clock.now())
  }
}

export interface RoleInput {
  name: string
  permissions: PermissionMatrix
}

const presentRole = (role: RoleRow): StaffRole => ({ ...role, id: Number(role.id) })

/** A matrix as stored: the modules in their fixed order, no module without a level. */
function cleanMatrix(matrix: PermissionMatrix): PermissionMatrix {
  const clean: PermissionMatrix = {}
  for (const module of ADMIN_MODULES) {
    const level = matrix[module]
    if (level) clean[module] = level
  }
  return clean
}

const sameMatrix = (a: PermissionMatrix, b: PermissionMatrix) =>
  ADMIN_MODULES.every((module) => a[module] === b[module])

const oneOf = (ctx: RequestContext, field: string) =>
  t(ctx.locale, 'validation.one_of', { field: t(ctx.locale, `fields.${field}`) })

const nameTaken = (ctx: RequestContext) =>
  new AppError('validation_failed', 422, { name: [t(ctx.locale, 'validation.name_taken')] })

/** The request an audit entry records. */
const request = (ctx: RequestContext) => ({
  ip: ctx.ip,
  userAgent: ctx.userAgent ?? undefined,
  id: ctx.requestId,
})

/** The device a session is bound to: its browser's User-Agent (the cookie alone in another browser is refused). */
function deviceHash(ctx: RequestContext): Buffer {
  return sha256(`device:${ctx.userAgent ?? ''}`)
}

function toMember(row: StaffRow, now: Date): StaffMember {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    role: { id: Number(row.role_id), name: row.role_name },
    status: row.status,
    locked: row.locked_until !== null && row.locked_until > now,
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  }
}

function toMe(row: StaffRow, now: Date): StaffMe {
  return { ...toMember(row, now), permissions: row.permissions }
}
