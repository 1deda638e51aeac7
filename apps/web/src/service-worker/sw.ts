// The service worker served at /sw.js (spec §4, §7). The build (plugin.ts) compiles this file and
// puts the build's own list in place of AURUM_SW: the shell's hashed assets and the offline pages.
//
// What it caches, and what never:
// - the shell (the entry's scripts and styles, the offline pages, the icon), precached on install
//   in a cache named after the build, so a new build replaces the old caches on activate;
// - hashed assets under /dist/assets/ (immutable, public): cache first, stored on first use;
// - nothing else: api answers (/api/, /json-api/), the realtime and game sockets (/sock,
//   /connection/), pages' HTML (a signed-in player's page is personal), /files/ uploads and any
//   answer marked private or no-store go to the network every time and are never stored.
// A navigation that fails because the network is down gets the offline page in the language of
// the address's prefix.

interface SwConfig {
  version: string
  precache: string[]
  /** Offline page per language prefix (lower case, e.g. `de`, `en-au`); `''` is the fallback. */
  offline: Record<string, string>
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  request: Request
  respondWith(response: Response | Promise<Response>): void
}
interface ServiceWorkerScope {
  location: Location
  navigator: Navigator
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
}

declare const AURUM_SW: SwConfig
const worker = self as unknown as ServiceWorkerScope
const CACHE_PREFIX = 'aurum-'
const CACHE = `${CACHE_PREFIX}${AURUM_SW.version}`
/** Never answered from a cache, never stored. */
const NEVER = ['/api/', '/json-api/', '/sock', '/connection/', '/files/']

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(AURUM_SW.precache))
      .then(() => worker.skipWaiting()),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith(CACHE_PREFIX) && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => worker.clients.claim()),
  )
})

/** An answer that may be stored: complete, from our origin, and not marked personal. */
function storable(response: Response) {
  const control = response.headers.get('cache-control') ?? ''
  return response.status === 200 && response.type === 'basic' && !/private|no-store/.test(control)
}

async function cacheFirst(request: Request) {
  const cache = await caches.open(CACHE)
  const hit = await cache.match(request)
  if (hit) return hit
  const response = await fetch(request)
  if (storable(response)) await cache.put(request, response.clone())
  return response
}

function offlinePage(url: URL) {
  const segments = url.pathname.split('/').filter(Boolean)
  const first = segments[0] === 'guest' ? segments[1] : segments[0]
  const byPrefix = first ? AURUM_SW.offline[first.toLowerCase()] : undefined
  const byBrowser = worker.navigator.languages
    .map((l) => AURUM_SW.offline[l.toLowerCase()] ?? AURUM_SW.offline[l.toLowerCase().split('-')[0]!])
    .find(Boolean)
  return byPrefix ?? byBrowser ?? AURUM_SW.offline['']!
}

async function navigate(request: Request) {
  try {
    return await fetch(request)
  } catch (error) {
    // The network is down (an HTTP error answer is not an exception and is shown as it is).
    const page = await caches.match(offlinePage(new URL(request.url)), { cacheName: CACHE })
    if (page) return new Response(page.body, { status: 503, headers: page.headers })
    throw error
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== worker.location.origin) return
  if (NEVER.some((prefix) => url.pathname.startsWith(prefix))) return
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request))
    return
  }
  if (url.pathname.startsWith('/dist/assets/')) event.respondWith(cacheFirst(request))
})
