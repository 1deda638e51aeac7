import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Executor } from '@aurum/db'
import { auditCsvQuery, auditQuery } from '@aurum/shared/contracts/audit'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { canonicalText, entryHash, GENESIS } from './canonical.ts'
import { auditFilters, type AuditChainReport, type AuditLog } from './service.ts'

const onPostgres = inject('dbTemplate').kind === 'postgres'

let ctx: TestContext
let audit: AuditLog
beforeAll(async () => {
  ctx = await createTestApp()
  audit = ctx.app.services.audit
})
afterAll(async () => {
  await ctx?.close()
})

const staff = (n: number) => ({ id: BigInt(n), label: `agent${n}@aurum.test` })

async function record(n: number, extra: Partial<Parameters<AuditLog['record']>[1]> = {}) {
  return ctx.db.transaction((tx) =>
    audit.record(tx, {
      actor: staff((n % 3) + 1),
      action: n % 2 ? 'payment.approved' : 'player.blocked',
      target: { type: n % 2 ? 'payment' : 'player', id: 1000 + n },
      before: { state: 'pending', n },
      after: { state: 'approved', n },
      ...extra,
    }),
  )
}

class Rollback extends Error {
  constructor(readonly report: AuditChainReport) {
    super('rolled back')
  }
}

/**
 * Tampers as the test's superuser with the triggers off, verifies, and rolls everything back (the
 * trigger switch included), so the next test finds the chain as it was.
 */
async function verifyTampered(tamper: (tx: Executor) => Promise<void>): Promise<AuditChainReport> {
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE audit_log DISABLE TRIGGER USER')
      await tamper(tx)
      await tx.query('ALTER TABLE audit_log ENABLE TRIGGER USER')
      throw new Rollback(await audit.verify(tx))
    })
  } catch (error) {
    if (error instanceof Rollback) return error.report
    throw error
  }
  throw new Error('unreachable')
}

async function count(): Promise<number> {
  const [row] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')
  return row!.n
}

