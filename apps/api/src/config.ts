import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import {
  CURRENCIES,
  DEFAULT_DOMAIN_COUNTRIES,
  parseDomainCountries,
  REALITY_CHECK_OPTIONS,
  type DomainCountries,
} from '@aurum/shared'
import { FAULT_POINTS } from './lib/fault-points.ts'

const countryList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'must be a comma-separated list of ISO country codes')))

/** FOUR_EYES_*: JSON of currency code to minor units (`{"EUR":100000}`), each a known currency. */
const fourEyesThresholds = z
  .string()
  .optional()
  .transform((v, ctx): Record<string, bigint> => {
    if (!v?.trim()) return {}
    let parsed: unknown
    try {
      parsed = JSON.parse(v)
    } catch {
      parsed = undefined
    }
    const result: Record<string, bigint> = {}
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'must be JSON: {"EUR": 100000, ...} (minor units)' })
      return z.NEVER
    }
    for (const [key, value] of Object.entries(parsed)) {
      const code = key.toUpperCase()
      if (!CURRENCIES.some((c) => c.code === code) || !Number.isSafeInteger(value) || (value as number) < 0) {
        ctx.addIssue({ code: 'custom', message: `must map a currency to minor units (${key})` })
        return z.NEVER
      }
      result[code] = BigInt(value as number)
    }
    return result
  })

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The canonical origin of every absolute link the server writes (required in production). */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  /** Connections the casino (and the game server started with it) keep open to PostgreSQL, each. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of every Redis key, so several installs (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().max(100).default('aurum:'),
  /** The game server's public address; by default the casino's host on GAMES_PORT. */
  GAMES_URL: z.url().optional(),
  /** Port of the game server started with the casino (default PORT + 1); 0 leaves it to GAMES_URL. */
  GAMES_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Minutes after which the game server finishes a blackjack round its player left open. */
  GAMES_OPEN_ROUND_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** Registrations one address may make per hour (a shared office or mobile network may need more). */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Milliseconds between an idle event consumer's looks at the outbox (docs/events.md). Events
   * written on the same node wake its consumers at once; this bounds the delay for the others.
   */
  EVENT_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(100),
  /** Hours a loosened or removed responsible-gambling limit waits before it takes effect. */
  LIMIT_CHANGE_DELAY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /**
   * Minutes between reality-check reminders in the game frame until a player chooses an interval
   * (one of the intervals players may choose: there is no "off").
   */
  REALITY_CHECK_MINUTES: z.coerce
    .number()
    .int()
    .refine((v) => (REALITY_CHECK_OPTIONS as readonly number[]).includes(v), {
      message: `must be one of ${REALITY_CHECK_OPTIONS.join(', ')}`,
    })
    .default(60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Aurum Casino <no-reply@aurum.casino>'),
  SUPPORT_EMAIL: z.email().default('support@aurum.casino'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WALLET_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RESTRICTED_COUNTRIES: countryList.default(['US', 'GB', 'FR', 'NL', 'ES', 'IT']),
  DOMAIN_COUNTRIES: z
    .string()
    .optional()
    .transform((v, ctx): DomainCountries => {
      if (!v) return DEFAULT_DOMAIN_COUNTRIES
      try {
        return parseDomainCountries(v)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message })
        return z.NEVER
      }
    }),
  GEO_HEADER: z
    .string()
    .default('cf-ipcountry')
    .transform((v) => v.toLowerCase()),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Tests only (the crash test): the process kills itself at this point of a deposit or a payout (lib/fault-points.ts). Refused in production. */
  TEST_FAULT_POINT: z.enum(FAULT_POINTS).optional(),
  /** Tests only (browser journeys): the server's clock moves forward through POST /dev/clock (lib/clock.ts). Refused in production. */
  TEST_CLOCK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A session ends after this much inactivity, and in any case after SESSION_MAX_HOURS. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** A back-office (staff) session ends after this much inactivity, and in any case after STAFF_SESSION_MAX_HOURS. */
  STAFF_IDLE_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
  STAFF_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24).default(12),
  /** How long a guest page render is reused (0 renders every request). */
  SSR_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
  CLIENT_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /**
   * How often this node looks for due jobs besides being woken by its own (0: only when woken;
   * the api tests run jobs themselves). Jobs added on another node wait at most this long.
   */
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Registration requires a solved proof-of-work captcha (other forms check one only when given). */
  CAPTCHA_ENABLED_REGISTER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Largest counter a captcha challenge asks the browser to reach (SHA-256 proof of work, each
   * challenge picks one between a tenth of this and this). 150,000 averages about 80,000 hashes:
   * see docs/performance.md for the measured solve times.
   */
  CAPTCHA_COMPLEXITY: z.coerce.number().int().min(100).max(10_000_000).default(150_000),
  /** Largest verification document a player may upload, in bytes (10 MiB). */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** Documents a player may have waiting for review at once. */
  DOCUMENT_MAX_WAITING: z.coerce.number().int().min(1).max(100).default(10),
  /** S3-compatible storage for verification documents (instead of DATA_DIR/documents) when a bucket is set. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as eu-central-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(128).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  /** Key prefix of the documents in the bucket. */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_.-]+\/)*$/, 'must be empty or end with / (letters, digits, _ . -)')
    .default('documents/'),
  /**
   * Withdrawals of a currency within 30 days above this many euro cents (scaled to each currency
   * by EURO_SCALE) require a verified profile: 2,000 EUR, the EU anti-money-laundering threshold
   * for casinos.
   */
  VERIFICATION_REQUIRED_ABOVE: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(200_000),
  /**
   * Four-eyes (docs/backoffice.md "Four-eyes approvals"): a withdrawal above this amount needs a
   * second staff member's approval. JSON of a currency's minor units, `{"EUR":100000,"BTC":2000000}`;
   * a currency left out takes 1,000 EUR scaled by EURO_SCALE.
   */
  FOUR_EYES_WITHDRAWAL: fourEyesThresholds,
  /** The same for manual balance adjustments (their absolute amount). */
  FOUR_EYES_ADJUSTMENT: fourEyesThresholds,
  /** Thresholds in a currency's own minor units, in place of the scaled euro amount: `USD=200000,BTC=5000000`. */
  VERIFICATION_REQUIRED_ABOVE_BY_CURRENCY: z
    .string()
    .optional()
    .transform((v, ctx): Record<string, bigint> => {
      const result: Record<string, bigint> = {}
      for (const item of (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const match = /^([A-Za-z]{3,5})=(\d{1,18})$/.exec(item)
        const code = match?.[1]?.toUpperCase()
        if (!match || !code || !CURRENCIES.some((c) => c.code === code)) {
          ctx.addIssue({ code: 'custom', message: `must be CURRENCY=minor units, comma-separated (${item})` })
          return z.NEVER
        }
        result[code] = BigInt(match[2]!)
      }
      return result
    }),
})

