import { hostName, isWildcardDomain } from '@aurum/shared'
import type { Config } from '../config.ts'

/**
 * The public origin of a request: the one place every absolute origin the server writes comes
 * from (links in e-mails, realtime URLs, SSR canonical and hreflang links). It is always a
 * string from configuration, never the Host header: a forged Host (`evil.example`) would
 * otherwise put an attacker's origin into a password-reset link (issue 19, finding 1).
 *
 * A host that equals an exact domain of DOMAIN_COUNTRIES (`aurum.ca=CA`) gets that domain with
 * the canonical scheme and port; wildcard entries (`*.com.au`) only detect the country, since
 * any host matches them. Every other host gets the canonical origin.
 */
export function publicOriginResolver(
  config: Pick<Config, 'publicOrigin' | 'DOMAIN_COUNTRIES'>,
): (host: string | undefined) => string {
  const canonical = new URL(config.publicOrigin)
  const port = canonical.port ? `:${canonical.port}` : ''
  const origins = new Map(
    config.DOMAIN_COUNTRIES.filter(([domain]) => !isWildcardDomain(domain)).map(([domain]) => [
      domain,
      `${canonical.protocol}//${domain}${port}`,
    ]),
  )
  return (host) => (host && origins.get(hostName(host))) || config.publicOrigin
}
