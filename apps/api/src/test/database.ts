import { openTestDatabase as openClone, type DbTemplate } from '@aurum/db/testing'
import type { Database } from '../db/client.ts'
import * as schema from '../db/schema.ts'

export type { DbTemplate } from '@aurum/db/testing'

/** A fresh casino database cloned from the run's migrated template (global-setup.ts). */
export const openTestDatabase = (
  template: DbTemplate,
): Promise<{ db: Database; drop?: () => Promise<void>; url?: string }> => openClone(template, schema)
