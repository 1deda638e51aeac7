import {
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min'

/** Spec §9: the phone field's fallback country and the countries listed first. */
export const PHONE_FALLBACK_COUNTRY = 'RU'
export const PHONE_PRIMARY_COUNTRIES = ['RU', 'KZ', 'AZ', 'NL', 'AM', 'AU'] as const

const CALLING_COUNTRIES = new Set<string>(getCountries())

export const hasCallingCode = (country: string): country is CountryCode =>
  CALLING_COUNTRIES.has(country.toUpperCase())

export const callingCode = (country: string): string =>
  hasCallingCode(country) ? getCountryCallingCode(country) : getCountryCallingCode(PHONE_FALLBACK_COUNTRY)

/** The country the field starts with: the player's, else the visitor's, else the fallback. */
export function initialPhoneCountry(...candidates: Array<string | null | undefined>): string {
  const found = candidates.find((c) => c && hasCallingCode(c))
  return (found ?? PHONE_FALLBACK_COUNTRY).toUpperCase()
}

/**
 * Phone numbers are sent with a + prefix (spec §5): calling code and national digits, the
 * national trunk prefix (the 0 of 0151…) dropped where the country's rules know it.
 */
export function toE164(country: string, national: string): string {
  const digits = national.replace(/\D/g, '')
  if (!digits) return ''
  const parsed = hasCallingCode(country) ? parsePhoneNumberFromString(digits, country) : undefined
  return parsed?.number ?? `+${callingCode(country)}${digits}`
}

/** A stored number split into country and national digits, for editing. */
export function splitPhone(
  value: string | null | undefined,
  fallbackCountry: string,
): { country: string; national: string } {
  const parsed = value ? parsePhoneNumberFromString(value) : undefined
  if (parsed?.country) return { country: parsed.country, national: parsed.nationalNumber }
  if (parsed) {
    const country = hasCallingCode(fallbackCountry) ? fallbackCountry : PHONE_FALLBACK_COUNTRY
    return { country, national: parsed.nationalNumber }
  }
  return { country: fallbackCountry, national: '' }
}

export const isValidPhone = (value: string): boolean => isValidPhoneNumber(value)

/** Countries that have a calling code, the primary ones first, the rest in the given (localised) order. */
export function phoneCountryOptions<T extends { code: string }>(countries: readonly T[]): T[] {
  const usable = countries.filter((c) => hasCallingCode(c.code))
  const primary = PHONE_PRIMARY_COUNTRIES.flatMap((code) =>
    usable.filter((c) => c.code.toUpperCase() === code),
  )
  return [...primary, ...usable.filter((c) => !primary.includes(c))]
}