describe('audit log', () => {
  it('writes in the transaction of the action: a rollback leaves no entry', async () => {
    const before = await count()
    await expect(
      ctx.db.transaction(async (tx) => {
        await audit.record(tx, {
          actor: staff(1),
          action: 'player.blocked',
          target: { type: 'player', id: 1 },
        })
        throw new Error('the action failed')
      }),
    ).rejects.toThrow('the action failed')
    expect(await count()).toBe(before)
    const id = await record(1)
    expect(await count()).toBe(before + 1)
    expect((await audit.verify()).problem).toBeNull()
    expect(id).toBeGreaterThan(0n)
  })

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const id = await record(2)
    await expect(
      ctx.db.query(`UPDATE audit_log SET reason = 'x' WHERE id = $1`, [id.toString()]),
    ).rejects.toThrow(/append-only: UPDATE/)
    await expect(ctx.db.query(`DELETE FROM audit_log WHERE id = $1`, [id.toString()])).rejects.toThrow(
      /append-only: DELETE/,
    )
    await expect(ctx.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only: TRUNCATE/)
    expect(await count()).toBeGreaterThan(0)
  })

  it('refuses to append from a repeatable-read snapshot, which could fork the chain', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ')
        await audit.record(tx, { actor: 'cli', action: 'player.blocked' })
      }),
    ).rejects.toThrow(/read committed/)
  })

  it('hashes the same canonical text in TypeScript as in SQL', async () => {
    const id = await record(3, {
      actor: 'system',
      // Keys out of order, a duplicate, unicode, separators inside values, an IPv6 address.
      before: JSON.parse('{"zeta": 1, "a": [1, 2.50, "x|y"], "a": "last", "é": null}') as unknown,
      after: 'ünïcödé | 12:x',
      reason: 'a reason with |~ and 3:abc in it',
      request: { ip: '2001:db8::1', userAgent: 'Mozilla/5.0 (X11)', id: 'req-1' },
    })
    const [sql] = await ctx.db.query<{ text: string; hash: Uint8Array; prev_hash: Uint8Array }>(
      `SELECT audit_canonical(id, at, actor_id, actor_label, action, target_type, target_id, before, after, reason,
         ip, user_agent, request_id) AS text, hash, prev_hash FROM audit_log WHERE id = $1`,
      [id.toString()],
    )
    const entries = await ctx.db.query<{
      id: string
      at_micros: string
      actor_label: string
      before: string
      after: string
    }>(
      `SELECT id::text AS id, (EXTRACT(EPOCH FROM at) * 1000000)::bigint::text AS at_micros, actor_label,
         before::text AS before, after::text AS after FROM audit_log WHERE id = $1`,
      [id.toString()],
    )
    const row = entries[0]!
    const entry = {
      id: row.id,
      atMicros: row.at_micros,
      actorId: null,
      actorLabel: row.actor_label,
      action: 'payment.approved',
      targetType: 'payment',
      targetId: '1003',
      before: row.before,
      after: row.after,
      reason: 'a reason with |~ and 3:abc in it',
      // inet::text keeps the mask.
      ip: '2001:db8::1/128',
      userAgent: 'Mozilla/5.0 (X11)',
      requestId: 'req-1',
    }
    expect(row.before).toBe('{"a": "last", "é": null, "zeta": 1}')
    expect(canonicalText(entry)).toBe(sql!.text)
    expect(sql!.text).toContain(`|~|${Buffer.byteLength('system')}:system|`)
    expect(entryHash(sql!.prev_hash, entry).equals(Buffer.from(sql!.hash))).toBe(true)
  })

  it('canonical form: fixed order, byte lengths, NULLs, the hash over the previous one', () => {
    const entry = {
      id: '7',
      atMicros: '1795000000123456',
      actorId: '42',
      actorLabel: 'ops@aurum.test',
      action: 'staff.invited',
      targetType: 'staff',
      targetId: '43',
      before: null,
      after: '{"role": "kyc"}',
      reason: 'é',
      ip: '10.0.0.1/32',
      userAgent: null,
      requestId: null,
    }
    const text =
      'audit-v1|1:7|16:1795000000123456|2:42|14:ops@aurum.test|13:staff.invited|5:staff|2:43|~|15:{"role": "kyc"}|2:é|11:10.0.0.1/32|~|~'
    expect(canonicalText(entry)).toBe(text)
    const expected = crypto.createHash('sha256').update(GENESIS).update(Buffer.from(text, 'utf8')).digest()
    expect(entryHash(GENESIS, entry).equals(expected)).toBe(true)
    // A value that would read as a separator stays inside its length.
    expect(canonicalText({ ...entry, reason: '|~' })).toContain('|2:|~|')
  })

  it('verify accepts a good chain, and names the entry whose contents were changed', async () => {
    const ids: bigint[] = []
    for (let n = 10; n < 15; n++) ids.push(await record(n))
    const good = await audit.verify()
    expect(good.problem).toBeNull()
    expect(good.count).toBe(await count())

    const target = ids[2]!
    const changed = await verifyTampered(async (tx) => {
      await tx.query(`UPDATE audit_log SET after = '{"state": "rejected"}' WHERE id = $1`, [
        target.toString(),
      ])
    })
    expect(changed.problem?.id).toBe(target)
    expect(changed.problem?.message).toMatch(/^hash mismatch/)

    // A changed field that is not JSON, or the time, is found the same way.
    const moved = await verifyTampered(async (tx) => {
      await tx.query(`UPDATE audit_log SET at = at + interval '1 microsecond' WHERE id = $1`, [
        ids[1]!.toString(),
      ])
    })
    expect(moved.problem?.id).toBe(ids[1])
    expect((await audit.verify()).problem).toBeNull()
  })

  it('verify finds a deleted middle entry at the one after it, and a rewritten hash too', async () => {
    const ids: bigint[] = []
    for (let n = 20; n < 24; n++) ids.push(await record(n))
    const deleted = await verifyTampered(async (tx) => {
      await tx.query('DELETE FROM audit_log WHERE id = $1', [ids[1]!.toString()])
    })
    expect(deleted.problem?.id).toBe(ids[2])
    expect(deleted.problem?.message).toContain(`it is not the hash of entry ${ids[0]}`)
    expect(deleted.problem?.message).toContain(`ids ${ids[1]}-${ids[1]} are missing`)

    // Recomputing the changed entry's own hash does not help: the next entry still names the old one.
    const rehashed = await verifyTampered(async (tx) => {
      await tx.query(
        `UPDATE audit_log SET reason = 'covered up', hash = sha256(prev_hash || convert_to(audit_canonical(id, at,
           actor_id, actor_label, action, target_type, target_id, before, after, 'covered up', ip, user_agent,
           request_id), 'UTF8')) WHERE id = $1`,
        [ids[1]!.toString()],
      )
    })
    expect(rehashed.problem?.id).toBe(ids[2])
    expect(rehashed.problem?.message).toMatch(/^prev_hash mismatch/)
  })

  it('a gap in the ids from a rolled-back append is not a problem', async () => {
    await ctx.db
      .transaction(async (tx) => {
        await audit.record(tx, { actor: 'cli', action: 'player.blocked' })
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    await record(30)
    expect((await audit.verify()).problem).toBeNull()
  })

  it('concurrent appends from several connections all chain', async () => {
    const writers = onPostgres ? 8 : 2
    const each = onPostgres ? 25 : 5
    const before = await count()
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < each; i++) {
          await ctx.db.transaction(async (tx) => {
            await audit.record(tx, {
              actor: staff(w),
              action: 'staff.signed_in',
              target: { type: 'staff', id: w },
            })
            // Work after the append, inside the same transaction: the next writer waits for the commit.
            await tx.query('SELECT 1')
          })
        }
      }),
    )
    expect(await count()).toBe(before + writers * each)
    expect((await audit.verify()).problem).toBeNull()
    const [shared] = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM (SELECT prev_hash FROM audit_log GROUP BY prev_hash HAVING count(*) > 1) s',
    )
    expect(shared!.n).toBe(0)
  })
})

