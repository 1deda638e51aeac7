import { COUNTRY_CURRENCIES, DEFAULT_CURRENCY } from './currencies.ts'

/**
 * Money in CMS text (pages, snippets, banners, SEO meta) is written as a token, `{{amount:500}}`:
 * 500 whole units of the reference currency, EUR. The web app renders it in the visitor's currency
 * (see `cmsCurrency`), formatted for the page's language, so a Canadian reads "$500" and a German
 * "500 €" from the same text.
 */
export const CMS_REFERENCE_CURRENCY = 'EUR'

/**
 * Marketing amounts are nominal, not converted at a rate: a C$500 offer is advertised next to a
 * €500 one. Each currency's multiple of the reference amount is a round figure.
 */
export const CMS_NOMINAL: Readonly<Record<string, number>> = {
  EUR: 1,
  USD: 1,
  CAD: 1,
  AUD: 1,
  NZD: 1,
  PLN: 4,
  BRL: 5,
  NOK: 10,
  JPY: 100,
  RUB: 100,
  INR: 100,
  KZT: 500,
}

/** A token as written: `{{amount:` whole units `}}`, spaces tolerated inside the braces. */
const TOKEN_SOURCE = String.raw`\{\{\s*amount\s*:\s*(\d{1,9})\s*\}\}`
const TOKEN = new RegExp(TOKEN_SOURCE, 'g')
const WHOLE_TOKEN = new RegExp(`^${TOKEN_SOURCE}$`)
/** Anything that looks like it was meant as a token, well-formed or not. */
const TOKEN_LIKE = /\{\{[^}]*\}\}?/g

/**
 * The currency CMS amounts are shown in: the signed-in player's currency, else the default currency
 * of the visitor's country, else EUR. A crypto player sees their country's fiat default: a
 * marketing figure in µBTC would mean nothing.
 */
export function cmsCurrency(
  playerCurrency: string | null | undefined,
  country: string | null | undefined,
): string {
  if (playerCurrency && CMS_NOMINAL[playerCurrency] !== undefined) return playerCurrency
  const countryCurrency = country ? COUNTRY_CURRENCIES[country.toUpperCase()] : undefined
  if (countryCurrency && CMS_NOMINAL[countryCurrency] !== undefined) return countryCurrency
  return DEFAULT_CURRENCY
}

/** `units` of the reference currency as the nominal amount in `currency`, formatted for `locale`. */
export function formatCmsAmount(units: number, currency: string, locale: string): string {
  const nominal = CMS_NOMINAL[currency]
  const [code, factor] = nominal === undefined ? [CMS_REFERENCE_CURRENCY, 1] : [currency, nominal]
  return cmsAmountFormat(locale, code).format(units * factor)
}

/**
 * One formatter per language and currency for the process (building one costs about as much as a
 * tenth of a server render, and every page's offer button formats an amount). `locale` is a
 * language the site serves, `code` a currency of `CMS_NOMINAL` or the reference one: a few dozen.
 */
const cmsAmountFormats = new Map<string, Intl.NumberFormat>()
function cmsAmountFormat(locale: string, code: string): Intl.NumberFormat {
  const key = `${locale}|${code}`
  let format = cmsAmountFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'symbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    })
    if (cmsAmountFormats.size < 200) cmsAmountFormats.set(key, format)
  }
  return format
}

/** CMS text with every amount token rendered in `currency` for `locale`. Text without tokens is returned as is. */
export function renderCmsText(text: string, currency: string, locale: string): string {
  if (!text.includes('{{')) return text
  return text.replace(TOKEN, (_, units: string) => formatCmsAmount(Number(units), currency, locale))
}

/**
 * Problems with the amount tokens of a CMS text: a token that does not parse, and money written
 * literally (a currency sign or code next to a figure) instead of as a token.
 */
export function cmsTextProblems(text: string): string[] {
  const problems: string[] = []
  for (const match of text.matchAll(TOKEN_LIKE)) {
    if (!WHOLE_TOKEN.test(match[0])) problems.push(`malformed token ${match[0]}`)
  }
  const literal =
    /(?:[€$£¥]|\b(?:EUR|USD|CAD|AUD|NZD|NOK|JPY|kr)\b)\s?\d[\d.,]*|\d[\d.,\u00a0\u202f ]*\s?(?:[€$£¥]|\b(?:EUR|USD|CAD|AUD|NZD|NOK|JPY)\b)/
  const found = literal.exec(text.replace(TOKEN, ''))
  if (found) problems.push(`literal amount "${found[0]}"`)
  return problems
}
