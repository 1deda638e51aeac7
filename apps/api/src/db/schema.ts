import {
  bigint,
  bigserial,
  boolean,
  char,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

// Mirrors migrations/*.sql, which are the source of truth for the schema.

export const currencies = pgTable('currencies', {
  code: text().primaryKey(),
  symbol: text().notNull(),
  subunitsToUnit: bigint('subunits_to_unit', { mode: 'bigint' }).notNull(),
  position: integer().notNull(),
})

export const countries = pgTable('countries', {
  code: char({ length: 2 }).primaryKey(),
  defaultCurrency: text('default_currency').notNull(),
  phoneCode: text('phone_code'),
})

export const locales = pgTable('locales', {
  code: text().primaryKey(),
  position: integer().notNull(),
  enabled: boolean().notNull(),
})

export const statuses = pgTable('statuses', {
  id: integer().primaryKey(),
  name: text().notNull(),
  writable: boolean().notNull(),
  minPoints: bigint('min_points', { mode: 'bigint' }).notNull(),
  maxPoints: bigint('max_points', { mode: 'bigint' }),
  position: integer().notNull(),
})

export const projectSettings = pgTable('project_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const cryptoExchangeRates = pgTable(
  'crypto_exchange_rates',
  {
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    exchangeRate: numeric('exchange_rate').notNull(),
    fee: numeric().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fromCurrency, t.toCurrency] })],
)

export const cmsPages = pgTable('cms_pages', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  parentId: integer('parent_id'),
  categories: text().array().notNull(),
  position: integer().notNull(),
  published: boolean().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const cmsPageTranslations = pgTable(
  'cms_page_translations',
  {
    pageId: integer('page_id').notNull(),
    locale: text().notNull(),
    title: text().notNull(),
    content: text().notNull(),
    description: text().notNull(),
    keywords: text().notNull(),
    json: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.locale] })],
)

export const cmsSnippets = pgTable('cms_snippets', {
  id: text().primaryKey(),
  categories: text().array().notNull(),
})

export const cmsSnippetTranslations = pgTable(
  'cms_snippet_translations',
  { snippetId: text('snippet_id').notNull(), locale: text().notNull(), content: text().notNull() },
  (t) => [primaryKey({ columns: [t.snippetId, t.locale] })],
)

export const cmsFiles = pgTable('cms_files', {
  id: text().primaryKey(),
  url: text().notNull(),
  categories: text().array().notNull(),
  position: integer().notNull(),
})

export const cmsFileTranslations = pgTable(
  'cms_file_translations',
  { fileId: text('file_id').notNull(), locale: text().notNull(), description: text().notNull() },
  (t) => [primaryKey({ columns: [t.fileId, t.locale] })],
)

export const clientEvents = pgTable('client_events', {
  id: bigserial({ mode: 'bigint' }).primaryKey(),
  kind: text().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  requestId: text('request_id'),
  remoteAddr: text('remote_addr'),
  userAgent: text('user_agent'),
  payload: jsonb().notNull(),
})

export const contactMessages = pgTable('contact_messages', {
  id: bigserial({ mode: 'bigint' }).primaryKey(),
  email: text().notNull(),
  content: text().notNull(),
  locale: text().notNull(),
  remoteAddr: text('remote_addr'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
})
