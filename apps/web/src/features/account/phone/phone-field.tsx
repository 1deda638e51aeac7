import { useId, useMemo, useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { IMaskInput } from 'react-imask'
import { formStyles } from '../../../components/form/field.tsx'
import { imaskOptions, PHONE_NUMBER_MASKS } from '../../../components/form/mask.ts'
import { useServices } from '../../../lib/services.tsx'
import { useCountries } from '../../info/api/get-countries.ts'
import { useServerData } from '../../info/api/get-server-data.ts'
import { callingCode, initialPhoneCountry, phoneCountryOptions, splitPhone, toE164 } from './phone.ts'

const MASK = imaskOptions(PHONE_NUMBER_MASKS)

interface PhoneFieldProps {
  label: string
  /** The number with its + prefix, or '' (spec §5). */
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  /** The country the calling code starts with when there is no number yet. */
  defaultCountry: string
  error?: string
  name?: string
}

/**
 * The calling code a phone field starts with (spec §9): the player's country, else the country we
 * detected for the visitor (the request's, as rendered, else as /json-api/serverdata says), and the
 * fallback only when neither is known.
 */
export function usePhoneDefaultCountry(playerCountry: string | null | undefined): string {
  const { env } = useServices()
  const detected = useServerData().data?.country
  return initialPhoneCountry(playerCountry, env.country, detected)
}

/**
 * A phone number as a calling code (primary countries first, spec §9) and the national
 * number under a digit mask; the form gets the full number with its + prefix.
 */
export function PhoneField({ label, value, onChange, onBlur, defaultCountry, error, name }: PhoneFieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const countries = useCountries().data
  const options = useMemo(() => phoneCountryOptions(countries ?? []), [countries])
  const initial = useMemo(() => splitPhone(value, defaultCountry), [value, defaultCountry])
  // Until the player picks a code or types a number, the code follows the default: a country
  // saved or detected after the form appeared (the details card, serverdata) is taken up.
  const [chosen, setChosen] = useState<string | null>(value ? initial.country : null)
  const country = chosen ?? defaultCountry
  const [national, setNational] = useState(initial.national)
  const describedBy = error ? `${id}-error` : undefined
  return (
    <fieldset className={formStyles.group}>
      <legend className={formStyles.legend}>{label}</legend>
      <div className={formStyles.inline}>
        <select
          aria-label={t('fields.calling_code')}
          value={country}
          onChange={(e) => {
            setChosen(e.target.value)
            onChange(toE164(e.target.value, national))
          }}
        >
          {options.length === 0 && <option value={country}>+{callingCode(country)}</option>}
          {options.map((c) => (
            <option key={c.code} value={c.code.toUpperCase()}>
              {c.name} (+{callingCode(c.code)})
            </option>
          ))}
        </select>
        <IMaskInput
          {...MASK}
          id={id}
          name={name}
          aria-label={t('fields.phone_number')}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={describedBy}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={national}
          unmask
          onAccept={(digits: string) => {
            setNational(digits)
            if (digits) setChosen(country)
            onChange(toE164(country, digits))
          }}
          onBlur={onBlur}
        />
      </div>
      {error && (
        <p id={describedBy} className={formStyles.error}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
