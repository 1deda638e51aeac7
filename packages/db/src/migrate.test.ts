import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type SqlDatabase } from './client.ts'
import { functionDrift, migrate, type MigrationSet } from './migrate.ts'

let db: SqlDatabase
let root: string
beforeAll(async () => {
  db = await openDatabase({})
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-migrate-'))
})
afterAll(async () => {
  await db.close()
  await fs.rm(root, { recursive: true, force: true })
})

/** A set of its own (own tables, own folders) with the given files. */
async function set(name: string, migrations: Record<string, string>, functions: Record<string, string>) {
  const dir = path.join(root, name, 'migrations')
  const fnDir = path.join(root, name, 'functions')
  await fs.mkdir(dir, { recursive: true })
  await fs.mkdir(fnDir, { recursive: true })
  for (const [file, sql] of Object.entries(migrations)) await fs.writeFile(path.join(dir, file), sql)
  for (const [file, sql] of Object.entries(functions)) await fs.writeFile(path.join(fnDir, file), sql)
  return { dir, functions: fnDir, table: `${name}_migrations`, lockKey: 1 } satisfies MigrationSet
}

const answer = async (sql: string) => (await db.query<{ v: unknown }>(`SELECT ${sql} AS v`))[0]!.v

describe('migrate', () => {
  it('creates each function once the migration it follows is in, before the migrations that use it', async () => {
    const s = await set(
      'order',
      {
        '001_items.sql': 'CREATE TABLE order_items (id int PRIMARY KEY, n int NOT NULL);',
        // A trigger needs its function at creation: the function follows 001, so it exists here.
        '002_guard.sql':
          'CREATE TRIGGER order_items_guard BEFORE INSERT ON order_items FOR EACH ROW EXECUTE FUNCTION order_guard();',
        '003_later.sql': 'ALTER TABLE order_items ADD COLUMN label text;',
      },
      {
        'order_guard.sql': `-- after: 001_items
CREATE OR REPLACE FUNCTION order_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.n < 0 THEN RAISE EXCEPTION 'negative'; END IF;
  RETURN NEW;
END;
$$;`,
        // Its signature needs 003's column type through the table's row type.
        'order_label.sql': `-- after: 003_later
CREATE OR REPLACE FUNCTION order_label(p order_items) RETURNS text LANGUAGE sql AS $$ SELECT p.label $$;`,
      },
    )
    expect(await migrate(db, s)).toEqual([
      '001_items',
      'function:order_guard',
      '002_guard',
      '003_later',
      'function:order_label',
    ])
    await expect(db.query('INSERT INTO order_items VALUES (1, -1)')).rejects.toThrow(/negative/)
    // Nothing changed, nothing applied.
    expect(await migrate(db, s)).toEqual([])
  })

  it('applies a function again when its file changes, and only that one', async () => {
    const s = await set(
      'change',
      { '001_base.sql': 'SELECT 1;' },
      {
        'change_a.sql': 'CREATE OR REPLACE FUNCTION change_a() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;',
        'change_b.sql': 'CREATE OR REPLACE FUNCTION change_b() RETURNS int LANGUAGE sql AS $$ SELECT 2 $$;',
      },
    )
    expect(await migrate(db, s)).toEqual(['function:change_a', 'function:change_b', '001_base'])
    await fs.writeFile(
      path.join(s.functions, 'change_a.sql'),
      'CREATE OR REPLACE FUNCTION change_a() RETURNS int LANGUAGE sql AS $$ SELECT 10 $$;',
    )
    expect(await migrate(db, s)).toEqual(['function:change_a'])
    expect(await answer('change_a()')).toBe(10)
    expect(await answer('change_b()')).toBe(2)
  })

  it("applies a package's migrations first, once each, and a new one of them later", async () => {
    const s = await set('pkg', { '001_use.sql': 'INSERT INTO pkg_things VALUES (1);' }, {})
    const first = { version: 'pkg_things:001_table', sql: 'CREATE TABLE pkg_things (id int);' }
    expect(await migrate(db, { ...s, shared: [first] })).toEqual(['pkg_things:001_table', '001_use'])
    const second = { version: 'pkg_things:002_label', sql: 'ALTER TABLE pkg_things ADD COLUMN label text;' }
    expect(await migrate(db, { ...s, shared: [first, second] })).toEqual(['pkg_things:002_label'])
    expect(await migrate(db, { ...s, shared: [first, second] })).toEqual([])
    expect(await answer('(SELECT count(*)::int FROM pkg_things)')).toBe(1)
  })

  it('waits for a new migration a changed function needs', async () => {
    const s = await set(
      'wait',
      { '001_base.sql': 'CREATE TABLE wait_rows (id int);' },
      {
        'wait_count.sql':
          '-- after: 001_base\nCREATE OR REPLACE FUNCTION wait_count() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM wait_rows $$;',
      },
    )
    await migrate(db, s)
    await fs.writeFile(
      path.join(s.dir, '002_more.sql'),
      'CREATE TABLE wait_more (id int); INSERT INTO wait_more VALUES (1), (2);',
    )
    await fs.writeFile(
      path.join(s.functions, 'wait_count.sql'),
      '-- after: 002_more\nCREATE OR REPLACE FUNCTION wait_count() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM wait_more $$;',
    )
    expect(await migrate(db, s)).toEqual(['002_more', 'function:wait_count'])
    expect(await answer('wait_count()')).toBe(2n)
  })

  it('refuses a function that follows a migration that does not exist, and a broken one, applying nothing of it', async () => {
    const typo = await set(
      'typo',
      { '001_base.sql': 'SELECT 1;' },
      { 'typo_f.sql': '-- after: 002_nope\nSELECT 1;' },
    )
    await expect(migrate(db, typo)).rejects.toThrow(/typo_f.sql is to follow migration 002_nope/)
    const broken = await set(
      'broken',
      { '001_base.sql': 'SELECT 1;' },
      {
        'broken_f.sql':
          'CREATE OR REPLACE FUNCTION broken_f() RETURNS int LANGUAGE sql AS $$ SELECT nope $$;',
      },
    )
    await expect(migrate(db, broken)).rejects.toThrow(/Function broken_f failed/)
    expect(await answer(`(SELECT count(*) FROM broken_migrations_functions)`)).toBe(0n)
  })

  it('tells a function defined in a migration, one without a file and a file not applied', async () => {
    const s = await set(
      'drift',
      {
        '001_base.sql': 'CREATE FUNCTION drift_old() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;',
      },
      {
        'drift_new.sql': 'CREATE OR REPLACE FUNCTION drift_new() RETURNS int LANGUAGE sql AS $$ SELECT 2 $$;',
      },
    )
    await migrate(db, s)
    await fs.writeFile(
      path.join(s.functions, 'drift_new.sql'),
      'CREATE OR REPLACE FUNCTION drift_new() RETURNS int LANGUAGE sql AS $$ SELECT 3 $$;',
    )
    const drift = await functionDrift(db, [s])
    expect(drift.inMigrations).toEqual(['001_base.sql'])
    expect(drift.withoutFile).toContain('drift_old')
    expect(drift.notApplied).toEqual(['drift_new'])
  })
})
