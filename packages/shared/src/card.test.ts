import { describe, expect, it } from 'vitest'
import { expiryMessageKey, expiryProblem, maskExpiry } from './card.ts'

describe('the card expiry date (spec §5)', () => {
  it('is masked as MM/YY while typing', () => {
    expect(maskExpiry('1230')).toBe('12/30')
    expect(maskExpiry('12/30')).toBe('12/30')
    expect(maskExpiry('1')).toBe('1')
    expect(maskExpiry('12', '1')).toBe('12/')
    expect(maskExpiry('12/3', '12/')).toBe('12/3')
    // No month starts with 2 to 9: the month gets its 0.
    expect(maskExpiry('4')).toBe('04/')
    expect(maskExpiry('12345')).toBe('12/34')
    expect(maskExpiry('ab12cd30')).toBe('12/30')
    // Like every mask of the spec, it applies only when text is added: the slash can be deleted.
    expect(maskExpiry('12', '12/')).toBe('12')
  })

  it('refuses a month outside 01–12 as soon as it is typed, and a past or incomplete date', () => {
    const now = new Date('2026-05-15T12:00:00Z')
    expect(expiryProblem('13/', now, false)).toBe('month')
    expect(expiryProblem('00/30', now)).toBe('month')
    expect(expiryProblem('1', now, false)).toBeUndefined()
    expect(expiryProblem('12/3', now, false)).toBeUndefined()
    expect(expiryProblem('12/3', now)).toBe('format')
    expect(expiryProblem('04/26', now)).toBe('past')
    // A card is valid to the end of its month.
    expect(expiryProblem('05/26', now)).toBeUndefined()
    expect(expiryProblem(maskExpiry('1230'), now)).toBeUndefined()
    expect(expiryMessageKey('format')).toBe('validation.card_expiry')
    expect(expiryMessageKey('month')).toBe('validation.card_expiry_month')
  })
})
