import path from 'node:path'
import { defineConfig } from 'vite'

/**
 * The game clients (HTML5, no framework): one entry per game type and the fairness verifier,
 * built to dist/client and served by the game server under /client/.
 */
export default defineConfig({
  root: path.join(import.meta.dirname, 'client'),
  base: '/client/',
  build: {
    outDir: path.join(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        slot: path.join(import.meta.dirname, 'client/slot/main.ts'),
        roulette: path.join(import.meta.dirname, 'client/roulette/main.ts'),
        blackjack: path.join(import.meta.dirname, 'client/blackjack/main.ts'),
      },
    },
  },
})
