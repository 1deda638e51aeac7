import { currencyDefinition, minorToMajor } from '@aurum/shared'

/**
 * CSV exports, the account history's and the audit log's (RFC 4180: comma, CRLF, a field with a comma, quote or line break
 * quoted, quotes doubled), UTF-8 with a byte order mark so spreadsheets read it as UTF-8.
 *
 * Text that comes from data (game titles, payment reasons, seeds) is guarded against formula
 * injection (OWASP "CSV Injection"): a cell starting with = + - @, a tab or a carriage return gets
 * a leading apostrophe, so a spreadsheet shows it as text instead of running it. Amounts and
 * timestamps are written by us and never start with one of those but the minus of a negative
 * amount, which must stay a number.
 */
export const CSV_BOM = '\uFEFF'

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A text cell: formula guard, then quoting. */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return ''
  return quoted(FORMULA_START.test(value) ? `'${value}` : value)
}

/** A cell we wrote ourselves: a number, a decimal amount, an ISO timestamp (quoted only if it must be). */
export function csvValue(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return ''
  return quoted(String(value))
}

/** One record, CRLF-terminated. */
export function csvLine(cells: string[]): string {
  return `${cells.join(',')}\r\n`
}

/** Minor units as a decimal in the currency's units: 12345 EUR → 123.45, 12345 BTC (satoshi) → 0.00012345. */
export function csvAmount(cents: bigint | number | null | undefined, currency: string): string {
  if (cents === null || cents === undefined) return ''
  return minorToMajor(cents, currencyDefinition(currency)?.subunits_to_unit ?? 100)
}

/** An attachment's file name with the day it was made: `aurum-games-history-2026-03-01.csv`. */
export function csvFileName(what: string, now: Date): string {
  return `aurum-${what}-${now.toISOString().slice(0, 10)}.csv`
}
