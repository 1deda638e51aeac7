import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'
import { callingCode, hasCallingCode, PHONE_FALLBACK_COUNTRY } from './phone-codes.ts'

/**
 * Parsing and validation of phone numbers (libphonenumber-js and its metadata): loaded by a phone
 * field once the player goes to it, and by the forms when they validate.
 */

/**
 * Phone numbers are sent with a + prefix (spec §5): calling code and national digits, the
 * national trunk prefix (the 0 of 0151…) dropped where the country's rules know it.
 */
export function toE164(country: string, national: string): string {
  const digits = national.replace(/\D/g, '')
  if (!digits) return ''
  const parsed = hasCallingCode(country)
    ? parsePhoneNumberFromString(digits, country as CountryCode)
    : undefined
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
