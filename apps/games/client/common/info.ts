import { STUDIOS } from '@aurum/games-math/slots/types'
import { openDialog } from './dialog.ts'
import { h } from './dom.ts'
import { formatNumber, formatPercent } from './money.ts'
import type { ShellContext } from './shell-context.ts'

/** A studio's name (brand names, not translated) from its id in the catalogue. */
export function studioName(id: string): string {
  const known: Record<string, string> = { 'aurum-tables': 'Aurum Tables', 'aurum-live': 'Aurum Live' }
  const studio = (STUDIOS as Record<string, { title: string } | undefined>)[id]
  return studio?.title ?? known[id] ?? id.replace(/[-_]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())
}

/** A definition list of label → value rows. */
export function facts(rows: Array<[string, string]>): HTMLDListElement {
  const list = h('dl', { class: 'gc-facts' })
  for (const [label, value] of rows) list.append(h('div', {}, h('dt', {}, label), h('dd', {}, value)))
  return list
}

export function section(title: string, ...children: Node[]): HTMLElement {
  return h('section', { class: 'gc-info-section' }, h('h3', {}, title), ...children)
}

export const paragraph = (text: string): HTMLParagraphElement => h('p', {}, text)

/**
 * The info dialog (GLI-19: rules, paytable, theoretical RTP, max win): the game's own part
 * between the key figures and the general rules.
 */
export function openInfo(shell: ShellContext, game: Node): void {
  const { t, boot, lang } = shell
  const rows: Array<[string, string]> = [
    [t('info.rtp'), formatPercent(boot.rtp, lang)],
    [t('info.max_win'), t('info.max_win_value', { x: formatNumber(boot.max_win_x, lang, 2) })],
  ]
  if (boot.volatility) rows.push([t('info.volatility'), t(`info.volatility_${boot.volatility}`)])
  if (boot.hit_rate > 0 && boot.hit_rate <= 1)
    rows.push([t('info.hit_rate'), formatPercent(boot.hit_rate, lang)])
  rows.push([
    t('info.bet_range'),
    t('info.bet_range_value', {
      min: shell.money(shell.limits.min_bet_cents),
      max: shell.money(shell.limits.max_bet_cents),
    }),
  ])
  const body = h(
    'div',
    { class: 'gc-info' },
    h('p', { class: 'gc-info-studio' }, t('info.by_studio', { studio: studioName(boot.studio) })),
    facts(rows),
    game,
    section(
      t('info.general_title'),
      paragraph(t('info.general_server')),
      paragraph(t('info.general_rtp', { rtp: formatPercent(boot.rtp, lang) })),
      paragraph(t('info.general_fair')),
      paragraph(t('info.general_disconnect')),
      paragraph(t('info.general_malfunction')),
    ),
  )
  openDialog(t, t('game_info'), body)
}
