import './blackjack.css'
import { handTotal, type BlackjackHand, type Card } from '@aurum/games-math/blackjack'
import { betSteps } from '../common/bets.ts'
import { h, reducedMotion, sleep } from '../common/dom.ts'
import { paragraph, section } from '../common/info.ts'
import { ApiError } from '../common/api.ts'
import { runGame, type Shell } from '../common/shell.ts'
import type { BlackjackOutcome, RoundAnswer } from '../common/types.ts'
import { cardBack, cardElement } from './cards.ts'

type Action = 'hit' | 'stand' | 'double' | 'split'
const ACTIONS: Action[] = ['hit', 'stand', 'double', 'split']
const SHORTCUTS: Record<string, Action> = { h: 'hit', s: 'stand', d: 'double', p: 'split' }
const DEAL_GAP = 260

/** What is shown of a round (the finished state's shoe is never kept). */
interface Table {
  hands: BlackjackHand[]
  active: number
  dealer: Card[]
  finished: boolean
  totalBetCents: number
}

function tableOf(view: BlackjackOutcome['view']): Table {
  return {
    hands: view.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
    active: view.active,
    dealer: [...view.dealer.cards],
    finished: view.finished,
    totalBetCents: view.totalBetCents,
  }
}

/** "7/17" for a soft hand still in play, else the best total. */
function totalText(cards: Card[], final: boolean): string {
  const { total, soft } = handTotal(cards)
  return soft && !final && total < 21 ? `${total - 10}/${total}` : String(total)
}

