import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signBody, walletKey } from '@aurum/game-protocol'
import { createTestApp, registerPlayer, TEST_PASSWORD, type TestContext } from './test/helpers.ts'
import { seedTestGames, TEST_WALLET_SECRET } from './modules/games/testing.ts'
import type { ProviderEvent } from './modules/payments/provider.ts'

/**
 * Every operation of the OpenAPI description, as a guest and as a signed-in player, gets a bounded,
 * seeded set of bad inputs derived from its schema: in each string NUL, a lone surrogate and 1 MB;
 * in each field a wrong type; an unknown field; in numbers 2^63, -1, 1e400 and fractions. Nothing
 * may answer 5xx, and input the schema itself rules out may never answer 2xx. The other fields keep
 * plausible values (patterns sampled, known names filled in) so each bad value is the only one.
 * FUZZ_SEED replays another sample.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 19)
/** Bad inputs per operation and actor: a sample when there are more (the seed picks it). */
const MAX_CASES = 40
const MB = 'x'.repeat(1 << 20)

type Schema = {
  type?: string
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: boolean | number
  exclusiveMaximum?: boolean | number
  nullable?: boolean
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  minItems?: number
  oneOf?: Schema[]
  anyOf?: Schema[]
  allOf?: Schema[]
  default?: unknown
}
interface Parameter {
  in: 'query' | 'path' | 'header'
  name: string
  required?: boolean
  schema: Schema
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema }> }
}
interface Case {
  label: string
  /** The schema itself rules the input out: a 2xx would be a hole. */
  bad: boolean
  url: string
  body?: string
}

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET })
  await seedTestGames(ctx)
})
afterAll(() => ctx.close())

// --- plausible values -------------------------------------------------------------------------

/** Values for fields whose rules a schema cannot show (refinements, existing rows). */
const KNOWN: Record<string, unknown> = {
  currency: 'EUR',
  transaction_currency: 'EUR',
  method_id: 'card',
  email: 'fuzz@example.com',
  password: TEST_PASSWORD,
  password_confirmation: TEST_PASSWORD,
  current_password: TEST_PASSWORD,
  identifier: 'goldfinch:test-slot-1',
  game: 'goldfinch:test-slot-1',
  game_ids: ['goldfinch:test-slot-1'],
  game_seo_titles: ['test-slot-1'],
  provider: 'goldfinch',
  file: 'test-slot-1.svg',
  '*': 'about',
  country: 'DE',
  mobile_phone: '+4915123456789',
  number: '+4915123456789',
  content: 'Hello, a question about my account.',
  l: 'en',
  locale: 'en',
  from: '2026-01-01',
  to: '2026-01-31',
}

const unsigned = (s: Schema): Schema => s.oneOf?.[0] ?? s.anyOf?.[0] ?? s.allOf?.[0] ?? s

function sampleString(s: Schema, rng: () => number): string {
  if (s.format === 'email') return 'fuzz@example.com'
  if (s.format === 'date-time') return '2026-01-01T00:00:00Z'
  if (s.format === 'date') return '2000-01-01'
  const min = s.minLength ?? 1
  const max = s.maxLength ?? Math.max(min, 16)
  if (s.pattern) {
    let regex: RegExp
    try {
      regex = new RegExp(s.pattern, 'u')
    } catch {
      regex = new RegExp(s.pattern)
    }
    const found = fc
      .sample(fc.stringMatching(regex), { seed: Math.floor(rng() * 2 ** 31), numRuns: 30 })
      .find((v) => v.length >= min && v.length <= max)
    if (found !== undefined) return found
  }
  return 'x'.repeat(Math.min(Math.max(min, 8), max))
}

