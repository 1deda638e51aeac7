import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useTranslation } from '../../../lib/translation.tsx'
import { Link } from 'react-router'
import { z } from 'zod'
import { defaultCurrencyFor, STAG_STORAGE_KEY } from '@aurum/shared'
import { Button, ButtonLink } from '../../../components/button/button.tsx'
import { CheckField, FormAlert, formStyles, SelectField, TextField } from '../../../components/form/field.tsx'
import { useFieldMessage } from '../../../components/form/use-field-message.ts'
import { RadialProgress } from '../../../components/radial-progress/radial-progress.tsx'
import { deviceFingerprint } from '../../../lib/fingerprint.ts'
import { useServices } from '../../../lib/services.tsx'
import { useCurrencies } from '../../info/api/get-currencies.ts'
import { CaptchaStatus } from '../../captcha/components/captcha-status.tsx'
import { useRegistrationCaptcha } from '../../captcha/hooks/use-captcha.ts'
import { useProject } from '../../info/api/get-project.ts'
import { useSignUp } from '../api/auth-mutations.ts'
import { usePlayer } from '../api/get-player.ts'
import { newPassword, PASSWORD_BOUNDS } from './password-rules.ts'
import {
  ADDRESS_FIELDS,
  applyServerErrors,
  PERSONAL_FIELDS,
  ProfileDetailsForm,
  type ProfileField,
} from './profile-details-form.tsx'
import styles from './sign-up-wizard.module.css'

const STEPS = 4

/** Sign-up in 4 steps (spec §4): account info, personal info, address, thank-you. */
export function SignUpWizard({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation()
  const [step, setStep] = useState(1)
  const next = () => setStep((s) => Math.min(STEPS, s + 1))
  return (
    <div className={styles.wizard}>
      <div className={styles.progress}>
        <RadialProgress value={step} max={STEPS} size={64} />
        <div>
          <p className={styles.stepTitle}>{t(`auth.step_${step}_title`)}</p>
          <p className={formStyles.hint}>{t(`auth.step_${step}_hint`)}</p>
        </div>
      </div>
      {step === 1 && <AccountStep onDone={next} />}
      {step === 2 && <DetailsStep fields={PERSONAL_FIELDS} onDone={next} />}
      {step === 3 && <DetailsStep fields={ADDRESS_FIELDS} onDone={next} />}
      {step === 4 && <ThankYouStep onDone={onDone} />}
    </div>
  )
}

const accountSchema = z.object({
  email: z.email('validation.email'),
  password: newPassword,
  currency: z.string().min(3),
  terms_acceptance: z.literal(true, 'validation.terms_required'),
  receive_promos: z.boolean(),
})
type AccountValues = z.infer<typeof accountSchema>

/**
 * A browser taken for a bot gets no captcha (spec §4), and registration needs one while it is
 * enabled: the api refuses it (403 `automated_browser`), so the form says so at once, plainly,
 * instead of asking to wait for a check that never runs.
 */
function AccountStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const { env } = useServices()
  const captchaRequired = useProject().data?.captcha.enabled_register ?? false
  return env.isBot && captchaRequired ? (
    <FormAlert message={t('auth.bot_registration')} />
  ) : (
    <AccountForm onDone={onDone} />
  )
}

function AccountForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const { env } = useServices()
  const message = useFieldMessage()
  const currencies = useCurrencies().data ?? []
  const signUp = useSignUp()
  const captcha = useRegistrationCaptcha()
  const defaultCurrency = defaultCurrencyFor(env.country)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccountValues>({
    resolver: zodResolver(accountSchema),
    mode: 'onTouched',
    defaultValues: { currency: defaultCurrency, receive_promos: false },
  })
  const onSubmit = handleSubmit(async (values) => {
    try {
      const stag = typeof localStorage === 'undefined' ? null : localStorage.getItem(STAG_STORAGE_KEY)
      const captchaToken = await captcha.getToken()
      await signUp.mutateAsync({
        ...values,
        ...(stag ? { stag } : {}),
        ...(captchaToken ? { captcha: captchaToken } : {}),
        dfpc: deviceFingerprint(),
        ...(env.country ? { country: env.country } : {}),
      })
      onDone()
    } catch (error) {
      applyServerErrors(error, setError, Object.keys(accountSchema.shape), t('auth.sign_up_failed'))
    }
  })
  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormAlert message={errors.root?.message} />
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        error={message('email', errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.password_hint')}
        error={message('password', errors.password?.message, PASSWORD_BOUNDS)}
        {...register('password')}
      />
      <SelectField
        label={t('fields.currency')}
        error={message('currency', errors.currency?.message)}
        {...register('currency')}
      >
        {(currencies.length ? currencies.map((c) => c.code) : [defaultCurrency]).map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      <CheckField
        label={
          <Trans
            i18nKey="auth.accept_terms"
            components={{ terms: <Link to="/terms-and-conditions" target="_blank" /> }}
          />
        }
        error={message('terms_acceptance', errors.terms_acceptance?.message)}
        {...register('terms_acceptance')}
      />
      <CheckField label={t('auth.receive_promos')} {...register('receive_promos')} />
      <CaptchaStatus state={captcha.state} />
      <Button type="submit" disabled={isSubmitting} block>
        {isSubmitting ? t('auth.creating_account') : t('auth.create_account')}
      </Button>
    </form>
  )
}

/** Steps 2 and 3 (spec §4): the profile form with the personal or the address fields; both may wait. */
function DetailsStep({ fields, onDone }: { fields: readonly ProfileField[]; onDone: () => void }) {
  const { t } = useTranslation()
  const player = usePlayer()
  return (
    <ProfileDetailsForm
      player={player}
      fields={fields}
      context="registration"
      submitLabel={t('auth.continue')}
      onSaved={onDone}
      secondary={
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('auth.later')}
        </Button>
      }
    />
  )
}

function ThankYouStep({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation()
  return (
    <div className={formStyles.form} role="status">
      <p className={styles.thanks}>{t('auth.thanks_title')}</p>
      <p>{t('auth.thanks_text')}</p>
      <ButtonLink to="/" onClick={onDone}>
        {t('auth.start_playing')}
      </ButtonLink>
    </div>
  )
}
