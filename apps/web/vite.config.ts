import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  // Lazily loaded bundles are served from /dist/ (spec §2).
  base: '/dist/',
  build: {
    outDir: 'dist/client',
    assetsDir: 'assets',
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  ssr: { noExternal: [] },
  server: { fs: { allow: ['../..'] } },
})
