import { createRequire } from 'node:module'
import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const require = createRequire(import.meta.url)
// react-router's package exports only its development build; production builds use the production
// build it ships next to it (as apps/web does).
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
)

/**
 * The back office: a client-rendered app (operators sign in before anything is shown, so there is
 * nothing to render for search engines or a first paint to win), built to dist/ and served by the
 * casino at /backoffice with its own bundle; each screen is a lazy chunk.
 */
export default defineConfig(({ mode }) => ({
  root: import.meta.dirname,
  base: '/backoffice/',
  plugins: [react()],
  resolve:
    mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  build: {
    outDir: path.join(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
}))
