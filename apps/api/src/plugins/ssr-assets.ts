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
export function createAssetTags(manifest: ClientManifest, base: string): (modules: string[]) => string {
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
  const cache = new Map<string, string>()

  return (modules) => {
    const cacheKey = modules.join('|')
    const cached = cache.get(cacheKey)
    if (cached !== undefined) return cached
    const chunks = [...closure(modules)].filter((k) => !entry.has(k))
    const css = [...new Set(chunks.flatMap((k) => manifest[k]!.css ?? []))].filter((f) => !entryCss.has(f))
    const tags = [
      ...css.map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
      ...chunks.map((k) => `<link rel="modulepreload" crossorigin href="${base}${manifest[k]!.file}">`),
    ].join('\n    ')
    // The set of pages' module lists is small (routes times languages): the cache stays bounded.
    if (cache.size < 1_000) cache.set(cacheKey, tags)
    return tags
  }
}
