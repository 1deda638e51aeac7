import { Api, ApiError, isSessionEnded } from './api.ts'
import { defaultBet, stepBet } from './bets.ts'
import { isDialogOpen } from './dialog.ts'
import { h, icon } from './dom.ts'
import { lookup, translator, type Translate, type Vars } from './i18n.ts'
import { ICON } from './icons.ts'
import { formatMoney } from './money.ts'
import { Sound } from './sound.ts'
import { openHistory } from './history.ts'
import { openInfo } from './info.ts'
import type { ShellContext } from './shell-context.ts'
import type { BetLimits, BootData, SessionAnswer } from './types.ts'

/** The boot data the game page embeds (apps/games/src/page.ts). */
export function readBoot(): BootData {
  const element = document.getElementById('boot')
  return JSON.parse(element?.textContent ?? '{}') as BootData
}

/** What a game puts into the common frame. */
export interface GameParts {
  /** The game's own area (reels, table, cards). */
  stage: HTMLElement
  /** The game's main controls next to the bet selector (Spin, Autoplay, Deal, actions…). */
  controls: HTMLElement
  /** Space, when focus is not on a control: spin, deal, skip an animation. */
  onSpace?: () => void
  /** Other keys (already filtered: no dialog open, focus not in a text field). */
  onKey?: (event: KeyboardEvent) => boolean
  /** The game's part of the info dialog (rules, paytable), built when it opens. */
  info: () => Node
  /** Called when the bet selector moves. */
  onBet?: (bet: number) => void
  /** Called with every error a request met (after the shell has explained it). */
  onError?: (error: unknown) => void
}

export interface ShellConfig {
  /** Bet selector: the amounts it steps through (a slot's are multiples of its coins per bet). */
  steps: number[]
  /** Label of the selector's value: "Bet" (slots, blackjack) or "Chip" (roulette). */
  selectorLabel: string
  /** Label of the bet meter: "Bet" or "Total bet". */
  betMeterLabel: string
}

/**
 * The frame every client shares: title and tools (info, history, sound), the game's stage, the
 * bar with balance, bet and last win, the bet selector, a live region for results, error notes
 * and the "session ended" screen. It starts the session before the game draws itself.
 */
export class Shell implements ShellContext {
  readonly api = new Api()
  readonly t: Translate
  readonly sound = new Sound()
  readonly lang: string
  session!: SessionAnswer
  currency = 'FUN'
  /** The bet bounds in the session's currency (the boot data's euro bounds until the session says). */
  limits: BetLimits
  balance = 0
  bet = 0
  steps: number[] = []
  private locked = false

  private root = h('div', { class: 'gc' })
  private balanceValue = h('span', {
    class: 'gc-value',
    role: 'status',
    'aria-live': 'off',
    'aria-label': '',
  })
  private betValue = h('span', { class: 'gc-value' })
  private winValue = h('span', { class: 'gc-value', role: 'status', 'aria-live': 'off', 'aria-label': '' })
  private selectorValue = h('output', { class: 'gc-selector-value', 'aria-live': 'off' })
  private announcer = h('p', {
    class: 'gc-announce',
    role: 'status',
    'aria-live': 'polite',
    'aria-atomic': 'true',
  })
  private alert = h('div', { class: 'gc-alert', role: 'alert' })
  private alertTimer: ReturnType<typeof setTimeout> | undefined
  private betDown!: HTMLButtonElement
  private betUp!: HTMLButtonElement
  private soundButton!: HTMLButtonElement
  private parts: GameParts | undefined

  constructor(readonly boot: BootData) {
    this.t = translator(boot.strings ?? {})
    this.limits = { min_bet_cents: boot.min_bet_cents, max_bet_cents: boot.max_bet_cents }
    this.lang = boot.lang || 'en'
    this.root.dataset.type = boot.type
    document.documentElement.lang = this.lang
    // No /favicon.ico request (the game server has none, and a 404 is noise in the console).
    if (!document.querySelector('link[rel~="icon"]'))
      document.head.append(h('link', { rel: 'icon', href: 'data:,' }))
    const main = document.getElementById('game') ?? document.body
    main.replaceChildren(this.root)
    this.root.append(h('p', { class: 'gc-loading', role: 'status' }, this.t('loading')))
  }

  /** Starts the session; false when the game cannot go on (the screen then says why). */
  async start(): Promise<boolean> {
    try {
      this.session = await this.api.start(this.boot)
    } catch (error) {
      if (isSessionEnded(error)) this.ended()
      else this.fatal(error)
      return false
    }
    this.currency = this.session.currency
    this.balance = this.session.balance_cents
    if (this.session.bet_limits) this.limits = this.session.bet_limits
    return true
  }

  money = (cents: number): string => formatMoney(cents, this.currency, this.lang)

