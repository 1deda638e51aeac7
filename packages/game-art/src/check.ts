/**
 * A small checker for the SVG this package produces: well-formed XML (balanced tags, quoted and
 * unique attributes, escaped text), one `<svg>` root with the attributes a standalone file needs,
 * and nothing that could load or run something (scripts, foreign objects, images, event handlers,
 * references outside the document). The tests run it on every drawing, and it is cheap enough for
 * a server to run on art it is about to cache.
 */

const NAME = /^[A-Za-z_][\w.-]*$/
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g
const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'image', 'iframe', 'a', 'style', 'use'])

function badAmpersand(text: string): boolean {
  return text.replace(ENTITY, '').includes('&')
}

/** Problems found in `svg`; an empty list means it is well-formed and self-contained. */
export function svgProblems(svg: string): string[] {
  const problems: string[] = []
  const stack: string[] = []
  let roots = 0
  let position = 0

  while (position < svg.length) {
    const open = svg.indexOf('<', position)
    const text = svg.slice(position, open === -1 ? svg.length : open)
    if (text.includes('>')) problems.push(`unescaped ">" in text at ${position}`)
    if (badAmpersand(text)) problems.push(`unescaped "&" in text at ${position}`)
    if (stack.length === 0 && text.trim()) problems.push(`text outside the root element at ${position}`)
    if (open === -1) break

    const close = findTagEnd(svg, open)
    if (close === -1) {
      problems.push(`unterminated tag at ${open}`)
      break
    }
    const tag = svg.slice(open + 1, close)
    position = close + 1

    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim()
      const expected = stack.pop()
      if (expected !== name) problems.push(`</${name}> closes <${expected ?? 'nothing'}> at ${open}`)
      continue
    }
    if (tag.startsWith('!') || tag.startsWith('?')) {
      problems.push(`comment, declaration or processing instruction at ${open}`)
      continue
    }

    const selfClosing = tag.endsWith('/')
    const content = selfClosing ? tag.slice(0, -1) : tag
    const nameMatch = /^[^\s/>]+/.exec(content)
    const name = nameMatch?.[0] ?? ''
    if (!NAME.test(name)) problems.push(`bad element name "${name}" at ${open}`)
    if (FORBIDDEN_ELEMENTS.has(name.toLowerCase())) problems.push(`forbidden element <${name}>`)
    if (stack.length === 0) {
      roots++
      if (name !== 'svg') problems.push(`root element is <${name}>, not <svg>`)
    }

    const attributes = parseAttributes(content.slice(name.length), problems, open)
    for (const [attribute, value] of attributes) {
      if (/^on/i.test(attribute)) problems.push(`event handler ${attribute} on <${name}>`)
      if (/href$/i.test(attribute) && !value.startsWith('#'))
        problems.push(`external reference ${attribute}="${value}"`)
      for (const match of value.matchAll(/url\(([^)]*)\)/g)) {
        if (!match[1]!.startsWith('#')) problems.push(`external url(${match[1]!})`)
      }
    }
    if (stack.length === 0 && name === 'svg') {
      if (attributes.get('xmlns') !== 'http://www.w3.org/2000/svg')
        problems.push('root <svg> without the SVG xmlns')
      for (const required of ['viewBox', 'width', 'height']) {
        if (!attributes.has(required)) problems.push(`root <svg> without ${required}`)
      }
    }
    if (!selfClosing) stack.push(name)
  }

  if (stack.length) problems.push(`unclosed elements: ${stack.join(' > ')}`)
  if (roots !== 1) problems.push(`${roots} root elements`)
  return problems
}

/** The index of the `>` that ends the tag opened at `open`, skipping `>` inside quoted values. */
function findTagEnd(svg: string, open: number): number {
  let quote = ''
  for (let i = open + 1; i < svg.length; i++) {
    const char = svg[i]!
    if (quote) {
      if (char === quote) quote = ''
    } else if (char === '"' || char === "'") {
      quote = char
    } else if (char === '<') {
      return -1
    } else if (char === '>') {
      return i
    }
  }
  return -1
}

function parseAttributes(source: string, problems: string[], at: number): Map<string, string> {
  const attributes = new Map<string, string>()
  const pattern = /\s+([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')|\s+(\S+)/y
  let end = 0
  let match: RegExpExecArray | null
  while ((match = pattern.exec(source))) {
    end = pattern.lastIndex
    if (match[5] !== undefined) {
      problems.push(`malformed attribute "${match[5]}" at ${at}`)
      continue
    }
    const name = match[1]!
    const value = match[3] ?? match[4] ?? ''
    if (!/^[A-Za-z_:][\w:.-]*$/.test(name)) problems.push(`bad attribute name "${name}" at ${at}`)
    if (attributes.has(name)) problems.push(`duplicate attribute ${name} at ${at}`)
    if (value.includes('<')) problems.push(`"<" in attribute ${name} at ${at}`)
    if (badAmpersand(value)) problems.push(`unescaped "&" in attribute ${name} at ${at}`)
    attributes.set(name, value)
  }
  if (source.slice(end).trim())
    problems.push(`unparsed attribute text "${source.slice(end).trim()}" at ${at}`)
  return attributes
}
