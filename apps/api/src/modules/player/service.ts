import type { Subscriptions } from '@aurum/shared/contracts/player'
import { AB_TEST_GROUPS, type Locale } from '@aurum/shared'
import type { Database } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import { PlayerRepository } from './repository.ts'

/** Groups a player may join or leave: the two variants of the registration test, one at a time. */
const SELF_SERVICE_GROUPS: readonly number[] = [AB_TEST_GROUPS.a, AB_TEST_GROUPS.b]

/** The player's own settings: phone, subscriptions, self-service groups, language. */
export class PlayerService {
  private repo: PlayerRepository

  constructor(private db: Database) {
    this.repo = new PlayerRepository(db)
  }

  async phone(userId: bigint): Promise<string | null> {
    return (await this.repo.findPhone(userId)) ?? null
  }

  /** Stores a number already validated and normalised to E.164 (replacing any earlier one). */
  async setPhone(userId: bigint, number: string): Promise<void> {
    await this.repo.updatePhone(userId, number)
  }

  /** Clears the number; false when there was none. */
  async deletePhone(userId: bigint): Promise<boolean> {
    return this.repo.clearPhone(userId)
  }

  async subscriptions(userId: bigint): Promise<Subscriptions> {
    const row = await this.repo.findSubscriptions(userId)
    if (!row) throw new AppError('unauthorized', 401)
    return row
  }

  /** Sets the flags given (the others keep their value) and answers all four. */
  async updateSubscriptions(userId: bigint, flags: Partial<Subscriptions>): Promise<Subscriptions> {
    const row = await this.repo.updateSubscriptions(userId, flags)
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
    await this.db.transaction(async (tx) => {
      // The variants exclude each other: joining one leaves the other.
      const others = change.add.length ? SELF_SERVICE_GROUPS.filter((id) => !change.add.includes(id)) : []
      for (const id of [...change.remove, ...others]) {
        await this.repo.removeFromGroup(tx, userId, id)
      }
      for (const id of change.add) {
        await this.repo.addToGroup(tx, userId, id)
      }
    })
  }

  /** The player's language: e-mails are written in it. */
  async updateLocale(userId: bigint, locale: Locale): Promise<void> {
    await this.repo.updateLanguage(userId, locale)
  }
}