  /** Draws the frame around the game's parts. */
  mount(parts: GameParts, config: ShellConfig): void {
    this.parts = parts
    const t = this.t
    this.steps = config.steps
    this.bet = defaultBet(config.steps, this.preferredBet())

    const tool = (label: string, path: string, onClick: () => void, extra: Record<string, string> = {}) => {
      const button = h('button', {
        type: 'button',
        class: 'gc-icon-button',
        'aria-label': label,
        title: label,
        ...extra,
      })
      button.append(icon(path))
      button.addEventListener('click', onClick)
      return button
    }
    this.soundButton = tool(
      t('sound'),
      this.sound.enabled ? ICON.soundOn : ICON.soundOff,
      () => this.toggleSound(),
      {
        'aria-pressed': String(this.sound.enabled),
      },
    )
    const tools = h(
      'div',
      { class: 'gc-tools' },
      tool(t('game_info'), ICON.info, () => openInfo(this, parts.info())),
      tool(t('round_history'), ICON.history, () => openHistory(this)),
      this.soundButton,
    )
    const header = h(
      'header',
      { class: 'gc-top' },
      h(
        'div',
        { class: 'gc-brand' },
        h('h1', { class: 'gc-title' }, this.boot.title),
        this.session.mode === 'demo' ? h('span', { class: 'gc-badge' }, t('demo_badge')) : null,
      ),
      tools,
    )

    this.balanceValue.setAttribute('aria-label', t('balance'))
    this.winValue.setAttribute('aria-label', t('last_win'))
    const meter = (label: string, value: HTMLElement, cls: string) =>
      h(
        'div',
        { class: `gc-meter ${cls}` },
        h('span', { class: 'gc-label', 'aria-hidden': 'true' }, label),
        value,
      )
    const meters = h(
      'div',
      { class: 'gc-meters' },
      meter(t('balance'), this.balanceValue, 'gc-meter-balance'),
      meter(config.betMeterLabel, this.betValue, 'gc-meter-bet'),
      meter(t('last_win'), this.winValue, 'gc-meter-win'),
    )

    this.betDown = tool(t('bet_down'), ICON.minus, () => this.changeBet(-1))
    this.betUp = tool(t('bet_up'), ICON.plus, () => this.changeBet(1))
    const selectorLabelId = 'gc-selector-label'
    this.selectorValue.setAttribute('aria-labelledby', selectorLabelId)
    const selector = h(
      'div',
      { class: 'gc-selector', role: 'group', 'aria-labelledby': selectorLabelId },
      this.betDown,
      h(
        'div',
        { class: 'gc-selector-box' },
        h('span', { class: 'gc-label', id: selectorLabelId }, config.selectorLabel),
        this.selectorValue,
      ),
      this.betUp,
    )
    const bar = h(
      'footer',
      { class: 'gc-bar' },
      meters,
      selector,
      h('div', { class: 'gc-controls' }, parts.controls),
    )

    this.root.replaceChildren(
      header,
      h('div', { class: 'gc-stage' }, parts.stage),
      this.announcer,
      this.alert,
      bar,
    )
    this.alert.hidden = true
    this.setBalance(this.balance)
    this.setLastWin(null)
    this.renderBet()
    if (this.steps.length === 0) this.showError('bet_out_of_range')
    document.addEventListener('keydown', (event) => this.handleKey(event))
  }

  /** One unit of the currency as displayed: the first bet offered is near it. */
  private preferredBet(): number {
    const crypto: Record<string, number> = { BTC: 100, ETH: 100_000, LTC: 100_000 }
    return crypto[this.currency.toUpperCase()] ?? 100
  }

  private changeBet(direction: 1 | -1): void {
    const next = stepBet(this.steps, this.bet, direction)
    if (next === this.bet) return
    this.bet = next
    this.sound.play('click')
    this.renderBet()
    this.parts?.onBet?.(next)
  }

  /** Sets the selector's value (a game may pick a chip directly). */
  selectBet(bet: number): void {
    this.bet = bet
    this.renderBet()
    this.parts?.onBet?.(bet)
  }

  private renderBet(): void {
    this.selectorValue.textContent = this.steps.length ? this.money(this.bet) : '—'
    this.betDown.disabled = this.locked || this.steps.length === 0 || this.bet <= this.steps[0]!
    this.betUp.disabled =
      this.locked || this.steps.length === 0 || this.bet >= this.steps[this.steps.length - 1]!
  }

  /** The bet selector is locked while a round or autoplay runs. */
  lockBet(locked: boolean): void {
    this.locked = locked
    this.renderBet()
  }

  setBalance(cents: number): void {
    this.balance = cents
    this.balanceValue.textContent = this.money(cents)
  }

  setBetMeter(cents: number): void {
    this.betValue.textContent = this.money(cents)
  }

