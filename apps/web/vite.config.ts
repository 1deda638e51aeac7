import { createRequire } from 'node:module'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { serviceWorkerPlugin } from './src/service-worker/plugin.ts'

const require = createRequire(import.meta.url)
// react-router's package exports only its development build (dev-time checks and warnings);
// production builds use the production build it ships next to it.
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
)

/**
 * The server build takes the app's `react-i18next` and `@tanstack/react-query` from
 * src/lib/react-i18next-server.ts and src/lib/react-query-server.ts (cheaper hooks for a render).
 */
const serverHookModules: Record<string, string> = {
  'react-i18next': path.resolve(import.meta.dirname, 'src/lib/react-i18next-server.ts'),
  '@tanstack/react-query': path.resolve(import.meta.dirname, 'src/lib/react-query-server.ts'),
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

export default defineConfig(({ mode }) => ({
  plugins: [react(), serviceWorkerPlugin(), ...(mode === 'production' ? [serverHooks] : [])],
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
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  // Bundled into the server build so the alias above applies there too.
  ssr: { noExternal: ['react-router'] },
  server: { fs: { allow: ['../..'] } },
}))
