import { describe, expect, it } from 'vitest'
import { displayName, forcedModal, isProfileComplete, missingProfileFields } from './player.ts'

const title = (s: string) => s[0]!.toUpperCase() + s.slice(1)

describe('player rules (spec §3, §5)', () => {
  it('display name: full name, else the e-mail before the at sign, else Visitor; with the status prefix', () => {
    const statuses = [
      { id: 544, name: 'registration_ab_b' },
      { id: 258, name: 'silver' },
    ]
    expect(
      displayName({ first_name: 'Ana', last_name: 'Lind', email: 'a@x.io', statuses }, 'Visitor', title),
    ).toBe('[Silver] Ana Lind')
    expect(
      displayName({ first_name: null, last_name: null, email: 'ana.l@x.io', statuses: [] }, 'Visitor', title),
    ).toBe('ana.l')
    expect(
      displayName({ first_name: null, last_name: null, email: '@x.io', statuses: [] }, 'Visitor', title),
    ).toBe('Visitor')
  })

  it('a profile is incomplete while any of the eight fields is missing', () => {
    const full = {
      mobile_phone: '+4915123456789',
      first_name: 'Ana',
      last_name: 'Lind',
      date_of_birth: '1990-01-01',
      country: 'DE',
      city: 'Berlin',
      address: 'Unter den Linden 1',
      postal_code: '10117',
    }
    expect(isProfileComplete(full)).toBe(true)
    for (const field of Object.keys(full))
      expect(isProfileComplete({ ...full, [field]: null }), field).toBe(false)
  })

  it('lists the missing fields in form order', () => {
    expect(missingProfileFields({ first_name: 'Ana', country: 'DE', city: '' })).toEqual([
      'mobile_phone',
      'last_name',
      'date_of_birth',
      'city',
      'address',
      'postal_code',
    ])
  })

  it('forces the support modal for missing terms, else completion for variant B with fiat', () => {
    const b = [{ id: 544, name: 'registration_ab_b' }]
    const a = [{ id: 543, name: 'registration_ab_a' }]
    expect(forcedModal({ auth_fields_missed: ['terms_acceptance'], statuses: a }, true)).toEqual({
      name: 'support',
      reason: 'terms',
    })
    expect(forcedModal({ auth_fields_missed: [], statuses: b }, true)).toEqual({ name: 'complete-profile' })
    expect(forcedModal({ auth_fields_missed: [], statuses: b }, false)).toBeNull()
    expect(forcedModal({ auth_fields_missed: [], statuses: a }, true)).toBeNull()
    const complete = {
      mobile_phone: '+4915123456789',
      first_name: 'Ana',
      last_name: 'Lind',
      date_of_birth: '1990-01-01',
      country: 'DE',
      city: 'Berlin',
      address: 'Hauptstr. 1',
      postal_code: '10115',
    }
    expect(forcedModal({ auth_fields_missed: [], statuses: b, ...complete }, true)).toBeNull()
  })
})
