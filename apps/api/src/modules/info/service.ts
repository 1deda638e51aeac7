import {
  DEFAULT_CURRENCY,
  LOCALES,
  defaultLocaleFor,
  type CountryInfo,
  type CryptoExchangeRates,
  type CurrencyInfo,
  type Locale,
  type LocaleInfo,
  type ProjectInfo,
  type StatusInfo,
} from '@aurum/shared'
import type { Database } from '../../db/client.ts'
import { ExpiringCache } from '../../lib/cache.ts'
import type { CacheBus } from '../../lib/cache-bus.ts'
import { InfoRepository } from './repository.ts'

const STATUS_TITLES: Record<string, string> = {
  bronze: 'Bronze',
  silver: 'Silver',
  gold: 'Gold',
  platinum: 'Platinum',
  star: 'Star',
  test: 'Test',
}

/**
 * Reference data, cached for a minute. Only the seed writes it (at a node's start, which then
 * drops every node's entries: server.ts); the `info` scope of lib/cache-bus.ts reaches this cache.
 */
export class InfoService {
  private cache = new ExpiringCache(60_000, 200)
  private repo: InfoRepository

  constructor(db: Database, caches: CacheBus) {
    this.repo = new InfoRepository(db)
    caches.subscribe((message) => {
      if (message.scope === 'info') this.cache.drop(message.keys)
    })
  }

  currencies(): Promise<CurrencyInfo[]> {
    return this.cache.get('currencies', async () => {
      const rows = await this.repo.currencies()
      return rows.map((c) => ({
        code: c.code,
        symbol: c.symbol,
        subunits_to_unit: Number(c.subunitsToUnit),
        fiat: c.subunitsToUnit <= 100n,
        default: c.code === DEFAULT_CURRENCY,
        subcurrencies: [],
      }))
    })
  }

  /** Country names come from ICU in the request's language, so every language has them. */
  countries(locale: Locale): Promise<CountryInfo[]> {
    return this.cache.get(`countries:${locale}`, async () => {
      const rows = await this.repo.countries()
      const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })
      const collator = new Intl.Collator(locale)
      return rows
        .map((c) => ({ code: c.code, name: names.of(c.code) ?? c.code, default_currency: c.defaultCurrency }))
        .sort((a, b) => collator.compare(a.name, b.name))
    })
  }

  async knownCountry(code: string): Promise<boolean> {
    return this.repo.countryExists(code)
  }

  locales(locale: Locale, country: string | undefined): Promise<LocaleInfo[]> {
    return this.cache.get(`locales:${locale}:${country ?? ''}`, async () => {
      const rows = await this.repo.enabledLocales()
      const names = new Intl.DisplayNames([locale, 'en'], { type: 'language' })
      const fallback = defaultLocaleFor(country)
      return rows
        .filter((r) => (LOCALES as readonly string[]).includes(r.code))
        .map((r) => ({
          code: r.code,
          name: names.of(r.code) ?? r.code,
          name_in_locale: new Intl.DisplayNames([r.code], { type: 'language' }).of(r.code) ?? r.code,
          default: r.code === fallback,
        }))
    })
  }

  statuses(): Promise<StatusInfo[]> {
    return this.cache.get('statuses', async () => {
      const rows = await this.repo.statuses()
      return rows.map((s) => ({
        id: String(s.id),
        name: STATUS_TITLES[s.name] ?? s.name,
        status: s.name,
        writable: s.writable,
        conditions: [
          {
            persistent_comp_points: {
              type: 'range',
              exclude_end: true,
              min: Number(s.minPoints),
              max: s.maxPoints === null ? -1 : Number(s.maxPoints),
            },
          },
        ],
      }))
    })
  }

  cryptoExchangeRates(): Promise<CryptoExchangeRates> {
    return this.cache.get('crypto-rates', async () => {
      const rows = await this.repo.cryptoExchangeRates()
      const result: CryptoExchangeRates = {}
      for (const r of rows) {
        const rate = Number(r.exchangeRate)
        const fee = Number(r.fee)
        ;(result[r.fromCurrency] ??= {})[r.toCurrency] = {
          exchange_rate: rate,
          fee,
          total_exchange_rate: Number((rate * (1 - fee)).toPrecision(12)),
        }
      }
      return result
    })
  }

  /** Project settings from the database; the route adds the captcha config from the environment. */
  project(supportEmail: string): Promise<Omit<ProjectInfo, 'captcha' | 'responsible_gambling'>> {
    return this.cache.get('project', async () => {
      const rows = await this.repo.projectSettings()
      const s = Object.fromEntries(rows.map((r) => [r.key, r.value])) as Record<string, unknown>
      const text = (key: string, fallback: string) => (typeof s[key] === 'string' ? s[key] : fallback)
      const features = (s.features ?? {}) as ProjectInfo['features']
      return {
        apps: { sportsbook: false, casino: true },
        sns_config: { enable: false, base_url: '', flow: '' },
        license: text('license', 'CW'),
        player_two_factor_auth: s.player_two_factor_auth !== false,
        available_currency_exchange: false,
        available_referral_system: false,
        supported_payment_api_versions: ['1'],
        hooyu_integration: false,
        country_flags: null,
        livespins: { enabled: false },
        // A public identifier of this installation (not a secret).
        authentication_key: 'aurum-web',
        notification_center: {
          inbox: { enabled: false, categories: [], ws_channels: [] },
          new_realtime_notifications_flow_enabled: false,
        },
        brand: {
          name: text('brand_name', 'Aurum Casino'),
          operator: text('operator', ''),
          support_email: supportEmail,
          license_number: text('license_number', ''),
        },
        features: {
          achievements: features.achievements ?? false,
          lootbox_wheel: features.lootbox_wheel ?? false,
          registration_ab_test: features.registration_ab_test ?? false,
          tech_work: features.tech_work ?? false,
        },
      }
    })
  }
}
