import { contrastRatio, hsl } from './color.ts'
import { graphemes, textWidth } from './text.ts'
import { FONT_STACK, escapeXml, hash, num, svgDocument } from './svg.ts'

/** Initials for the monogram: the first letters of the first two words ("Golden Fox" → "GF"). */
function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean)
  const letters = words.slice(0, 2).map((word) => graphemes(word)[0] ?? '')
  return (letters.join('') || '?').toUpperCase()
}

/**
 * A studio's wordmark badge: a monogram disc and the studio name, with the game title as a small
 * second line. The colour comes from the studio name alone, so all of a studio's games carry the
 * same colour; the title only adds the subline.
 */
export function studioLogoSvg(studio: string, title: string): string {
  const name = studio.trim() || 'Studio'
  const sub = title.trim()
  const hue = hash(name.toLowerCase()) % 360
  // Yellows and greens are light at any given lightness: darken until white text reads on it.
  let lightness = 0.38
  while (contrastRatio('#ffffff', hsl(hue, 0.62, lightness)) < 4.5) lightness -= 0.02
  const base = hsl(hue, 0.62, lightness)
  const light = hsl(hue + 25, 0.7, lightness + 0.12)
  const text = '#ffffff'
  const nameSize = 22
  const subSize = 11
  const label = name.toUpperCase()
  const textStart = 64
  const nameWidth = Math.min(textWidth(label, nameSize, 1), 360)
  const subChars = graphemes(sub)
  const subLine = subChars.length > 40 ? `${subChars.slice(0, 39).join('').trimEnd()}…` : sub
  const width = Math.ceil(Math.max(textStart + nameWidth, textStart + textWidth(subLine, subSize)) + 20)
  const height = 64
  const id = `l${hash(`${name}|${sub}`).toString(36)}`
  const body =
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${base}"/></linearGradient></defs>` +
    `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="${height / 2 - 1}" fill="${base}" stroke="${light}" stroke-width="2"/>` +
    `<circle cx="32" cy="32" r="24" fill="url(#${id})" stroke="#ffffff" stroke-opacity=".8" stroke-width="2"/>` +
    `<text x="32" y="39" font-family="${FONT_STACK}" font-size="${initials(name).length > 1 ? 18 : 22}" font-weight="900" text-anchor="middle" fill="${text}">${escapeXml(initials(name))}</text>` +
    `<text x="${textStart}" y="${subLine ? 32 : 40}" font-family="${FONT_STACK}" font-size="${nameSize}" font-weight="900" letter-spacing="1" fill="${text}"${textWidth(label, nameSize, 1) > 360 ? ` textLength="${num(nameWidth)}" lengthAdjust="spacingAndGlyphs"` : ''}>${escapeXml(label)}</text>` +
    (subLine
      ? `<text x="${textStart}" y="49" font-family="${FONT_STACK}" font-size="${subSize}" font-weight="600" fill="${text}" opacity=".85">${escapeXml(subLine)}</text>`
      : '')
  return svgDocument(width, height, `0 0 ${width} ${height}`, `${name}${sub ? `: ${sub}` : ''}`, body)
}