function sample(schema: Schema, name: string | undefined, rng: () => number): unknown {
  if (name !== undefined && name in KNOWN) return KNOWN[name]
  const s = unsigned(schema)
  if (s.const !== undefined) return s.const
  if (s.enum) return s.enum[0]
  if (s.default !== undefined) return s.default
  switch (s.type) {
    case 'string':
      return sampleString(s, rng)
    case 'integer':
    case 'number': {
      const lo = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : 1
      return Math.max(lo, Math.min(1, s.maximum ?? 1))
    }
    case 'boolean':
      return true
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}, undefined, rng))
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const key of s.required ?? []) out[key] = sample(s.properties?.[key] ?? {}, key, rng)
      return out
    }
    default:
      return null
  }
}

// --- what a schema accepts ----------------------------------------------------------------------

function jsonType(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number'
  return typeof v
}

/** Whether the schema allows a value of this JSON type at all (the wrong-type cases). */
function acceptsType(schema: Schema, value: unknown): boolean {
  const alternatives = schema.oneOf ?? schema.anyOf
  if (alternatives) return alternatives.some((a) => acceptsType(a, value))
  if (schema.allOf) return schema.allOf.every((a) => acceptsType(a, value))
  const type = jsonType(value)
  if (type === 'null') return schema.nullable === true || schema.type === undefined
  if (schema.type === undefined) return true
  return schema.type === type || (schema.type === 'number' && type === 'integer')
}

/** Numbers the schema rules out by its bounds or integrality. */
function refusesNumber(schema: Schema, n: number): boolean {
  const s = unsigned(schema)
  if (!Number.isFinite(n)) return true
  if (s.type === 'integer' && !Number.isSafeInteger(n)) return true
  if (typeof s.minimum === 'number' && (n < s.minimum || (s.exclusiveMinimum === true && n === s.minimum)))
    return true
  if (typeof s.maximum === 'number' && (n > s.maximum || (s.exclusiveMaximum === true && n === s.maximum)))
    return true
  return false
}

// --- the cases -----------------------------------------------------------------------------------

type Path = Array<string | number>
interface Leaf {
  path: Path
  /** As written (a union stays one); `s` is its first alternative, for the kind of value. */
  schema: Schema
  s: Schema
}

/** The fields of a sampled body with their schemas (optional ones too: each gets its turn). */
function leaves(schema: Schema, path: Path, value: unknown, out: Leaf[]): Leaf[] {
  const s = unsigned(schema)
  out.push({ path, schema, s })
  if (s.type === 'object' && s.properties) {
    for (const [key, child] of Object.entries(s.properties)) {
      leaves(child, [...path, key], (value as Record<string, unknown> | undefined)?.[key], out)
    }
  } else if (s.type === 'array' && s.items && Array.isArray(value)) {
    leaves(s.items, [...path, 0], value[0], out)
  }
  return out
}

/** A copy of `base` with `value` at `path`; missing objects on the way are created. */
function withValue(base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path
  const copy = (Array.isArray(base) ? [...(base as unknown[])] : { ...(base as object) }) as Record<
    string | number,
    unknown
  >
  const child = copy[head!] ?? (typeof rest[0] === 'number' ? [] : {})
  copy[head!] = withValue(child, rest, value)
  return copy
}

const RAW = 'fuzz-raw-number'
/** JSON text with one raw number where JSON.stringify cannot write it (1e400, 2^63 exactly). */
const jsonWith = (value: unknown, raw?: string) =>
  raw === undefined ? JSON.stringify(value) : JSON.stringify(value).replace(`"${RAW}"`, raw)

