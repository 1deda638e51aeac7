import './roulette.css'
import { chipValues } from '../common/bets.ts'
import { deferred, h, icon, reducedMotion, sleep } from '../common/dom.ts'
import type { Translate } from '../common/i18n.ts'
import { ICON } from '../common/icons.ts'
import { facts, paragraph, section } from '../common/info.ts'
import { formatChip } from '../common/money.ts'
import { runGame, type Shell } from '../common/shell.ts'
import { isSessionEnded } from '../common/api.ts'
import type { HistoryRound, LiveState, RoundAnswer, RouletteOutcome } from '../common/types.ts'
import { BetBook } from './book.ts'
import {
  HORIZONTAL,
  PAYOUTS,
  VERTICAL,
  colourOf,
  rouletteSpots,
  spotCovers,
  upright,
  wireBet,
  type Spot,
} from './layout.ts'
import { Wheel } from './wheel.ts'

/** Length of a live round's betting phase (apps/games/src/live.ts), for the time bar. */
const LIVE_BETTING_MS = 15_000

const DOZEN_KEYS = ['roulette.dozen_1', 'roulette.dozen_2', 'roulette.dozen_3']

/** The accessible name of a spot (numbers alone for straight bets: "17"). */
function spotName(t: Translate, s: Spot): string {
  const numbers = s.numbers.join(', ')
  switch (s.kind) {
    case 'straight':
      return String(s.numbers[0])
    case 'column':
      return t('roulette.column_n', { n: s.numbers[0] ?? 1 })
    case 'dozen':
      return t(DOZEN_KEYS[Math.floor(((s.numbers[0] ?? 1) - 1) / 12)]!)
    case 'red':
    case 'black':
    case 'odd':
    case 'even':
    case 'low':
    case 'high':
      return t(`roulette.${s.kind}`)
    default:
      return t(`roulette.bet_${s.kind}`, { numbers })
  }
}

/** What a cell shows: its number, or the outside bet's short label. */
function spotLabel(t: Translate, s: Spot): Node | string {
  switch (s.kind) {
    case 'straight':
      return String(s.numbers[0])
    case 'column':
      return t('roulette.two_to_1')
    case 'red':
    case 'black':
      return h('span', { class: `rl-diamond rl-diamond-${s.kind}` })
    default:
      return spotName(t, s)
  }
}

const pct = (value: number, total: number) => `${((value / total) * 100).toFixed(4)}%`

