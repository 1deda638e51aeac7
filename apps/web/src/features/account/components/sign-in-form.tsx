import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../../../lib/translation.tsx'
import { Link } from 'react-router'
import { z } from 'zod'
import { SECOND_FACTOR_CODE } from '@aurum/shared'
import { Button } from '../../../components/button/button.tsx'
import { FormAlert, formStyles, TextField } from '../../../components/form/field.tsx'
import { useFieldMessage } from '../../../components/form/use-field-message.ts'
import { deviceFingerprint } from '../../../lib/fingerprint.ts'
import { useSignIn } from '../api/auth-mutations.ts'
import { fieldErrors } from '../../../lib/http/errors.ts'

const schema = z.object({
  email: z.email('validation.email'),
  password: z.string().min(1, 'validation.required'),
})
type Values = z.infer<typeof schema>

/**
 * E-mail and password; the server's message is shown as is (no hint whether the account
 * exists). With two-factor authentication on, a second step asks for the code.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [needsCode, setNeedsCode] = useState(false)
  return needsCode ? (
    <CodeStep onSignedIn={onSignedIn} />
  ) : (
    <PasswordStep onSignedIn={onSignedIn} onCodeNeeded={() => setNeedsCode(true)} />
  )
}

const codeSchema = z.object({
  otp_attempt: z
    .string()
    .trim()
    .min(SECOND_FACTOR_CODE.min, 'validation.too_short')
    .max(SECOND_FACTOR_CODE.max, 'validation.too_long'),
})

/** The second step: a code from the authenticator app or a backup code (also after a password reset). */
export function CodeStep({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation()
  const signIn = useSignIn()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.infer<typeof codeSchema>>({ resolver: zodResolver(codeSchema) })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values)
      onSignedIn()
    } catch (error) {
      const errs = fieldErrors(error)
      setError('otp_attempt', {
        message: errs?.otp_attempt?.[0] ?? errs?.base?.[0] ?? t('auth.sign_in_failed'),
      })
    }
  })
  const message = useFieldMessage()
  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <p>{t('auth.code_prompt')}</p>
      <TextField
        label={t('fields.otp_attempt')}
        // A backup code has letters too: no numeric-only keypad.
        inputMode="text"
        autoComplete="one-time-code"
        autoFocus
        error={message('otp_attempt', errors.otp_attempt?.message, SECOND_FACTOR_CODE)}
        {...register('otp_attempt')}
      />
      <Button type="submit" disabled={signIn.isPending} block>
        {signIn.isPending ? t('auth.signing_in') : t('auth.verify_code')}
      </Button>
    </form>
  )
}

function PasswordStep({ onSignedIn, onCodeNeeded }: { onSignedIn: () => void; onCodeNeeded: () => void }) {
  const { t } = useTranslation()
  const signIn = useSignIn()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), mode: 'onTouched' })
  const fieldMessage = useFieldMessage()
  const message = (field: keyof Values) => fieldMessage(field, errors[field]?.message)
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await signIn.mutateAsync({ ...values, dfpc: deviceFingerprint() })
      if ('two_factor_required' in answer) onCodeNeeded()
      else onSignedIn()
    } catch (error) {
      const errs = fieldErrors(error)
      setError('root', { message: errs?.base?.[0] ?? errs?.email?.[0] ?? t('auth.sign_in_failed') })
    }
  })
  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormAlert message={errors.root?.message} />
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="username"
        error={message('email')}
        {...register('email')}
      />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        error={message('password')}
        {...register('password')}
      />
      <Link to="#remind" className={formStyles.hint}>
        {t('auth.forgot_password')}
      </Link>
      <Button type="submit" disabled={signIn.isPending} block>
        {signIn.isPending ? t('auth.signing_in') : t('auth.sign_in')}
      </Button>
      <p className={formStyles.hint}>
        {t('auth.no_account')} <Link to="/registration">{t('auth.create_account')}</Link>
      </p>
    </form>
  )
}
