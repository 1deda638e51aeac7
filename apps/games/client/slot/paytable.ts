import type { SlotConfig } from '@aurum/games-math/slots/types'
import { h, svg } from '../common/dom.ts'
import type { Translate } from '../common/i18n.ts'
import { paragraph, section } from '../common/info.ts'
import { formatNumber } from '../common/money.ts'
import { symbolUrl } from './reels.ts'
import { paysAt, paytableOrder, waysOf } from './round.ts'

/** A symbol's name in the player's language (the icon id, readable, when no string exists). */
export function symbolName(t: Translate, config: SlotConfig, symbol: string): string {
  const icon = config.symbols[symbol]?.icon ?? symbol
  const key = `symbols.${icon}`
  const name = t(key)
  return name === key ? icon.replace(/_/g, ' ') : name
}

/** A payline drawn on a small grid. */
function lineDiagram(line: number[], rows: number, index: number, t: Translate): HTMLElement {
  const drawing = svg('svg', {
    viewBox: `0 0 50 ${rows * 10}`,
    'aria-hidden': 'true',
    class: 'sl-line-diagram',
  })
  for (let reel = 0; reel < 5; reel++)
    for (let row = 0; row < rows; row++)
      drawing.append(
        svg('rect', {
          x: reel * 10 + 1,
          y: row * 10 + 1,
          width: 8,
          height: 8,
          rx: 1.5,
          class: line[reel] === row ? 'on' : 'off',
        }),
      )
  const label = t('slot.line_number', { n: index + 1 })
  return h(
    'div',
    { class: 'sl-line-figure', role: 'img', 'aria-label': label },
    drawing,
    h('span', { 'aria-hidden': 'true' }, String(index + 1)),
  )
}

/**
 * The slot's part of the info dialog: how it pays, the paytable as amounts for the current bet,
 * the wild and the scatter, free spins and their multiplier, the paylines.
 */
export function slotInfo(
  t: Translate,
  config: SlotConfig,
  bet: number,
  money: (cents: number) => string,
  lang: string,
): Node {
  const lines = config.mode.kind === 'lines' ? config.mode.lines : []
  const wild = config.wild
  const scatter = config.scatter
  const name = (symbol: string) => symbolName(t, config, symbol)

  const rules: Node[] = [
    paragraph(
      config.mode.kind === 'lines'
        ? t('slot.rules_lines', { lines: lines.length })
        : t('slot.rules_ways', { ways: formatNumber(waysOf(config.rows), lang) }),
    ),
    paragraph(
      t('slot.rules_bet', {
        bet: money(bet),
        coins: config.coinsPerBet,
        coin: money(bet / config.coinsPerBet),
      }),
    ),
  ]
  if (config.mode.kind === 'lines') rules.push(paragraph(t('slot.rules_highest_line')))
  rules.push(paragraph(t('slot.rules_added')))

  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, t('slot.symbol')),
    h('th', { scope: 'col' }, '5×'),
    h('th', { scope: 'col' }, '4×'),
    h('th', { scope: 'col' }, '3×'),
  )
  const body = h('tbody')
  for (const symbol of paytableOrder(config)) {
    const pays = paysAt(config, symbol, bet)
    const label =
      symbol === scatter?.symbol ? t('slot.scatter_label', { symbol: name(symbol) }) : name(symbol)
    body.append(
      h(
        'tr',
        {},
        h(
          'th',
          { scope: 'row' },
          h(
            'span',
            { class: 'sl-paytable-symbol' },
            h('img', { src: symbolUrl(config, symbol), alt: '', width: 48, height: 48, loading: 'lazy' }),
            h('span', {}, label),
          ),
        ),
        ...[2, 1, 0].map((i) => h('td', {}, (pays[i] ?? 0) > 0 ? money(pays[i]!) : '—')),
      ),
    )
  }
  const table = h(
    'table',
    { class: 'sl-paytable' },
    h(
      'caption',
      {},
      config.mode.kind === 'lines'
        ? t('slot.paytable_caption_lines', { bet: money(bet) })
        : t('slot.paytable_caption_ways', { bet: money(bet) }),
    ),
    h('thead', {}, head),
    body,
  )

  const features: Node[] = []
  if (wild) {
    features.push(paragraph(t('slot.wild_rule', { wild: name(wild.symbol) })))
    if ((wild.multiplier ?? 1) > 1 && config.mode.kind === 'lines')
      features.push(paragraph(t('slot.wild_multiplier', { n: wild.multiplier ?? 1 })))
  }
  if (scatter) {
    const pays = paysAt(config, scatter.symbol, bet)
    features.push(
      paragraph(
        t('slot.scatter_rule', {
          scatter: name(scatter.symbol),
          pay3: money(pays[0] ?? 0),
          pay4: money(pays[1] ?? 0),
          pay5: money(pays[2] ?? 0),
        }),
      ),
      paragraph(
        t('slot.free_spins_rule', {
          scatter: name(scatter.symbol),
          n3: scatter.freeSpins[0] ?? 0,
          n4: scatter.freeSpins[1] ?? 0,
          n5: scatter.freeSpins[2] ?? 0,
        }),
      ),
      paragraph(t('slot.free_spins_multiplier', { n: scatter.multiplier })),
      paragraph(t(scatter.retrigger ? 'slot.free_spins_retrigger' : 'slot.free_spins_no_retrigger')),
      paragraph(t('slot.free_spins_bet')),
    )
  }

  const parts: Node[] = [section(t('slot.rules_title'), ...rules), section(t('slot.paytable_title'), table)]
  if (features.length) parts.push(section(t('slot.features_title'), ...features))
  if (lines.length)
    parts.push(
      section(
        t('slot.lines_title'),
        paragraph(t('slot.lines_intro')),
        h('div', { class: 'sl-line-grid' }, ...lines.map((line, i) => lineDiagram(line, config.rows, i, t))),
      ),
    )
  const fragment = document.createDocumentFragment()
  fragment.append(...parts)
  return fragment
}
