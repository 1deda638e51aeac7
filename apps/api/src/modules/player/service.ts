import { SUBSCRIPTION_FLAGS, type Subscriptions } from '@aurum/shared/contracts/player'
import { AB_TEST_GROUPS, type Locale } from '@aurum/shared'
import type { Database } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'

/** Groups a player may join or leave: the two variants of the registration test, one at a time. */
const SELF_SERVICE_GROUPS: readonly number[] = [AB_TEST_GROUPS.a, AB_TEST_GROUPS.b]

/** The player's own settings: phone, subscriptions, self-service groups, language. */
export class PlayerService {
  constructor(private db: Database) {}

  async phone(userId: bigint): Promise<string | null> {
    const [row] = await this.db.query<{ mobile_phone: string | null }>(
      'SELECT mobile_phone FROM users WHERE id = $1',
      [userId.toString()],
    )
    return row?.mobile_phone ?? null
  }

  /** Stores a number already validated and normalised to E.164 (replacing any earlier one). */
  async setPhone(userId: bigint, number: string): Promise<void> {
    await this.db.query('UPDATE users SET mobile_phone = $2, updated_at = now() WHERE id = $1', [
      userId.toString(),
      number,
    ])
  }

  /** Clears the number; false when there was none. */
  async deletePhone(userId: bigint): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE users SET mobile_phone = NULL, updated_at = now() WHERE id = $1 AND mobile_phone IS NOT NULL RETURNING id',
      [userId.toString()],
    )
    return rows.length > 0
  }

  async subscriptions(userId: bigint): Promise<Subscriptions> {
    const [row] = await this.db.query<Subscriptions>(
      `SELECT ${SUBSCRIPTION_FLAGS.join(', ')} FROM users WHERE id = $1`,
      [userId.toString()],
    )
    if (!row) throw new AppError('unauthorized', 401)
    return row
  }

  /** Sets the flags given (the others keep their value) and answers all four. */
  async updateSubscriptions(userId: bigint, flags: Partial<Subscriptions>): Promise<Subscriptions> {
    // Column names come from the fixed list, never from the request.
    const entries = SUBSCRIPTION_FLAGS.flatMap((f) =>
      flags[f] === undefined ? [] : [[f, flags[f]] as const],
    )
    const [row] = await this.db.query<Subscriptions>(
      `UPDATE users SET ${entries.map(([f], i) => `${f} = $${i + 2}`).join(', ')}, updated_at = now()
        WHERE id = $1 RETURNING ${SUBSCRIPTION_FLAGS.join(', ')}`,
      [userId.toString(), ...entries.map(([, v]) => v)],
    )
    if (!row) throw new AppError('unauthorized', 401)
    return row
  }

  /**
   * Joins or leaves self-service groups. Any other group (a VIP status, a payment or chat
   * group) is the operator's: 422 on `groups`, and nothing changes. The test variants exclude
   * each other: joining one leaves the other.
   */
  async updateGroups(userId: bigint, change: { add: number[]; remove: number[] }, locale: Locale) {
    const allowed = [...change.add, ...change.remove].every((id) => SELF_SERVICE_GROUPS.includes(id))
    if (!allowed || change.add.some((id) => change.remove.includes(id))) {
      throw new AppError('validation_failed', 422, { groups: [t(locale, 'validation.groups')] })
    }
    const user = userId.toString()
    await this.db.transaction(async (tx) => {
      // The variants exclude each other: joining one leaves the other.
      const others = change.add.length ? SELF_SERVICE_GROUPS.filter((id) => !change.add.includes(id)) : []
      for (const id of [...change.remove, ...others]) {
        await tx.query('DELETE FROM user_groups WHERE user_id = $1 AND group_id = $2', [user, id])
      }
      for (const id of change.add) {
        await tx.query(
          'INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2) ON CONFLICT (user_id, group_id) DO NOTHING',
          [user, id],
        )
      }
    })
  }

  /** The player's language: e-mails are written in it. */
  async updateLocale(userId: bigint, locale: Locale): Promise<void> {
    await this.db.query('UPDATE users SET language = $2, updated_at = now() WHERE id = $1', [
      userId.toString(),
      locale,
    ])
  }
}
