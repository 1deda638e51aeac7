import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import type { ChunkingContext } from 'rolldown'
import react from '@vitejs/plugin-react'
import { serviceWorkerPlugin } from './src/service-worker/plugin.ts'
import type { Messages } from '@aurum/shared/i18n'
import { fallbackChain, localeDelta } from './src/lib/locale-delta.ts'

const require = createRequire(import.meta.url)
// react-router's package exports only its development build (dev-time checks and warnings);
// production builds use the production build it ships next to it.
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
)

const entryClient = path.join(import.meta.dirname, 'src/app/entry-client.tsx')

/**
 * A library's index that only re-exports (`@tanstack/react-query`, `@tanstack/query-core`): each name
 * it imports, with the module it comes from; re-exports of a whole module (`export *`) under ''.
 * Undefined for any other module.
 */
function barrelExports(
  id: string,
  code: string | null,
  importedIds: string[],
): Map<string, string[]> | undefined {
  if (!code || !id.includes('/node_modules/')) return undefined
  const statements = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    .split(';')
    .map((line) => line.trim())
    .filter(Boolean)
  if (!statements.every((line) => /^(import|export)\s/.test(line))) return undefined
  const byName = new Map<string, string[]>()
  const relative = new Set<string>()
  for (const [, list, spec] of code.matchAll(/^import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/gm)) {
    const target = importedIds.find((dep) => dep === path.resolve(path.dirname(id), spec!))
    if (!target) return undefined
    relative.add(target)
    for (const name of list!.split(',')) byName.set(name.trim().split(/\s+as\s+/)[0]!, [target])
  }
  byName.set(
    '',
    importedIds.filter((dep) => !relative.has(dep)),
  )
  return byName
}

/** Every name a module imports by name (`import { a, b as c } from '…'` gives a and b). */
function importedNames(code: string | null): string[] {
  return [...(code ?? '').matchAll(/\bimport\s*\{([^}]*)\}\s*from/g)].flatMap(([, list]) =>
    list!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!),
  )
}

/**
 * Everything the entry imports statically goes into one chunk: split into the pieces the lazy
 * chunks share (as rolldown does by default), the same code cost ~3 KB more gzipped (each file
 * compresses on its own and names its imports and exports) and more requests before hydration.
 * Through a library's re-exporting index the group follows only the names the entry's modules
 * import: what only lazy chunks use (`useInfiniteQuery` and its observer) stays with them.
 */
function entryGroup(): (id: string, ctx: ChunkingContext) => string | null {
  let closure: Set<string> | undefined
  return (id, ctx) => {
    if (!closure) {
      const seen = new Set<string>()
      const names = new Set<string>([''])
      const barrels = new Map<string, Map<string, string[]>>()
      const visit = (moduleId: string) => {
        if (seen.has(moduleId)) return
        seen.add(moduleId)
        const info = ctx.getModuleInfo(moduleId)
        if (!info) return
        const barrel = barrelExports(moduleId, info.code, info.importedIds)
        if (barrel) {
          barrels.set(moduleId, barrel)
          return
        }
        importedNames(info.code).forEach((name) => names.add(name))
        info.importedIds.forEach(visit)
      }
      visit(entryClient)
      // Names found in modules reached through a barrel can open more of it: until nothing changes.
      for (let size = -1; size !== seen.size;) {
        size = seen.size
        for (const barrel of barrels.values()) {
          for (const [name, targets] of barrel) if (names.has(name)) targets.forEach(visit)
        }
      }
      closure = seen
    }
    return closure.has(id) ? 'app' : null
  }
}

const sharedSrc = path.join(import.meta.dirname, '../../packages/shared/src')

/**
 * `import { a, b } from '@aurum/shared'` becomes imports from the files that define them, so the
 * entry chunk holds the shared code the entry uses, not every file of the barrel (card checks,
 * document rules, wager tables...) that a lazy chunk uses. Types are left to the TypeScript step.
 */
