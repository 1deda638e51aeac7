import { describe, expect, it } from 'vitest'
import { interpolate, lookup, translator } from './i18n.ts'

describe('strings', () => {
  it('interpolates {{name}} placeholders', () => {
    expect(interpolate('You win {{amount}}!', { amount: 'EUR 5.00' })).toBe('You win EUR 5.00!')
    expect(interpolate('{{ a }} and {{b}} and {{a}}', { a: 1, b: 'two' })).toBe('1 and two and 1')
    expect(interpolate('Free spin {{n}} of {{total}}', { n: 3 })).toBe('Free spin 3 of {{total}}')
    expect(interpolate('no placeholders')).toBe('no placeholders')
  })

  it('does not read inherited properties as variables', () => {
    expect(interpolate('{{constructor}}', {})).toBe('{{constructor}}')
  })

  it('looks up dotted keys and falls back to the key', () => {
    const strings = { spin: 'Spin', errors: { insufficient_funds: 'Not enough money ({{need}})' } }
    expect(lookup(strings, 'errors.insufficient_funds')).toBe('Not enough money ({{need}})')
    expect(lookup(strings, 'errors')).toBeUndefined()
    expect(lookup(strings, 'spin.more')).toBeUndefined()
    const t = translator(strings)
    expect(t('spin')).toBe('Spin')
    expect(t('errors.insufficient_funds', { need: 3 })).toBe('Not enough money (3)')
    expect(t('errors.unknown_code')).toBe('errors.unknown_code')
    expect(t('toString')).toBe('toString')
  })
})
