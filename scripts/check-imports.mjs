// `npm run lint`'s import check: fails on an import cycle (type imports and game clients included)
// and on an import from one app into another (scripts/import-rules.mjs).
import path from 'node:path'
import { CROSS_APP_PENDING, importProblems, workspaceFolders } from './import-rules.mjs'

const root = path.resolve(import.meta.dirname, '..')
const { modules, cycles, crossApp } = await importProblems({
  cwd: root,
  workspaces: await workspaceFolders(root),
  pending: CROSS_APP_PENDING,
})
if (cycles.length)
  console.error(`Import cycles found:\n${cycles.map((c) => `  ${c.join(' -> ')}`).join('\n')}`)
if (crossApp.length)
  console.error(
    `Imports from one app into another (share code through packages/*):\n${crossApp.map((l) => `  ${l}`).join('\n')}`,
  )
if (cycles.length || crossApp.length) process.exit(1)
console.log(`No import cycle and no import across apps in ${modules} modules.`)
