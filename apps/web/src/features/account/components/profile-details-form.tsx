import type { ReactNode } from 'react'
import {
  Controller,
  useForm,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form'
import { useTranslation } from '../../../lib/translation.tsx'
import type { UserInfo } from '@aurum/shared'
import { Button } from '../../../components/button/button.tsx'
import { FormAlert, formStyles, SelectField, TextField } from '../../../components/form/field.tsx'
import { useFieldMessage } from '../../../components/form/use-field-message.ts'
import { useServices } from '../../../lib/services.tsx'
import { useCountries } from '../../info/api/get-countries.ts'
import { useUpdatePlayer } from '../api/auth-mutations.ts'
import { fieldErrors } from '../../../lib/http/errors.ts'
import { PhoneField, usePhoneDefaultCountry } from './phone-field.tsx'
import type { ProfileFieldName } from './profile-schema.ts'

/** Puts the server's messages next to their fields; anything else goes to the form's alert. */
export function applyServerErrors<T extends FieldValues>(
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

export type ProfileField = ProfileFieldName
export const PERSONAL_FIELDS: readonly ProfileField[] = [
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'mobile_phone',
]
export const ADDRESS_FIELDS: readonly ProfileField[] = ['country', 'address', 'postal_code', 'city']
/** Set once, then only support can change them (the api refuses it too). */
const LOCKED_ONCE_SET: ReadonlySet<ProfileField> = new Set(['first_name', 'last_name', 'date_of_birth'])

type Values = Partial<Record<ProfileField, string>>

const loadSchema = () => import('./profile-schema.ts')

/** Validates with the rules of profile-schema.ts, loaded the first time they are needed. */
const lazyResolver =
  (fields: readonly ProfileField[]): Resolver<Values> =>
  async (...args) =>
    (await loadSchema()).profileResolver<Values>(fields)(...args)

const BOUNDS: Partial<Record<ProfileField, Record<string, number>>> = {
  first_name: { max: 64 },
  last_name: { max: 64 },
  address: { max: 256 },
  postal_code: { min: 2, max: 16 },
  city: { max: 128 },
}

interface ProfileDetailsFormProps {
  player: UserInfo | null
  fields: readonly ProfileField[]
  /** PATCH /api/player context (api-shapes §2.4). */
  context: 'registration' | 'edition' | 'deposit' | 'cashout'
  submitLabel: string
  onSaved: (player: UserInfo) => void
  /** A second action next to submit (Later, Cancel). */
  secondary?: ReactNode
}

/**
 * Profile details as one form for every place that asks for them: the sign-up steps, the
 * profile page and the complete-profile modal. Name and date of birth show as text once set.
 */
export function ProfileDetailsForm({
  player,
  fields,
  context,
  submitLabel,
  onSaved,
  secondary,
}: ProfileDetailsFormProps) {
  const { t } = useTranslation()
  const { env } = useServices()
  const fieldMessage = useFieldMessage()
  const countries = useCountries().data ?? []
  const update = useUpdatePlayer()
  const locked = fields.filter((f) => LOCKED_ONCE_SET.has(f) && player?.[f])
  const editable = fields.filter((f) => !locked.includes(f))
  const defaults: Values = Object.fromEntries(
    editable.map((f) => [f, player?.[f] ?? (f === 'country' ? (env.country ?? '') : '')]),
  )
  const phoneCountry = usePhoneDefaultCountry(player?.country)
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: lazyResolver(editable),
    mode: 'onTouched',
    defaultValues: defaults,
  })
  /**
   * A registered field with its saved value in the markup too: react-hook-form fills inputs from
   * their refs, which the server render never runs, so without it a direct load would show them
   * empty until hydration.
   */
  const field = (f: ProfileField) => ({ ...register(f), defaultValue: defaults[f] })
  const has = (f: ProfileField) => editable.includes(f)
  const message = (f: ProfileField) => fieldMessage(f, errors[f]?.message, BOUNDS[f])
  const onSubmit = handleSubmit(async (values) => {
    try {
      onSaved(await update.mutateAsync({ context, player: values }))
    } catch (error) {
      applyServerErrors(error, setError, editable, t('auth.save_failed'))
    }
  })
  const text = (f: ProfileField, autoComplete: string) =>
    has(f) && (
      <TextField label={t(`fields.${f}`)} autoComplete={autoComplete} error={message(f)} {...field(f)} />
    )

  return (
    <form
      className={formStyles.form}
      onSubmit={(e) => void onSubmit(e)}
      // The rules arrive while the player fills the form in, before the first validation needs them.
      onFocus={() => void loadSchema()}
      noValidate
    >
      <FormAlert message={errors.root?.message} />
      {locked.length > 0 && (
        <div className={formStyles.facts}>
          <dl>
            {locked.map((f) => (
              <div key={f}>
                <dt>{t(`fields.${f}`)}</dt>
                <dd>{player?.[f]}</dd>
              </div>
            ))}
          </dl>
          <p className={formStyles.hint}>{t('profile.locked_hint')}</p>
        </div>
      )}
      {(has('first_name') || has('last_name')) && (
        <div className={formStyles.row}>
          {text('first_name', 'given-name')}
          {text('last_name', 'family-name')}
        </div>
      )}
      {(has('date_of_birth') || has('gender')) && (
        <div className={formStyles.row}>
          {has('date_of_birth') && (
            <TextField
              label={t('fields.date_of_birth')}
              type="date"
              autoComplete="bday"
              error={message('date_of_birth')}
              {...field('date_of_birth')}
            />
          )}
          {has('gender') && (
            <SelectField label={t('fields.gender')} {...field('gender')}>
              <option value="">{t('auth.gender_unspecified')}</option>
              <option value="f">{t('auth.gender_f')}</option>
              <option value="m">{t('auth.gender_m')}</option>
            </SelectField>
          )}
        </div>
      )}
      {has('mobile_phone') && (
        <Controller
          control={control}
          name="mobile_phone"
          render={({ field }) => (
            <PhoneField
              label={t('fields.mobile_phone')}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              defaultCountry={phoneCountry}
              error={message('mobile_phone')}
            />
          )}
        />
      )}
      {has('country') && (
        // Controlled: the value is chosen again whenever the options change, so a list that
        // arrives after the form (or after hydration) still shows the saved country.
        <Controller
          control={control}
          name="country"
          render={({ field: country }) => (
            <SelectField
              label={t('fields.country')}
              autoComplete="country"
              error={message('country')}
              name={country.name}
              ref={country.ref}
              value={country.value ?? ''}
              onChange={country.onChange}
              onBlur={country.onBlur}
            >
              <option value="">{t('auth.choose_country')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </SelectField>
          )}
        />
      )}
      {text('address', 'street-address')}
      {(has('postal_code') || has('city')) && (
        <div className={formStyles.row}>
          {text('postal_code', 'postal-code')}
          {text('city', 'address-level2')}
        </div>
      )}
      <div className={formStyles.actions}>
        {secondary ?? <span />}
        <Button type="submit" disabled={update.isPending || editable.length === 0}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
