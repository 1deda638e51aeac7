import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openDatabase, type Database } from '../../db/client.ts'
import type { FaultPoint } from '../../lib/fault-points.ts'
import { openTestDatabase } from '../../test/database.ts'
import { TEST_PASSWORD } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import { PROCESSING_GRACE_MS } from './service.ts'
import { cardFields } from './testing.ts'

/**
 * The crash test of payments in flight (docs/payments.md "Payments in flight"): a real api
 * process is killed with SIGKILL exactly between the provider's answer and its record, then
 * started again on the same database: on PostgreSQL, or on an embedded data dir (which one process
 * opens at a time: the test looks into it only while no node runs). The same for a payout: the
 * operator's command (`payments-operator.ts`) dies between the provider's payout and its record.
 */
const template = inject('dbTemplate')

const SECRETS = {
  SESSION_SECRET: 'crash-test-session-secret-0123456789abcdef',
  WALLET_SECRET: 'crash-test-wallet-secret-0123456789abcdefg',
}

interface Node {
  child: ChildProcess
  address: string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** The database the nodes share: where they find it, and the test's own look into it. */
let nodeDatabase: Record<string, string>
/** The same database for a command-line tool (its configuration). */
let cliDatabase: Record<string, string>
let withDb: <T>(fn: (db: Database) => Promise<T>) => Promise<T>
let cleanup: () => Promise<void>
let tmp: string
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-crash-'))
  if (template.kind === 'postgres') {
    const { db, drop, url } = await openTestDatabase(template)
    nodeDatabase = { API_NODE_DATABASE_URL: url! }
    cliDatabase = { DATABASE_URL: url! }
    withDb = (fn) => fn(db)
    cleanup = async () => {
      await db.close()
      await drop?.()
    }
  } else {
    // The migrated template, unpacked as a data dir of its own.
    const dataDir = path.join(tmp, 'pgdata')
    await fs.mkdir(dataDir)
    const untar = spawnSync('tar', ['-xzf', template.file, '-C', dataDir])
    if (untar.status !== 0) throw new Error(`unpacking the template failed: ${String(untar.stderr)}`)
    nodeDatabase = { API_NODE_PGLITE_DIR: dataDir }
    cliDatabase = { DATA_DIR: dataDir }
    withDb = async (fn) => {
      const db = await openDatabase({ dataDir })
      try {
        return await fn(db)
      } finally {
        await db.close()
      }
    }
    cleanup = async () => {}
  }
})
afterAll(async () => {
  await cleanup?.()
  if (tmp) await fs.rm(tmp, { recursive: true, force: true })
})