function sharedDirectImports(): Plugin {
  const fileOf = new Map<string, string>()
  const barrel = fs.readFileSync(path.join(sharedSrc, 'index.ts'), 'utf8')
  for (const [, file] of barrel.matchAll(/^export \* from '\.\/([\w-]+\.ts)'/gm)) {
    const source = fs.readFileSync(path.join(sharedSrc, file!), 'utf8')
    for (const [, name] of source.matchAll(/^export (?:async )?(?:const|let|function\*?|class) (\w+)/gm)) {
      fileOf.set(name!, file!.replace(/\.ts$/, ''))
    }
  }
  return {
    name: 'aurum-shared-direct-imports',
    // On the TypeScript source, before it is compiled.
    enforce: 'pre',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transform: {
      filter: { id: /[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/ },
      handler(code) {
        if (!code.includes("from '@aurum/shared'")) return
        const out = code.replace(/^import \{([^}]*)\} from '@aurum\/shared'/gm, (whole, list: string) => {
          const byFile = new Map<string, string[]>()
          for (const raw of list.split(',')) {
            const spec = raw.trim()
            if (!spec || spec.startsWith('type ')) continue
            const file = fileOf.get(spec.split(/\s+as\s+/)[0]!)
            // Anything not understood stays a barrel import.
            if (!file) return whole
            byFile.set(file, [...(byFile.get(file) ?? []), spec])
          }
          // On as many lines as before: the line numbers of the rest stay those of the source.
          const lines = '\n'.repeat(whole.split('\n').length - 1)
          const imports = [...byFile].map(
            ([file, specs]) => `import { ${specs.join(', ')} } from '@aurum/shared/${file}';`,
          )
          return imports.join(' ') + lines
        })
        return { code: out, map: null }
      },
    },
  }
}

/**
 * The server build takes the app's `@tanstack/react-query` from src/lib/react-query-server.ts
 * (a cheaper `useQuery` for a render) and its `react-router` from src/lib/react-router-server.tsx
 * (links resolved once per path). The alias below has already turned `react-router` into the
 * production build's path when this plugin sees it.
 */
const reactRouterServer = path.resolve(import.meta.dirname, 'src/lib/react-router-server.tsx')
const serverHookModules: Record<string, string> = {
  '@tanstack/react-query': path.resolve(import.meta.dirname, 'src/lib/react-query-server.ts'),
  'react-router': reactRouterServer,
  [reactRouterProduction]: reactRouterServer,
}
const serverHooks: Plugin = {
  name: 'aurum-server-hooks',
  enforce: 'pre',
  resolveId(source, importer, options) {
    const module = serverHookModules[source]
    if (!module || !options.ssr || importer === module) return null
    return module
  },
}

/**
 * Language bundles as the app loads them (src/lib/i18n.ts): each without the messages its fallback
 * chain gives alike (`localeDelta`; en-CA 58.8 -> ~3 KB). The JSON files stay whole for the tests,
 * the api and the offline pages.
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../packages/shared/src/locales')
const localeDeltas: Plugin = {
  name: 'aurum-locale-deltas',
  enforce: 'pre',
  transform(code, id) {
    const file = id.split('?')[0]!
    if (path.dirname(file) !== LOCALES_DIR || !file.endsWith('.json')) return null
    const languages = fs.readdirSync(LOCALES_DIR).map((f) => path.basename(f, '.json'))
    const [, ...fallbacks] = fallbackChain(path.basename(file, '.json'), languages)
    if (fallbacks.length === 0) return null
    const read = (locale: string) =>
      JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${locale}.json`), 'utf8')) as Messages
    return { code: JSON.stringify(localeDelta(JSON.parse(code) as Messages, fallbacks.map(read))), map: null }
  },
}

/**
 * CSS Modules class names: `_<local>_<hash of the file>`, without the default's source line number
 * (`_tileTitle_1ih94_41`). Every class of a file then shares one suffix, so the class maps in the
 * first JavaScript (and the stylesheets and HTML) compress better: 0.4 KB gzipped less JavaScript.
 * Client and server builds compute the same names; two files with one hash fail the build.
 */
function scopedClassName(): (local: string, file: string) => string {
  const files = new Map<string, string>()
  return (local, file) => {
    const source = path.relative(import.meta.dirname, file.split('?')[0]!)
    const hash = createHash('sha256').update(source).digest('base64url').slice(0, 5)
    const owner = files.get(hash)
    if (owner !== undefined && owner !== source)
      throw new Error(`CSS Modules: ${owner} and ${source} hash alike`)
    files.set(hash, source)
    return `_${local}_${hash}`
  }
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    localeDeltas,
    sharedDirectImports(),
    react(),
    serviceWorkerPlugin(),
    ...(mode === 'production' ? [serverHooks] : []),
  ],
  resolve:
    mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  // Lazily loaded bundles are served from /dist/ (spec §2).
  base: '/dist/',
  build: {
    outDir: 'dist/client',
    assetsDir: 'assets',
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    // Pictures stay files (cached, fetched in parallel) instead of base64 inside the JavaScript,
    // where they would compress badly and delay every page's scripts.
    assetsInlineLimit: (file: string) => (file.endsWith('.svg') ? false : undefined),
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: entryGroup(), debugName: 'entry graph' }] } } },
  },
  css: { modules: { localsConvention: 'camelCaseOnly', generateScopedName: scopedClassName() } },
  // Bundled into the server build so the alias above applies there too.
  ssr: { noExternal: ['react-router'] },
  server: { fs: { allow: ['../..'] } },
}))
