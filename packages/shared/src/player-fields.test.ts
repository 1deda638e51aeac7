import { describe, expect, it } from 'vitest'
import { dateOfBirthField, dateOfBirthProblem } from './player-fields.ts'

const today = new Date('2026-03-15T10:00:00Z')

describe('date of birth rule (client and api)', () => {
  it('accepts an adult, refuses a minor with the age message', () => {
    expect(dateOfBirthProblem('1991-06-15', today)).toBeNull()
    expect(dateOfBirthProblem('2008-03-15', today)).toBeNull()
    expect(dateOfBirthProblem('2008-03-16', today)).toBe('validation.age')
    expect(dateOfBirthProblem('2026-03-15', today)).toBe('validation.age')
  })

  it('refuses a date in the future or before 1900 as not a real date of birth, not as under 18', () => {
    expect(dateOfBirthProblem('2099-01-01', today)).toBe('validation.birth_date_real')
    expect(dateOfBirthProblem('2026-03-16', today)).toBe('validation.birth_date_real')
    expect(dateOfBirthProblem('1899-12-31', today)).toBe('validation.birth_date_real')
    expect(dateOfBirthProblem('1900-01-01', today)).toBeNull()
  })

  it('gives exactly one message per refused value', () => {
    const field = dateOfBirthField(() => today)
    const messages = (value: string) => field.safeParse(value).error?.issues.map((i) => i.message)
    expect(messages('2099-05-01')).toEqual(['validation.birth_date_real'])
    expect(messages('2010-05-01')).toEqual(['validation.age'])
    expect(messages('15.06.1991')).toEqual(['validation.invalid'])
    expect(field.safeParse('1991-06-15').success).toBe(true)
  })
})
