import type { Config } from '../config.ts'

/**
 * Every origin the casino's pages are served from, from configuration only: PUBLIC_URL's origin
 * and each exact domain of DOMAIN_COUNTRIES (`aurum.de=DE`) with its scheme and port; without
 * PUBLIC_URL (never in production) the local origins at PORT. These, and never `*`, may frame the
 * game server's pages; a state-changing request from one of them is not cross-site (plugins/csrf.ts).
 * Wildcard entries (`*.com.au`, kept as `.com.au`) only detect the country: any host matches them.
 */
export function casinoOrigins(config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'DOMAIN_COUNTRIES'>): string[] {
  const canonical = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`)
  const port = canonical.port ? `:${canonical.port}` : ''
  const origins = new Set([canonical.origin])
  if (!config.PUBLIC_URL) origins.add(`http://127.0.0.1:${config.PORT}`)
  for (const [domain] of config.DOMAIN_COUNTRIES) {
    if (!domain.startsWith('.')) origins.add(`${canonical.protocol}//${domain}${port}`)
  }
  return [...origins]
}