export type Config = Omit<z.infer<typeof envSchema>, 'SESSION_SECRET' | 'WALLET_SECRET'> & {
  SESSION_SECRET: string
  WALLET_SECRET: string
  dataDir: string
  repoRoot: string
  /**
   * The canonical origin: PUBLIC_URL's, else http://localhost:PORT (never in production). Links
   * take it, or an exact domain of DOMAIN_COUNTRIES (lib/public-origin.ts), never the Host header.
   */
  publicOrigin: string
}

export class ConfigError extends Error {}

/**
 * Validates the environment; throws a ConfigError listing every bad variable.
 * Secrets: a single-node install (embedded database) generates its own once and keeps
 * them in DATA_DIR; a production install on PostgreSQL may run several nodes, which
 * must share secrets, so there they have to be given.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as in most deployment tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema.safeParse(given)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`)
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const config = parsed.data
  // Object storage is all or nothing: a bucket with its keys, or none of them.
  const s3Given = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (k) => config[k],
  )
  const s3Missing = s3Given.length
    ? (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !config[k])
    : []
  if (s3Missing.length) {
    throw new ConfigError(
      `Invalid environment:\n${s3Missing.map((k) => `  ${k}: required with ${s3Given.join(', ')}`).join('\n')}`,
    )
  }
  if (config.NODE_ENV === 'production' && config.TEST_CLOCK) {
    throw new ConfigError('Invalid environment:\n  TEST_CLOCK: a test-only clock switch, never in production')
  }
  if (config.NODE_ENV === 'production' && config.TEST_FAULT_POINT) {
    throw new ConfigError(
      'Invalid environment:\n  TEST_FAULT_POINT: a test-only crash switch, never in production',
    )
  }
  const dataDir = path.resolve(config.DATA_DIR)
  const missing = (['SESSION_SECRET', 'WALLET_SECRET'] as const).filter((k) => !config[k])
  const required = [
    // Links mailed to players must never take the origin of whatever Host a request named.
    ...(config.NODE_ENV === 'production' && !config.PUBLIC_URL
      ? ['  PUBLIC_URL: required in production (the origin of every link the casino e-mails)']
      : []),
    ...(config.NODE_ENV === 'production' && config.DATABASE_URL
      ? missing.map((k) => `  ${k}: required in production with DATABASE_URL (every node must share it)`)
      : []),
  ]
  if (required.length) throw new ConfigError(`Invalid environment:\n${required.join('\n')}`)
  const generated = missing.length ? localSecrets(dataDir) : undefined
  return {
    ...config,
    SESSION_SECRET: config.SESSION_SECRET ?? generated!.SESSION_SECRET,
    WALLET_SECRET: config.WALLET_SECRET ?? generated!.WALLET_SECRET,
    dataDir,
    repoRoot: path.resolve(import.meta.dirname, '../../..'),
    publicOrigin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`,
  }
}

function localSecrets(dataDir: string): { SESSION_SECRET: string; WALLET_SECRET: string } {
  const file = path.join(dataDir, 'secrets.json')
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as ReturnType<typeof localSecrets>
  const secrets = {
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    WALLET_SECRET: crypto.randomBytes(32).toString('base64url'),
  }
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 })
  return secrets
}
