import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form'
import { useTranslation } from '../../../lib/translation.tsx'
import { z } from 'zod'
import { SECOND_FACTOR_CODE, type UserInfo } from '@aurum/shared'
import { Button } from '../../../components/button/button.tsx'
import { FormAlert, formStyles, TextField } from '../../../components/form/field.tsx'
import { useFieldMessage } from '../../../components/form/use-field-message.ts'
import { useServices } from '../../../lib/services.tsx'
import { usePlayer } from '../../account/api/get-player.ts'
import { newPasswordPair, PASSWORD_BOUNDS, passwordsMatch } from '../../account/components/password-rules.ts'
import { applyServerErrors } from '../../account/components/profile-details-form.tsx'
import { useChangeCredentials } from '../api/profile-api.ts'
import {
  useBackupCodeStatus,
  useRenewBackupCodes,
  useSessionMutations,
  useSessions,
  useTwoFactorMutations,
  useTwoFactorSetup,
  type PlayerSession,
} from '../api/security-api.ts'
import { describeDevice } from './device.ts'
import styles from '../components/users.module.css'

/** The security page (spec §2 /users/security): 2FA, password, e-mail address and signed-in devices. */
export function SecurityPage() {
  const player = usePlayer()
  if (!player) return null
  return (
    <div className={styles.grid}>
      <div className={styles.column}>
        <TwoFactorCard player={player} />
        <SessionsCard />
      </div>
      <div className={styles.column}>
        <PasswordCard />
        <EmailCard player={player} />
      </div>
    </div>
  )
}

const codeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'validation.code')
const passwordField = z.string().min(1, 'validation.required')

function TwoFactorCard({ player }: { player: UserInfo }) {
  const { t } = useTranslation()
  const [settingUp, setSettingUp] = useState(false)
  const [backupCodes, setBackupCodes] = useState<string[]>()
  return (
    <section className={styles.card} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">
        {t('security.two_factor_title')}{' '}
        <span className={`${styles.badge} ${player.two_factor_enabled ? '' : styles.badgeOff}`}>
          {player.two_factor_enabled ? t('security.on') : t('security.off')}
        </span>
      </h2>
      {backupCodes ? (
        <BackupCodes codes={backupCodes} onDone={() => setBackupCodes(undefined)} />
      ) : player.two_factor_enabled ? (
        <>
          <DisableTwoFactor />
          <RenewBackupCodes onRenewed={setBackupCodes} />
        </>
      ) : settingUp ? (
        <EnableTwoFactor
          onEnabled={(codes) => {
            setSettingUp(false)
            setBackupCodes(codes)
          }}
          onCancel={() => setSettingUp(false)}
        />
      ) : (
        <>
          <p className={styles.muted}>{t('security.two_factor_intro')}</p>
          <Button onClick={() => setSettingUp(true)}>{t('security.two_factor_start')}</Button>
        </>
      )}
    </section>
  )
}

const enableSchema = z.object({ authentication_code: codeField, password: passwordField })

function EnableTwoFactor({
  onEnabled,
  onCancel,
}: {
  onEnabled: (codes: string[]) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const message = useFieldMessage()
  const setup = useTwoFactorSetup(true)
  const { enable } = useTwoFactorMutations()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.infer<typeof enableSchema>>({ resolver: zodResolver(enableSchema), mode: 'onTouched' })
  const onSubmit = handleSubmit(async (values) => {
    if (!setup.data) return
    try {
      const answer = await enable.mutateAsync({ otp_secret: setup.data.otp_secret, ...values })
      onEnabled(answer.backup_codes)
    } catch (error) {
      applyServerErrors(error, setError, ['authentication_code', 'password'], t('auth.save_failed'))
    }
  })
  if (setup.isPending) return <p role="status">{t('common.loading')}</p>
  if (!setup.data) return <FormAlert message={t('profile.load_failed')} />
  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <ol className={formStyles.steps}>
        <li>{t('security.two_factor_step_app')}</li>
        <li>
          {t('security.two_factor_step_scan')}
          <img
            className={styles.qr}
            src={setup.data.qr}
            alt={t('security.qr_alt')}
            width={200}
            height={200}
          />
          <span className={formStyles.hint}>{t('security.two_factor_manual')}</span>
          <code className={styles.secret} data-testid="otp-secret">
            {setup.data.otp_secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </li>
        <li>{t('security.two_factor_step_code')}</li>
      </ol>
      <FormAlert message={errors.root?.message} />
      <TextField
        label={t('fields.authentication_code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={message('authentication_code', errors.authentication_code?.message)}
        {...register('authentication_code')}
      />
      <TextField
        label={t('fields.current_password')}
        type="password"
        autoComplete="current-password"
        error={message('current_password', errors.password?.message)}
        {...register('password')}
      />
      <div className={formStyles.actions}>
        <Button variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={enable.isPending}>
          {t('security.two_factor_enable')}
        </Button>
      </div>
    </form>
  )
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation()
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }))
    const a = document.createElement('a')
    a.href = url
    a.download = 'aurum-backup-codes.txt'
    a.click()
    URL.revokeObjectURL(url)
  }
  return (
    <div className={formStyles.form} role="status">
      <p>{t('security.two_factor_enabled')}</p>
      <p className={styles.muted}>{t('security.backup_codes_hint')}</p>
      <ul className={styles.codes} aria-label={t('security.backup_codes')} data-testid="backup-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className={formStyles.actions}>
        <Button variant="secondary" onClick={download}>
          {t('security.backup_codes_download')}
        </Button>
        <Button onClick={onDone}>{t('security.backup_codes_saved')}</Button>
      </div>
    </div>
  )
}

