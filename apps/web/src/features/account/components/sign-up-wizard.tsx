import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { z } from 'zod'
import { defaultCurrencyFor, STAG_STORAGE_KEY } from '@aurum/shared'
import { Button, ButtonLink } from '../../../components/button/button.tsx'
import { CheckField, FormAlert, formStyles, SelectField, TextField } from '../../../components/form/field.tsx'
import { useFieldMessage } from '../../../components/form/use-field-message.ts'
import { RadialProgress } from '../../../components/radial-progress/radial-progress.tsx'
import { useServices } from '../../../lib/services.tsx'
import { useCountries } from '../../info/api/get-countries.ts'
import { useCurrencies } from '../../info/api/get-currencies.ts'
import { fieldErrors, useSignUp, useUpdatePlayer } from '../api/auth-mutations.ts'
import styles from './sign-up-wizard.module.css'

const STEPS = 4

/** Puts the server's messages next to their fields; anything else goes to the form's alert. */
function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fallback: string,
) {
  const errs = fieldErrors(error)
  let shown = false
  for (const [field, messages] of Object.entries(errs ?? {})) {
    if (fields.includes(field)) {
      setError(field as Path<T>, { message: messages[0] })
      shown = true
    }
  }
  if (!shown) setError('root', { message: errs?.base?.[0] ?? Object.values(errs ?? {})[0]?.[0] ?? fallback })
}

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
      {step === 2 && <PersonalStep onDone={next} />}
      {step === 3 && <AddressStep onDone={next} />}
      {step === 4 && <ThankYouStep onDone={onDone} />}
    </div>
  )
}

const accountSchema = z.object({
  email: z.email('validation.email'),
  password: z.string().min(8, 'validation.too_short').max(128, 'validation.too_long'),
  currency: z.string().min(3),
  terms_acceptance: z.literal(true, 'validation.terms_required'),
  receive_promos: z.boolean(),
})
type AccountValues = z.infer<typeof accountSchema>

function AccountStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const { env } = useServices()
  const message = useFieldMessage()
  const currencies = useCurrencies().data ?? []
  const signUp = useSignUp()
  const defaultCurrency = defaultCurrencyFor(env.country)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AccountValues>({
    resolver: zodResolver(accountSchema),
    mode: 'onTouched',
    defaultValues: { currency: defaultCurrency, receive_promos: false },
  })
  const onSubmit = handleSubmit(async (values) => {
    try {
      const stag = typeof localStorage === 'undefined' ? null : localStorage.getItem(STAG_STORAGE_KEY)
      await signUp.mutateAsync({
        ...values,
        ...(stag ? { stag } : {}),
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
        error={message('password', errors.password?.message, { min: 8, max: 128 })}
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
      <Button type="submit" disabled={signUp.isPending} block>
        {signUp.isPending ? t('auth.creating_account') : t('auth.create_account')}
      </Button>
    </form>
  )
}

const personalSchema = z.object({
  first_name: z.string().trim().min(1, 'validation.required').max(64, 'validation.too_long'),
  last_name: z.string().trim().min(1, 'validation.required').max(64, 'validation.too_long'),
  date_of_birth: z.iso.date('validation.invalid'),
  // The select's empty choice means not given.
  gender: z
    .enum(['m', 'f', ''])
    .optional()
    .transform((g) => g || undefined),
  mobile_phone: z.string().regex(/^\+?[1-9][\d ]{6,17}$/, 'validation.phone'),
})
type PersonalValues = z.input<typeof personalSchema>

function PersonalStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const message = useFieldMessage()
  const update = useUpdatePlayer()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PersonalValues, unknown, z.output<typeof personalSchema>>({
    resolver: zodResolver(personalSchema),
    mode: 'onTouched',
  })
  const onSubmit = handleSubmit(async (values) => {
    try {
      // Phone numbers are sent with a + prefix (spec §5).
      const phone = `+${values.mobile_phone.replace(/[^\d]/g, '')}`
      await update.mutateAsync({ context: 'registration', player: { ...values, mobile_phone: phone } })
      onDone()
    } catch (error) {
      applyServerErrors(error, setError, Object.keys(personalSchema.shape), t('auth.save_failed'))
    }
  })
  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormAlert message={errors.root?.message} />
      <div className={formStyles.row}>
        <TextField
          label={t('fields.first_name')}
          autoComplete="given-name"
          error={message('first_name', errors.first_name?.message, { max: 64 })}
          {...register('first_name')}
        />
        <TextField
          label={t('fields.last_name')}
          autoComplete="family-name"
          error={message('last_name', errors.last_name?.message, { max: 64 })}
          {...register('last_name')}
        />
      </div>
      <div className={formStyles.row}>
        <TextField
          label={t('fields.date_of_birth')}
          type="date"
          autoComplete="bday"
          error={message('date_of_birth', errors.date_of_birth?.message)}
          {...register('date_of_birth')}
        />
        <SelectField label={t('fields.gender')} {...register('gender')}>
          <option value="">{t('auth.gender_unspecified')}</option>
          <option value="f">{t('auth.gender_f')}</option>
          <option value="m">{t('auth.gender_m')}</option>
        </SelectField>
      </div>
      <TextField
        label={t('fields.mobile_phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+49 151 2345678"
        error={message('mobile_phone', errors.mobile_phone?.message)}
        {...register('mobile_phone')}
      />
      <div className={formStyles.actions}>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('auth.later')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {t('auth.continue')}
        </Button>
      </div>
    </form>
  )
}

const addressSchema = z.object({
  country: z.string().length(2, 'validation.required'),
  city: z.string().trim().min(1, 'validation.required').max(128, 'validation.too_long'),
  address: z.string().trim().min(1, 'validation.required').max(256, 'validation.too_long'),
  postal_code: z.string().trim().min(2, 'validation.too_short').max(16, 'validation.too_long'),
})
type AddressValues = z.infer<typeof addressSchema>

function AddressStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const { env } = useServices()
  const message = useFieldMessage()
  const countries = useCountries().data ?? []
  const update = useUpdatePlayer()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddressValues>({
    resolver: zodResolver(addressSchema),
    mode: 'onTouched',
    defaultValues: { country: env.country ?? '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ context: 'registration', player: values })
      onDone()
    } catch (error) {
      applyServerErrors(error, setError, Object.keys(addressSchema.shape), t('auth.save_failed'))
    }
  })
  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormAlert message={errors.root?.message} />
      <SelectField
        label={t('fields.country')}
        autoComplete="country"
        error={message('country', errors.country?.message)}
        {...register('country')}
      >
        <option value="">{t('auth.choose_country')}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('fields.address')}
        autoComplete="street-address"
        error={message('address', errors.address?.message, { max: 256 })}
        {...register('address')}
      />
      <div className={formStyles.row}>
        <TextField
          label={t('fields.postal_code')}
          autoComplete="postal-code"
          error={message('postal_code', errors.postal_code?.message, { min: 2, max: 16 })}
          {...register('postal_code')}
        />
        <TextField
          label={t('fields.city')}
          autoComplete="address-level2"
          error={message('city', errors.city?.message, { max: 128 })}
          {...register('city')}
        />
      </div>
      <div className={formStyles.actions}>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('auth.later')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {t('auth.continue')}
        </Button>
      </div>
    </form>
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