function rouletteGame(shell: Shell) {
  const { t, boot } = shell
  const spots = rouletteSpots()
  const limits = shell.limits
  const live = boot.type === 'live_roulette'
  const book = new BetBook(limits.max_bet_cents)
  const chips = chipValues(limits.min_bet_cents, limits.max_bet_cents)
  const wheel = new Wheel(t('roulette.wheel'))
  const buttons = new Map<string, HTMLButtonElement>()
  const styles = new Map<string, string>()
  // Chips sit in a layer of their own over the table, so the buttons' names stay their visible text.
  const markers = new Map<string, HTMLElement>()
  const markerLayer = h('div', { class: 'rl-markers', 'aria-hidden': 'true' })

  // The table: every spot a button, placed in table units for both orientations.
  const table = h('div', { class: 'rl-table', role: 'group', 'aria-label': t('roulette.table') })
  for (const s of spots) {
    const flat = { x: s.x - HORIZONTAL.minX, y: s.y - HORIZONTAL.minY, w: s.w, h: s.h }
    const up = upright(s)
    const tall = { x: up.x - VERTICAL.minX, y: up.y - VERTICAL.minY, w: up.w, h: up.h }
    const style = [
      `--hx:${pct(flat.x, HORIZONTAL.width)}`,
      `--hy:${pct(flat.y, HORIZONTAL.height)}`,
      `--hw:${pct(flat.w, HORIZONTAL.width)}`,
      `--hh:${pct(flat.h, HORIZONTAL.height)}`,
      `--vx:${pct(tall.x, VERTICAL.width)}`,
      `--vy:${pct(tall.y, VERTICAL.height)}`,
      `--vw:${pct(tall.w, VERTICAL.width)}`,
      `--vh:${pct(tall.h, VERTICAL.height)}`,
    ].join(';')
    styles.set(s.id, style)
    const colour = s.kind === 'straight' ? colourOf(s.numbers[0]!) : ''
    const button = h(
      'button',
      {
        type: 'button',
        class: `rl-spot ${s.cell ? 'rl-cell' : 'rl-zone'} rl-${s.kind} ${colour ? `rl-${colour}` : ''}`,
        style,
        'aria-label': spotName(t, s),
        // Line zones stay reachable by pointer and screen reader, not in the tab order (149 stops).
        tabindex: s.cell ? null : -1,
        'data-spot': s.id,
      },
      s.cell ? h('span', { class: 'rl-cell-label', 'aria-hidden': 'true' }, spotLabel(t, s)) : null,
    )
    button.addEventListener('click', () => place(s))
    buttons.set(s.id, button)
    table.append(button)
  }

  table.append(markerLayer)

  // The chip rack mirrors the bet selector (Bet down / Bet up step through the same values).
  const rack = h('div', { class: 'rl-rack', role: 'radiogroup', 'aria-label': t('roulette.chips') })
  const chipButtons = chips.map((value, i) => {
    const chip = h(
      'button',
      {
        type: 'button',
        role: 'radio',
        class: `rl-chip-button rl-chip-${i}`,
        'aria-label': shell.money(value),
        'aria-checked': 'false',
        'data-value': value,
      },
      h('span', { 'aria-hidden': 'true' }, formatChip(value, shell.currency, shell.lang)),
    )
    chip.addEventListener('click', () => shell.selectBet(value))
    rack.append(chip)
    return chip
  })
  rack.addEventListener('keydown', (event) => {
    const i = chips.indexOf(shell.bet)
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? i + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? i - 1
          : -2
    if (next === -2) return
    event.preventDefault()
    const value = chips[Math.max(0, Math.min(chips.length - 1, next))]!
    shell.selectBet(value)
    chipButtons[chips.indexOf(value)]?.focus()
  })

  const recent = h('ol', { class: 'rl-recent', 'aria-label': t('roulette.recent') })
  const resultBadge = h('div', { class: 'rl-result', hidden: true, 'aria-hidden': 'true' })
  const wheelWrap = h('div', { class: 'rl-wheel-wrap' }, wheel.element, resultBadge)
  // Live tables: the phase of the shared round and the time left to bet.
  const liveText = h('span', { class: 'rl-live-text' })
  const liveBar = h('span', { class: 'rl-live-bar' })
  const liveStrip = live
    ? h(
        'div',
        { class: 'rl-live' },
        h('span', { class: 'rl-live-badge' }, t('roulette.live_badge')),
        liveText,
        liveBar,
      )
    : null
  const board = h('div', { class: 'rl-board' }, liveStrip, recent, table, rack)
  const stage = h('div', { class: 'rl' }, wheelWrap, board)

  const undoButton = h('button', {
    type: 'button',
    class: 'gc-icon-button',
    'aria-label': t('undo'),
    title: t('undo'),
  })
  undoButton.append(icon(ICON.undo))
  const clearButton = h('button', {
    type: 'button',
    class: 'gc-icon-button',
    'aria-label': t('clear_bets'),
    title: t('clear_bets'),
  })
  clearButton.append(icon(ICON.clear))
  const rebetButton = h('button', {
    type: 'button',
    class: 'gc-icon-button',
    'aria-label': t('rebet'),
    title: t('rebet'),
  })
  rebetButton.append(icon(ICON.rebet))
  const mainLabel = live ? t('roulette.live_place') : t('spin')
  const spinButton = h('button', {
    type: 'button',
    class: 'gc-spin',
    'aria-label': mainLabel,
    title: mainLabel,
  })
  spinButton.append(icon(live ? ICON.check : ICON.spin))
  const controls = h('div', { class: 'rl-controls' }, undoButton, clearButton, rebetButton, spinButton)

  let spinning = false
  let settled = false
  let skip = deferred()
  /** Live: whether the table takes bets now (betting phase, none sent yet for this round). */
  let liveOpen = false

  const render = () => {
    for (const [id, marker] of markers) {
      if (book.amount(id) === 0) {
        marker.parentElement?.remove()
        markers.delete(id)
      }
    }
    for (const [id, amount] of book.entries()) {
      let marker = markers.get(id)
      if (!marker) {
        marker = h('span', { class: 'rl-marker' })
        markers.set(id, marker)
        markerLayer.append(h('span', { class: 'rl-spot rl-marker-box', style: styles.get(id) ?? '' }, marker))
      }
      marker.textContent = formatChip(amount, shell.currency, shell.lang)
      let tier = 0
      chips.forEach((value, i) => {
        if (amount >= value) tier = i
      })
      marker.className = `rl-marker rl-chip-${tier}`
    }
    shell.setBetMeter(book.total)
    const locked = spinning || (live && !liveOpen)
    undoButton.disabled = locked || !book.canUndo
    clearButton.disabled = locked || book.empty
    rebetButton.disabled = locked || !book.canRebet
    spinButton.disabled = locked || book.empty
    table.classList.toggle('rl-locked', locked)
    for (const chip of chipButtons) {
      const checked = Number(chip.dataset.value) === shell.bet
      chip.setAttribute('aria-checked', String(checked))
      chip.tabIndex = checked ? 0 : -1
    }
    shell.lockBet(spinning)
  }

  /** The last result's highlights go when the player starts the next bet. */
  const clearResult = () => {
    if (!settled) return
    settled = false
    stage.classList.remove('rl-settled')
    for (const button of buttons.values()) button.classList.remove('rl-hit')
    for (const marker of markers.values()) marker.classList.remove('rl-won')
  }

  const refuse = (result: string) => {
    if (result === 'table_limit')
      shell.note(t('roulette.table_limit', { max: shell.money(limits.max_bet_cents) }))
    else if (result !== 'ok') shell.showError(result)
  }

  function place(s: Spot) {
    if (spinning || (live && !liveOpen)) return
    clearResult()
    const result = book.place(s.id, shell.bet, shell.balance)
    if (result === 'ok') shell.sound.play('chip')
    refuse(result)
    render()
  }

  undoButton.addEventListener('click', () => {
    clearResult()
    book.undo()
    render()
  })
  clearButton.addEventListener('click', () => {
    clearResult()
    book.clear()
    render()
  })
  rebetButton.addEventListener('click', () => {
    clearResult()
    refuse(book.rebet(shell.balance))
    render()
  })

  /** The ball has landed: the number, the cells it belongs to, the chips that won, the latest numbers. */
  const showResult = (result: number, wonIds: string[]) => {
    const colour = colourOf(result)
    resultBadge.textContent = String(result)
    resultBadge.className = `rl-result rl-${colour}`
    resultBadge.hidden = false
    for (const button of buttons.values()) button.classList.remove('rl-hit')
    for (const s of spots) if (s.cell && spotCovers(s, result)) buttons.get(s.id)?.classList.add('rl-hit')
    for (const id of wonIds) markers.get(id)?.classList.add('rl-won')
    pushRecent(result)
    settled = true
    stage.classList.add('rl-settled')
    return t('roulette.result', { n: result, colour: t(`roulette.colour_${colour}`) })
  }
  const pushRecent = (result: number) => {
    recent.prepend(h('li', { class: `rl-${colourOf(result)}` }, String(result)))
    while (recent.children.length > 12) recent.lastElementChild?.remove()
  }

  /** The table's bets as the server takes them, or undefined (and a note) when they cannot go. */
  const betsToSend = (): Array<[string, number]> | undefined => {
    if (book.empty) return undefined
    const total = book.total
    if (total < limits.min_bet_cents) {
      shell.note(t('roulette.min_total', { min: shell.money(limits.min_bet_cents) }))
      return undefined
    }
    if (total > shell.balance) {
      shell.showError('insufficient_funds')
      return undefined
    }
    return book.entries()
  }
  const wire = (entries: Array<[string, number]>) =>
    entries.map(([id, amount]) =>
      wireBet(
        spots.find((s) => s.id === id)!,
        amount,
      ),
    )

  const spin = async () => {
    if (spinning) return
    const entries = betsToSend()
    if (!entries) return
    clearResult()
    spinning = true
    skip = deferred()
    shell.clearNote()
    render()
    shell.announce(t('roulette.no_more_bets'))
    shell.setBalance(shell.balance - book.total)
    shell.sound.play('spin')
    stage.classList.add('rl-spinning')
    resultBadge.hidden = true
    const answer = await shell.round(() =>
      shell.api.post<RoundAnswer<RouletteOutcome>>('/api/roulette/spin', { bets: wire(entries) }),
    )
    if (!answer) {
      stage.classList.remove('rl-spinning')
      spinning = false
      shell.announce('')
      render()
      return
    }
    book.spun()
    await wheel.spinTo(answer.outcome.result, skip.promise)
    // The server's wins light the chips.
    const said = showResult(
      answer.outcome.result,
      answer.outcome.wins.map((win) => entries[win.index]?.[0] ?? ''),
    )
    if (answer.win_cents > 0) {
      shell.sound.play('win')
      shell.announce(`${said} ${t('result_win', { amount: shell.money(answer.win_cents) })}`)
    } else {
      shell.sound.play('lose')
      shell.announce(`${said} ${t('result_no_win')}`)
    }
    shell.setLastWin(answer.win_cents)
    if (answer.balance_cents !== undefined) shell.setBalance(answer.balance_cents)
    else void shell.refreshBalance()
    if (!reducedMotion()) await Promise.race([sleep(1200), skip.promise])
    stage.classList.remove('rl-spinning')
    spinning = false
    render()
  }

  // Live roulette: one wheel for every player on the clock (bets for a while, then the spin);
  // the player's bets go to the open round and are paid by the server when the wheel has stopped.
  const liveBets = new Map<number, { ids: string[]; spots: string[] }>()
  let liveRound = -1
  let livePhase: LiveState['phase'] | undefined
  let liveEndsAt = 0
  let liveSpun = -1
  let liveTick: ReturnType<typeof setInterval> | undefined

  const renderLiveClock = () => {
    const left = Math.max(0, liveEndsAt - Date.now())
    const seconds = Math.ceil(left / 1000)
    if (livePhase === 'betting')
      liveText.textContent = liveBets.has(liveRound)
        ? t('roulette.live_accepted', { s: seconds })
        : t('roulette.live_betting', { s: seconds })
    else liveText.textContent = t('roulette.no_more_bets')
    liveBar.style.setProperty('--left', livePhase === 'betting' ? String(left / LIVE_BETTING_MS) : '0')
  }

  const confirmLive = async () => {
    if (!liveOpen || spinning) return
    const entries = betsToSend()
    if (!entries) return
    const round = liveRound
    spinning = true
    shell.clearNote()
    render()
    const answer = await shell.round(() =>
      shell.api.post<RoundAnswer<{ table_round: number }>>('/api/live/bet', { bets: wire(entries) }),
    )
    spinning = false
    if (answer) {
      const placed = liveBets.get(answer.outcome.table_round) ?? { ids: [], spots: [] }
      placed.ids.push(answer.round_id)
      placed.spots.push(...entries.map(([id]) => id))
      liveBets.set(answer.outcome.table_round, placed)
      book.spun()
      if (answer.balance_cents !== undefined) shell.setBalance(answer.balance_cents)
      shell.sound.play('chip')
      shell.announce(t('roulette.live_bets_placed', { amount: shell.money(book.total) }))
      if (answer.outcome.table_round === round) liveOpen = false
    }
    renderLiveClock()
    render()
  }

  /** Waits for the server to pay a finished round's bets, then shows what they won. */
  const awaitPayout = async (round: number, said: string) => {
    const placed = liveBets.get(round)
    if (!placed) return
    for (let attempt = 0; attempt < 20; attempt++) {
      await sleep(2000)
      try {
        const rounds = await shell.api.get<HistoryRound[]>('/api/rounds?limit=50')
        const mine = rounds.filter((r) => placed.ids.includes(r.round_id))
        if (mine.length < placed.ids.length || mine.some((r) => r.status !== 'settled')) continue
        const won = mine.reduce((sum, r) => sum + r.win_cents, 0)
        liveBets.delete(round)
        shell.setLastWin(won)
        shell.announce(
          `${said} ${won > 0 ? t('result_win', { amount: shell.money(won) }) : t('result_no_win')}`,
        )
        shell.sound.play(won > 0 ? 'win' : 'lose')
        await shell.refreshBalance()
        return
      } catch (error) {
        shell.fail(error)
        return
      }
    }
    shell.note(t('roulette.live_payout_pending'))
    void shell.refreshBalance()
  }

  const onLiveState = (state: LiveState) => {
    liveEndsAt = state.ends_at
    const phaseChanged = state.phase !== livePhase || state.round !== liveRound
    livePhase = state.phase
    liveRound = state.round
    if (phaseChanged && state.phase === 'betting') {
      liveOpen = !liveBets.has(state.round)
      stage.classList.remove('rl-spinning')
      resultBadge.hidden = true
      if (recent.children.length === 0) pushRecent(state.last.result)
      shell.announce(t('roulette.live_place_now'))
    }
    if (state.phase === 'spinning' && state.current && liveSpun !== state.round) {
      liveSpun = state.round
      liveOpen = false
      const result = state.current.result
      const placed = liveBets.get(state.round)
      stage.classList.add('rl-spinning')
      shell.announce(t('roulette.no_more_bets'))
      shell.sound.play('spin')
      // Late arrivals see the rest of the spin, or the result at once.
      const left = state.ends_at - Date.now()
      const landed = left > 1500 ? wheel.spinTo(result, sleep(Math.min(4200, left - 800))) : Promise.resolve()
      void landed.then(() => {
        // The cells light up; the chips that won are named by the server's payout below.
        const said = showResult(result, [])
        if (placed) {
          shell.announce(`${said} ${t('roulette.live_paying')}`)
          void awaitPayout(state.round, said)
        } else shell.announce(said)
      })
    }
    renderLiveClock()
    render()
  }

  const startLive = () => {
    const id = shell.api.sessionId
    if (!id) return
    liveTick = setInterval(renderLiveClock, 250)
    const source = new EventSource(`/api/live/events?session=${encodeURIComponent(id)}`)
    source.onmessage = (event: MessageEvent<string>) => onLiveState(JSON.parse(event.data) as LiveState)
    source.onerror = () => {
      // The stream reconnects by itself; a session that has ended stops it for good.
      shell.api.get<LiveState>('/api/live/state').then(onLiveState, (error: unknown) => {
        if (isSessionEnded(error)) {
          source.close()
          clearInterval(liveTick)
        }
        shell.fail(error)
      })
    }
  }

  spinButton.addEventListener('click', () => void (live ? confirmLive() : spin()))

  const info = (): Node => {
    const payouts = facts(
      PAYOUTS.map(
        ([kind, odds]) => [t(`roulette.kind_${kind}`), t('roulette.pays_odds', { odds })] as [string, string],
      ),
    )
    const fragment = document.createDocumentFragment()
    fragment.append(
      section(
        t('roulette.rules_title'),
        paragraph(t('roulette.rules_wheel')),
        ...(live ? [paragraph(t('roulette.rules_live')), paragraph(t('roulette.rules_live_fair'))] : []),
        paragraph(t(live ? 'roulette.rules_place_live' : 'roulette.rules_place')),
        paragraph(t('roulette.rules_lines')),
        paragraph(
          t('roulette.rules_limits', {
            min: shell.money(limits.min_bet_cents),
            max: shell.money(limits.max_bet_cents),
          }),
        ),
        paragraph(t('roulette.zero_rule')),
        paragraph(t('roulette.rules_return')),
      ),
      section(t('roulette.payouts_title'), payouts),
    )
    return fragment
  }

  return {
    parts: {
      stage,
      controls,
      info,
      onSpace: () => {
        if (live) void confirmLive()
        else if (spinning) skip.resolve()
        else void spin()
      },
      onKey: (event: KeyboardEvent) => {
        if ((event.key === 'z' || event.key === 'Backspace') && !spinning && book.canUndo) {
          undoButton.click()
          return true
        }
        return false
      },
      onBet: () => render(),
    },
    config: { steps: chips, selectorLabel: t('roulette.chip'), betMeterLabel: t('total_bet') },
    ready: () => {
      render()
      if (live) startLive()
    },
  }
}

void runGame(rouletteGame)
