// Entity shapes shared by the api and the web app (spec §3, api-shapes.md §5). The api's answers
// are typed by their contracts (contracts/<module>.ts, zod) and re-exported here by name.
export type {
  CountryInfo,
  CryptoExchangeRates,
  CurrencyInfo,
  LocaleInfo,
  ProjectInfo,
  StatusInfo,
} from './contracts/info.ts'
export type { UserSettings } from './contracts/settings.ts'
export type { CmsFile, CmsPage, CmsSnippet, PageBlocks, PageConfig } from './contracts/cms.ts'
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
export type { ServerData } from './contracts/serverdata.ts'
export type { LogRecord } from './contracts/telemetry.ts'
export type { UserAccount } from './contracts/wallets.ts'
