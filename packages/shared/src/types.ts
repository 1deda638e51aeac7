/** Entity shapes shared by the api and the web app (spec §3, api-shapes.md §5). */
export interface CurrencyInfo {
  code: string
  symbol: string
  subunits_to_unit: number
  fiat: boolean
  default: boolean
  subcurrencies: string[]
}
export interface CountryInfo {
  code: string
  name: string
  default_currency: string
}
export interface LocaleInfo {
  code: string
  name: string
  name_in_locale: string
  default: boolean
}
export interface StatusInfo {
  id: string
  name: string
  status: string
  writable: boolean
  conditions: Array<{
    persistent_comp_points: { type: string; exclude_end: boolean; min: number; max: number }
  }>
}
export type CryptoExchangeRates = Record<
  string,
  Record<string, { exchange_rate: number; fee: number; total_exchange_rate: number }>
>
export interface ProjectInfo {
  apps: { sportsbook: boolean; casino: boolean }
  sns_config: { enable: boolean; base_url: string; flow: string }
  license: string
  player_two_factor_auth: boolean
  available_currency_exchange: boolean
  available_referral_system: boolean
  supported_payment_api_versions: string[]
  hooyu_integration: boolean
  country_flags: null | Record<string, string>
  livespins: { enabled: boolean }
  authentication_key: string
  notification_center: {
    inbox: { enabled: boolean; categories: string[]; ws_channels: string[] }
    new_realtime_notifications_flow_enabled: boolean
  }
  /** Ours: brand details the client shows (not in the platform shape). */
  brand: { name: string; operator: string; support_email: string; license_number: string }
  features: {
    achievements: boolean
    lootbox_wheel: boolean
    registration_ab_test: boolean
    tech_work: boolean
  }
  /** Ours: the proof-of-work captcha; `site_key` is '' when no form requires it. */
  captcha: { site_key: string; enabled_register: boolean }
  /** Ours: how long a loosened or removed responsible-gambling limit waits. */
  responsible_gambling: { limit_change_delay_hours: number }
}
/** `GET /api/player/settings` (IUserSettings); answered for guests too, with `cent.user` ''. */
export interface UserSettings {
  cent: { user: string; timestamp: string; token: string; authEndpoint: string; url: string }
  /** The captcha's site key; '' when registration needs no captcha. */
  recaptcha: string
  /** 0: the proof-of-work captcha. */
  recaptcha_version: number
}
export interface PageConfig {
  id: string
  path: string
  title: string
  layout: 'default'
  categories: string[]
  children: PageConfig[]
}
export interface PageBlocks {
  title: string
  keywords: string
  description: string
  'content-main': string
  json: string
}
export interface CmsPage {
  id: string
  path: string
  title: string
  content: string
  layout: 'default'
  categories: string[]
  blocks: PageBlocks
}
export interface CmsSnippet {
  id: string
  content: string
  categories: string[]
}
export interface CmsFile {
  id: string
  url: string
  description: string
  categories: string[]
}
/** The JSON a banner file carries in its description. */
export interface BannerDescription {
  title: string
  text: string
  button: string
  link: string
  groups: number[]
  /** Paths that must be mounted, besides the link, for the banner's promise to hold. */
  requires?: string[]
}
export interface ServerData {
  country: string | null
  restricted: boolean
  default_locale: string
  default_currency: string
  ip: string
  server_time: string
  version: string
}
/** Log record (spec §3, api-shapes.md §8). */
export interface LogRecord {
  label: string
  level_name: 'INFO' | 'WARN' | 'ERROR'
  remote_addr?: string
  datetime: string
  type?: string
  rid?: string
  message: string
  http_status?: number
  http_status_text?: string
  phpError?: Record<string, string>
  request_url?: string
  request_method?: string
  request_duration_ms?: number
  request_start_time?: number
  is_ssr?: boolean
  context?: Record<string, string>
}

/** A wallet (IUserAccount, api-shapes §3.2): amounts in minor units. */
export interface UserAccount {
  currency: string
  amount_cents: number
  available_to_cashout_cents: number
  available_to_bet_with_locked_cent: number
  hidden_at: string | null
  deposit_available: boolean
  selected_lottery_id: number
  active: boolean
}
