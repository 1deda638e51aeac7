import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { importProblems, importReport } from './import-rules.mjs'

const roots: string[] = []
afterAll(() => Promise.all(roots.map((root) => fs.rm(root, { recursive: true, force: true }))))

const manifest = (name: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name, type: 'module', ...extra })

/**
 * A small monorepo that keeps every rule: the composing workspace starts the casino through its
 * declared entry, a web feature uses another's endpoint, an api module another's service (and, in
 * a test, its testing helpers), an app uses a declared package. `extra` adds files to break one.
 */
async function fixture(extra: Record<string, string> = {}): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-imports-'))
  roots.push(root)
  const files: Record<string, string> = {
    'apps/api/package.json': manifest('@aurum/api', {
      exports: { '.': './src/index.ts' },
      dependencies: { '@aurum/db': '*' },
    }),
    'apps/api/src/index.ts': "export { start } from './start.ts'\n",
    'apps/api/src/start.ts': "import { db } from '@aurum/db'\nexport const start = () => db\n",
    'apps/api/src/helper.ts': 'export const helper = 1\n',
    'apps/api/src/modules/wallets/service.ts': 'export const credit = () => 1\n',
    'apps/api/src/modules/wallets/repository.ts':
      'export const rows = (db) => db.query<{ n: number }>(`SELECT count(*) AS n FROM wallets`)\n',
    'apps/api/src/modules/wallets/routes.ts':
      "import type { FastifyInstance } from 'fastify'\nimport { credit } from './service.ts'\nexport const routes = (app: FastifyInstance) => app.post('/credit', credit)\n",
    'apps/api/src/modules/wallets/testing.ts': 'export const fund = () => 1\n',
    'apps/api/src/modules/payments/service.ts':
      "import { credit } from '../wallets/service.ts'\nexport const deposit = credit\n",
    'apps/api/src/modules/payments/payments.test.ts':
      "import { fund } from '../wallets/testing.ts'\nexport const t = fund\n",
    'apps/games/package.json': manifest('@aurum/games', { exports: { '.': './src/index.ts' } }),
    'apps/games/src/index.ts': 'export const startGames = () => 2\n',
    'apps/web/package.json': manifest('@aurum/web'),
    'apps/web/src/features/wallet/api/accounts.ts': 'export const useAccounts = () => []\n',
    'apps/web/src/features/wallet/routes/wallet-page.tsx': 'export const WalletPage = () => null\n',
    'apps/web/src/features/cashbox/components/cashier.tsx':
      "import { useAccounts } from '../../wallet/api/accounts.ts'\nexport const Cashier = useAccounts\n",
    'apps/server/package.json': manifest('@aurum/server', {
      dependencies: { '@aurum/api': '*', '@aurum/games': '*' },
    }),
    'apps/server/src/main.ts':
      "import { start } from '@aurum/api'\nimport { startGames } from '@aurum/games'\nexport const both = [start, startGames]\n",
    'packages/db/package.json': manifest('@aurum/db', { exports: { '.': './src/index.ts' } }),
    'packages/db/src/index.ts': 'export const db = 3\n',
    'packages/shared/package.json': manifest('@aurum/shared', { exports: { './*': './src/*.ts' } }),
    'packages/shared/src/money.ts': 'export const cents = 4\n',
    ...extra,
  }
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await fs.writeFile(path.join(root, file), text)
  }
  await fs.mkdir(path.join(root, 'node_modules/@aurum'), { recursive: true })
  const links: Array<[string, string]> = [
    ['api', 'apps/api'],
    ['games', 'apps/games'],
    ['web', 'apps/web'],
    ['server', 'apps/server'],
    ['db', 'packages/db'],
    ['shared', 'packages/shared'],
  ]
  for (const [name, folder] of links)
    await fs.symlink(path.join(root, folder), path.join(root, 'node_modules/@aurum', name))
  return root
}

const problemsOf = async (extra: Record<string, string>) => importProblems({ cwd: await fixture(extra) })