function blackjackGame(shell: Shell) {
  const { t } = shell
  const dealerCards = h('div', { class: 'bj-cards' })
  const dealerTotal = h('span', { class: 'bj-total', hidden: true })
  const dealer = h(
    'section',
    { class: 'bj-dealer', 'aria-label': t('blackjack.dealer') },
    h('div', { class: 'bj-tag' }, h('span', {}, t('blackjack.dealer')), dealerTotal),
    dealerCards,
  )
  const felt = h(
    'div',
    { class: 'bj-felt', 'aria-hidden': 'true' },
    h('p', { class: 'bj-felt-main' }, t('blackjack.felt_pays')),
    h('p', {}, t('blackjack.felt_dealer')),
  )
  const hands = h('div', { class: 'bj-hands' })
  const player = h('section', { class: 'bj-player', 'aria-label': t('blackjack.your_hands') }, hands)
  const stage = h('div', { class: 'bj' }, dealer, felt, player)

  const dealButton = h('button', { type: 'button', class: 'gc-button gc-primary bj-deal' }, t('deal'))
  const actionButtons = new Map<Action, HTMLButtonElement>()
  const controls = h('div', { class: 'bj-controls' }, dealButton)
  for (const action of ACTIONS) {
    const button = h(
      'button',
      {
        type: 'button',
        class: `gc-button bj-action bj-${action}`,
        hidden: true,
        'aria-keyshortcuts': Object.keys(SHORTCUTS)
          .find((k) => SHORTCUTS[k] === action)
          ?.toUpperCase(),
      },
      t(action),
    )
    button.addEventListener('click', () => void act(action))
    actionButtons.set(action, button)
    controls.append(button)
  }

  let roundId: string | undefined
  let table: Table | undefined
  let allowed: string[] = []
  let busy = false
  let shownDealer = 0
  let shownHands: number[] = []

  const renderControls = () => {
    const playing = roundId !== undefined
    dealButton.hidden = playing
    dealButton.disabled = busy || shell.steps.length === 0
    for (const [action, button] of actionButtons) {
      button.hidden = !playing || !allowed.includes(action)
      button.disabled = busy
    }
    shell.lockBet(busy || playing)
    shell.setBetMeter(table && playing ? table.totalBetCents : shell.bet)
  }

  /** Draws the table; cards not shown before are dealt in (one after another, unless motion is reduced). */
  const render = async (next: Table, deal: 'initial' | 'update') => {
    // The hole card was shown face down: it counts as known until it turns over.
    const previousDealer = deal === 'initial' ? 0 : shownDealer
    const previousHands = deal === 'initial' ? [] : shownHands
    const splitNow = next.hands.length !== previousHands.length && previousHands.length > 0
    let order = 0
    const delays = new Map<HTMLElement, number>()
    const stagger = (element: HTMLElement, position: number) => {
      element.classList.add('bj-new')
      delays.set(element, position)
    }

    // Dealer: the up card, the hole card face down while the round goes on, the rest when it ends.
    const dealerNodes: HTMLElement[] = next.dealer.map((card) => cardElement(t, card))
    if (!next.finished) dealerNodes.push(cardBack(t))
    dealerCards.replaceChildren(...dealerNodes)

    // Hands side by side after a split; the active one is raised.
    const handNodes = next.hands.map((hand, index) => {
      const cards = h('div', { class: 'bj-cards' })
      const known = splitNow ? 1 : (previousHands[index] ?? 0)
      hand.cards.forEach((card, i) => {
        const element = cardElement(t, card)
        if (i >= known) stagger(element, deal === 'initial' ? (i === 0 ? 0 : 2) : order++)
        cards.append(element)
      })
      const status =
        hand.result ?? (hand.status === 'bust' || hand.status === 'blackjack' ? hand.status : undefined)
      const info = h(
        'div',
        { class: 'bj-hand-info' },
        h('span', { class: 'bj-total' }, totalText(hand.cards, next.finished || hand.status !== 'playing')),
        h('span', { class: 'bj-stake' }, shell.money(hand.betCents)),
      )
      if (status)
        info.append(h('span', { class: `bj-badge bj-badge-${status}` }, t(`blackjack.result_${status}`)))
      if (next.finished && hand.winCents > 0)
        info.append(h('span', { class: 'bj-won' }, shell.money(hand.winCents)))
      const label = next.hands.length > 1 ? t('blackjack.hand_n', { n: index + 1 }) : t('blackjack.your_hand')
      return h(
        'div',
        {
          class: `bj-hand${!next.finished && index === next.active ? ' bj-active' : ''}`,
          role: 'group',
          'aria-label': label,
          'aria-current': !next.finished && index === next.active && next.hands.length > 1 ? 'true' : null,
        },
        cards,
        info,
      )
    })
    hands.replaceChildren(...handNodes)
    hands.classList.toggle('bj-split', next.hands.length > 1)

    // The dealer's new cards come after the player's (the up card second in the first deal); the
    // hole card turns over rather than slides in.
    dealerNodes.forEach((element, i) => {
      if (deal === 'initial') stagger(element, i === 0 ? 1 : 3)
      else if (next.finished && i >= previousDealer) {
        if (i === 1 && previousDealer === 1) element.classList.add('bj-reveal')
        stagger(element, order++)
      }
    })

    dealerTotal.hidden = next.dealer.length === 0
    dealerTotal.textContent = next.finished
      ? totalText(next.dealer, true)
      : totalText(next.dealer.slice(0, 1), true)

    shownDealer = next.finished ? next.dealer.length : 1
    shownHands = next.hands.map((hand) => hand.cards.length)

    const count = deal === 'initial' ? 4 : order
    if (reducedMotion() || count === 0) {
      for (const element of delays.keys()) element.classList.remove('bj-new')
      return
    }
    for (const [element, position] of delays) element.style.animationDelay = `${position * DEAL_GAP}ms`
    for (let i = 0; i < count; i++) setTimeout(() => shell.sound.play('card'), i * DEAL_GAP)
    await sleep(count * DEAL_GAP + 250)
  }

  const handsSummary = (next: Table) =>
    next.hands
      .map((hand, i) =>
        t(next.hands.length > 1 ? 'blackjack.say_hand_n' : 'blackjack.say_hand', {
          n: i + 1,
          total: handTotal(hand.cards).total,
        }),
      )
      .join(' ')

  /** After each answer: the new table, then either the next decision or the results. */
  const apply = async (answer: RoundAnswer<BlackjackOutcome>, deal: 'initial' | 'update') => {
    const next = tableOf(answer.outcome.view)
    table = next
    allowed = next.finished ? [] : answer.outcome.actions
    roundId = next.finished ? undefined : answer.round_id
    if (answer.balance_cents !== undefined && !next.finished) shell.setBalance(answer.balance_cents)
    await render(next, deal)
    if (!next.finished) {
      shell.announce(
        `${t('blackjack.say_dealer_shows', { total: handTotal(next.dealer.slice(0, 1)).total })} ${handsSummary(next)}`,
      )
      return
    }
    const results = next.hands
      .map((hand, i) => {
        const result = t(`blackjack.result_${hand.result ?? 'lose'}`)
        return next.hands.length > 1
          ? t('blackjack.say_result_n', { n: i + 1, result })
          : t('blackjack.say_result', { result })
      })
      .join(' ')
    const won = answer.win_cents
    shell.announce(
      `${t('blackjack.say_dealer_has', { total: handTotal(next.dealer).total })} ${handsSummary(next)} ${results} ${
        won > 0 ? t('result_win', { amount: shell.money(won) }) : t('result_no_win')
      }`,
    )
    shell.sound.play(won > answer.bet_cents ? 'bigwin' : won > 0 ? 'win' : 'lose')
    shell.setLastWin(won)
    if (answer.balance_cents !== undefined) shell.setBalance(answer.balance_cents)
    else void shell.refreshBalance()
  }

  const deal = async () => {
    if (busy || roundId) return
    const bet = shell.bet
    if (bet > shell.balance) {
      shell.showError('insufficient_funds')
      return
    }
    busy = true
    shell.clearNote()
    renderControls()
    shell.announce('')
    shell.setBalance(shell.balance - bet)
    const answer = await shell.round(() =>
      shell.api.post<RoundAnswer<BlackjackOutcome>>('/api/blackjack/deal', { bet_cents: bet }),
    )
    if (answer) await apply(answer, 'initial')
    busy = false
    renderControls()
    if (answer) focusNext()
  }

  const act = async (action: Action) => {
    if (busy || !roundId || !allowed.includes(action) || !table) return
    const hand = table.hands[table.active]
    if ((action === 'double' || action === 'split') && hand && hand.betCents > shell.balance) {
      shell.showError('insufficient_funds')
      return
    }
    busy = true
    shell.clearNote()
    renderControls()
    const id = roundId
    const answer = await shell.round(() =>
      shell.api.post<RoundAnswer<BlackjackOutcome>>('/api/blackjack/action', { round_id: id, action }),
    )
    if (answer) await apply(answer, 'update')
    busy = false
    renderControls()
    focusNext()
  }

  /** Keeps keyboard focus on a control that exists: the first action, or Deal. */
  const focusNext = () => {
    const active = document.activeElement
    if (active instanceof HTMLButtonElement && !active.hidden && !active.disabled && active.isConnected)
      return
    const target = roundId ? [...actionButtons.values()].find((b) => !b.hidden) : dealButton
    if (
      active === document.body ||
      active === null ||
      (active instanceof HTMLButtonElement && (active.hidden || active.disabled))
    )
      target?.focus()
  }

  dealButton.addEventListener('click', () => void deal())

  const info = (): Node => {
    const fragment = document.createDocumentFragment()
    fragment.append(
      section(
        t('blackjack.rules_title'),
        paragraph(t('blackjack.rules_goal')),
        paragraph(t('blackjack.rules_decks')),
        paragraph(t('blackjack.rules_values')),
        paragraph(t('blackjack.rules_dealer')),
        paragraph(t('blackjack.rules_peek')),
        paragraph(t('blackjack.rules_double')),
        paragraph(t('blackjack.rules_split')),
        paragraph(t('blackjack.rules_no_insurance')),
      ),
      section(
        t('blackjack.payouts_title'),
        paragraph(t('blackjack.pays_blackjack')),
        paragraph(t('blackjack.pays_win')),
        paragraph(t('blackjack.pays_push')),
        paragraph(
          t('blackjack.rules_limits', {
            min: shell.money(shell.limits.min_bet_cents),
            max: shell.money(shell.limits.max_bet_cents),
          }),
        ),
      ),
    )
    return fragment
  }

  return {
    parts: {
      stage,
      controls,
      info,
      onSpace: () => void deal(),
      onKey: (event: KeyboardEvent) => {
        const action = SHORTCUTS[event.key.toLowerCase()]
        if (!action || !roundId || !allowed.includes(action)) return false
        void act(action)
        return true
      },
      onBet: () => renderControls(),
      // A round the server no longer has open (it ended or expired) frees the table.
      onError: (error: unknown) => {
        if (error instanceof ApiError && error.code === 'round_not_open') {
          roundId = undefined
          allowed = []
          renderControls()
        }
      },
    },
    config: {
      steps: betSteps(shell.limits.min_bet_cents, shell.limits.max_bet_cents),
      selectorLabel: t('bet'),
      betMeterLabel: t('total_bet'),
    },
    ready: renderControls,
  }
}

void runGame(blackjackGame)