/** apps/api/src/test/api-node.ts on the test's database, optionally set to die at a fault point. */
async function startNode(fault?: FaultPoint): Promise<Node> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/test/api-node.ts'], {
    env: {
      ...process.env,
      ...SECRETS,
      ...nodeDatabase,
      // Its scratch data dir lands here, removed with it even when the node is killed.
      TMPDIR: tmp,
      ...(fault ? { TEST_FAULT_POINT: fault } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const lines = readline.createInterface({ input: child.stdout })
  const address = await new Promise<string>((resolve, reject) => {
    void exited.then(({ code, signal }) => reject(new Error(`the api node exited (${code ?? signal})`)))
    lines.on('line', (line) => {
      try {
        resolve((JSON.parse(line) as { address: string }).address)
      } catch {
        // not the address line
      }
    })
  })
  return { child, address, exited }
}

/** `npm run payments:operator -- <args>` on the test's database, optionally set to die at a fault point. */
async function operator(args: string[], fault?: FaultPoint) {
  // The test's database only, whatever the environment names.
  const env = { ...process.env }
  delete env.DATABASE_URL
  delete env.DATA_DIR
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/payments-operator.ts', ...args], {
    env: {
      ...env,
      ...SECRETS,
      ...cliDatabase,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...(fault ? { TEST_FAULT_POINT: fault } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return { code, signal, output }
}

async function stop(node: Node): Promise<void> {
  node.child.kill('SIGTERM')
  await node.exited
}

const paymentOf = async (db: Database, key: string) => {
  const [row] = await db.query<{ id: bigint; state: string; provider_reference: string | null }>(
    'SELECT id, state, provider_reference FROM payments WHERE idempotency_key = $1',
    [key],
  )
  return row!
}

/** The check `npm run ledger:check` runs, on one consistent snapshot as it does. */
const ledgerProblems = (db: Database) =>
  db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ')
    return (await checkLedger(tx)).problems
  })

describe(`a server killed while a payment is in flight (${template.kind === 'postgres' ? 'PostgreSQL' : 'PGlite data dir'})`, () => {
  it('SIGKILL between the provider’s answer and its record: after a restart the deposit is credited once, the ledger sound, the retry answers the final state', async () => {
    const doomed = await startNode('deposit_answered')
    const email = `crash.${process.pid}.${Date.now()}@example.com`
    const registered = await fetch(`${doomed.address}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user: { email, password: TEST_PASSWORD, terms_acceptance: true, currency: 'EUR' },
      }),
    })
    expect(registered.status).toBe(201)
    const sid = registered.headers
      .getSetCookie()
      .map((c) => /^sid=([^;]+)/.exec(c)?.[1])
      .find(Boolean)!
    const cookie = `sid=${sid}`
    const headers = { 'content-type': 'application/json', cookie, 'idempotency-key': 'crash-1' }
    const deposit = JSON.stringify({
      currency: 'EUR',
      action: 'deposit',
      method_id: 'card',
      amount_cents: 2_500,
      fields: cardFields(),
    })

    // The node dies mid-request: the connection drops without an answer.
    await expect(
      fetch(`${doomed.address}/api/payments`, { method: 'POST', headers, body: deposit }),
    ).rejects.toThrow()
    expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' })
    const stuck = await withDb(async (db) => {
      const row = await paymentOf(db, 'crash-1')
      expect(row.state).toBe('processing')
      expect(row.provider_reference).toBeNull()
      // The provider had decided (its own record); the casino had not recorded it.
      const [decided] = await db.query<{ status: string }>(
        'SELECT status FROM sandbox_provider_payments WHERE payment_id = $1',
        [row.id],
      )
      expect(decided!.status).toBe('approved')
      // The crash was longer ago than the grace period (no node can still have it in flight). The
      // nodes here are processes of their own on the system clock, which no test moves: the past
      // is built in the row.
      await db.query(
        'UPDATE payments SET created_at = created_at - make_interval(secs => $2) WHERE id = $1',
        [row.id, PROCESSING_GRACE_MS / 1_000 + 1],
      )
      return row
    })

    const restarted = await startNode()
    try {
      // Reconciled at start-up, before the node served anything: the first look shows it final.
      const history = (await (
        await fetch(`${restarted.address}/api/player/payments`, { headers: { cookie } })
      ).json()) as Array<{ id: number; state: string }>
      expect(history).toEqual([expect.objectContaining({ id: Number(stuck.id), state: 'succeeded' })])
      const accounts = (await (
        await fetch(`${restarted.address}/api/player/accounts`, { headers: { cookie } })
      ).json()) as Array<{ currency: string; amount_cents: number }>
      expect(accounts.find((a) => a.currency === 'EUR')?.amount_cents).toBe(2_500)
      // The player's client retries the request that got no answer: the same payment, final.
      const retried = await fetch(`${restarted.address}/api/payments`, {
        method: 'POST',
        headers,
        body: deposit,
      })
      expect(retried.status).toBe(200)
      expect(await retried.json()).toMatchObject({
        payment: { id: Number(stuck.id), state: 'succeeded', success: true, amount_cents: 2_500 },
        next: { type: 'done' },
      })
    } finally {
      await stop(restarted)
    }
    await withDb(async (db) => {
      expect(await ledgerProblems(db)).toEqual([])
      const after = await paymentOf(db, 'crash-1')
      expect(after.provider_reference).toMatch(/^sbx_/)
      const credits = await db.query('SELECT id FROM ledger_transactions WHERE idempotency_key = $1', [
        `payment:${stuck.id}:credit`,
      ])
      expect(credits).toHaveLength(1)
      expect(await db.query('SELECT id FROM payments WHERE idempotency_key = $1', ['crash-1'])).toHaveLength(
        1,
      )
    })
    // Two api processes start here (13 s on PostgreSQL, 28 s on a data dir, measured on the shared
    // 2-core machine under a load of 13): more room than the suite's 30 s.
  }, 120_000)

  it('SIGKILL between the provider’s payout and its record: after a restart the withdrawal is paid out once, the ledger sound, a second approval pays nothing', async () => {
    const first = await startNode()
    let cookie: string
    let withdrawalId: number
    try {
      const email = `crash.payout.${process.pid}.${Date.now()}@example.com`
      const registered = await fetch(`${first.address}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          user: { email, password: TEST_PASSWORD, terms_acceptance: true, currency: 'EUR' },
        }),
      })
      expect(registered.status).toBe(201)
      cookie = `sid=${registered.headers
        .getSetCookie()
        .map((c) => /^sid=([^;]+)/.exec(c)?.[1])
        .find(Boolean)!}`
      const submit = (body: Record<string, unknown>) =>
        fetch(`${first.address}/api/payments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ currency: 'EUR', method_id: 'card', ...body }),
        })
      const funded = await submit({ action: 'deposit', amount_cents: 5_000, fields: cardFields() })
      expect(((await funded.json()) as { payment: { state: string } }).payment.state).toBe('succeeded')
      const asked = await submit({
        action: 'cashout',
        amount_cents: 3_000,
        fields: { card_number: '4242 4242 4242 4242' },
      })
      const { payment } = (await asked.json()) as { payment: { id: number; state: string } }
      expect(payment.state).toBe('pending')
      withdrawalId = payment.id
    } finally {
      await stop(first)
    }

    // The operator approves; the command dies after the provider paid, before the record.
    const died = await operator(['approve', String(withdrawalId)], 'payout_answered')
    expect(died.signal).toBe('SIGKILL')
    await withDb(async (db) => {
      const [row] = await db.query<{ state: string; recallable: boolean }>(
        'SELECT state, recallable FROM payments WHERE id = $1',
        [withdrawalId],
      )
      expect(row).toEqual({ state: 'processing', recallable: false })
      const [paid] = await db.query<{ status: string; action: string }>(
        'SELECT status, action FROM sandbox_provider_payments WHERE payment_id = $1',
        [withdrawalId],
      )
      expect(paid).toEqual({ status: 'approved', action: 'payout' })
      // The crash was longer ago than the grace period (no node can still have it in flight). The
      // nodes here are processes of their own on the system clock, which no test moves: the past
      // is built in the row.
      await db.query(
        'UPDATE payments SET payout_sent_at = payout_sent_at - make_interval(secs => $2) WHERE id = $1',
        [withdrawalId, PROCESSING_GRACE_MS / 1_000 + 1],
      )
    })

    const restarted = await startNode()
    try {
      // Reconciled at start-up, before the node served anything.
      const history = (await (
        await fetch(`${restarted.address}/api/player/payments`, { headers: { cookie: cookie! } })
      ).json()) as Array<{ id: number; state: string }>
      expect(history.find((p) => p.id === withdrawalId)).toMatchObject({ state: 'succeeded' })
      const accounts = (await (
        await fetch(`${restarted.address}/api/player/accounts`, { headers: { cookie: cookie! } })
      ).json()) as Array<{ currency: string; amount_cents: number }>
      expect(accounts.find((a) => a.currency === 'EUR')?.amount_cents).toBe(2_000)
    } finally {
      await stop(restarted)
    }

    // The operator, unsure, approves again: nothing is sent.
    const again = await operator(['approve', String(withdrawalId)])
    expect(again).toMatchObject({ code: 1, output: expect.stringContaining('is not pending') })
    await withDb(async (db) => {
      expect(await ledgerProblems(db)).toEqual([])
      const payouts = await db.query('SELECT id FROM ledger_transactions WHERE idempotency_key = $1', [
        `payment:${withdrawalId}:payout`,
      ])
      expect(payouts).toHaveLength(1)
      expect(
        await db.query('SELECT 1 FROM sandbox_provider_payments WHERE payment_id = $1', [withdrawalId]),
      ).toHaveLength(1)
    })
    // Two api processes and two operator commands start here.
  }, 120_000)
})
