import type { QueryClient } from '@tanstack/react-query'
import type { TFunction } from '../lib/i18n.ts'
import type { UIMatch } from 'react-router'
import type { AppEnv } from '../lib/services.tsx'
import type { SeoMeta } from './seo.ts'

/** What a route's `handle` may carry: how to build its SEO meta from the query cache and translations. */
export interface RouteHandle {
  seo?: (ctx: {
    t: TFunction
    queryClient: QueryClient
    env: AppEnv
    params: Record<string, string | undefined>
  }) => SeoMeta | undefined
  /** A popup route (spec §2): this modal opens over the page and closing it leaves the route. */
  modal?: string
  /** Analytics place tag (spec §2). */
  place?: string
  /**
   * The source file a lazy route loads, as a key of the client build's manifest (relative to
   * apps/web): the server links its code and styles so nothing shifts when it arrives.
   */
  module?: string
  /** The path canonical and alternate links name, when it is not the page's own (a link form's list). */
  canonical?: (params: Record<string, string | undefined>) => string
}

/** The deepest route that knows its SEO meta wins; the site default otherwise. */
export function seoForMatches(
  matches: UIMatch[],
  ctx: { t: TFunction; queryClient: QueryClient; env: AppEnv },
): SeoMeta {
  for (const match of [...matches].reverse()) {
    const handle = match.handle as RouteHandle | undefined
    const seo = handle?.seo?.({ ...ctx, params: match.params })
    if (seo) return seo
  }
  return {
    title: ctx.t('seo.default.title'),
    description: ctx.t('seo.default.description'),
    keywords: ctx.t('seo.default.keywords'),
  }
}

/** The path the page's canonical and alternate links name. */
export function canonicalForMatches(matches: UIMatch[], path: string): string {
  for (const match of [...matches].reverse()) {
    const canonical = (match.handle as RouteHandle | undefined)?.canonical
    if (canonical) return canonical(match.params)
  }
  return path
}

export function placeForMatches(matches: UIMatch[]): string | undefined {
  for (const match of [...matches].reverse()) {
    const place = (match.handle as RouteHandle | undefined)?.place
    if (place) return place
  }
  return undefined
}

/** The lazily loaded source modules of the matched routes (manifest keys). */
export function modulesForMatches(matches: Array<{ route: { handle?: unknown } }>): string[] {
  return matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.module ?? [])
}
