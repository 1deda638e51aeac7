import { hostName, isWildcardDomain } from '@aurum/shared'
import type { Config } from '../config.ts'

/**
 * The exact domains of DOMAIN_COUNTRIES (`aurum.ca=CA`), each with the canonical origin's scheme
 * and port. Wildcard entries (`*.com.au`, kept as `.com.au`) only detect the country: any host
 * matches them, so they never become an origin.
 */
function domainOrigins(config: Pick<Config, 'publicOrigin' | 'DOMAIN_COUNTRIES'>): Map<string, string> {
  const canonical = new URL(config.publicOrigin)
  const port = canonical.port ? `:${canonical.port}` : ''
  const domains = config.DOMAIN_COUNTRIES.filter(([domain]) => !isWildcardDomain(domain)).map(
    ([domain]) => domain,
  )
  // A casino on this machine (`npm start`: http://localhost:3000) is as often opened by its
  // other loopback name: links, realtime and the game frame then stay on the page's own origin.
  const loopback = LOOPBACK_ALIAS[canonical.hostname]
  if (loopback) domains.push(loopback)
  return new Map(domains.map((domain) => [domain, `${canonical.protocol}//${domain}${port}`]))
}

const LOOPBACK_ALIAS: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }

/**
 * The public origin of a request: the one place every absolute origin the server writes comes
 * from (links in e-mails, realtime and game URLs, SSR canonical and hreflang links). It is always
 * a string from configuration, never the Host header: a forged Host (`evil.example`) would
 * otherwise put an attacker's origin into a password-reset link (issue 19, finding 1).
 *
 * A host that equals an exact domain of DOMAIN_COUNTRIES gets that domain's origin; every other
 * host gets the canonical origin (PUBLIC_URL's, or `http://localhost:PORT` outside production).
 */
export function publicOriginResolver(
  config: Pick<Config, 'publicOrigin' | 'DOMAIN_COUNTRIES'>,
): (host: string | undefined) => string {
  const origins = domainOrigins(config)
  return (host) => (host && origins.get(hostName(host))) || config.publicOrigin
}

/**
 * Every origin the casino's pages are served from: the canonical one, each exact domain's and,
 * for a casino on this machine, its other loopback name. These, and never `*`, may frame the game
 * server's pages; a state-changing request from one of them is not cross-site (plugins/csrf.ts).
 */
export function casinoOrigins(config: Pick<Config, 'publicOrigin' | 'DOMAIN_COUNTRIES'>): string[] {
  return [...new Set([config.publicOrigin, ...domainOrigins(config).values()])]
}
