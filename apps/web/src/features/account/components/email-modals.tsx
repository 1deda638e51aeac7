import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../../../lib/translation.tsx'
import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { Button } from '../../../components/button/button.tsx'
import { FormAlert, formStyles, TextField } from '../../../components/form/field.tsx'
import { useFieldMessage } from '../../../components/form/use-field-message.ts'
import { Modal } from '../../../components/modal/modal.tsx'
import type { ModalComponentProps } from '../../../components/modal/modal-host.tsx'
import { useServices } from '../../../lib/services.tsx'
import { fieldErrors } from '../../../lib/http/errors.ts'
import { useRequestPasswordReset, useResendConfirmation, useResetPassword } from '../api/email-flows.ts'
import { usePlayer } from '../api/get-player.ts'
import { CaptchaStatus } from '../../captcha/components/captcha-status.tsx'
import { useOptionalCaptcha } from '../../captcha/hooks/use-captcha.ts'
import { newPasswordPair, PASSWORD_BOUNDS, passwordsMatch } from './password-rules.ts'
import { applyServerErrors } from './profile-details-form.tsx'
import { CodeStep } from './sign-in-form.tsx'

const emailSchema = z.object({ email: z.email('validation.email') })

/** The password reminder (modal password-reminder, #remind): asks for a reset link. */
export function PasswordReminderModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation()
  const fieldMessage = useFieldMessage()
  const request = useRequestPasswordReset()
  const captcha = useOptionalCaptcha()
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof emailSchema>>({ resolver: zodResolver(emailSchema), mode: 'onTouched' })
  const onSubmit = handleSubmit(async (values) => {
    try {
      const token = await captcha.getToken()
      await request.mutateAsync({ ...values, ...(token ? { captcha: token } : {}) })
    } catch (error) {
      applyServerErrors(error, setError, ['email'], t('auth.remind_failed'))
    }
  })
  return (
    <Modal entry={entry} title={t('auth.remind_title')} onClose={close}>
      {request.isSuccess ? (
        <div className={formStyles.form} role="status">
          {/* The same words for every address: no hint whether it has an account. */}
          <p>{t('auth.remind_sent', { email: getValues('email') })}</p>
          <Button onClick={close}>{t('common.close')}</Button>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
          <p>{t('auth.remind_intro')}</p>
          <FormAlert message={errors.root?.message} />
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            error={fieldMessage('email', errors.email?.message)}
            {...register('email')}
          />
          <CaptchaStatus state={captcha.state} />
          <Button type="submit" disabled={isSubmitting} block>
            {t('auth.remind_submit')}
          </Button>
        </form>
      )}
    </Modal>
  )
}

const newPasswordSchema = z.object(newPasswordPair).refine(...passwordsMatch)
type NewPasswordValues = z.infer<typeof newPasswordSchema>

/** The new-password popup (spec §2): reads reset_password_token from the link's query. */
export function NewPasswordModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation()
  const { toasts } = useServices()
  const fieldMessage = useFieldMessage()
  const [params] = useSearchParams()
  const token = params.get('reset_password_token')
  const reset = useResetPassword()
  const [needsCode, setNeedsCode] = useState(false)
  const done = () => {
    toasts.show({ type: 'success', title: t('auth.password_reset_done') })
    close()
  }
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), mode: 'onTouched' })
  const message = (f: keyof NewPasswordValues) => fieldMessage(f, errors[f]?.message, PASSWORD_BOUNDS)
  const onSubmit = handleSubmit(async (values) => {
    if (!token) return
    try {
      const answer = await reset.mutateAsync({ reset_password_token: token, ...values })
      if ('two_factor_required' in answer) setNeedsCode(true)
      else done()
    } catch (error) {
      const errs = fieldErrors(error)
      if (errs?.reset_password_token) setError('root', { message: errs.reset_password_token[0] })
      else applyServerErrors(error, setError, Object.keys(values), t('auth.save_failed'))
    }
  })
  return (
    <Modal entry={entry} title={t('auth.new_password_title')} onClose={close}>
      {needsCode ? (
        <CodeStep onSignedIn={done} />
      ) : token ? (
        <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
          <FormAlert message={errors.root?.message} />
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
          <Button type="submit" disabled={reset.isPending} block>
            {t('auth.new_password_submit')}
          </Button>
          {errors.root && (
            <p className={formStyles.hint}>
              <Link to="/#remind">{t('auth.remind_again')}</Link>
            </p>
          )}
        </form>
      ) : (
        <div className={formStyles.form}>
          <FormAlert message={t('auth.reset_link_invalid')} />
          <Link to="/#remind">{t('auth.remind_again')}</Link>
        </div>
      )}
    </Modal>
  )
}

/** The e-mail verification popup (spec §2 /email-verify): the link again, for a player or by address. */
export function EmailVerifyModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation()
  const player = usePlayer()
  return (
    <Modal entry={entry} title={t('auth.verify_title')} onClose={close}>
      {player?.confirmed_at ? (
        <div className={formStyles.form} role="status">
          <p>{t('auth.confirmed_text')}</p>
          <Button onClick={close}>{t('common.close')}</Button>
        </div>
      ) : player ? (
        <ResendForPlayer playerId={player.id} email={player.email} />
      ) : (
        <ResendByAddress />
      )}
    </Modal>
  )
}

function ResendForPlayer({ playerId, email }: { playerId: number; email: string }) {
  const { t } = useTranslation()
  const resend = useResendConfirmation()
  const failed = resend.isError
    ? (fieldErrors(resend.error)?.base?.[0] ?? t('auth.resend_failed'))
    : undefined
  return (
    <div className={formStyles.form}>
      <p>{t('auth.verify_intro', { email })}</p>
      <FormAlert message={failed} />
      {resend.isSuccess ? (
        <p role="status">{t('auth.verify_sent', { email })}</p>
      ) : (
        <Button disabled={resend.isPending} onClick={() => resend.mutate({ playerId })}>
          {t('auth.verify_resend')}
        </Button>
      )}
    </div>
  )
}

function ResendByAddress() {
  const { t } = useTranslation()
  const fieldMessage = useFieldMessage()
  const resend = useResendConfirmation()
  const captcha = useOptionalCaptcha()
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof emailSchema>>({ resolver: zodResolver(emailSchema), mode: 'onTouched' })
  const onSubmit = handleSubmit(async (values) => {
    try {
      // The confirmation resend adds a captcha when one is given (spec §5).
      const token = await captcha.getToken()
      await resend.mutateAsync({ ...values, ...(token ? { captcha: token } : {}) })
    } catch (error) {
      applyServerErrors(error, setError, ['email'], t('auth.resend_failed'))
    }
  })
  if (resend.isSuccess) return <p role="status">{t('auth.verify_sent', { email: getValues('email') })}</p>
  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <p>{t('auth.verify_guest_intro')}</p>
      <FormAlert message={errors.root?.message} />
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        error={fieldMessage('email', errors.email?.message)}
        {...register('email')}
      />
      <CaptchaStatus state={captcha.state} />
      <Button type="submit" disabled={isSubmitting} block>
        {t('auth.verify_resend')}
      </Button>
    </form>
  )
}