function bodyCases(schema: Schema, base: unknown): Array<Omit<Case, 'url'>> {
  const cases: Array<Omit<Case, 'url'>> = []
  const at = (path: Path, value: unknown) => withValue(base, path, value)
  for (const { path, schema: leaf, s } of leaves(schema, [], base, [])) {
    const name = path.join('.') || '(body)'
    if (path.length > 0) {
      if (s.type === 'string' || (s.type === undefined && !s.oneOf && !s.anyOf)) {
        cases.push({ label: `${name}: NUL`, bad: true, body: jsonWith(at(path, 'a\u0000b')) })
        cases.push({ label: `${name}: lone surrogate`, bad: true, body: jsonWith(at(path, 'a\uD800b')) })
        cases.push({ label: `${name}: 1 MB`, bad: true, body: jsonWith(at(path, MB)) })
      }
      const wrong = s.type === 'string' ? 12345 : s.type === 'object' || s.type === 'array' ? 'x' : 'x'
      cases.push({
        label: `${name}: wrong type`,
        bad: !acceptsType(leaf, wrong),
        body: jsonWith(at(path, wrong)),
      })
      if (s.type === 'integer' || s.type === 'number') {
        cases.push({
          label: `${name}: 2^63`,
          bad: true,
          body: jsonWith(at(path, RAW), '9223372036854775808'),
        })
        cases.push({ label: `${name}: -1`, bad: refusesNumber(s, -1), body: jsonWith(at(path, -1)) })
        cases.push({ label: `${name}: 1e400`, bad: true, body: jsonWith(at(path, RAW), '1e400') })
        cases.push({ label: `${name}: 0.5`, bad: refusesNumber(s, 0.5), body: jsonWith(at(path, 0.5)) })
      }
    }
    if (s.type === 'object' && s.additionalProperties === false) {
      const extra = (path.length === 0 ? base : undefined) as Record<string, unknown> | undefined
      if (path.length === 0)
        cases.push({
          label: `${name}: unknown field`,
          bad: true,
          body: jsonWith({ ...extra, fuzz_unknown: 1 }),
        })
    }
  }
  // A body that is not an object, and one that is not JSON.
  cases.push({ label: 'body: array', bad: !acceptsType(schema, []), body: '[]' })
  cases.push({ label: 'body: not JSON', bad: true, body: '{"a":' })
  return cases
}

/** Query and path values as text: the same kinds, written into the URL. */
function parameterCases(
  params: Parameter[],
  values: Record<string, string>,
  build: (v: Record<string, string>, extra?: string) => string,
) {
  const cases: Case[] = []
  for (const p of params.filter((x) => x.in !== 'header')) {
    const s = unsigned(p.schema)
    const set = (raw: string) => build({ ...values, [p.name]: raw })
    const label = `${p.in} ${p.name}`
    cases.push({ label: `${label}: NUL`, bad: true, url: set('a%00b') })
    // Not UTF-8 once decoded: refused or kept as text, never a 500 (2xx allowed: the text is harmless).
    cases.push({ label: `${label}: lone surrogate bytes`, bad: false, url: set('a%ED%A0%80b') })
    cases.push({ label: `${label}: 1 MB`, bad: p.in === 'query', url: set(MB) })
    if (s.type === 'integer' || s.type === 'number') {
      cases.push({ label: `${label}: not a number`, bad: true, url: set('abc') })
      cases.push({ label: `${label}: 2^63`, bad: true, url: set('9223372036854775808') })
      cases.push({ label: `${label}: -1`, bad: refusesNumber(s, -1), url: set('-1') })
      cases.push({ label: `${label}: 1e400`, bad: true, url: set('1e400') })
      cases.push({ label: `${label}: 0.5`, bad: refusesNumber(s, 0.5), url: set('0.5') })
    } else if (s.enum) {
      cases.push({ label: `${label}: not one of`, bad: true, url: set('zz-fuzz') })
    }
  }
  if (params.some((p) => p.in === 'query')) {
    cases.push({ label: 'query: unknown field', bad: true, url: build(values, 'fuzz_unknown=1') })
  }
  return cases
}

