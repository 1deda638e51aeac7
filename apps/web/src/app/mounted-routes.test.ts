import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { matchPath } from 'react-router'
import type { BannerDescription, CmsFile } from '@aurum/shared'
import { isMountedLink, routePatterns, type MountedRoutesHandle } from '../lib/mounted-routes.ts'
import { bannersFor } from '../features/content/components/banners.ts'
import type { AppServices } from '../lib/services.tsx'
import { createRoutes } from './routes.tsx'
import { ROUTES } from './route-table.ts'

/** The seeded CMS content, as the api's seed reads it. */
const CONTENT = path.join(import.meta.dirname, '../../../api/src/db/seed/content')
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(CONTENT, file), 'utf8'))

interface BannerSeed {
  id: string
  slider: string
  link: string
  requires?: string[]
  groups: number[]
  title: Record<string, string>
}
const banners = readJson('banners.json') as BannerSeed[]
const staticPaths = (readJson('pages.json') as Array<{ slug: string }>).map((p) => p.slug)
/** The route tree the app runs; building it runs no loader, so no services are needed. */
const root = createRoutes({} as AppServices)[0]!
const patterns = (root.handle as MountedRoutesHandle).mountedPatterns
const leadsSomewhere = (href: string) => isMountedLink(href, patterns, staticPaths)

/** Every internal link (`href="/…"`) of a CMS HTML text. */
const internalLinks = (html: string) =>
  [...html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]!).filter((href) => !href.startsWith('//'))

describe('links of content lead somewhere', () => {
  it('knows the mounted routes from the route tree itself, without the static-page catch-all', () => {
    expect(patterns).toEqual(routePatterns(createRoutes({} as AppServices)))
    for (const p of [
      '/',
      '/support',
      '/pokies/:slug',
      '/play/:producer/:name',
      '/users/limits',
      '/sign-in',
    ]) {
      expect(patterns).toContain(p)
    }
    expect(patterns).not.toContain('/*')
    expect(leadsSomewhere('/pokies/all')).toBe(true)
    expect(leadsSomewhere('/producers/goldfinch/2')).toBe(true)
    expect(leadsSomewhere('/play/goldfinch/sunstone-dynasty?currency=EUR')).toBe(true)
    expect(leadsSomewhere('/vip')).toBe(true)
    expect(leadsSomewhere('/no-such-page')).toBe(false)
    expect(leadsSomewhere('https://www.begambleaware.org')).toBe(true)
    expect(leadsSomewhere('mailto:support@aurum.casino')).toBe(true)
  })

  it('shows a banner only while its link and what it requires are mounted', () => {
    const files: CmsFile[] = banners.map((b) => ({
      id: `banner-${b.id}`,
      url: `/files/${b.id}.svg`,
      categories: ['banner', b.slider],
      description: JSON.stringify({
        title: b.title.en!,
        text: '',
        button: '',
        link: b.link,
        groups: b.groups,
        ...(b.requires ? { requires: b.requires } : {}),
      } satisfies BannerDescription),
    }))
    const sliders = [...new Set(banners.map((b) => b.slider))]
    const shown = sliders.flatMap((s) => bannersFor(files, s, [], leadsSomewhere)).map((b) => b.id)
    for (const b of banners) {
      const mounted = [b.link, ...(b.requires ?? [])].every(leadsSomewhere)
      expect(shown.includes(`banner-${b.id}`), `${b.id} → ${b.link}`).toBe(mounted)
    }
    // Today: no bonus or tournament routes, so their banners stay out of sight.
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThan(banners.length)
  })

  it('points every banner at a route of the spec route table or a static page', () => {
    const known = (href: string) =>
      leadsSomewhere(href) || ROUTES.some((r) => matchPath({ path: r.path, end: true }, href) !== null)
    for (const b of banners) {
      for (const href of [b.link, ...(b.requires ?? [])]) expect(known(href), `${b.id} → ${href}`).toBe(true)
    }
  })

  it('links from snippets and pages only to mounted routes and existing static pages', () => {
    const snippets = readJson('snippets.json') as Array<{ id: string; content: Record<string, string> }>
    const texts: Array<[string, string]> = snippets.flatMap((s) =>
      Object.entries(s.content).map(([l, html]): [string, string] => [`${s.id} (${l})`, html]),
    )
    const pagesDir = path.join(CONTENT, 'pages')
    for (const slug of fs.readdirSync(pagesDir)) {
      for (const file of fs.readdirSync(path.join(pagesDir, slug)).filter((f) => f.endsWith('.html'))) {
        texts.push([`${slug}/${file}`, fs.readFileSync(path.join(pagesDir, slug, file), 'utf8')])
      }
    }
    expect(texts.length).toBeGreaterThan(20)
    const dead = texts.flatMap(([where, html]) =>
      internalLinks(html)
        .filter((href) => !leadsSomewhere(href))
        .map((href) => `${where}: ${href}`),
    )
    expect(dead).toEqual([])
  })
})
