import type { Strings } from './types.ts'

export type Vars = Record<string, string | number>

/** Replaces every `{{name}}` by its value; unknown names stay as written, so a gap is visible. */
export function interpolate(template: string, vars: Vars = {}): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  )
}

/** The string at a dotted key (`errors.insufficient_funds`), or undefined. */
export function lookup(strings: Strings, key: string): string | undefined {
  let node: string | Strings | undefined = strings
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** A translator over the boot strings: the key itself when a string is missing. */
export function translator(strings: Strings) {
  return (key: string, vars?: Vars): string => interpolate(lookup(strings, key) ?? key, vars)
}

export type Translate = ReturnType<typeof translator>
