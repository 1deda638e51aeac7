import { describe, expect, it } from 'vitest'
import { createAssetTags, createRouteAssets, type ClientManifest } from './ssr-assets.ts'

const manifest: ClientManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index-1.css'],
  },
  '_react.js': { file: 'assets/react-1.js' },
  '_grid.js': { file: 'assets/grid-1.js', imports: ['_react.js'], css: ['assets/grid-1.css'] },
  'src/lobby.tsx': {
    file: 'assets/lobby-1.js',
    imports: ['_grid.js', 'index.html'],
    css: ['assets/lobby-1.css'],
  },
  'src/game.tsx': { file: 'assets/game-1.js', imports: ['_grid.js'] },
  'locales/en.json': { file: 'assets/en-1.js' },
}

describe('the head tags of a page’s lazy modules', () => {
  const tags = createAssetTags(manifest, '/dist/')

  it('links every stylesheet of the modules and their imports, then preloads their chunks', () => {
    expect(tags(['src/lobby.tsx', 'locales/en.json']).split('\n    ')).toEqual([
      '<link rel="stylesheet" crossorigin href="/dist/assets/lobby-1.css">',
      '<link rel="stylesheet" crossorigin href="/dist/assets/grid-1.css">',
      '<link rel="modulepreload" crossorigin href="/dist/assets/lobby-1.js">',
      '<link rel="modulepreload" crossorigin href="/dist/assets/grid-1.js">',
      '<link rel="modulepreload" crossorigin href="/dist/assets/en-1.js">',
    ])
  })

  it('leaves out what the entry links already, a shared chunk once, and unknown modules', () => {
    const html = tags(['src/game.tsx', 'src/lobby.tsx', 'src/unknown.tsx'])
    expect(html).not.toContain('index-1')
    expect(html).not.toContain('react-1')
    expect(html.match(/grid-1\.js/g)).toHaveLength(1)
    expect(html.match(/grid-1\.css/g)).toHaveLength(1)
    expect(tags([])).toBe('')
  })
})

describe('the files a link to a lazy route preloads', () => {
  it('lists each route module’s chunks and stylesheets beyond the entry’s, each file once', () => {
    const assets = createRouteAssets(manifest, [
      'src/lobby.tsx',
      'src/game.tsx',
      'src/lobby.tsx',
      'src/gone.tsx',
    ])
    const files = (module: string) => assets.modules[module]!.map((i) => assets.files[i])
    expect(files('src/lobby.tsx')).toEqual([
      'assets/lobby-1.js',
      'assets/grid-1.js',
      'assets/lobby-1.css',
      'assets/grid-1.css',
    ])
    expect(files('src/game.tsx')).toEqual(['assets/game-1.js', 'assets/grid-1.js', 'assets/grid-1.css'])
    expect(assets.files.filter((f) => f === 'assets/grid-1.js')).toHaveLength(1)
    expect(assets.files.join()).not.toMatch(/index-1|react-1/)
    // Only route modules: the language bundles and unknown keys are not there.
    expect(Object.keys(assets.modules)).toEqual(['src/lobby.tsx', 'src/game.tsx'])
  })
})