/** The operation with plausible input, and its bad cases. */
function casesOf(path: string, operation: Operation, rng: () => number): { plain: Case; cases: Case[] } {
  const params = operation.parameters ?? []
  // URL-encoded already: the bad cases write their own escapes (%00).
  const values: Record<string, string> = {}
  for (const p of params) {
    if (p.in === 'header') continue
    const s = unsigned(p.schema)
    const value =
      p.name in KNOWN
        ? KNOWN[p.name]
        : s.type === 'integer' || s.type === 'number'
          ? 1
          : sample(s, p.name, rng)
    values[p.name] = encodeURIComponent(String(value))
  }
  const build = (v: Record<string, string>, extra?: string) => {
    const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => v[name] ?? '1')
    const query = params
      .filter((p) => p.in === 'query' && (p.required || v[p.name] !== values[p.name]))
      .map((p) => `${encodeURIComponent(p.name)}=${v[p.name]}`)
    if (extra) query.push(extra)
    return query.length > 0 ? `${url}?${query.join('&')}` : url
  }
  const url = build(values)
  const cases = parameterCases(params, values, build)
  const json = operation.requestBody?.content['application/json']?.schema
  const base = json ? sample(json, undefined, rng) : undefined
  if (json) cases.push(...bodyCases(json, base).map((c) => ({ ...c, url })))
  const plain: Case = {
    label: 'plausible input',
    bad: false,
    url,
    ...(json ? { body: JSON.stringify(base) } : {}),
  }
  return { plain, cases }
}

// --- the run -------------------------------------------------------------------------------------

function mulberry32(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

let address = 0
/** A browser's request from our own page (plugins/csrf.ts), each from its own address (rate limits). */
function request(method: string, c: Case, sid: string | undefined): InjectOptions {
  address++
  const headers: Record<string, string> = {
    'sec-fetch-site': 'same-origin',
    'accept-language': 'en',
  }
  let payload = c.body
  if (payload !== undefined) {
    headers['content-type'] = 'application/json'
    // The server-to-server routes check a signature first: sign, so validation is reached.
    if (c.url.startsWith('/api/wallet/'))
      headers['x-signature'] = signBody(walletKey(TEST_WALLET_SECRET), payload)
    if (c.url.startsWith('/api/payments/callbacks/')) {
      try {
        const signed = ctx.app.services.payments.provider.signEvent(JSON.parse(payload) as ProviderEvent)
        payload = signed.body
        headers['x-signature'] = signed.signature
      } catch {
        // Not JSON (the malformed case, 1e400 as Infinity): sent unsigned, refused as 401.
      }
    }
  }
  return {
    method: method.toUpperCase(),
    url: c.url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(sid ? { cookies: { sid } } : {}),
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  }
}

describe('fuzzing every operation of the OpenAPI description', () => {
  for (const actor of ['guest', 'player'] as const) {
    it(
      `answers no 5xx, and no 2xx to input its schema rules out, as a ${actor}`,
      { timeout: 120_000 },
      async () => {
        const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> }
        const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
        )
        const rng = mulberry32(SEED + (actor === 'player' ? 1 : 0))
        const newPlayer = async () => (await registerPlayer(ctx.app, { currency: 'EUR' })).sid
        let sid = actor === 'player' ? await newPlayer() : undefined
        const failures: string[] = []
        let sent = 0
        for (const { path, method, operation } of operations) {
          const { plain, cases: all } = casesOf(path, operation, rng)
          const cases =
            all.length > MAX_CASES
              ? fc.sample(fc.shuffledSubarray(all, { minLength: MAX_CASES, maxLength: MAX_CASES }), {
                  seed: Math.floor(rng() * 2 ** 31),
                  numRuns: 1,
                })[0]!
              : all
          let spent = false
          // The plausible input last (it may sign out or change the password); of it only that it never fails.
          for (const c of [...cases, plain]) {
            const res = await ctx.app.inject(request(method, c, sid))
            sent++
            const line = `${method.toUpperCase()} ${path} [${c.label}] → ${res.statusCode}`
            if (res.statusCode >= 500) failures.push(`${line} ${res.body.slice(0, 120)}`)
            else if (c.bad && res.statusCode < 300) failures.push(line)
            if (res.statusCode === 401 || res.statusCode === 429) spent = true
          }
          // A session ended or a per-player rate limit reached: the next operation gets a new player.
          if (sid && spent) sid = await newPlayer()
        }
        expect(operations.length).toBeGreaterThan(90)
        expect(sent).toBeGreaterThan(operations.length * 10)
        expect(failures).toEqual([])
      },
    )
  }
})
