import './slot.css'
import type { SlotConfig, SlotRound, SlotSpin, SlotWin } from '@aurum/games-math/slots/types'
import { THEME_PALETTES, type Palette } from '@aurum/game-art/palettes'
import { betSteps } from '../common/bets.ts'
import { deferred, h, icon, reducedMotion, sleep } from '../common/dom.ts'
import { ICON } from '../common/icons.ts'
import { runGame, type Shell } from '../common/shell.ts'
import type { SlotAnswer } from '../common/types.ts'
import { slotInfo, symbolName } from './paytable.ts'
import { Reels, symbolUrl } from './reels.ts'
import { freeSpinPlan, freeSpinsOf, winLevel } from './round.ts'

const AUTOPLAY_COUNTS = [10, 25, 50, 100]

type RoundEnd = 'done' | 'feature' | 'error' | 'funds'

function slotGame(shell: Shell, config: SlotConfig) {
  const { t } = shell
  const name = (symbol: string) => symbolName(t, config, symbol)
  const reels = new Reels(config)
  const palette = (THEME_PALETTES as Record<string, Palette | undefined>)[config.theme]

  // Pictures load once, before the first spin needs them.
  for (const symbol of Object.keys(config.symbols)) new Image().src = symbolUrl(config, symbol)

  const featureCount = h('span', { class: 'sl-fs-count' })
  const featureMultiplier = h('span', { class: 'sl-fs-mult' })
  const featureWin = h('span', { class: 'sl-fs-win' })
  const feature = h('div', { class: 'sl-feature', hidden: true }, featureCount, featureMultiplier, featureWin)
  const overlayTitle = h('p', { class: 'sl-overlay-title' })
  const overlayAmount = h('p', { class: 'sl-overlay-amount' })
  const overlay = h(
    'div',
    { class: 'sl-overlay', hidden: true, 'aria-hidden': 'true' },
    overlayTitle,
    overlayAmount,
  )
  const machine = h('div', { class: 'sl-machine', style: `--rows:${config.rows}` }, reels.element, overlay)
  const winsList = h('ol', { class: 'sl-wins', 'aria-label': t('slot.wins') })
  const description = h('p', { class: 'gc-sr' })
  const stage = h(
    'div',
    {
      class: 'sl',
      style: palette
        ? `--bg1:${palette.background[0]};--bg2:${palette.background[1]};--frame:${palette.primary};--glow:${palette.accent}`
        : '',
    },
    feature,
    machine,
    winsList,
    description,
  )

  // Controls: Spin, Autoplay (a menu of counts) and Stop while autoplay runs.
  const spinButton = h('button', {
    type: 'button',
    class: 'gc-spin',
    'aria-label': t('spin'),
    title: t('spin'),
  })
  spinButton.append(icon(ICON.spin))
  const autoButton = h('button', {
    type: 'button',
    class: 'gc-icon-button gc-auto',
    'aria-label': t('autoplay'),
    title: t('autoplay'),
    'aria-expanded': 'false',
    'aria-controls': 'sl-auto-menu',
  })
  autoButton.append(icon(ICON.autoplay))
  const autoLeft = h('span', { class: 'gc-auto-left', id: 'sl-auto-left' })
  const stopButton = h('button', {
    type: 'button',
    class: 'gc-icon-button gc-stop',
    'aria-label': t('stop'),
    title: t('stop'),
    'aria-describedby': 'sl-auto-left',
    hidden: true,
  })
  stopButton.append(icon(ICON.stop))
  const autoMenu = h('div', {
    class: 'gc-menu',
    id: 'sl-auto-menu',
    role: 'group',
    'aria-label': t('slot.autoplay_menu'),
    hidden: true,
  })
  for (const count of AUTOPLAY_COUNTS) {
    const option = h(
      'button',
      { type: 'button', class: 'gc-button', 'aria-label': t('slot.autoplay_count', { n: count }) },
      String(count),
    )
    option.addEventListener('click', () => {
      closeMenu()
      void autoplay(count)
    })
    autoMenu.append(option)
  }
  const controls = h(
    'div',
    { class: 'sl-controls' },
    h('div', { class: 'gc-auto-wrap' }, autoButton, stopButton, autoLeft, autoMenu),
    spinButton,
  )

  let spinning = false
  let autoRemaining = 0
  let stopRequested = false
  let hurried = false
  let skip = deferred()
  let cycle: ReturnType<typeof setInterval> | undefined

  /** Waits, unless the player hurries the round (Space, a click on the reels). */
  const pause = async (ms: number) => {
    if (hurried || reducedMotion()) return
    await Promise.race([sleep(ms), skip.promise])
  }
  const hurry = () => {
    if (!spinning) return
    hurried = true
    skip.resolve()
    reels.hurry()
  }
  machine.addEventListener('click', hurry)

  const closeMenu = () => {
    autoMenu.hidden = true
    autoButton.setAttribute('aria-expanded', 'false')
  }
  autoButton.addEventListener('click', () => {
    const open = autoMenu.hidden
    autoMenu.hidden = !open
    autoButton.setAttribute('aria-expanded', String(open))
    if (open) autoMenu.querySelector('button')?.focus()
  })
  autoMenu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      closeMenu()
      autoButton.focus()
    }
  })
  stopButton.addEventListener('click', () => {
    stopRequested = true
    autoRemaining = 0
    renderControls()
    hurry()
  })

  const renderControls = () => {
    const auto = autoRemaining > 0 && !stopRequested
    spinButton.disabled = spinning || auto
    autoButton.hidden = auto
    autoButton.disabled = spinning
    stopButton.hidden = !auto
    autoLeft.hidden = !auto
    autoLeft.textContent = auto ? t('slot.autoplay_left', { n: autoRemaining }) : ''
    shell.lockBet(spinning || auto)
  }

  const stopCycle = () => {
    clearInterval(cycle)
    cycle = undefined
  }

  const winText = (win: SlotWin, spin: SlotSpin): string => {
    const vars = {
      count: win.count,
      symbol: name(win.symbol),
      amount: shell.money(win.winCents),
      ways: win.ways ?? 0,
    }
    let text =
      win.kind === 'line'
        ? t('slot.win_line', { ...vars, line: (win.line ?? 0) + 1 })
        : win.kind === 'ways'
          ? t('slot.win_ways', vars)
          : t('slot.win_scatter', vars)
    if (spin.multiplier > 1) text += ` ${t('slot.with_multiplier', { n: spin.multiplier })}`
    return text
  }

  const describeGrid = (grid: string[][]) => {
    description.textContent = grid
      .map((column, reel) => t('slot.reel_contents', { n: reel + 1, symbols: column.map(name).join(', ') }))
      .join('; ')
  }

  /** Lists and highlights a spin's wins; afterwards (when idle) cycles through them one by one. */
  const showWins = (spin: SlotSpin) => {
    stopCycle()
    winsList.replaceChildren(
      ...spin.wins.map((win) =>
        h(
          'li',
          {},
          h('img', { src: symbolUrl(config, win.symbol), alt: '', width: 24, height: 24 }),
          h('span', {}, winText(win, spin)),
        ),
      ),
    )
    reels.showWins(spin.wins)
  }
  const cycleWins = (spin: SlotSpin) => {
    stopCycle()
    if (spin.wins.length < 2 || reducedMotion()) return
    let i = -1
    const items = [...winsList.children]
    cycle = setInterval(() => {
      i = (i + 1) % (spin.wins.length + 1)
      for (const item of items) item.classList.remove('sl-current')
      if (i === spin.wins.length) reels.showWins(spin.wins)
      else {
        reels.showWins(spin.wins, spin.wins[i])
        items[i]?.classList.add('sl-current')
      }
    }, 1400)
  }

  const showOverlay = (title: string, amount: string, kind: string) => {
    overlay.hidden = false
    overlay.dataset.kind = kind
    overlayTitle.textContent = title
    overlayAmount.textContent = amount
  }
  const hideOverlay = () => {
    overlay.hidden = true
  }

  /** Counts the amount up in the overlay; the player can skip to the end. */
  const countUp = async (cents: number, title: string, kind: string, ms: number) => {
    showOverlay(title, shell.money(0), kind)
    if (hurried || reducedMotion()) {
      overlayAmount.textContent = shell.money(cents)
      return
    }
    const start = performance.now()
    await new Promise<void>((resolve) => {
      const frame = (now: number) => {
        const p = hurried ? 1 : Math.min(1, (now - start) / ms)
        overlayAmount.textContent = shell.money(Math.round(cents * (1 - (1 - p) ** 3)))
        if (p < 1) requestAnimationFrame(frame)
        else resolve()
      }
      requestAnimationFrame(frame)
    })
  }

  /** Where the reels should slow down: after two scatters have landed (pure show, the grid is known). */
  const anticipation = (grid: string[][]): number | undefined => {
    const scatter = config.scatter?.symbol
    if (!scatter) return undefined
    let seen = 0
    for (let reel = 0; reel < 4; reel++) {
      seen += grid[reel]!.filter((s) => s === scatter).length
      if (seen >= 2) return reel + 1
    }
    return undefined
  }

  const land = (spin: SlotSpin, quick: boolean) =>
    reels.land(spin.grid, spin.stops, {
      quick,
      anticipateFrom: anticipation(spin.grid),
      onStop: () => shell.sound.play('stop'),
    })

  /** The free spins of a round, one after the other, with counter, multiplier and running total. */
  const playFreeSpins = async (round: SlotRound) => {
    const plan = freeSpinPlan(config, round)
    const first = plan[0]
    if (!first) return
    const multiplier = round.spins[1]?.multiplier ?? 1
    shell.sound.play('feature')
    const intro = t('slot.free_spins_won', { n: first.total })
    shell.announce(intro)
    showOverlay(intro, multiplier > 1 ? t('slot.all_wins_multiplied', { n: multiplier }) : '', 'feature')
    await pause(2200)
    hideOverlay()
    stage.classList.add('sl-free')
    feature.hidden = false
    featureMultiplier.textContent = multiplier > 1 ? `×${multiplier}` : ''
    featureMultiplier.hidden = multiplier <= 1
    let total = 0
    for (const step of plan) {
      const spin = round.spins[step.n]!
      featureCount.textContent = t('slot.free_spin_of', { n: step.n, total: step.total })
      featureWin.textContent = t('slot.free_spins_win', { amount: shell.money(total) })
      reels.startSpin()
      shell.sound.play('spin')
      await pause(260)
      await land(spin, true)
      describeGrid(spin.grid)
      total += spin.winCents
      featureWin.textContent = t('slot.free_spins_win', { amount: shell.money(total) })
      if (spin.wins.length) {
        showWins(spin)
        shell.sound.play('win')
        await pause(900)
      } else winsList.replaceChildren()
      if (step.added > 0) {
        featureCount.textContent = t('slot.free_spin_of', { n: step.n, total: step.total + step.added })
        const more = t('slot.free_spins_more', { n: step.added })
        shell.announce(more)
        showOverlay(more, '', 'feature')
        shell.sound.play('feature')
        await pause(1600)
        hideOverlay()
      }
      await pause(250)
    }
    await countUp(total, t('slot.free_spins_total'), 'feature', 1800)
    await pause(1400)
    hideOverlay()
    feature.hidden = true
    stage.classList.remove('sl-free')
  }

  /** One paid round: the request, the reels, the wins, the free spins, the total. */
  const playRound = async (): Promise<RoundEnd> => {
    if (spinning) return 'error'
    const bet = shell.bet
    if (bet <= 0) return 'error'
    if (bet > shell.balance) {
      shell.showError('insufficient_funds')
      return 'funds'
    }
    spinning = true
    hurried = false
    skip = deferred()
    stopCycle()
    hideOverlay()
    shell.clearNote()
    winsList.replaceChildren()
    renderControls()
    shell.setBalance(shell.balance - bet)
    shell.sound.play('spin')
    shell.announce('')
    reels.startSpin()
    const started = performance.now()
    const answer = await shell.round(() => shell.api.post<SlotAnswer>('/api/slot/spin', { bet_cents: bet }))
    if (!answer) {
      await reels.land(reels.current, [0, 0, 0, 0, 0])
      spinning = false
      renderControls()
      return 'error'
    }
    const round = answer.outcome
    const base = round.spins[0]!
    await pause(Math.max(0, 450 - (performance.now() - started)))
    await land(base, false)
    describeGrid(base.grid)
    if (base.wins.length) {
      showWins(base)
      shell.sound.play('win')
    }
    const feature = round.spins.length > 1
    if (feature) {
      await pause(1300)
      await playFreeSpins(round)
    }
    const level = winLevel(answer.win_cents, bet)
    if (level !== 'none') {
      if (level !== 'win') shell.sound.play('bigwin')
      const title =
        level === 'mega' ? t('slot.mega_win') : level === 'big' ? t('slot.big_win') : t('slot.win')
      await countUp(answer.win_cents, title, level, level === 'mega' ? 4000 : level === 'big' ? 2600 : 900)
      shell.announce(t('result_win', { amount: shell.money(answer.win_cents) }))
    } else {
      shell.announce(t('result_no_win'))
    }
    shell.setLastWin(answer.win_cents)
    if (answer.balance_cents !== undefined) shell.setBalance(answer.balance_cents)
    else void shell.refreshBalance()
    const last = round.spins[round.spins.length - 1]!
    if (last.wins.length && feature) showWins(last)
    spinning = false
    renderControls()
    if (!overlay.hidden)
      setTimeout(() => (spinning ? undefined : hideOverlay()), level === 'win' ? 1200 : 2500)
    cycleWins(last.wins.length ? last : base)
    return feature || freeSpinsOf(config, base) > 0 ? 'feature' : 'done'
  }

  /** Autoplay: stops on the player's Stop, a feature, an error or too little money for the next spin. */
  const autoplay = async (count: number) => {
    if (spinning) return
    autoRemaining = count
    stopRequested = false
    renderControls()
    stopButton.focus()
    while (autoRemaining > 0 && !stopRequested) {
      if (shell.bet > shell.balance) {
        shell.showError('insufficient_funds')
        break
      }
      autoRemaining--
      renderControls()
      const end = await playRound()
      if (end !== 'done') {
        if (end === 'feature') shell.note(t('slot.autoplay_stopped_feature'))
        break
      }
      await pause(autoRemaining > 0 ? 500 : 0)
    }
    const focusStop = document.activeElement === stopButton
    autoRemaining = 0
    stopRequested = false
    renderControls()
    if (focusStop) autoButton.focus()
  }

  spinButton.addEventListener('click', () => void playRound())

  return {
    parts: {
      stage,
      controls,
      info: () => slotInfo(t, config, shell.bet, shell.money, shell.lang),
      onSpace: () => {
        if (autoRemaining > 0) stopButton.click()
        else if (spinning) hurry()
        else void playRound()
      },
      onBet: (bet: number) => shell.setBetMeter(bet),
    },
    config: {
      steps: betSteps(shell.limits.min_bet_cents, shell.limits.max_bet_cents, config.coinsPerBet),
      selectorLabel: t('bet'),
      betMeterLabel: t('bet'),
    },
    ready: () => {
      describeGrid(reels.current)
      renderControls()
      shell.setBetMeter(shell.bet)
    },
  }
}

void runGame((shell) => {
  const config = shell.boot.slot
  if (!config) throw new Error('slot configuration missing from the boot data')
  return slotGame(shell, config)
})
