// Prints the main page's initial JavaScript (entry plus its static imports), gzipped, after a build.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const dir = path.resolve(import.meta.dirname, '../apps/web/dist/client')
const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'))
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
const seen = new Set()
const visit = (key) => {
  if (seen.has(key)) return
  seen.add(key)
  for (const dep of manifest[key].imports ?? []) visit(dep)
}
visit(entryKey)
let raw = 0
let gz = 0
const compress = (file) => {
  const bytes = fs.readFileSync(path.join(dir, file))
  raw += bytes.length
  gz += zlib.gzipSync(bytes, { level: 9 }).length
}
for (const key of seen) compress(manifest[key].file)
// Precompressed copies for the static file server (brotli and gzip).
for (const file of fs.readdirSync(path.join(dir, 'assets'))) {
  if (!/\.(js|css|svg|json)$/.test(file)) continue
  const full = path.join(dir, 'assets', file)
  const bytes = fs.readFileSync(full)
  fs.writeFileSync(
    `${full}.br`,
    zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(bytes, { level: 9 }))
}
const kb = (n) => (n / 1024).toFixed(1)
// The build fails above the budget (issue 20: at most 130 KB gzipped).
const BUDGET_KB = 130
console.log(
  `initial JavaScript of the main page: ${kb(raw)} KB, ${kb(gz)} KB gzipped (${seen.size} files; budget ${BUDGET_KB} KB gzipped)`,
)
if (gz > BUDGET_KB * 1024) {
  console.error(`the main page's initial JavaScript is over its budget of ${BUDGET_KB} KB gzipped`)
  process.exit(1)
}