describe('the import rules', () => {
  it('pass a tree that keeps them', async () => {
    const report = await importReport(await fixture())
    expect(report.problems).toBe('')
    expect(report.modules).toBeGreaterThan(10)
  })

  it('fail an import from one app into another, by path or by name', async () => {
    const found = await problemsOf({
      'apps/web/src/uses-api.ts':
        "import { helper } from '../../api/src/helper.ts'\nexport const u = helper\n",
      'apps/api/src/uses-games.ts':
        "import { startGames } from '@aurum/games'\nexport const v = startGames\n",
    })
    expect(found.crossApp).toEqual([
      'apps/api/src/uses-games.ts imports @aurum/games (apps/games)',
      'apps/web/src/uses-api.ts imports ../../api/src/helper.ts (apps/api)',
    ])
  })

  it("fail the composing workspace's import of an app's file its package does not export", async () => {
    const found = await problemsOf({
      'apps/server/src/reach.ts':
        "import { helper } from '@aurum/api/src/helper.ts'\nexport const r = helper\n",
      'apps/server/src/path.ts':
        "import { helper } from '../../api/src/helper.ts'\nexport const p = helper\n",
    })
    expect(found.crossApp).toEqual([])
    expect(found.privateEntry).toEqual([
      'apps/server/src/path.ts imports ../../api/src/helper.ts (a path into apps/api: import it by its package name)',
      'apps/server/src/reach.ts imports @aurum/api/src/helper.ts (apps/api does not export ./src/helper.ts)',
    ])
  })

  it('fail an import of an @aurum package the workspace does not declare', async () => {
    const found = await problemsOf({
      'apps/games/src/money.ts': "import { cents } from '@aurum/shared/money'\nexport const m = cents\n",
    })
    expect(found.undeclared).toEqual([
      'apps/games/src/money.ts imports @aurum/shared/money (@aurum/shared is not in apps/games/package.json)',
    ])
  })

  it("fail a feature's import of another feature's internals, in the web app and in the api", async () => {
    const found = await problemsOf({
      'apps/web/src/features/cashbox/routes/page.tsx':
        "import { WalletPage } from '../../wallet/routes/wallet-page.tsx'\nexport const P = WalletPage\n",
      'apps/api/src/modules/payments/routes.ts':
        "import { rows } from '../wallets/repository.ts'\nimport { fund } from '../wallets/testing.ts'\nexport const r = [rows, fund]\n",
    })
    expect(found.featureInternals).toEqual([
      'apps/api/src/modules/payments/routes.ts imports ../wallets/repository.ts (apps/api/src/modules/wallets/repository.ts)',
      'apps/api/src/modules/payments/routes.ts imports ../wallets/testing.ts (apps/api/src/modules/wallets/testing.ts)',
      'apps/web/src/features/cashbox/routes/page.tsx imports ../../wallet/routes/wallet-page.tsx (apps/web/src/features/wallet/routes/wallet-page.tsx)',
    ])
  })

  it("fail SQL outside an api module's repository and Fastify outside its route files", async () => {
    const found = await problemsOf({
      // A service that runs a statement itself, one that takes Fastify's request.
      'apps/api/src/modules/wallets/service.ts':
        "export const credit = (db) => db.query('UPDATE wallets SET real = real + 1 WHERE id = $1', [1])\n",
      'apps/api/src/modules/payments/service.ts':
        "import type { FastifyRequest } from 'fastify'\nexport const deposit = (request: FastifyRequest) => request.ip\n",
      // A route holding a statement in a template string.
      'apps/api/src/modules/payments/routes.ts':
        'export const sql = `\n  INSERT INTO payments (id) VALUES ($1)`\n',
      // Words of SQL in a comment or in prose are no statement; tests may run SQL.
      'apps/api/src/modules/payments/fields.ts':
        "// SELECT the card's fields\nexport const hint = 'Select a card'\n",
      'apps/api/src/modules/payments/payments.test.ts': "export const t = (db) => db.query('SELECT 1')\n",
      // The game server's HTTP app.
      'apps/games/src/app.ts':
        "export const touch = (db) => db.query<{ id: string }>('SELECT id FROM game_sessions')\n",
    })
    expect(found.layers).toEqual([
      "apps/api/src/modules/payments/routes.ts runs SQL (only the module's repository.ts does)",
      'apps/api/src/modules/payments/service.ts imports fastify (only route files speak HTTP; services take a context)',
      "apps/api/src/modules/wallets/service.ts runs SQL (only the module's repository.ts does)",
      "apps/games/src/app.ts runs SQL (only the module's repository.ts does)",
    ])
  })

  it('fail a cycle made only of type imports, and one in a game client', async () => {
    const found = await problemsOf({
      'apps/web/src/a.ts': "import type { B } from './b.ts'\nexport interface A { b?: B }\n",
      'apps/web/src/b.ts': "import type { A } from './a.ts'\nexport interface B { a?: A }\n",
      'apps/games/client/x.ts': "import { y } from './y.ts'\nexport const x = () => y\n",
      'apps/games/client/y.ts': "import { x } from './x.ts'\nexport const y = () => x\n",
    })
    expect(found.cycles.map((c) => [...c].sort().join(' '))).toEqual(
      expect.arrayContaining([
        'apps/web/src/a.ts apps/web/src/b.ts',
        'apps/games/client/x.ts apps/games/client/y.ts',
      ]),
    )
  })

  it("make `npm run lint`'s check exit 1 with the problem named", async () => {
    const root = await fixture({
      'apps/api/src/uses-games.ts':
        "import { startGames } from '@aurum/games'\nexport const v = startGames\n",
    })
    const run = promisify(execFile)(process.execPath, [
      path.join(import.meta.dirname, 'check-imports.mjs'),
      root,
    ])
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('apps/api/src/uses-games.ts imports @aurum/games (apps/games)'),
    })
  })
})