describe('audit log viewer', () => {
  let ids: bigint[]
  beforeAll(async () => {
    ids = []
    for (let n = 100; n < 112; n++) {
      ids.push(
        await ctx.db.transaction((tx) =>
          audit.record(tx, {
            actor:
              n < 106
                ? { id: 900n, label: 'viewer-a@aurum.test' }
                : { id: 901n, label: 'viewer-b@aurum.test' },
            action: ['viewer.payment.approved', 'viewer.payment.rejected', 'viewer.payments.other'][n % 3]!,
            target: { type: 'viewer-player', id: n % 4 },
            after: { n },
          }),
        ),
      )
    }
  })

  it('filters by actor, action prefix (whole segments) and target', async () => {
    const byActor = await audit.list({ actorId: 900n }, { perPage: 100 })
    expect(byActor.data.map((e) => BigInt(e.id))).toEqual(ids.slice(0, 6).reverse())
    const byLabel = await audit.list({ actorLabel: 'viewer-b@aurum.test' }, { perPage: 100, sort: 'asc' })
    expect(byLabel.data.map((e) => BigInt(e.id))).toEqual(ids.slice(6))

    const payment = await audit.list({ action: 'viewer.payment' }, { perPage: 100, sort: 'asc' })
    expect(new Set(payment.data.map((e) => e.action))).toEqual(
      new Set(['viewer.payment.approved', 'viewer.payment.rejected']),
    )
    expect(payment.data).toHaveLength(8)
    const exact = await audit.list({ action: 'viewer.payments.other' }, { perPage: 100 })
    expect(exact.data).toHaveLength(4)
    // `_` is a LIKE wildcard: escaped, it matches only itself.
    expect((await audit.list({ action: 'viewer_payment' }, { perPage: 100 })).data).toHaveLength(0)

    const target = await audit.list(
      { targetType: 'viewer-player', targetId: '1' },
      { perPage: 100, sort: 'asc' },
    )
    expect(target.data.map((e) => e.after)).toEqual([{ n: 101 }, { n: 105 }, { n: 109 }])
    expect(target.data[0]).toMatchObject({
      actor_id: '900',
      actor_label: 'viewer-a@aurum.test',
      target_type: 'viewer-player',
      target_id: '1',
      before: null,
    })
    expect(target.data[0]!.hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('filters by period', async () => {
    const [row] = await ctx.db.query<{ at: Date }>('SELECT at FROM audit_log WHERE id = $1', [
      ids[0]!.toString(),
    ])
    const at = new Date(row!.at)
    const from = await audit.list({ from: at, actorId: 900n }, { perPage: 100 })
    expect(from.data).toHaveLength(6)
    const to = await audit.list({ to: at, actorId: 900n }, { perPage: 100 })
    expect(to.data).toHaveLength(0)
  })

  it('pages by keyset on the id, both ways', async () => {
    const filters = { targetType: 'viewer-player' }
    for (const sort of ['asc', 'desc'] as const) {
      const seen: bigint[] = []
      let cursor: bigint | undefined
      for (let pages = 0; pages < 10; pages++) {
        const page = await audit.list(filters, { perPage: 5, sort, cursor })
        seen.push(...page.data.map((e) => BigInt(e.id)))
        if (page.nextCursor === null) break
        expect(page.data).toHaveLength(5)
        cursor = BigInt(page.nextCursor)
      }
      expect(seen).toEqual(sort === 'asc' ? ids : [...ids].reverse())
    }
  })

  it('takes the contract’s query', async () => {
    const query = auditQuery.parse({ actor_id: '901', action: 'viewer.payment', sort: 'asc', per_page: '2' })
    const page = await audit.listQuery(query)
    // Actor 901 wrote entries 106-111: 106 rejected, 107 another action, 108 approved.
    expect(page.data.map((e) => e.action)).toEqual(['viewer.payment.rejected', 'viewer.payment.approved'])
    expect(page.nextCursor).toBe(page.data[1]!.id)
    expect(auditQuery.safeParse({ per_page: '0' }).success).toBe(false)
    expect(auditQuery.safeParse({ action: 'Payment;' }).success).toBe(false)
    expect(auditQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false)
    expect(auditFilters(auditCsvQuery.parse({ to: '2026-03-01' })).to).toEqual(
      new Date('2026-03-02T00:00:00Z'),
    )
  })

  it('exports CSV: RFC 4180 quoting, formula guard', async () => {
    await ctx.db.transaction((tx) =>
      audit.record(tx, {
        actor: { id: 902n, label: '=HYPERLINK("http://evil","x")' },
        action: 'viewer.csv.check',
        target: { type: 'viewer-csv', id: '-1' },
        reason: 'line one\r\nline, two',
        after: { note: '@SUM(A1)' },
      }),
    )
    let text = ''
    for await (const chunk of audit.csv({ action: 'viewer.csv' })) text += chunk
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(
      'id,at,actor_id,actor,action,target_type,target_id,before,after,reason,ip,user_agent,request_id,hash',
    )
    expect(text).toContain(`,902,"'=HYPERLINK(""http://evil"",""x"")",viewer.csv.check,viewer-csv,'-1,,`)
    expect(text).toContain(`"{""note"":""@SUM(A1)""}","line one\r\nline, two",,,,`)
    expect(text.endsWith('\r\n')).toBe(true)

    let all = ''
    for await (const chunk of audit.csv({ targetType: 'viewer-player' })) all += chunk
    expect(all.split('\r\n').filter(Boolean)).toHaveLength(1 + ids.length)
  })
})
