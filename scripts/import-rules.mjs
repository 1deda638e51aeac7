// The import rules of the house (DESIGN.md "Layers", rule 2), checked over the TypeScript sources:
// no import cycle, type imports and the game clients included; no app imports another app's
// files (apps share code through packages/*).
import path from 'node:path'
import { parseCircular, parseDependencyTree } from 'dpdm'

export const SOURCES = [
  'apps/*/src/**/*.{ts,tsx}',
  'apps/*/e2e/**/*.ts',
  'apps/games/client/**/*.{ts,tsx}',
  'packages/*/src/**/*.{ts,tsx}',
]

/**
 * Imports from one app into another that are still to be removed (issue 21): the casino starts the
 * game server in its own process, and tests that run two apps together import the other's helpers.
 * Each entry is an importing file and the app it reaches; nothing may be added here.
 */
/** @type {Array<[string, string]>} */
export const CROSS_APP_PENDING = [
  ['apps/api/src/server.ts', 'apps/games'],
  ['apps/api/src/modules/history/fairness.test.ts', 'apps/games'],
  ['apps/games/src/app.test.ts', 'apps/api'],
  ['apps/games/src/open-rounds.test.ts', 'apps/api'],
  ['apps/web/src/app/entry-server.test.ts', 'apps/api'],
]

/** `apps/<name>` of a path inside an app (through a workspace link in node_modules too), else null. */
function appOf(file, workspaces) {
  const parts = file.split(path.sep).join('/').split('/')
  if (parts[0] === 'apps' && parts[1]) return `apps/${parts[1]}`
  const at = parts.indexOf('@aurum')
  if (at >= 0 && parts[at - 1] === 'node_modules' && workspaces[parts[at + 1]]?.startsWith('apps/'))
    return workspaces[parts[at + 1]]
  return null
}

/**
 * The problems of the sources matched by `patterns` (relative to `cwd`): import cycles and imports
 * from one app into another (but `pending`). `workspaces` maps a package's name under @aurum to
 * its folder, for imports through the workspace links.
 * @param {{ cwd?: string, patterns?: string[], workspaces?: Record<string, string>, pending?: Array<[string, string]> }} [options]
 */
export async function importProblems({
  cwd = process.cwd(),
  patterns = SOURCES,
  workspaces = {},
  pending = [],
} = {}) {
  const previous = process.cwd()
  process.chdir(cwd)
  try {
    const tree = await parseDependencyTree(patterns, { transform: false, skipDynamicImports: false })
    const cycles = parseCircular(tree).filter((cycle) => !cycle.some((file) => file.includes('node_modules')))
    const crossApp = []
    for (const [file, deps] of Object.entries(tree)) {
      const from = appOf(file, workspaces)
      if (!from) continue
      for (const dep of deps ?? []) {
        const to = dep.id ? appOf(dep.id, workspaces) : null
        if (!to || to === from || pending.some(([f, app]) => f === file && app === to)) continue
        crossApp.push(`${file} imports ${dep.request} (${to})`)
      }
    }
    return { modules: Object.keys(tree).length, cycles, crossApp: [...new Set(crossApp)].sort() }
  } finally {
    process.chdir(previous)
  }
}

/** @aurum package name -> its folder, from the root package's workspaces. */
export async function workspaceFolders(root) {
  const fs = await import('node:fs/promises')
  const folders = {}
  for (const group of ['apps', 'packages']) {
    for (const name of await fs.readdir(path.join(root, group))) {
      const manifest = JSON.parse(
        await fs.readFile(path.join(root, group, name, 'package.json'), 'utf8').catch(() => '{}'),
      )
      if (manifest.name?.startsWith('@aurum/'))
        folders[manifest.name.slice('@aurum/'.length)] = `${group}/${name}`
    }
  }
  return folders
}
