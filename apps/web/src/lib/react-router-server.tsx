// The server build's `react-router` (vite.config.ts points the app's imports here for SSR only).
// React Router's `Link` and `NavLink` resolve their path on every call (`useResolvedPath` serialises
// and parses the route matches to JSON per link, `NavLink` builds a `URL` to encode its path), wire up
// click and prefetch handlers and refs: on the server none of that reaches the markup, and a link
// to an absolute path (`/pokies/all`, what the app's links are) resolves to the same href whatever
// the route or location, so it is resolved once per router basename and path. Anything else (a
// relative path, a `to` object, a mask) takes the library's own component. The markup is the
// library's, attribute for attribute: react-router-server.test.tsx renders both side by side.
import { createElement, forwardRef, useContext } from 'react'
import {
  createPath,
  Link as LibraryLink,
  NavLink as LibraryNavLink,
  resolvePath,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  type LinkProps,
  type NavLinkProps,
  type NavLinkRenderProps,
} from 'react-router'

export * from 'react-router'

/** Paths resolved per basename; bounded, since a path may carry a visitor's search words. */
const resolved = new Map<string, { href: string; pathname: string }>()
const MAX_RESOLVED = 5_000
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i

/**
 * What the library's `useHref` (the link's href) and `NavLink`'s encoded pathname give for an
 * absolute path `to` under `basename`, or undefined when `to` is not an absolute path.
 */
function resolveAbsolute(to: LinkProps['to'], basename: string) {
  if (typeof to !== 'string' || !to.startsWith('/') || ABSOLUTE_URL.test(to)) return undefined
  const key = `${basename}\u0000${to}`
  let entry = resolved.get(key)
  if (!entry) {
    // resolveTo's steps for an absolute path: the route matches and the location play no part.
    const path = resolvePath(to)
    const toPathname = to.split(/[?#]/, 1)[0]!
    if (toPathname !== '/' && toPathname.endsWith('/') && !path.pathname.endsWith('/')) path.pathname += '/'
    // NavLink compares the location (without the basename) with the static navigator's
    // encodeLocation of the resolved path.
    const pathname = new URL(createPath(path).replace(/ $/, '%20'), 'http://localhost').pathname
    // useHref: the basename joined, then the static navigator's createHref.
    if (basename !== '/') {
      path.pathname =
        path.pathname === '/' ? basename : [basename, path.pathname].join('/').replace(/[\\/]{2,}/g, '/')
    }
    entry = { href: createPath(path), pathname }
    if (resolved.size >= MAX_RESOLVED) resolved.clear()
    resolved.set(key, entry)
  }
  return entry
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const { basename } = useContext(NavigationContext)
  const target =
    props.relative === undefined && !('mask' in props && props.mask) && resolveAbsolute(props.to, basename)
  if (!target) return <LibraryLink {...props} ref={ref} />
  // What the library's Link takes for itself stays off the anchor; the rest goes on it, in order.
  const anchor: Record<string, unknown> = {}
  for (const key in props) if (!LINK_ONLY.has(key)) anchor[key] = props[key as keyof LinkProps]
  return linkAnchor(anchor, target, props)
})

/**
 * The anchor of a resolved link: `anchor` (its props, in order) with the link's own attributes after
 * them, as `<a {...anchor} href=… target=… data-discover=… />` would give, without copying the
 * props again (object spreads are slow in V8, and a page has ~60 links).
 */
function linkAnchor(
  anchor: Record<string, unknown>,
  target: { href: string },
  { target: targetProp, discover }: Pick<LinkProps, 'target' | 'discover'>,
) {
  anchor.href = target.href
  anchor.target = targetProp
  anchor['data-discover'] = (discover ?? 'render') === 'render' ? 'true' : undefined
  return createElement('a', anchor)
}

const LINK_ONLY = new Set([
  'onClick',
  'discover',
  'prefetch',
  'relative',
  'reloadDocument',
  'replace',
  'mask',
  'state',
  'target',
  'to',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
])

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const { basename } = useContext(NavigationContext)
  const location = useContext(LocationContext)?.location
  const routerState = useContext(DataRouterStateContext)
  // The server has no navigation in progress and no view transition: a link is active or not.
  const target =
    props.relative === undefined &&
    props.viewTransition !== true &&
    location &&
    !routerState?.navigation.location &&
    resolveAbsolute(props.to, basename)
  if (!target) return <LibraryNavLink {...props} ref={ref} />
  const {
    'aria-current': ariaCurrentProp = 'page',
    caseSensitive = false,
    className: classNameProp = '',
    end = false,
    style: styleProp,
    children,
  } = props
  let locationPathname = location.pathname
  let toPathname = target.pathname
  if (!caseSensitive) {
    locationPathname = locationPathname.toLowerCase()
    toPathname = toPathname.toLowerCase()
  }
  const endSlashPosition =
    toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/')
  const renderProps: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false }
  const className =
    typeof classNameProp === 'function'
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ')
  const style = typeof styleProp === 'function' ? styleProp(renderProps) : styleProp
  const content = typeof children === 'function' ? children(renderProps) : children
  if ('mask' in props && props.mask) {
    const rest: Record<string, unknown> = {}
    for (const key in props) if (!NAV_LINK_ONLY.has(key)) rest[key] = props[key as keyof NavLinkProps]
    return (
      <Link
        {...(rest as unknown as LinkProps)}
        aria-current={isActive ? ariaCurrentProp : undefined}
        className={className}
        ref={ref}
        style={style}
      >
        {content}
      </Link>
    )
  }
  // The anchor the Link above would render, straight away: NavLink's and Link's own props off it,
  // NavLink's attributes after the rest (as the Link's props have them), then the Link's.
  const anchor: Record<string, unknown> = {}
  for (const key in props) {
    if (!NAV_LINK_ONLY.has(key) && !LINK_ONLY.has(key)) anchor[key] = props[key as keyof NavLinkProps]
  }
  anchor['aria-current'] = isActive ? ariaCurrentProp : undefined
  anchor.className = className
  anchor.style = style
  anchor.children = content
  return linkAnchor(anchor, target, props)
})

/** What NavLink takes for itself of its props. */
const NAV_LINK_ONLY = new Set(['aria-current', 'caseSensitive', 'className', 'end', 'style', 'children'])
