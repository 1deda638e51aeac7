// `npm run lint`'s import check (scripts/import-rules.mjs): cycles (type imports and game clients
// included), imports across apps, private files of other workspaces, undeclared @aurum
// dependencies and other features' internals. `node scripts/check-imports.mjs [root]`.
import path from 'node:path'
import { importReport } from './import-rules.mjs'

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'))
const { modules, problems } = await importReport(root)
if (problems) {
  console.error(problems)
  process.exit(1)
}
console.log(`The import rules hold in ${modules} modules.`)