  setLastWin(cents: number | null): void {
    this.winValue.textContent = cents === null ? this.money(0) : this.money(cents)
    this.winValue.parentElement?.classList.toggle('gc-won', (cents ?? 0) > 0)
  }

  /** Says the round's result in the live region (and shows it). */
  announce(text: string): void {
    this.announcer.textContent = text
  }

  /** Runs a round's request; errors are explained and the balance read again. */
  async round<T>(request: () => Promise<T>): Promise<T | undefined> {
    try {
      return await request()
    } catch (error) {
      this.fail(error)
      return undefined
    }
  }

  /** An error the player should know about: explained in words, or the session-ended screen. */
  fail(error: unknown): void {
    if (isSessionEnded(error)) {
      this.ended()
      return
    }
    const code = error instanceof ApiError ? error.code : 'internal_error'
    this.showError(code)
    this.parts?.onError?.(error)
    void this.refreshBalance()
  }

  showError(code: string, vars?: Vars): void {
    const key = lookup(this.boot.strings ?? {}, `errors.${code}`) ? `errors.${code}` : 'errors.generic'
    this.note(this.t(key, vars))
    this.sound.play('lose')
  }

  /** A short message in the alert strip (errors, table limits). */
  note(text: string): void {
    clearTimeout(this.alertTimer)
    const dismiss = h('button', {
      type: 'button',
      class: 'gc-icon-button gc-alert-close',
      'aria-label': this.t('close'),
      title: this.t('close'),
    })
    dismiss.append(icon(ICON.close))
    dismiss.addEventListener('click', () => this.clearNote())
    this.alert.replaceChildren(h('span', {}, text), dismiss)
    this.alert.hidden = false
    this.alertTimer = setTimeout(() => this.clearNote(), 8000)
  }

  clearNote(): void {
    clearTimeout(this.alertTimer)
    this.alert.hidden = true
    this.alert.replaceChildren()
  }

  async refreshBalance(): Promise<void> {
    try {
      const answer = await this.api.get<{ balance_cents: number; currency: string }>('/api/balance')
      this.setBalance(answer.balance_cents)
    } catch (error) {
      if (isSessionEnded(error)) this.ended()
    }
  }

  private toggleSound(): void {
    const on = this.sound.toggle()
    this.soundButton.setAttribute('aria-pressed', String(on))
    this.soundButton.replaceChildren(icon(on ? ICON.soundOn : ICON.soundOff))
  }

  private handleKey(event: KeyboardEvent): void {
    if (isDialogOpen() || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
    const target = event.target as HTMLElement | null
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return
    if (event.key === ' ' || event.code === 'Space') {
      // A focused control answers Space itself (a button clicks).
      const control = target?.closest('button, a[href], summary, [role="button"]') as HTMLButtonElement | null
      if (control && !control.disabled) return
      event.preventDefault()
      if (!event.repeat) this.parts?.onSpace?.()
      return
    }
    if (this.parts?.onKey?.(event)) event.preventDefault()
  }

  /** The session is over (expired, or a reload spent the launch token): say so, offer nothing that cannot work. */
  ended(): void {
    const t = this.t
    const heading = h('h1', { tabindex: -1 }, t('session_ended_title'))
    const screen = h(
      'section',
      { class: 'gc-ended', role: 'alert', 'aria-labelledby': 'gc-ended-title' },
      heading,
      h('p', {}, t('session_ended_text')),
    )
    heading.id = 'gc-ended-title'
    if ('demo' in this.boot.launch) {
      const again = h('button', { type: 'button', class: 'gc-button gc-primary' }, t('play_again'))
      again.addEventListener('click', () => window.location.reload())
      screen.append(again)
    }
    for (const dialog of document.querySelectorAll('dialog')) dialog.close()
    this.root.replaceChildren(screen)
    heading.focus()
  }

  private fatal(error: unknown): void {
    const code = error instanceof ApiError ? error.code : 'internal_error'
    const key = lookup(this.boot.strings ?? {}, `errors.${code}`) ? `errors.${code}` : 'errors.generic'
    const retry = h('button', { type: 'button', class: 'gc-button gc-primary' }, this.t('try_again'))
    retry.addEventListener('click', () => window.location.reload())
    this.root.replaceChildren(
      h(
        'section',
        { class: 'gc-ended', role: 'alert' },
        h('h1', {}, this.t('load_failed')),
        h('p', {}, this.t(key)),
        'demo' in this.boot.launch ? retry : null,
      ),
    )
  }
}

/** Boots a client: the session first, then the game builds its parts from the running shell. */
export async function runGame(
  build: (shell: Shell) => { parts: GameParts; config: ShellConfig; ready?: () => void },
): Promise<void> {
  const shell = new Shell(readBoot())
  if (!(await shell.start())) return
  const game = build(shell)
  shell.mount(game.parts, game.config)
  game.ready?.()
}
