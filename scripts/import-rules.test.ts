import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importProblems } from './import-rules.mjs'

let root: string
const write = async (file: string, text: string) => {
  await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true })
  await fs.writeFile(path.join(root, file), text)
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-imports-'))
  // A cycle made only of type imports, one of runtime imports in a game client, an import from
  // one app into another (by path and through a workspace link), and a package both may use.
  await write('apps/web/src/a.ts', "import type { B } from './b.ts'\nexport interface A { b?: B }\n")
  await write('apps/web/src/b.ts', "import type { A } from './a.ts'\nexport interface B { a?: A }\n")
  await write('apps/games/client/x.ts', "import { y } from './y.ts'\nexport const x = () => y\n")
  await write('apps/games/client/y.ts', "import { x } from './x.ts'\nexport const y = () => x\n")
  await write(
    'apps/web/src/uses-api.ts',
    "import { helper } from '../../api/src/helper.ts'\nexport const u = helper\n",
  )
  await write('apps/api/src/helper.ts', 'export const helper = 1\n')
  await write('apps/api/src/uses-games.ts', "import { g } from '@aurum/games/src/g.ts'\nexport const v = g\n")
  await write('apps/games/src/g.ts', 'export const g = 2\n')
  await write(
    'apps/games/src/uses-package.ts',
    "import { p } from '../../../packages/db/src/p.ts'\nexport const w = p\n",
  )
  await write('packages/db/src/p.ts', 'export const p = 3\n')
  await fs.mkdir(path.join(root, 'node_modules/@aurum'), { recursive: true })
  await fs.symlink(path.join(root, 'apps/games'), path.join(root, 'node_modules/@aurum/games'))
})
afterAll(() => fs.rm(root, { recursive: true, force: true }))

describe('the import rules', () => {
  it('find cycles of type imports and in the game clients, and imports from one app into another', async () => {
    const found = await importProblems({ cwd: root, workspaces: { games: 'apps/games', db: 'packages/db' } })
    expect(found.cycles.map((c) => [...c].sort().join(' '))).toEqual(
      expect.arrayContaining([
        'apps/web/src/a.ts apps/web/src/b.ts',
        'apps/games/client/x.ts apps/games/client/y.ts',
      ]),
    )
    expect(found.crossApp).toEqual([
      'apps/api/src/uses-games.ts imports @aurum/games/src/g.ts (apps/games)',
      'apps/web/src/uses-api.ts imports ../../api/src/helper.ts (apps/api)',
    ])
  })

  it('let a listed pending import pass, and only that one', async () => {
    const found = await importProblems({
      cwd: root,
      workspaces: { games: 'apps/games' },
      pending: [['apps/web/src/uses-api.ts', 'apps/api']],
    })
    expect(found.crossApp).toEqual(['apps/api/src/uses-games.ts imports @aurum/games/src/g.ts (apps/games)'])
  })
})
