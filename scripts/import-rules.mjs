// The import rules of the house (DESIGN.md "Layers", rule 2), checked over the TypeScript sources:
// - no import cycle, type imports and the game clients included;
// - no app imports another app: only a composing workspace (apps/server) imports apps, and only
//   through the entries their package.json `exports` declare;
// - a workspace reaches another only by its package name (never a relative path into it), through
//   an entry it exports, and declares it in its own package.json;
// - a feature never imports another feature's internals (FEATURE_AREAS);
// - layers (LAYERS): SQL only in an api module's repository.ts (and never in the game server's
//   HTTP app), Fastify only in its route files.
import fs from 'node:fs/promises'
import path from 'node:path'
import { parseCircular, parseDependencyTree } from 'dpdm'

export const SOURCES = [
  'apps/*/src/**/*.{ts,tsx}',
  'apps/*/e2e/**/*.ts',
  'apps/games/client/**/*.{ts,tsx}',
  'packages/*/src/**/*.{ts,tsx}',
]

/** The workspaces that compose apps: the only ones that may import an app. */
export const COMPOSERS = ['apps/server']

/**
 * Folders of features, and what of a feature another feature of the same folder may import (its
 * public surface, a path inside the feature's folder). The web app's features offer their endpoints
 * (api/), components and hooks; their routes, helpers, workers and styles are their own. An api
 * module offers its service (service.ts), what index.ts re-exports, and to tests its testing.ts.
 * @type {Array<{ root: string, isPublic: (inside: string, importer: string) => boolean }>}
 */
export const FEATURE_AREAS = [
  {
    root: 'apps/web/src/features',
    isPublic: (inside) => /^(api|components|hooks)\//.test(inside),
  },
  {
    root: 'apps/api/src/modules',
    isPublic: (inside, importer) =>
      inside === 'service.ts' ||
      inside === 'index.ts' ||
      (inside === 'testing.ts' && /(\.test\.ts|\/testing\.ts)$/.test(importer)),
  },
]

/**
 * The layers of an api module (DESIGN.md "Layers"): route files speak HTTP (Fastify), services hold
 * the rules and take a context, the repository holds every SQL statement. Tests and a module's
 * testing.ts helpers are outside the rule.
 */
export const LAYERS = {
  root: 'apps/api/src/modules',
  routeFile: /(^|\/)(routes|[\w-]+-routes|callbacks|sandbox-pages)\.ts$/,
  repositoryFile: /(^|\/)repository\.ts$/,
  exempt: /(\.test\.ts|(^|\/)testing\.ts)$/,
  /** The game server's HTTP app: its handlers go through its repository.ts too. */
  httpApps: ['apps/games/src/app.ts'],
}
/** A database call, or the start of an SQL statement in a string (comments are removed first). */
const SQL = [
  /\.(query|exec)\s*[<(]\s*[`'"]/,
  /\.query\s*</,
  /\.orm\b/,
  /[`'"]\s*(SELECT\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|WITH\s+\w+\s+AS\s*\()/,
]
const FASTIFY = /^(fastify|fastify-plugin|fastify-type-provider-zod|@fastify\/.*)$/
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')

const posix = (file) => file.split(path.sep).join('/')

/**
 * @typedef {{ folder: string, name: string, declared: Set<string>, exports: string[] | null }} Workspace
 */

/** Every workspace (apps/* and packages/* with a package.json), by folder. */
export async function readWorkspaces(root) {
  /** @type {Record<string, Workspace>} */
  const workspaces = {}
  for (const group of ['apps', 'packages']) {
    const names = await fs.readdir(path.join(root, group)).catch(() => [])
    for (const name of names) {
      const text = await fs.readFile(path.join(root, group, name, 'package.json'), 'utf8').catch(() => null)
      if (!text) continue
      const manifest = JSON.parse(text)
      const folder = `${group}/${name}`
      workspaces[folder] = {
        folder,
        name: manifest.name ?? folder,
        declared: new Set([
          ...Object.keys(manifest.dependencies ?? {}),
          ...Object.keys(manifest.devDependencies ?? {}),
        ]),
        exports:
          manifest.exports === undefined
            ? null
            : typeof manifest.exports === 'string'
              ? ['.']
              : Object.keys(manifest.exports),
      }
    }
  }
  return workspaces
}

/** The workspace folder a path lies in (`apps/x`, `packages/x`; through a node_modules link too). */
function workspaceOf(file, workspaces) {
  const parts = posix(file).split('/')
  if ((parts[0] === 'apps' || parts[0] === 'packages') && parts[1]) return `${parts[0]}/${parts[1]}`
  const at = parts.lastIndexOf('node_modules')
  if (at >= 0) {
    const name = parts[at + 1]?.startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1]
    return Object.values(workspaces).find((w) => w.name === name)?.folder ?? null
  }
  return null
}

/** The workspace a bare specifier names, and the subpath asked of it (`.` or `./x`). */
function packageOf(request, workspaces) {
  if (request.startsWith('.') || request.startsWith('/')) return null
  const parts = request.split('/')
  const name = request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  const rest = parts.slice(request.startsWith('@') ? 2 : 1)
  const target = Object.values(workspaces).find((w) => w.name === name)
  return { name, target, subpath: rest.length ? `./${rest.join('/')}` : '.' }
}

/** Whether `subpath` matches one of the package's `exports` keys (`./*` patterns included). */
function exported(exportsKeys, subpath) {
  return exportsKeys.some((key) => {
    const star = key.indexOf('*')
    if (star < 0) return key === subpath
    return subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1))
  })
}

