import type { RouteAssets } from '@aurum/shared'

/** One entry of Vite's client build manifest (dist/client/.vite/manifest.json). */
export interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}
export type ClientManifest = Record<string, ManifestChunk>

/**
 * The head tags a page needs beyond the entry's own (which the built index.html links already):
 * every stylesheet of the page's lazy modules, so the first paint is laid out with them and
 * nothing shifts when their code arrives, and a modulepreload of each of their chunks, so the
 * browser fetches them in parallel with the entry instead of after it.
 */
/** The manifest keys a set of modules needs beyond the entry's, and the stylesheets the entry lacks. */
function lazyClosure(manifest: ClientManifest): (modules: string[]) => { chunks: string[]; css: string[] } {
  const closure = (keys: string[], into = new Set<string>()) => {
    const visit = (key: string) => {
      if (into.has(key) || !manifest[key]) return
      into.add(key)
      for (const dep of manifest[key].imports ?? []) visit(dep)
    }
    keys.forEach(visit)
    return into
  }
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k]!.isEntry))
  const entryCss = new Set([...entry].flatMap((k) => manifest[k]!.css ?? []))
  return (modules) => {
    const chunks = [...closure(modules)].filter((k) => !entry.has(k))
    const css = [...new Set(chunks.flatMap((k) => manifest[k]!.css ?? []))].filter((f) => !entryCss.has(f))
    return { chunks, css }
  }
}

/**
 * The head tags a page needs beyond the entry's own (which the built index.html links already):
 * every stylesheet of the page's lazy modules, so the first paint is laid out with them and
 * nothing shifts when their code arrives, and a modulepreload of each of their chunks, so the
 * browser fetches them in parallel with the entry instead of after it.
 */
export function createAssetTags(manifest: ClientManifest, base: string): (modules: string[]) => string {
  const lazy = lazyClosure(manifest)
  const cache = new Map<string, string>()

  return (modules) => {
    const cacheKey = modules.join('|')
    const cached = cache.get(cacheKey)
    if (cached !== undefined) return cached
    const { chunks, css } = lazy(modules)
    const tags = [
      ...css.map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
      ...chunks.map((k) => `<link rel="modulepreload" crossorigin href="${base}${manifest[k]!.file}">`),
    ].join('\n    ')
    // The set of pages' module lists is small (routes times languages): the cache stays bounded.
    if (cache.size < 1_000) cache.set(cacheKey, tags)
    return tags
  }
}

/**
 * What the browser preloads when a link to a lazy route is hovered or focused (RouteAssets of
 * @aurum/shared): for each route module, its chunks and stylesheets beyond the entry's, each file
 * named once. Computed once per build; the same in every page.
 */
export function createRouteAssets(manifest: ClientManifest, routeModules: string[]): RouteAssets {
  const lazy = lazyClosure(manifest)
  const files: string[] = []
  const index = new Map<string, number>()
  const at = (file: string) => {
    let i = index.get(file)
    if (i === undefined) {
      i = files.push(file) - 1
      index.set(file, i)
    }
    return i
  }
  const modules: RouteAssets['modules'] = {}
  for (const module of new Set(routeModules)) {
    if (!manifest[module]) continue
    const { chunks, css } = lazy([module])
    modules[module] = [...chunks.map((k) => at(manifest[k]!.file)), ...css.map(at)]
  }
  return { files, modules }
}
