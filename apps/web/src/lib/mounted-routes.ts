import { useCallback } from 'react'
import { matchPath, useMatches, type RouteObject } from 'react-router'

/**
 * Which paths lead somewhere right now. Content (CMS banners, buttons and links, promos) only
 * shows a link whose target is mounted: a route of the app's route tree, or a static CMS page.
 * The tree is the one the router runs (routes.tsx puts its patterns on the root route's handle),
 * so a feature that mounts `/welcome-bonuses` brings back the banners that point there.
 */
export interface MountedRoutesHandle {
  mountedPatterns: readonly string[]
}

/**
 * Full path patterns of a route tree (`/play/:producer/:name`, `/users/limits`), without the
 * catch-all that serves static pages: a static page counts only if the CMS has it.
 */
export function routePatterns(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return []
    const own = route.index ? parent : joinPath(parent, route.path)
    const self = route.index || route.path !== undefined ? [own || '/'] : []
    return [...self, ...routePatterns(route.children ?? [], own)]
  })
}

const joinPath = (parent: string, path: string | undefined) =>
  path === undefined ? parent : `${parent.replace(/\/$/, '')}/${path.replace(/^\//, '')}`

/**
 * Whether a link of content leads somewhere: an app route, a static page (`staticPaths` without
 * their leading slash), or anything outside the app (another site, mail, a file).
 */
export function isMountedLink(
  href: string,
  patterns: readonly string[],
  staticPaths: readonly string[] = [],
): boolean {
  if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/files/')) return true
  const path = href.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1')
  if (staticPaths.includes(path.slice(1))) return true
  return matchesPattern(path, patterns)
}

/**
 * Whether `path` matches one of `patterns`, remembered per pattern list (the route tree's, one for
 * the process): matching compiles every pattern to a regular expression, a tenth of a server render
 * for the links of one page. Paths come from content and the app's links, a bounded set.
 */
const matched = new WeakMap<readonly string[], Map<string, boolean>>()
function matchesPattern(path: string, patterns: readonly string[]): boolean {
  let known = matched.get(patterns)
  if (!known) matched.set(patterns, (known = new Map<string, boolean>()))
  let answer = known.get(path)
  if (answer === undefined) {
    answer = patterns.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null)
    if (known.size < 1000) known.set(path, answer)
  }
  return answer
}

/** `isMountedLink` against the running route tree. */
export function useIsMountedLink(): (href: string, staticPaths?: readonly string[]) => boolean {
  const root = useMatches()[0]?.handle as Partial<MountedRoutesHandle> | undefined
  const patterns = root?.mountedPatterns
  return useCallback(
    (href: string, staticPaths: readonly string[] = []) => isMountedLink(href, patterns ?? [], staticPaths),
    [patterns],
  )
}
