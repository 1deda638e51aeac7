// Fails when the TypeScript sources contain an import cycle (house rule 8).
import { parseDependencyTree, parseCircular } from 'dpdm'

const tree = await parseDependencyTree(['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'], {
  transform: true,
  skipDynamicImports: false,
})
const cycles = parseCircular(tree).filter((cycle) => !cycle.some((file) => file.includes('node_modules')))
if (cycles.length) {
  console.error(`Import cycles found:\n${cycles.map((c) => `  ${c.join(' -> ')}`).join('\n')}`)
  process.exit(1)
}
console.log(`No import cycles in ${Object.keys(tree).length} modules.`)
