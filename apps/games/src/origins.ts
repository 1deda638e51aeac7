/**
 * The casino's origins, the only pages allowed to frame the game pages (CSP frame-ancestors):
 * each exactly an origin (`https://casino.example`, `http://localhost:3000`), never `*` nor a
 * wildcard host. Throws on anything else: a game server framed by any site invites clickjacking.
 */
export function checkCasinoOrigins(origins: readonly string[]): string[] {
  if (origins.length === 0) throw new Error('no casino origin: the game pages could be framed by no one')
  return origins.map((origin) => {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      // reported below
    }
    const ok =
      parsed &&
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      !origin.includes('*') &&
      parsed.origin === origin
    if (!ok)
      throw new Error(`"${origin}" is not a casino origin (scheme://host[:port], no path, no wildcard)`)
    return origin
  })
}

/**
 * CASINO_ORIGIN of the stand-alone game server: origins separated by commas (a trailing slash is
 * forgiven); without it, the origin of CASINO_URL, the casino whose wallet it calls.
 */
export function casinoOriginsFrom(value: string | undefined, casinoUrl: string): string[] {
  const listed = value === undefined ? [casinoUrl] : value.split(',')
  return checkCasinoOrigins(
    listed
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => (s === '*' ? s : s.replace(/\/$/, '')))
      .map((s) => (value === undefined ? new URL(s).origin : s)),
  )
}
