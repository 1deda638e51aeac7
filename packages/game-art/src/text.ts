/**
 * Title layout without a font engine: SVG text does not wrap, and we cannot measure glyphs when
 * building a string, so widths are estimated from character classes. The estimates follow a wide
 * bold sans (DejaVu Sans Bold, the widest likely fallback of the font stack), so a title that fits
 * by the estimate fits in narrower fonts too.
 */

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' })

/** The user-perceived characters of `text`, so that cutting a title never splits an accent or an emoji. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment)
}

/** Estimated advance of one character in em. */
function charWidth(char: string): number {
  if (char === ' ') return 0.33
  if ("iljI!.,:;|'`".includes(char)) return 0.36
  if ('frt()[]-'.includes(char)) return 0.48
  if ('mwMW@%'.includes(char)) return 1.02
  if (/[0-9]/.test(char)) return 0.7
  if (/[A-Z]/.test(char)) return 0.8
  if (/[a-z]/.test(char)) return 0.68
  // Accented letters, other scripts and symbols: assume the width of a capital.
  return 0.8
}

/** Estimated width of `text` at `size` pixels. */
export function textWidth(text: string, size: number, letterSpacing = 0): number {
  let em = 0
  const chars = graphemes(text)
  for (const char of chars) em += charWidth(char)
  return em * size + letterSpacing * Math.max(0, chars.length - 1)
}

export interface TitleLayout {
  lines: string[]
  size: number
}

/** Cuts `text` with an ellipsis so that it fits `maxWidth` at `size`. */
function truncate(text: string, size: number, maxWidth: number): string {
  const chars = graphemes(text)
  while (chars.length > 1 && textWidth(`${chars.join('').trimEnd()}…`, size) > maxWidth) chars.pop()
  return `${chars.join('').trimEnd()}…`
}

/**
 * One line at the largest size that fits (down to `large * 0.75`), else two lines split at the
 * space that balances them best, shrunk as needed; what still does not fit at `min` is cut with an
 * ellipsis. Long titles therefore stay large and readable instead of shrinking to one tiny line.
 */
export function layoutTitle(title: string, maxWidth: number, large: number, min: number): TitleLayout {
  const text = title.trim().replace(/\s+/g, ' ')
  const oneLine = Math.min(large, maxWidth / Math.max(textWidth(text, 1), 0.01))
  if (oneLine >= large * 0.75) return { lines: [text], size: Math.floor(oneLine) }

  const words = text.split(' ')
  if (words.length > 1) {
    let best: [string, string] = [text, '']
    let bestWidth = Infinity
    for (let i = 1; i < words.length; i++) {
      const first = words.slice(0, i).join(' ')
      const second = words.slice(i).join(' ')
      const width = Math.max(textWidth(first, 1), textWidth(second, 1))
      if (width < bestWidth) {
        bestWidth = width
        best = [first, second]
      }
    }
    const twoLines = Math.min(large * 0.82, maxWidth / bestWidth)
    if (twoLines >= min) return { lines: best, size: Math.floor(twoLines) }
    return {
      lines: best.map((line) => (textWidth(line, min) > maxWidth ? truncate(line, min, maxWidth) : line)),
      size: min,
    }
  }
  if (oneLine >= min) return { lines: [text], size: Math.floor(oneLine) }
  return { lines: [truncate(text, min, maxWidth)], size: min }
}
