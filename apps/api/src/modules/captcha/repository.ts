import type { Database } from '../../db/client.ts'

/** The SQL of the captcha: the solutions used, each kept until its challenge expires. */
export class CaptchaRepository {
  constructor(private db: Database) {}

  /**
   * Records a solution by its challenge's signature; false when it was recorded before (the
   * primary key lets only the first through).
   */
  async insertSolution(signature: string, expiresAt: number): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO captcha_solutions (signature, expires_at) VALUES ($1, to_timestamp($2))
       ON CONFLICT (signature) DO NOTHING RETURNING signature`,
      [signature, expiresAt],
    )
    return rows.length > 0
  }

  /** Deletes the solutions expired before `now`; how many went. */
  async deleteExpired(now: Date): Promise<number> {
    const rows = await this.db.query('DELETE FROM captcha_solutions WHERE expires_at < $1 RETURNING 1', [now])
    return rows.length
  }
}