/** The feature area and feature a file is in, and its path inside the feature. */
function featureOf(file) {
  const p = posix(file)
  for (const area of FEATURE_AREAS) {
    if (!p.startsWith(`${area.root}/`)) continue
    const [feature, ...inside] = p.slice(area.root.length + 1).split('/')
    if (inside.length) return { area, feature, inside: inside.join('/') }
  }
  return null
}

/**
 * The problems of the sources matched by `patterns` (relative to `cwd`). `workspaces` (from
 * readWorkspaces) tells each workspace's name, declared dependencies and exported entries.
 * @param {{ cwd?: string, patterns?: string[], workspaces?: Record<string, Workspace>, composers?: string[] }} [options]
 */
export async function importProblems({
  cwd = process.cwd(),
  patterns = SOURCES,
  workspaces,
  composers = COMPOSERS,
} = {}) {
  workspaces ??= await readWorkspaces(cwd)
  const previous = process.cwd()
  process.chdir(cwd)
  try {
    const tree = await parseDependencyTree(patterns, { transform: false, skipDynamicImports: false })
    const cycles = parseCircular(tree).filter((cycle) => !cycle.some((file) => file.includes('node_modules')))
    const crossApp = new Set()
    const privateEntry = new Set()
    const undeclared = new Set()
    const featureInternals = new Set()
    const layers = new Set()
    for (const [file, deps] of Object.entries(tree)) {
      const from = workspaceOf(file, workspaces)
      if (!from || posix(file).includes('node_modules/')) continue
      const feature = featureOf(file)
      const layered = posix(file).startsWith(`${LAYERS.root}/`) && !LAYERS.exempt.test(posix(file))
      if ((layered && !LAYERS.repositoryFile.test(posix(file))) || LAYERS.httpApps.includes(posix(file))) {
        const text = withoutComments(await fs.readFile(file, 'utf8'))
        if (SQL.some((pattern) => pattern.test(text)))
          layers.add(`${posix(file)} runs SQL (only the module's repository.ts does)`)
      }
      for (const dep of deps ?? []) {
        const request = dep.request
        if (layered && FASTIFY.test(request) && !LAYERS.routeFile.test(posix(file)))
          layers.add(
            `${posix(file)} imports ${request} (only route files speak HTTP; services take a context)`,
          )
        const asked = packageOf(request, workspaces)
        const to = asked?.target?.folder ?? (dep.id ? workspaceOf(dep.id, workspaces) : null)
        const line = `${posix(file)} imports ${request}`
        if (asked?.name.startsWith('@aurum/') && asked.name !== workspaces[from]?.name) {
          if (!workspaces[from]?.declared.has(asked.name))
            undeclared.add(`${line} (${asked.name} is not in ${from}/package.json)`)
        }
        if (to && to !== from) {
          if (to.startsWith('apps/') && !composers.includes(from)) crossApp.add(`${line} (${to})`)
          else if (!asked) privateEntry.add(`${line} (a path into ${to}: import it by its package name)`)
          else if (!asked.target?.exports || !exported(asked.target.exports, asked.subpath))
            privateEntry.add(`${line} (${to} does not export ${asked.subpath})`)
        }
        const target = dep.id ? featureOf(dep.id) : null
        if (
          feature &&
          target &&
          target.area === feature.area &&
          target.feature !== feature.feature &&
          !feature.area.isPublic(target.inside, posix(file))
        )
          featureInternals.add(`${line} (${target.area.root}/${target.feature}/${target.inside})`)
      }
    }
    const sorted = (set) => [...set].sort()
    return {
      modules: Object.keys(tree).length,
      cycles,
      crossApp: sorted(crossApp),
      privateEntry: sorted(privateEntry),
      undeclared: sorted(undeclared),
      featureInternals: sorted(featureInternals),
      layers: sorted(layers),
    }
  } finally {
    process.chdir(previous)
  }
}

/** `npm run lint`'s verdict over a tree: the problems as text, empty when there are none. */
export async function importReport(root) {
  const found = await importProblems({ cwd: root })
  const sections = [
    ['Import cycles', found.cycles.map((c) => c.join(' -> '))],
    ['Imports from one app into another (only apps/server composes apps)', found.crossApp],
    ["Imports of another workspace's private files", found.privateEntry],
    ['Imports of an @aurum package the workspace does not declare', found.undeclared],
    ["Imports of another feature's internals", found.featureInternals],
    ['Layers of an api module broken', found.layers],
  ]
  const text = sections
    .filter(([, lines]) => lines.length)
    .map(([title, lines]) => `${title}:\n${lines.map((l) => `  ${l}`).join('\n')}`)
    .join('\n')
  return { modules: found.modules, problems: text }
}
