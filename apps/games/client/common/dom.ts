type Child = Node | string | null | undefined | false
type Attrs = Record<string, string | number | boolean | null | undefined>

/**
 * A small element builder: `h('button', { class: 'x', 'aria-label': 'Spin' }, 'Spin')`.
 * Attributes false/null/undefined are left out, true writes an empty attribute; `on*` is not
 * supported on purpose (listeners are added with addEventListener).
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue
    element.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children)
    if (child !== null && child !== undefined && child !== false) element.append(child)
  return element
}

const SVG_NS = 'http://www.w3.org/2000/svg'

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Array<SVGElement | string>
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue
    element.setAttribute(name, value === true ? '' : String(value))
  }
  element.append(...children)
  return element
}

/** An icon from a path list in a 24 × 24 box, hidden from assistive technology. */
export function icon(paths: string): SVGSVGElement {
  const element = svg('svg', {
    viewBox: '0 0 24 24',
    width: 24,
    height: 24,
    'aria-hidden': 'true',
    focusable: 'false',
    class: 'gc-icon',
  })
  for (const d of paths.split('|')) element.append(svg('path', { d }))
  return element
}

export const reducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** A promise with its resolver, to end a wait early (a skip, a stop). */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}
