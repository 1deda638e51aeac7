import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from './check.ts'
import { houseShard, InsufficientFundsError, Ledger, type PostRequest } from './ledger.ts'

let ctx: TestContext
let ledger: Ledger
beforeAll(async () => {
  ctx = await createTestApp()
  ledger = new Ledger(ctx.db)
})
afterAll(() => ctx.close())

let keys = 0
const key = (name: string) => `${name}-${process.pid}-${++keys}`

const deposit = (user: bigint, amount: bigint, k = key('dep'), currency = 'EUR'): PostRequest => ({
  key: k,
  kind: 'deposit',
  userId: user,
  postings: [
    { account: { house: 'house_payments', currency }, amount: -amount },
    { account: { user, kind: 'player_real', currency }, amount },
  ],
})
const withdraw = (user: bigint, amount: bigint, k = key('wd'), currency = 'EUR'): PostRequest => ({
  key: k,
  kind: 'cashout',
  userId: user,
  postings: [
    { account: { user, kind: 'player_real', currency }, amount: -amount },
    { account: { house: 'house_withdrawals', currency }, amount },
  ],
})

async function balance(user: bigint, currency = 'EUR'): Promise<bigint> {
  const [row] = await ctx.db.query<{ balance: bigint }>(
    `SELECT balance FROM ledger_accounts WHERE user_id = $1 AND kind = 'player_real' AND currency = $2`,
    [user.toString(), currency],
  )
  return row ? row.balance : 0n
}

async function newPlayer(): Promise<bigint> {
  return BigInt((await registerPlayer(ctx.app)).id)
}

