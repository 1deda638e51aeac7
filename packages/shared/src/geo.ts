/**
 * Country detection (DESIGN.md "Regional variants"): the domain decides first
 * (`*.com.au` is AU), then the geo-IP header the edge forwards.
 */
export type DomainCountries = ReadonlyArray<readonly [suffix: string, country: string]>

export const DEFAULT_DOMAIN_COUNTRIES: DomainCountries = [
  ['.com.au', 'AU'],
  ['.co.nz', 'NZ'],
  ['.ca', 'CA'],
  ['.de', 'DE'],
]

/** Parses `DOMAIN_COUNTRIES`, e.g. `*.ca=CA,*.com.au=AU`. Throws with a readable message on a bad entry. */
export function parseDomainCountries(value: string): DomainCountries {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^\*?(\.[a-z0-9.-]+)=([A-Za-z]{2})$/i.exec(entry)
      if (!match) throw new Error(`"${entry}" is not of the form *.domain=CC`)
      return [match[1]!.toLowerCase(), match[2]!.toUpperCase()] as const
    })
}

export function countryFromHost(host: string | undefined, map: DomainCountries): string | undefined {
  if (!host) return undefined
  const name = host.toLowerCase().replace(/:\d+$/, '')
  // The longest matching suffix wins, so `.com.au` beats a hypothetical `.au`.
  let best: readonly [string, string] | undefined
  for (const pair of map) {
    if ((name.endsWith(pair[0]) || name === pair[0].slice(1)) && (!best || pair[0].length > best[0].length)) {
      best = pair
    }
  }
  return best?.[1]
}