const disableSchema = z.object({
  authentication_code: z
    .string()
    .trim()
    .min(SECOND_FACTOR_CODE.min, 'validation.too_short')
    .max(SECOND_FACTOR_CODE.max, 'validation.too_long'),
  password: passwordField,
})

function DisableTwoFactor() {
  const { t } = useTranslation()
  const { toasts } = useServices()
  const { disable } = useTwoFactorMutations()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.infer<typeof disableSchema>>({ resolver: zodResolver(disableSchema), mode: 'onTouched' })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values)
      toasts.show({ type: 'success', title: t('security.two_factor_disabled') })
    } catch (error) {
      applyServerErrors(error, setError, ['authentication_code', 'password'], t('auth.save_failed'))
    }
  })
  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className={styles.muted}>{t('security.two_factor_on_hint')}</p>
      <FormAlert message={errors.root?.message} />
      <CodeAndPassword register={register} errors={errors} />
      <Button type="submit" variant="secondary" disabled={disable.isPending}>
        {t('security.two_factor_disable')}
      </Button>
    </form>
  )
}

/** A second-factor code (or a backup code) and the current password: what turning 2FA off and new backup codes ask for. */
function CodeAndPassword({
  register,
  errors,
}: {
  register: UseFormRegister<z.infer<typeof disableSchema>>
  errors: FieldErrors<z.infer<typeof disableSchema>>
}) {
  const { t } = useTranslation()
  const message = useFieldMessage()
  return (
    <>
      <TextField
        label={t('fields.otp_attempt')}
        // A backup code has letters too: no numeric-only keypad.
        inputMode="text"
        autoComplete="one-time-code"
        error={message('otp_attempt', errors.authentication_code?.message, SECOND_FACTOR_CODE)}
        {...register('authentication_code')}
      />
      <TextField
        label={t('fields.current_password')}
        type="password"
        autoComplete="current-password"
        error={message('current_password', errors.password?.message)}
        {...register('password')}
      />
    </>
  )
}

/**
 * How many backup codes are left, and new ones in place of all of them: offered with a notice
 * when the player's codes are of the old, shorter kind.
 */
function RenewBackupCodes({ onRenewed }: { onRenewed: (codes: string[]) => void }) {
  const { t } = useTranslation()
  const status = useBackupCodeStatus(true)
  const renew = useRenewBackupCodes()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.infer<typeof disableSchema>>({ resolver: zodResolver(disableSchema), mode: 'onTouched' })
  const onSubmit = handleSubmit(async (values) => {
    try {
      onRenewed((await renew.mutateAsync(values)).backup_codes)
    } catch (error) {
      applyServerErrors(error, setError, ['authentication_code', 'password'], t('auth.save_failed'))
    }
  })
  return (
    <form
      className={formStyles.form}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby="backup-codes-title"
    >
      <h3 id="backup-codes-title">{t('security.backup_codes')}</h3>
      {status.data && (
        <p className={styles.muted} data-testid="backup-codes-left">
          {t('security.backup_codes_left', { count: status.data.remaining })}
        </p>
      )}
      {status.data?.outdated && (
        <p role="status" data-testid="backup-codes-outdated">
          <strong>{t('security.backup_codes_outdated')}</strong>
        </p>
      )}
      <p className={styles.muted}>{t('security.backup_codes_renew_hint')}</p>
      <FormAlert message={errors.root?.message} />
      <CodeAndPassword register={register} errors={errors} />
      <Button type="submit" variant="secondary" disabled={renew.isPending}>
        {t('security.backup_codes_renew')}
      </Button>
    </form>
  )
}

const passwordSchema = z
  .object({ current_password: passwordField, ...newPasswordPair })
  .refine(...passwordsMatch)
type PasswordValues = z.infer<typeof passwordSchema>

