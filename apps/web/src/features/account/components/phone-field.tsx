import {
  startTransition,
  use,
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useRef,
  useState,
  type InputHTMLAttributes,
} from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { formStyles } from '../../../components/form/field.tsx'
import { imaskOptions, PHONE_NUMBER_MASKS } from '../../../components/form/mask.ts'
import { useServices } from '../../../lib/services.tsx'
import { useCountries } from '../../info/api/get-countries.ts'
import { useServerData } from '../../info/api/get-server-data.ts'
import {
  callingCode,
  initialPhoneCountry,
  phoneCountryOptions,
  primaryPhoneOptions,
} from '../phone/phone-codes.ts'

type PhoneLib = typeof import('../phone/phone.ts')

/** phone.ts (the phone-number library, 29 KB gzipped), once loaded. */
let loaded: PhoneLib | undefined
let loading: Promise<PhoneLib> | undefined
export function loadPhoneLib(): Promise<PhoneLib> {
  loading ??= import('../phone/phone.ts').then((lib) => (loaded = lib))
  return loading
}

/**
 * Hands the form the number (spec §5: + prefix, calling code, national digits), or '' while there
 * are no digits; once the library is there (it is asked for when the player comes to the field).
 */
function sendNumber(country: string, digits: string, send: (value: string) => void) {
  if (!digits.replace(/\D/g, '')) return send('')
  if (loaded) return send(loaded.toE164(country, digits))
  void loadPhoneLib().then((loaded) => send(loaded.toE164(country, digits)))
}

const MASK = imaskOptions(PHONE_NUMBER_MASKS)

type IMaskFactory = typeof import('react-imask').IMask
let imaskLoading: Promise<IMaskFactory> | undefined
const loadIMask = () => (imaskLoading ??= import('react-imask').then((m) => m.IMask))

type NationalNumberInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange'
> & {
  /** The national digits. */
  value: string
  /** The player came to the field: the mask is wanted. */
  armed: boolean
  onAccept: (digits: string) => void
}

/**
 * The national number under its digit mask (IMask, 16 KB gzipped, no longer loaded with the page):
 * the mask attaches to the input once the player comes to the field, or at once when there is a
 * number to show; until then the same input, unmasked. Digits typed before it attaches are masked
 * (and handed on) when it does. The markup is the one react-imask's IMaskInput rendered.
 */
function NationalNumberInput({ value, armed, onAccept, ...input }: NationalNumberInputProps) {
  const ref = useRef<HTMLInputElement>(null)
  const accept = useEffectEvent(onAccept)
  const current = useEffectEvent(() => value)
  const attach = armed || value !== ''
  useEffect(() => {
    if (!attach) return
    let cancelled = false
    let mask: ReturnType<IMaskFactory> | undefined
    void loadIMask().then((IMask) => {
      const element = ref.current
      if (cancelled || !element) return
      const typed = element.value
      const attached = IMask(element, MASK as never)
      mask = attached
      if (typed) {
        if (attached.unmaskedValue !== current()) accept(attached.unmaskedValue)
      } else if (current()) attached.unmaskedValue = current()
      attached.on('accept', () => accept(attached.unmaskedValue))
    })
    return () => {
      cancelled = true
      mask?.destroy()
    }
  }, [attach])
  return <input ref={ref} {...input} defaultValue="" />
}

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
 * The whole list of calling codes once the player goes to the select (pointer, touch or keyboard
 * focus), else once the browser is idle after hydration: until then (the server's markup and the
 * hydration) only the primary countries and the chosen one. Half of a profile page's markup was
 * the ~250 options nobody had opened yet (parsed, styled and hydrated before the first paint and
 * the page's first input); the chosen option shows the same either way, so nothing moves.
 */
function useFullList(): [boolean, () => void] {
  const [full, setFull] = useState(false)
  useEffect(() => {
    if (full) return
    const expand = () => startTransition(() => setFull(true))
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(expand)
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(expand, 1000)
    return () => clearTimeout(id)
  }, [full])
  return [full, () => setFull(true)]
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
  const [full, showFull] = useFullList()
  const [armed, setArmed] = useState(false)
  const goTo = () => {
    showFull()
    setArmed(true)
    void loadPhoneLib()
  }
  // A number to edit needs the library from the first render (a stored number's country is its
  // metadata's to tell); an empty field loads it once the player goes to it.
  const lib = value ? (loaded ?? use(loadPhoneLib())) : loaded
  const initial = useMemo(
    () => (value && lib ? lib.splitPhone(value, defaultCountry) : { country: defaultCountry, national: '' }),
    [lib, value, defaultCountry],
  )
  // Until the player picks a code or types a number, the code follows the default: a country
  // saved or detected after the form appeared (the details card, serverdata) is taken up.
  const [chosen, setChosen] = useState<string | null>(value ? initial.country : null)
  const country = chosen ?? defaultCountry
  const [national, setNational] = useState(initial.national)
  const listed = full ? options : primaryPhoneOptions(options, country)
  const describedBy = error ? `${id}-error` : undefined
  return (
    <fieldset className={formStyles.group} onFocus={goTo} onPointerDown={goTo}>
      <legend className={formStyles.legend}>{label}</legend>
      <div className={formStyles.inline}>
        <select
          aria-label={t('fields.calling_code')}
          value={country}
          onChange={(e) => {
            setChosen(e.target.value)
            sendNumber(e.target.value, national, onChange)
          }}
        >
          {options.length === 0 && <option value={country}>{`+${callingCode(country)}`}</option>}
          {listed.map((c) => (
            // One text node per option (not four with React's separators between them).
            <option key={c.code} value={c.code.toUpperCase()}>
              {`${c.name} (+${callingCode(c.code)})`}
            </option>
          ))}
        </select>
        <NationalNumberInput
          id={id}
          name={name}
          aria-label={t('fields.phone_number')}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={describedBy}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={national}
          armed={armed}
          onAccept={(digits: string) => {
            setNational(digits)
            if (digits) setChosen(country)
            sendNumber(country, digits, onChange)
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
