import { openDialog } from './dialog.ts'
import { h } from './dom.ts'
import { paragraph, section } from './info.ts'
import { ApiError, isSessionEnded } from './api.ts'
import type { ShellContext } from './shell-context.ts'
import type { FairState, HistoryRound, RotateAnswer } from './types.ts'

const code = (text: string) => h('code', { class: 'gc-hash' }, text)

/** Definition rows whose values are hashes and seeds (monospace, wrapping anywhere). */
function seedFacts(rows: Array<[string, string | Node]>): HTMLDListElement {
  const list = h('dl', { class: 'gc-facts gc-facts-seeds' })
  for (const [label, value] of rows)
    list.append(
      h('div', {}, h('dt', {}, label), h('dd', {}, typeof value === 'string' ? code(value) : value)),
    )
  return list
}

/**
 * The round history (GET /api/rounds) with each round's provably fair inputs, and the seed
 * controls: a new server seed (which reveals the one in use) and the player's own client seed.
 */
export function openHistory(shell: ShellContext): void {
  const { t, lang } = shell
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'medium' })
  const seeds = h('div', { class: 'gc-seeds' }, paragraph(t('loading')))
  const rounds = h('div', { class: 'gc-rounds', 'aria-busy': 'true' }, paragraph(t('loading')))
  const revealed = h('div', { class: 'gc-revealed', role: 'status' })
  const body = h(
    'div',
    { class: 'gc-history' },
    section(t('history.rounds_title'), rounds),
    section(t('history.seeds_title'), paragraph(t('history.seeds_intro')), seeds, revealed),
  )
  let closed = false
  openDialog(t, t('round_history'), body, () => (closed = true))

  const failed = (error: unknown, where: HTMLElement) => {
    if (isSessionEnded(error)) {
      shell.ended()
      return
    }
    const key = error instanceof ApiError ? `errors.${error.code}` : 'errors.generic'
    const text = t(key)
    where.replaceChildren(h('p', { class: 'gc-error' }, text === key ? t('errors.generic') : text))
  }

  const renderSeeds = (fair: FairState) => {
    const input = h('input', {
      type: 'text',
      id: 'gc-client-seed',
      name: 'client_seed',
      value: fair.client_seed,
      maxlength: 64,
      pattern: '[A-Za-z0-9_\\-]{1,64}',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-describedby': 'gc-client-seed-hint',
    })
    const rotate = h('button', { type: 'submit', class: 'gc-button gc-primary' }, t('history.rotate'))
    const form = h(
      'form',
      { class: 'gc-seed-form' },
      h('label', { for: 'gc-client-seed' }, t('history.client_seed')),
      input,
      h('p', { class: 'gc-hint', id: 'gc-client-seed-hint' }, t('history.client_seed_hint')),
      rotate,
    )
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      if (!form.reportValidity()) return
      const clientSeed = input.value.trim()
      rotate.disabled = true
      shell.api
        .post<RotateAnswer>(
          '/api/fair/rotate',
          clientSeed && clientSeed !== fair.client_seed ? { client_seed: clientSeed } : {},
        )
        .then((answer) => {
          if (closed) return
          revealed.replaceChildren(
            h('h4', {}, t('history.revealed_title')),
            seedFacts([
              [t('history.server_seed'), answer.revealed.server_seed],
              [t('history.server_seed_hash'), answer.revealed.server_seed_hash],
            ]),
            paragraph(t('history.revealed_hint')),
          )
          renderSeeds(answer.next)
          void loadRounds()
        })
        .catch((error: unknown) => {
          rotate.disabled = false
          failed(error, revealed)
        })
    })
    seeds.replaceChildren(
      seedFacts([
        [t('history.server_seed_hash_next'), fair.server_seed_hash],
        [t('history.client_seed'), fair.client_seed],
        [t('history.nonce_next'), String(fair.nonce)],
      ]),
      form,
    )
  }

  const loadRounds = async () => {
    rounds.setAttribute('aria-busy', 'true')
    try {
      const list = await shell.api.get<HistoryRound[]>('/api/rounds?limit=20')
      if (closed) return
      if (list.length === 0) {
        rounds.replaceChildren(paragraph(t('history.empty')))
        return
      }
      const head = h(
        'div',
        { class: 'gc-round-row gc-round-head', 'aria-hidden': 'true' },
        h('span', {}, t('history.time')),
        h('span', {}, t('history.bet')),
        h('span', {}, t('history.win')),
      )
      const items = list.map((round) => {
        const time = when.format(new Date(round.created_at))
        const summary = h(
          'summary',
          { class: 'gc-round-row' },
          h('span', {}, time),
          h('span', {}, h('span', { class: 'gc-sr' }, `${t('history.bet')}: `), shell.money(round.bet_cents)),
          h(
            'span',
            { class: round.win_cents > 0 ? 'gc-positive' : '' },
            h('span', { class: 'gc-sr' }, `${t('history.win')}: `),
            shell.money(round.win_cents),
          ),
        )
        const status = t(`history.status_${round.status}`)
        return h(
          'details',
          { class: 'gc-round' },
          summary,
          seedFacts([
            [t('history.round_id'), round.round_id],
            [t('history.status'), h('span', {}, status.startsWith('history.') ? round.status : status)],
            [t('history.server_seed_hash'), round.fair.server_seed_hash],
            [t('history.client_seed'), round.fair.client_seed],
            [t('history.nonce'), String(round.fair.nonce)],
            [
              t('history.server_seed'),
              round.fair.server_seed ?? h('span', { class: 'gc-muted' }, t('history.not_revealed')),
            ],
          ]),
        )
      })
      rounds.replaceChildren(head, ...items)
    } catch (error) {
      failed(error, rounds)
    } finally {
      rounds.setAttribute('aria-busy', 'false')
    }
  }

  shell.api
    .get<FairState>('/api/fair')
    .then((fair) => {
      if (!closed) renderSeeds(fair)
    })
    .catch((error: unknown) => failed(error, seeds))
  void loadRounds()
}
