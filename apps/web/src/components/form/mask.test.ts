import IMask from 'imask'
import { describe, expect, it } from 'vitest'
import { digitsMask, imaskOptions, PHONE_NUMBER_MASKS, toImaskPattern } from './mask.ts'

/** Types `text` into a mask built from §5 masks, as a player would. */
function typeInto(masks: readonly string[], text: string) {
  const masked = IMask.createMask(imaskOptions(masks))
  masked.resolve(text)
  return { value: masked.value, complete: masked.isComplete, unmasked: masked.unmaskedValue }
}

describe('input masks (spec §5)', () => {
  it('translates tokens, optional characters and literals', () => {
    expect(toImaskPattern('##/##')).toBe('##/##')
    expect(toImaskPattern('AN-X?#')).toBe('AN-X[#]')
    // IMask's own specials typed by the player are escaped, so they stay literal.
    expect(toImaskPattern('0#a')).toBe('\\0#\\a')
  })

  it('refuses masks with the placeholder character', () => {
    expect(() => toImaskPattern('##_##')).toThrow(/placeholder/)
    expect(() => imaskOptions([])).toThrow(/non-empty/)
    expect(() => toImaskPattern('##?')).toThrow(/ends with/)
  })

  it('accepts digits for #, letters for A and refuses the rest', () => {
    expect(typeInto(['##-##'], '12ab34').value).toBe('12-34')
    expect(typeInto(['AA ##'], '1x2y34').value).toBe('xy 34')
    expect(typeInto(['NNN'], 'a-1b').value).toBe('a1b')
    expect(typeInto(['X#'], '*5').value).toBe('*5')
  })

  it('makes the character after ? optional', () => {
    expect(typeInto(['###?#'], '123').complete).toBe(true)
    expect(typeInto(['###?#'], '1234').value).toBe('1234')
    expect(typeInto(['###?#'], '12').complete).toBe(false)
    expect(digitsMask(4, 7)).toBe('### #?#?# ?#')
  })

  it('formats national phone numbers and keeps only digits unmasked', () => {
    const typed = typeInto(PHONE_NUMBER_MASKS, '1701234567')
    expect(typed.value).toBe('170 123 456 7')
    expect(typed.complete).toBe(true)
    expect(typeInto(PHONE_NUMBER_MASKS, '170').complete).toBe(false)
    expect(typed.unmasked).toBe('1701234567')
    expect(typeInto(PHONE_NUMBER_MASKS, '170-123 456 789 012 345').unmasked).toBe('17012345678901')
  })

  it('picks the first mask of an array that fits the input', () => {
    const masks = ['##.##', '##.##.####']
    expect(typeInto(masks, '1203').value).toBe('12.03')
    expect(typeInto(masks, '12031990').value).toBe('12.03.1990')
  })
})