function PasswordCard() {
  const { t } = useTranslation()
  const fieldMessage = useFieldMessage()
  const { toasts } = useServices()
  const change = useChangeCredentials()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), mode: 'onTouched' })
  const message = (f: keyof PasswordValues) => fieldMessage(f, errors[f]?.message, PASSWORD_BOUNDS)
  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values)
      reset()
      toasts.show({ type: 'success', title: t('security.password_changed') })
    } catch (error) {
      applyServerErrors(error, setError, Object.keys(values), t('auth.save_failed'))
    }
  })
  return (
    <section className={styles.card} aria-labelledby="password-title">
      <h2 id="password-title">{t('security.password_title')}</h2>
      <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormAlert message={errors.root?.message} />
        <TextField
          label={t('fields.current_password')}
          type="password"
          autoComplete="current-password"
          error={message('current_password')}
          {...register('current_password')}
        />
        <TextField
          label={t('fields.new_password')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.password_hint')}
          error={message('password')}
          {...register('password')}
        />
        <TextField
          label={t('fields.password_confirmation')}
          type="password"
          autoComplete="new-password"
          error={message('password_confirmation')}
          {...register('password_confirmation')}
        />
        <Button type="submit" disabled={change.isPending}>
          {t('security.password_change')}
        </Button>
      </form>
    </section>
  )
}

const emailSchema = z.object({ email: z.email('validation.email'), current_password: passwordField })

function EmailCard({ player }: { player: UserInfo }) {
  const { t } = useTranslation()
  const fieldMessage = useFieldMessage()
  const change = useChangeCredentials()
  const [sentTo, setSentTo] = useState<string>()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<z.infer<typeof emailSchema>>({ resolver: zodResolver(emailSchema), mode: 'onTouched' })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values)
      reset()
      setSentTo(values.email)
    } catch (error) {
      applyServerErrors(error, setError, Object.keys(values), t('auth.save_failed'))
    }
  })
  return (
    <section className={styles.card} aria-labelledby="email-title">
      <h2 id="email-title">{t('security.email_title')}</h2>
      <p className={styles.muted}>{t('security.email_current', { email: player.email })}</p>
      {sentTo && <p role="status">{t('security.email_sent', { email: sentTo })}</p>}
      <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormAlert message={errors.root?.message} />
        <TextField
          label={t('fields.new_email')}
          type="email"
          autoComplete="email"
          error={fieldMessage('email', errors.email?.message)}
          {...register('email')}
        />
        <TextField
          label={t('fields.current_password')}
          type="password"
          autoComplete="current-password"
          error={fieldMessage('current_password', errors.current_password?.message)}
          {...register('current_password')}
        />
        <Button type="submit" variant="secondary" disabled={change.isPending}>
          {t('security.email_change')}
        </Button>
      </form>
    </section>
  )
}

function SessionsCard() {
  const { t } = useTranslation()
  const sessions = useSessions()
  const { revoke, revokeOthers } = useSessionMutations()
  const others = (sessions.data ?? []).filter((s) => !s.current)
  return (
    <section className={styles.card} aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('security.sessions_title')}</h2>
      <p className={styles.muted}>{t('security.sessions_hint')}</p>
      {sessions.data ? (
        <ul className={styles.sessions}>
          {sessions.data.map((s) => (
            <SessionItem
              key={s.id}
              session={s}
              pending={revoke.isPending}
              onRevoke={() => revoke.mutate(s.id)}
            />
          ))}
        </ul>
      ) : (
        <p role="status">{sessions.isError ? t('profile.load_failed') : t('common.loading')}</p>
      )}
      {others.length > 0 && (
        <Button variant="secondary" disabled={revokeOthers.isPending} onClick={() => revokeOthers.mutate()}>
          {t('security.sessions_revoke_others')}
        </Button>
      )}
    </section>
  )
}

function SessionItem({
  session,
  pending,
  onRevoke,
}: {
  session: PlayerSession
  pending: boolean
  onRevoke: () => void
}) {
  const { t, i18n } = useTranslation()
  const seen = new Date(session.last_seen_at).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  const device = describeDevice(session.user_agent)
  return (
    <li className={styles.session}>
      <div>
        <p>
          <strong>{device ?? t('security.unknown_device')}</strong>{' '}
          {session.current && <span className={styles.badge}>{t('security.this_device')}</span>}
        </p>
        <p className={styles.muted}>
          {[session.ip, session.country, t('security.last_seen', { time: seen })].filter(Boolean).join(' · ')}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="ghost"
          size="small"
          disabled={pending}
          onClick={onRevoke}
          aria-label={t('security.sign_out_device', { device: device ?? t('security.unknown_device') })}
        >
          {t('auth.sign_out')}
        </Button>
      )}
    </li>
  )
}
