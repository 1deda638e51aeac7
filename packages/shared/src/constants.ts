/** Timing and limit constants of spec §9, in one place for the web app and the api. */
export const TIMING = {
  modalCloseDelayMs: 500,
  toastAutoCloseMs: 10_000,
  promoBannerReturnMs: 120_000,
  noticesDelayMs: 1_500,
  hashClearDelayMs: 1_000,
  hashScrollRetryMs: 5_000,
  idleTitleDelayMs: 2_000,
  chunkLoadTimeoutMs: 120_000,
  httpServerTimeoutMs: 8_000,
  httpBrowserTimeoutMs: 30_000,
  httpRetries: 6,
  httpRetryBaseMs: 100,
  realtimePingMs: 10_000,
  /** The service worker's registration checks for a new /sw.js this often (spec §4). */
  serviceWorkerUpdateMs: 900_000,
  /** Start-up and SEO data may be cached for one day. */
  startCacheMs: 86_400_000,
} as const

export const COOKIES = {
  /** The player's session; pages for visitors without one may be served from the guest page cache. */
  session: 'sid',
  locale: 'locale',
  cookiesAccepted: 'cookies_accepted',
  cookiesAcceptedMaxAgeSeconds: 31_536_000,
  empApproval: 'emp_approved',
  /** Spec §9 gives the EMP approval lifetime in milliseconds. */
  empApprovalMaxAgeMs: 31_536_000_000,
  auConsent: 'au_consent',
} as const

export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const
export const STAG_STORAGE_KEY = 'stag'

/** Banner slider ids (spec §9). */
export const BANNER_SLIDERS = ['promo', 'tournaments', 'index-top', 'jackpot-top'] as const
export type BannerSlider = (typeof BANNER_SLIDERS)[number]

/** Grid breakpoints (spec §2): 2 columns below 754 px... see the grid component. */
export const GRID_BREAKPOINTS = { small: 508, medium: 754 } as const

/** VIP statuses (spec §3). */
export const STATUSES = [
  { id: 257, name: 'bronze' },
  { id: 258, name: 'silver' },
  { id: 259, name: 'gold' },
  { id: 255, name: 'platinum' },
  { id: 256, name: 'star' },
  { id: 21, name: 'test' },
] as const

export const CHAT_GROUPS = { guest: 26, general: 1, vip: 2 } as const

/** The registration A/B test (spec §6): odd user ids get variant A, even ids variant B (the profile-completion modal). */
export const AB_TEST_GROUPS = { a: 543, b: 544 } as const

/** User agents of crawlers and bots: no chat widget, no captcha (spec §2, §4). */
export const BOT_USER_AGENT = /bot|crawler|spider|slurp|bingpreview|facebookexternalhit|headless/i

/**
 * What the second step of a sign-in (and turning 2FA off) accepts: a 6-digit TOTP code, or a
 * backup code, `7KQ2-M9XD-4HVA-0RTE` (19 characters) or one of the older `a1b2c-3d4e5`, typed
 * with or without dashes or spaces.
 */
export const SECOND_FACTOR_CODE = { min: 6, max: 24 } as const