describe('the ledger', () => {
  it('moves money in balanced entries and applies each key once', async () => {
    const user = await newPlayer()
    const first = await ledger.post(deposit(user, 10_000n, 'dep-once'))
    expect(first.replayed).toBe(false)
    expect(first.entries.map((e) => e.amount).sort()).toEqual([-10_000n, 10_000n])
    const again = await ledger.post(deposit(user, 10_000n, 'dep-once'))
    expect(again).toMatchObject({ replayed: true, transactionId: first.transactionId })
    expect(again.entries).toEqual(first.entries)
    expect(await balance(user)).toBe(10_000n)
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })

  it('refuses to take a player below zero and writes nothing of that transaction', async () => {
    const user = await newPlayer()
    await ledger.post(deposit(user, 500n))
    const k = key('too-much')
    await expect(ledger.post(withdraw(user, 501n, k))).rejects.toBeInstanceOf(InsufficientFundsError)
    expect(await balance(user)).toBe(500n)
    expect(await ctx.db.query('SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1', [k])).toEqual(
      [],
    )
    // The key was not used up: the same movement can succeed later.
    await ledger.post(deposit(user, 1n))
    expect((await ledger.post(withdraw(user, 501n, k))).replayed).toBe(false)
    expect(await balance(user)).toBe(0n)
  })

  it('refuses unbalanced transactions and keeps history append-only', async () => {
    const user = await newPlayer()
    await expect(
      ledger.post({
        key: key('bad'),
        kind: 'adjustment',
        postings: [
          { account: { house: 'house_payments', currency: 'EUR' }, amount: -5n },
          { account: { user, kind: 'player_real', currency: 'EUR' }, amount: 4n },
        ],
      }),
    ).rejects.toThrow(/do not balance/)
    await expect(
      ledger.post({
        key: key('cross'),
        kind: 'adjustment',
        postings: [
          { account: { house: 'house_payments', currency: 'EUR' }, amount: -5n },
          { account: { user, kind: 'player_real', currency: 'USD' }, amount: 5n },
        ],
      }),
    ).rejects.toThrow(/do not balance/)
    await ledger.post(deposit(user, 7n))
    await expect(ctx.db.query('UPDATE ledger_entries SET amount = 1')).rejects.toThrow(/append-only/)
    await expect(ctx.db.query('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/)
    // A player balance below zero is refused by the database itself too.
    await expect(
      ctx.db.query(`UPDATE ledger_accounts SET balance = -1 WHERE user_id = $1`, [user.toString()]),
    ).rejects.toThrow(/not_negative/)
  })

  it('reports an entry whose transaction or account is missing (entries keep no foreign keys)', async () => {
    const rolledBack = new Error('rolled back on purpose')
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
           VALUES (999999999, 999999998, 5, 5)`,
        )
        const report = await checkLedger(tx)
        expect(report.problems).toEqual([
          expect.stringMatching(/refers to a missing transaction 999999999 or account 999999998/),
        ])
        throw rolledBack
      }),
    ).rejects.toBe(rolledBack)
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })

  it('reports a running balance that skips and a transaction of a player who does not exist', async () => {
    const user = await newPlayer()
    const first = await ledger.post(deposit(user, 100n))
    const account = first.entries.find((e) => e.amount === 100n)!.accountId
    const rolledBack = new Error('rolled back on purpose')
    await expect(
      ctx.db.transaction(async (tx) => {
        const [orphan] = await tx.query<{ id: bigint }>(
          `INSERT INTO ledger_transactions (idempotency_key, kind, user_id, metadata)
           VALUES ($1, 'adjustment', 999999997, '{}') RETURNING id`,
          [key('orphan')],
        )
        // 100 + 5 is 105, not 150.
        await tx.query(
          `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after) VALUES ($1, $2, 5, 150)`,
          [orphan!.id.toString(), account.toString()],
        )
        const { problems } = await checkLedger(tx)
        expect(problems).toEqual(
          expect.arrayContaining([
            expect.stringMatching(
              new RegExp(`of account ${account} says 150, not the entry before it \\(100\\)`),
            ),
            `transaction ${orphan!.id} names a player 999999997 who does not exist`,
          ]),
        )
        throw rolledBack
      }),
    ).rejects.toBe(rolledBack)
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })

  it('spreads each house account over shards by player, opened on first use even when players race', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer()))
    // A currency no other test moves: every house shard of it is opened here, in parallel.
    const results = await Promise.all(players.map((p) => ledger.post(deposit(p, 1_000n, key('cad'), 'CAD'))))
    expect(results.every((r) => !r.replayed)).toBe(true)
    const shards = await ctx.db.query<{ shard: number; balance: bigint }>(
      `SELECT shard, balance FROM ledger_accounts
       WHERE user_id IS NULL AND kind = 'house_payments' AND currency = 'CAD' ORDER BY shard`,
    )
    const expected = new Map<number, bigint>()
    for (const p of players) expected.set(houseShard(p), (expected.get(houseShard(p)) ?? 0n) - 1_000n)
    expect(shards.map((r) => [r.shard, r.balance])).toEqual(
      [...expected].sort(([a], [b]) => a - b).map(([shard, sum]) => [shard, sum]),
    )
    // A movement of no player uses shard 0; inside a caller's transaction it rolls back with it.
    await expect(
      ctx.db.transaction(async (tx) => {
        await ledger.postWith(tx, {
          key: key('house'),
          kind: 'adjustment',
          postings: [
            { account: { house: 'house_fees', currency: 'CAD' }, amount: -3n },
            { account: { house: 'house_payments', currency: 'CAD' }, amount: 3n },
          ],
        })
        throw new Error('the caller fails afterwards')
      }),
    ).rejects.toThrow('the caller fails')
    expect(
      await ctx.db.query(`SELECT 1 FROM ledger_accounts WHERE kind = 'house_fees' AND currency = 'CAD'`),
    ).toEqual([])
    await ledger.post({
      key: key('house'),
      kind: 'adjustment',
      postings: [
        { account: { house: 'house_fees', currency: 'CAD' }, amount: -3n },
        { account: { house: 'house_payments', currency: 'CAD' }, amount: 3n },
      ],
    })
    expect(
      await ctx.db.query<{ shard: number }>(
        `SELECT shard FROM ledger_accounts WHERE kind = 'house_fees' AND currency = 'CAD'`,
      ),
    ).toEqual([{ shard: 0 }])
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })

  it('keeps every invariant under random deposits, withdrawals, replays and failures', async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()]
    const op = fc.record({
      kind: fc.constantFrom('deposit', 'withdraw'),
      player: fc.integer({ min: 0, max: players.length - 1 }),
      amount: fc.bigInt({ min: 1n, max: 5_000n }),
      currency: fc.constantFrom('EUR', 'BTC'),
      // A replay reuses an earlier key: it must move nothing.
      replayOf: fc.option(fc.nat(), { freq: 4 }),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const used: PostRequest[] = []
        for (const o of ops) {
          const user = players[o.player]!
          const earlier = o.replayOf === null || !used.length ? undefined : used[o.replayOf % used.length]
          const request =
            earlier ?? (o.kind === 'deposit' ? deposit : withdraw)(user, o.amount, key('prop'), o.currency)
          const before = await balance(user, o.currency)
          try {
            const result = await ledger.post(request)
            if (!earlier) used.push(request)
            if (result.replayed) expect(await balance(user, o.currency)).toBe(before)
          } catch (error) {
            // Only an overdraft may fail, and only a withdrawal bigger than the balance.
            expect(error).toBeInstanceOf(InsufficientFundsError)
            expect(request.kind).toBe('cashout')
            expect(before).toBeLessThan(o.amount)
          }
        }
        const report = await checkLedger(ctx.db)
        expect(report.problems).toEqual([])
      }),
      { numRuns: 25 },
    )
  })

  it('never overdraws with 50 parallel withdrawals, and applies a key posted 10 times in parallel once', async () => {
    const user = await newPlayer()
    await ledger.post(deposit(user, 100n))
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => ledger.post(withdraw(user, 10n))),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10)
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError)
    }
    expect(await balance(user)).toBe(0n)

    const k = key('callback')
    const credits = await Promise.all(Array.from({ length: 10 }, () => ledger.post(deposit(user, 250n, k))))
    expect(credits.filter((c) => !c.replayed)).toHaveLength(1)
    expect(new Set(credits.map((c) => c.transactionId)).size).toBe(1)
    expect(await balance(user)).toBe(250n)
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })
})
