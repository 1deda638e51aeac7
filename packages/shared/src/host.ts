/**
 * Whether a Host header (or the X-Forwarded-Host of a trusted proxy) is well formed (RFC 9110 §7.2,
 * RFC 3986 §3.2.2): a DNS name or IPv4 address, or an IPv6 address in brackets, then an optional
 * port from 1 to 65535. Servers refuse anything else with 400 before any code builds a URL, a
 * country or a cache key from it.
 */
export function isValidHost(host: string | undefined): boolean {
  if (!host || host.length > 261) return false
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_.])?)(?::(\d{1,5}))?$/.exec(
    host,
  )
  if (!match) return false
  const [, name = '', port] = match
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false
  if (name.startsWith('[')) return isIPv6(name.slice(1, -1))
  return name.length <= 253 && !name.includes('..')
}

/** IPv6 text form (RFC 4291 §2.2), with an optional trailing IPv4 part; no zone identifier. */
function isIPv6(text: string): boolean {
  const halves = text.split('::')
  if (halves.length > 2) return false
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')))
  const last = groups.at(-1)
  const v4 = last !== undefined && last.includes('.')
  if (v4 && !/^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(last)) return false
  const hex = v4 ? groups.slice(0, -1) : groups
  if (!hex.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false
  const count = hex.length + (v4 ? 2 : 0)
  return halves.length === 2 ? count <= 7 : count === 8
}
