/**
 * Country detection (DESIGN.md "Regional variants"): the domain decides first
 * (`*.com.au` is AU), then the geo-IP header the edge forwards.
 *
 * An entry is a wildcard (`*.com.au=AU`, kept as the suffix `.com.au`) or an exact domain
 * (`aurum.ca=CA`, kept as `aurum.ca`). Only exact domains may appear in the links the server
 * writes (the api's public origin): a wildcard matches hosts nobody configured.
 */
export type DomainCountries = ReadonlyArray<readonly [domain: string, country: string]>

export const DEFAULT_DOMAIN_COUNTRIES: DomainCountries = [
  ['.com.au', 'AU'],
  ['.co.nz', 'NZ'],
  ['.ca', 'CA'],
  ['.de', 'DE'],
]

/** A wildcard entry is kept as its suffix, with the leading dot. */
export const isWildcardDomain = (domain: string) => domain.startsWith('.')

/**
 * Parses `DOMAIN_COUNTRIES`, e.g. `*.ca=CA,*.com.au=AU,aurum.de=DE`. Throws with a readable
 * message on a bad entry.
 */
export function parseDomainCountries(value: string): DomainCountries {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\*?\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)=([A-Za-z]{2})$/i.exec(entry)
      if (!match) throw new Error(`"${entry}" is not of the form *.domain=CC or domain=CC`)
      const name = match[2]!.toLowerCase()
      return [match[1] ? `.${name}` : name, match[3]!.toUpperCase()] as const
    })
}

/** The host without its port, lower-case. */
export const hostName = (host: string) => host.toLowerCase().replace(/:\d+$/, '')

export function countryFromHost(host: string | undefined, map: DomainCountries): string | undefined {
  if (!host) return undefined
  const name = hostName(host)
  // An exact domain wins; then the longest matching suffix, so `.com.au` beats a hypothetical `.au`.
  const exact = map.find(([domain]) => !isWildcardDomain(domain) && domain === name)
  if (exact) return exact[1]
  let best: readonly [string, string] | undefined
  for (const pair of map) {
    if (!isWildcardDomain(pair[0])) continue
    if ((name.endsWith(pair[0]) || name === pair[0].slice(1)) && (!best || pair[0].length > best[0].length)) {
      best = pair
    }
  }
  return best?.[1]
}
