import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import type { ComponentType } from 'react'
import {
  createStaticHandler,
  createStaticRouter,
  Link as LibraryLink,
  NavLink as LibraryNavLink,
  StaticRouterProvider,
  type LinkProps,
  type NavLinkProps,
} from 'react-router'
import { Link, NavLink } from './react-router-server.tsx'

type Links = { Link: ComponentType<LinkProps>; NavLink: ComponentType<NavLinkProps> }

/** Every kind of link the app renders, and the ones the server's links hand to the library. */
function Page({ Link: L, NavLink: N }: Links) {
  return (
    <nav>
      <L to="/">home</L>
      <L to="/pokies/all" className="tile" aria-label="All" title="t" onClick={() => undefined}>
        all
      </L>
      <L to="/pokies/all?page=2#top" replace state={{ a: 1 }} preventScrollReset prefetch="intent">
        query and hash
      </L>
      <L to="/producers/goldfinch/" discover="none" target="_blank" rel="noopener">
        trailing slash
      </L>
      <L to="/a//b/../c/./d">dots</L>
      <L to="/search?q=a b&x=é">search</L>
      <L to="/space ">space</L>
      <L to="https://example.org/x">absolute URL</L>
      <L to="//example.org/x">protocol relative</L>
      <L to="relative/child">relative</L>
      <L to="..">parent</L>
      <L to="/users" relative="path">
        relative option
      </L>
      <L to={{ pathname: '/users', search: '?tab=1' }}>object</L>
      <L to="/pokies/all" reloadDocument>
        reload
      </L>
      <N to="/">root nav</N>
      <N to="/" end>
        root nav, end
      </N>
      <N to="/pokies">pokies</N>
      <N to="/pokies" end>
        pokies, end
      </N>
      <N to="/pokies/all" className={({ isActive }) => (isActive ? 'on' : 'off')}>
        {({ isActive }) => `all ${String(isActive)}`}
      </N>
      <N to="/POKIES/ALL" className="chip" style={{ color: 'red' }}>
        case
      </N>
      <N to="/POKIES/ALL" caseSensitive style={({ isActive }) => ({ opacity: isActive ? 1 : 0.5 })}>
        case sensitive
      </N>
      <N to="/pokies/all" aria-current="location">
        aria-current
      </N>
      <N to="/pokies/all/" end>
        slash, end
      </N>
      <N to="/users/limits">other</N>
      <N to="sub">relative nav</N>
      <N to="/pokies/all" viewTransition>
        view transition
      </N>
    </nav>
  )
}

async function render(links: Links, url: string, basename: string) {
  const routes = [
    { path: '/', element: <Page {...links} /> },
    { path: '/pokies/:category', element: <Page {...links} /> },
    { path: '/users/limits', element: <Page {...links} /> },
  ]
  const handler = createStaticHandler(routes, { basename })
  const context = await handler.query(new Request(`http://localhost${url}`))
  if (context instanceof Response) throw new Error(`${url}: ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}

describe("the server build's Link and NavLink", () => {
  const library = { Link: LibraryLink, NavLink: LibraryNavLink } as Links
  const ours = { Link, NavLink } as Links

  for (const [url, basename] of [
    ['/', '/'],
    ['/pokies/all', '/'],
    ['/pokies/all?page=2', '/'],
    ['/users/limits', '/'],
    ['/de', '/de'],
    ['/de/pokies/all', '/de'],
    ['/fr-CA/users/limits', '/fr-CA'],
  ] as const) {
    it(`render the library's markup at ${url} (basename ${basename})`, async () => {
      // Twice: the second render reads the paths the first one resolved.
      for (let i = 0; i < 2; i++) {
        const html = await render(ours, url, basename)
        expect(html).toBe(await render(library, url, basename))
      }
    })
  }

  it('mark the active links', async () => {
    const html = await render(ours, '/de/pokies/all', '/de')
    expect(html).toContain(
      '<a aria-current="page" class="active" href="/de/pokies" data-discover="true">pokies</a>',
    )
    expect(html).toContain(
      '<a aria-current="page" class="on" href="/de/pokies/all" data-discover="true">all true</a>',
    )
    expect(html).toContain('<a class="" href="/de/users/limits" data-discover="true">other</a>')
  })
})
