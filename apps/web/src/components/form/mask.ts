/**
 * Input masks in the notation of spec §5, translated for IMask: `#` a digit, `A` a letter,
 * `N` a letter or digit, `X` any character, `?` makes the next character optional; any
 * other character is typed for the player. Masks come as arrays (the first that fits the
 * input wins) and must not contain the placeholder character.
 */
export const MASK_PLACEHOLDER = '_'

export const MASK_DEFINITIONS = {
  '#': /\d/,
  A: /\p{L}/u,
  N: /[\p{L}\d]/u,
  X: /./u,
} as const

const TOKENS = new Set(Object.keys(MASK_DEFINITIONS))
/** Characters IMask itself treats as special outside our tokens; typed ones are escaped. */
const IMASK_SPECIAL = new Set(['0', 'a', '*', '[', ']', '{', '}', '`', '\\'])

/** One §5 mask as an IMask pattern: optional characters become `[…]` sections. */
export function toImaskPattern(mask: string): string {
  if (mask.includes(MASK_PLACEHOLDER)) {
    throw new Error(`mask "${mask}" contains the placeholder character ${MASK_PLACEHOLDER}`)
  }
  let pattern = ''
  for (let i = 0; i < mask.length; i++) {
    const optional = mask[i] === '?'
    if (optional) i++
    const char = mask[i]
    if (char === undefined) throw new Error(`mask "${mask}" ends with ?`)
    const piece = TOKENS.has(char) ? char : IMASK_SPECIAL.has(char) ? `\\${char}` : char
    pattern += optional ? `[${piece}]` : piece
  }
  return pattern
}

export interface ImaskOptions {
  mask: Array<{ mask: string; definitions: typeof MASK_DEFINITIONS; lazy: boolean }>
}

/** The IMask options for a list of §5 masks (dynamic: IMask picks the one that fits). */
export function imaskOptions(masks: readonly string[]): ImaskOptions {
  if (masks.length === 0) throw new Error('masks must be a non-empty array')
  return {
    mask: masks.map((m) => ({ mask: toImaskPattern(m), definitions: MASK_DEFINITIONS, lazy: true })),
  }
}

/** A mask of `min` to `max` digits in groups of three (`### ### #?#`). */
export function digitsMask(min: number, max: number): string {
  let mask = ''
  for (let i = 0; i < max; i++) mask += `${i && i % 3 === 0 ? ' ' : ''}${i < min ? '' : '?'}#`
  return mask
}

/** National phone numbers: 4 to 14 digits (E.164 allows 15 with the calling code). */
export const PHONE_NUMBER_MASKS = [digitsMask(4, 14)] as const
