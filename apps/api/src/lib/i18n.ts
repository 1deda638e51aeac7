import fs from 'node:fs'
import path from 'node:path'
import { LOCALES, translate, type Locale, type Messages } from '@aurum/shared'

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../../packages/shared/src/locales')

/** The same bundles the web app uses, so api messages are translated wherever the interface is. */
const bundles: Partial<Record<Locale, Messages>> = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${l}.json`), 'utf8')) as Messages,
  ]),
)

export function t(locale: Locale, key: string, vars?: Record<string, string | number>): string {
  return translate(bundles, locale, key, vars)
}
