import { defaultLocaleFor, localePrefix, toLocale, type Locale } from '@aurum/shared'

export const GUEST_BASE = '/guest'

export type ParsedLocation =
  | { redirect: string }
  | { redirect?: undefined; locale: Locale; defaultLocale: Locale; basename: string; guest: boolean }

/**
 * Splits a URL path into the router basename (`/guest` for restricted-country guests,
 * then the language prefix) and the language (spec §2). Non-canonical forms redirect:
 * a prefix naming the country's default language, an upper-case prefix, a guest base
 * used by a visitor who is not restricted, or a restricted visitor outside it.
 */
export function parseLocation(
  pathname: string,
  search: string,
  country: string | null,
  restricted: boolean,
): ParsedLocation {
  const defaultLocale = defaultLocaleFor(country)
  const segments = pathname.split('/').filter(Boolean)
  const guest = segments[0] === GUEST_BASE.slice(1)
  const rest = guest ? segments.slice(1) : segments
  const prefixed = toLocale(rest[0])
  const routePath = `/${(prefixed ? rest.slice(1) : rest).join('/')}`
  const locale = prefixed ?? defaultLocale
  const prefix = prefixed && prefixed !== defaultLocale ? `/${localePrefix(prefixed)}` : ''
  const basename = (restricted ? GUEST_BASE : '') + prefix
  const canonical = basename + (routePath === '/' && basename ? '' : routePath)
  if (canonical !== pathname) return { redirect: canonical + search }
  return { locale, defaultLocale, basename: basename || '/', guest: restricted }
}

/** The URL of the same page in another language (the language switcher and hreflang). */
export function localizedPath(path: string, locale: Locale, defaultLocale: Locale, guest: boolean): string {
  const prefix = locale === defaultLocale ? '' : `/${localePrefix(locale)}`
  const full = `${guest ? GUEST_BASE : ''}${prefix}${path === '/' ? '' : path}`
  return full || '/'
}

/** Noindex when the path (without base and language) has more than 3 segments (spec §2, the reading the issue chose). */
export function shouldNoindex(path: string): boolean {
  return path.split('/').filter(Boolean).length > 3
}
