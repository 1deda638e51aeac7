export type PlaceResult = 'ok' | 'table_limit' | 'insufficient_funds'

/**
 * The chips on the table: amount per spot id, in the order first placed. Every change can be
 * undone (snapshots, so undo after Clear or Re-bet restores the table as it was); the bets of the
 * last spin are kept for Re-bet.
 */
export class BetBook {
  private bets = new Map<string, number>()
  private undoStack: Array<Map<string, number>> = []
  private lastSpun = new Map<string, number>()

  constructor(
    /** Most the table takes in one spin (max_bet_cents). */
    private maxTotal: number,
  ) {}

  entries(): Array<[string, number]> {
    return [...this.bets]
  }

  amount(id: string): number {
    return this.bets.get(id) ?? 0
  }

  get total(): number {
    let sum = 0
    for (const amount of this.bets.values()) sum += amount
    return sum
  }

  get empty(): boolean {
    return this.bets.size === 0
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0
  }

  get canRebet(): boolean {
    return this.lastSpun.size > 0
  }

  /** Adds a chip; refused when the table's maximum or the balance would be passed. */
  place(id: string, chip: number, balance: number): PlaceResult {
    const total = this.total + chip
    if (total > this.maxTotal) return 'table_limit'
    if (total > balance) return 'insufficient_funds'
    this.snapshot()
    this.bets.set(id, this.amount(id) + chip)
    return 'ok'
  }

  undo(): void {
    const previous = this.undoStack.pop()
    if (previous) this.bets = previous
  }

  clear(): void {
    if (this.empty) return
    this.snapshot()
    this.bets = new Map()
  }

  /** The last spin's bets again, in place of the table's (refused over the limit or the balance). */
  rebet(balance: number): PlaceResult {
    let total = 0
    for (const amount of this.lastSpun.values()) total += amount
    if (total > this.maxTotal) return 'table_limit'
    if (total > balance) return 'insufficient_funds'
    this.snapshot()
    this.bets = new Map(this.lastSpun)
    return 'ok'
  }

  /** Called when the bets are sent: they become the ones Re-bet repeats; undo starts afresh. */
  spun(): void {
    this.lastSpun = new Map(this.bets)
    this.undoStack = []
  }

  private snapshot(): void {
    this.undoStack.push(new Map(this.bets))
    if (this.undoStack.length > 200) this.undoStack.shift()
  }
}
