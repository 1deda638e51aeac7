import { openDatabase as open, type Database as DatabaseOf, type OpenOptions, type Orm } from '@aurum/db'
import * as schema from './schema.ts'

export type { Executor } from '@aurum/db'
/** The casino's database: the handle of @aurum/db with drizzle typed by the casino's tables. */
export type Database = DatabaseOf<typeof schema>
export type AppDb = Orm<typeof schema>

export const openDatabase = (options: Omit<OpenOptions, 'schema'>): Promise<Database> =>
  open({ ...options, schema })
