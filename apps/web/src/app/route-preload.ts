import { matchRoutes, type createBrowserRouter } from 'react-router'
import { ROUTE_ASSETS_ELEMENT_ID, type RouteAssets } from '@aurum/shared'
import type { RouteHandle } from './route-seo.ts'

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'routes' | 'subscribe'>

/**
 * Preloads the code of the route a link leads to when a pointer rests on it or the keyboard focuses
 * it, and, on touch screens (no hover there), when a link marked `data-preload="viewport"` scrolls
 * into view: a `modulepreload` of each of the route's chunks and a prefetch of its stylesheets, from
 * the files the server embeds (RouteAssets), so the click finds them in the cache. Once per route;
 * never for a route the router has loaded already, for another origin or language, or when the
 * visitor asks to save data.
 */
export function preloadRoutesOnIntent(router: Router, basename: string): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
  if (connection?.saveData) return
  const text = document.getElementById(ROUTE_ASSETS_ELEMENT_ID)?.textContent
  if (!text) return
  const assets = JSON.parse(text) as RouteAssets
  const done = new Set<string>()

  const preload = (target: EventTarget | null) => {
    const link = target instanceof Element ? target.closest('a[href]') : null
    if (
      !(link instanceof HTMLAnchorElement) ||
      link.origin !== window.location.origin ||
      link.hasAttribute('download') ||
      (link.target !== '' && link.target !== '_self')
    ) {
      return
    }
    for (const { route } of matchRoutes(router.routes, link.pathname, basename) ?? []) {
      const module = (route.handle as RouteHandle | undefined)?.module
      // The router clears `lazy` once it has loaded a route: nothing left to fetch then.
      if (!module || done.has(module) || typeof route.lazy !== 'function') continue
      done.add(module)
      for (const index of assets.modules[module] ?? []) {
        const href = `${import.meta.env.BASE_URL}${assets.files[index]}`
        // Linked already: by the server (a path) or by Vite's loader on an earlier navigation (a URL).
        if (document.head.querySelector(`link[href$="${href}"]`)) continue
        const css = href.endsWith('.css')
        const tag = document.createElement('link')
        // A stylesheet is fetched, not applied (Vite's loader applies it on the click): `prefetch`,
        // since a `preload` left unused for a few seconds (no click) is a console warning in Chromium.
        tag.rel = css ? 'prefetch' : 'modulepreload'
        if (css) tag.as = 'style'
        // As the server's links and Vite's loader ask for them, so the browser reuses the answer.
        tag.crossOrigin = ''
        tag.href = href
        document.head.append(tag)
      }
    }
  }

  const onIntent = (event: Event) => preload(event.target)
  document.addEventListener('pointerover', onIntent, { passive: true })
  document.addEventListener('focusin', onIntent)

  if (typeof IntersectionObserver === 'undefined' || !window.matchMedia('(hover: none)').matches) return
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      observer.unobserve(entry.target)
      preload(entry.target)
    }
  })
  const observe = () => {
    observer.disconnect()
    document.querySelectorAll('a[data-preload="viewport"]').forEach((link) => observer.observe(link))
  }
  observe()
  // A page rendered after a navigation may bring its own marked links (the lobby's categories).
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') setTimeout(observe, 200)
  })
}
