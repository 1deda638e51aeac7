import { asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  countries,
  cryptoExchangeRates,
  currencies,
  locales,
  projectSettings,
  statuses,
} from '../../db/schema.ts'

/** The data access of reference data: currencies, countries, locales, statuses, rates, settings. */
export class InfoRepository {
  constructor(private db: Database) {}

  async currencies() {
    return this.db.orm.select().from(currencies).orderBy(asc(currencies.position))
  }

  async countries() {
    return this.db.orm.select().from(countries)
  }

  async countryExists(code: string): Promise<boolean> {
    const rows = await this.db.orm
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, code))
    return rows.length > 0
  }

  /** The enabled locales by position. */
  async enabledLocales() {
    return this.db.orm.select().from(locales).where(eq(locales.enabled, true)).orderBy(asc(locales.position))
  }

  async statuses() {
    return this.db.orm.select().from(statuses).orderBy(asc(statuses.position))
  }

  async cryptoExchangeRates() {
    return this.db.orm.select().from(cryptoExchangeRates)
  }

  async projectSettings() {
    return this.db.orm.select().from(projectSettings)
  }
}
