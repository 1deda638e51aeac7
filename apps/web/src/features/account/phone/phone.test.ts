import { describe, expect, it } from 'vitest'
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min'
import { isValidPhone, splitPhone, toE164 } from './phone.ts'
import {
  CALLING_CODES,
  callingCode,
  initialPhoneCountry,
  phoneCountryOptions,
  primaryPhoneOptions,
} from './phone-codes.ts'

describe('phone numbers (spec §5, §9)', () => {
  it('sends the number with a + and the calling code', () => {
    expect(toE164('DE', '0151 2345 678')).toBe('+491512345678')
    expect(toE164('DE', '151 2345678')).toBe('+491512345678')
    expect(toE164('DE', '')).toBe('')
  })

  it('validates real numbers', () => {
    expect(isValidPhone('+491512345678')).toBe(true)
    expect(isValidPhone('+4912')).toBe(false)
  })

  it('splits a stored number for editing', () => {
    expect(splitPhone('+491512345678', 'RU')).toEqual({ country: 'DE', national: '1512345678' })
    expect(splitPhone(null, 'NZ')).toEqual({ country: 'NZ', national: '' })
  })

  it('starts with the player’s country, else the visitor’s, else Russia', () => {
    expect(initialPhoneCountry(null, 'nz')).toBe('NZ')
    expect(initialPhoneCountry('XX', undefined)).toBe('RU')
  })

  it('lists the primary countries first', () => {
    const countries = ['DE', 'AU', 'NL', 'XX', 'RU'].map((code) => ({ code }))
    expect(phoneCountryOptions(countries).map((c) => c.code)).toEqual(['RU', 'NL', 'AU', 'DE'])
  })

  it('lists the primary countries and the chosen one before the player opens the list', () => {
    const options = phoneCountryOptions(['DE', 'AU', 'CA', 'NL', 'RU', 'EE'].map((code) => ({ code })))
    expect(primaryPhoneOptions(options, 'CA').map((c) => c.code)).toEqual(['RU', 'NL', 'AU', 'CA'])
    expect(primaryPhoneOptions(options, 'NL').map((c) => c.code)).toEqual(['RU', 'NL', 'AU'])
    expect(primaryPhoneOptions(options, 'ee').map((c) => c.code)).toEqual(['RU', 'NL', 'AU', 'EE'])
  })

  it('knows the calling code of every country the phone library knows, and only those', () => {
    expect(CALLING_CODES).toEqual(
      Object.fromEntries(getCountries().map((c) => [c, getCountryCallingCode(c)])),
    )
    expect(callingCode('ca')).toBe('1')
    expect(callingCode('XX')).toBe('7')
  })
})
