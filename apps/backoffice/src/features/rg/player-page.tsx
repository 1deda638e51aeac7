import { useState, type SyntheticEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router'
import {
  RG_INTERACTION_KINDS,
  type RgInteraction,
  type RgInteractionBody,
  type RgInteractionKind,
  type RgInteractionsPage,
  type RgLimit,
  type RgPlayerFile,
} from '@aurum/shared/contracts/admin-rg'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'
import { useCan } from '../auth/me.ts'
import { api, queryString } from '../../lib/http.ts'
import { dateTime, day, money } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { limitKeys } from './labels.ts'
import {
  DepositFigures,
  FiredMarkers,
  NightFigures,
  ReversedFigures,
  SessionFigures,
  Thresholds,
} from './markers.tsx'
import styles from './rg.module.css'

const TEXT_MAX = 2000
const key = (id: string) => ['rg', 'player', id]

/** What a limit holds: amounts per currency, minutes of play, or nothing for an exclusion. */
function useLimitValue() {
  const { t, locale } = useI18n()
  return (l: RgLimit) => {
    const entries = Object.entries(l.amounts)
    if (entries.length === 0) return '–'
    if (l.type === 'session') return entries.map(([, minutes]) => t('rg.minutes', { minutes })).join(', ')
    return entries.map(([currency, cents]) => money(cents, currency, locale)).join(', ')
  }
}

/** Adds an interaction to the trail (never changed afterwards). */
function InteractionForm({ id }: { id: string }) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<RgInteractionKind>('note')
  const [text, setText] = useState('')
  const [followUp, setFollowUp] = useState('')
  const add = useMutation({
    mutationFn: (body: RgInteractionBody) =>
      api<RgInteraction>('POST', `/api/admin/players/${id}/rg-interactions`, body),
    onSuccess: async () => {
      setText('')
      setFollowUp('')
      await queryClient.invalidateQueries({ queryKey: key(id) })
    },
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (text.trim()) add.mutate({ kind, text: text.trim(), follow_up_on: followUp || null })
  }
  const textError = fieldError(add.error, 'text')
  const followUpError = fieldError(add.error, 'follow_up_on')
  return (
    <form className="form" onSubmit={submit} aria-labelledby="rg-add-title">
      <h3 id="rg-add-title">{t('rg.trail.add_title')}</h3>
      <label>
        {t('rg.trail.kind')}
        <select value={kind} onChange={(e) => setKind(e.target.value as RgInteractionKind)}>
          {RG_INTERACTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`rg.interaction_kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('rg.trail.text')}
        <textarea
          required
          maxLength={TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={!!textError || undefined}
          aria-describedby={textError ? 'rg-text-error' : undefined}
        />
      </label>
      <FieldError id="rg-text-error" message={textError} />
      <label>
        {t('rg.trail.follow_up')}
        <input
          type="date"
          value={followUp}
          onChange={(e) => setFollowUp(e.target.value)}
          aria-invalid={!!followUpError || undefined}
          aria-describedby={followUpError ? 'rg-follow-up-error' : undefined}
        />
      </label>
      <FieldError id="rg-follow-up-error" message={followUpError} />
      <ErrorNotice error={textError || followUpError ? undefined : add.error} />
      {add.isSuccess && (
        <p className="notice notice-success" role="status">
          {t('rg.trail.added')}
        </p>
      )}
      <div>
        <button type="submit" className="button button-primary" disabled={add.isPending || !text.trim()}>
          {t('rg.trail.add')}
        </button>
      </div>
    </form>
  )
}

/** The interaction trail, newest first. */
function Trail({ id }: { id: string }) {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const query = queryString({ page: params.get('page') })
  const trail = useQuery({
    queryKey: [...key(id), 'trail', query],
    queryFn: () => api<RgInteractionsPage>('GET', `/api/admin/players/${id}/rg-interactions${query}`),
  })
  return (
    <>
      <ErrorNotice error={trail.error} />
      {!trail.data ? (
        <p className="muted">{t('table.loading')}</p>
      ) : trail.data.data.length === 0 ? (
        <p className="muted">{t('rg.trail.none')}</p>
      ) : (
        <ol className={styles.trail}>
          {trail.data.data.map((i) => (
            <li key={i.id} className="card">
              <p className="muted">
                {t('rg.trail.by', {
                  kind: t(`rg.interaction_kinds.${i.kind}`),
                  staff: i.staff,
                  at: dateTime(i.created_at, locale),
                })}
              </p>
              <p className={styles.text}>{i.text}</p>
              {i.follow_up_on && <p>{t('rg.trail.follow_up_on', { day: day(i.follow_up_on, locale) })}</p>}
            </li>
          ))}
        </ol>
      )}
      {trail.data && trail.data.pagination.total_count > trail.data.pagination.per_page && (
        <PagePager
          page={trail.data.pagination.page}
          totalPages={Math.ceil(trail.data.pagination.total_count / trail.data.pagination.per_page)}
        />
      )}
    </>
  )
}

/** A player's responsible-gambling file: limits, exclusions, reality check, the week's markers, the trail. */
export function RgPlayerPage() {
  const { t, locale } = useI18n()
  const { id = '' } = useParams()
  const can = useCan()
  const limitValue = useLimitValue()
  const file = useQuery({
    queryKey: key(id),
    queryFn: () => api<RgPlayerFile>('GET', `/api/admin/rg/players/${id}`),
  })
  if (file.error) return <ErrorNotice error={file.error} />
  if (!file.data) return <p className="muted">{t('table.loading')}</p>
  const f = file.data
  const limitColumns: Column<RgLimit>[] = [
    { key: 'type', header: t('rg.filters.kind'), render: (l) => t(limitKeys(l).type) },
    { key: 'period', header: t('players.limits.period'), render: (l) => t(limitKeys(l).period) },
    { key: 'value', header: t('players.limits.value'), render: limitValue },
    { key: 'state', header: t('rg.filters.state'), render: (l) => t(`rg.states.${l.state}`) },
    { key: 'created', header: t('players.limits.created'), render: (l) => dateTime(l.created_at, locale) },
    {
      key: 'ends',
      header: t('rg.limits.ended'),
      render: (l) => dateTime(l.removed_at ?? l.ends_at, locale),
    },
  ]
  const m = f.markers
  return (
    <section className="page" aria-labelledby="rg-player-title">
      <p>
        <Link to="/rg">{t('rg.back')}</Link>
        {can('players:view') && (
          <>
            {' · '}
            <Link to={`/players/${f.player.id}`}>{t('rg.player_360')}</Link>
          </>
        )}
      </p>
      <div className="page-header">
        <h1 id="rg-player-title">{t('rg.player_title', { id: f.player.id, email: f.player.email })}</h1>
      </div>
      {f.player.test_account && <p className="notice">{t('players.statuses.test')}</p>}
      <div className={styles.sections}>
        <section aria-labelledby="rg-reality-title">
          <h2 id="rg-reality-title">{t('rg.reality_check')}</h2>
          <p>
            {f.reality_check.chosen
              ? t('rg.reality_chosen', { minutes: f.reality_check.minutes })
              : t('rg.reality_default', { minutes: f.reality_check.minutes })}
          </p>
        </section>
        <section aria-labelledby="rg-limits-title">
          <h2 id="rg-limits-title">{t('rg.limits.title')}</h2>
          <DataTable
            caption={t('rg.limits.title')}
            columns={limitColumns}
            rows={f.limits}
            rowKey={(l) => l.id}
            empty={t('rg.limits.none')}
          />
        </section>
        <section aria-labelledby="rg-markers-title">
          <h2 id="rg-markers-title">{t('rg.tabs.markers')}</h2>
          <p className="muted">
            {t('rg.markers.window', {
              from: dateTime(f.window.start, locale),
              to: dateTime(f.window.end, locale),
              baseline_from: dateTime(f.baseline.start, locale),
            })}
          </p>
          <dl className="facts">
            <dt>{t('rg.markers.fired')}</dt>
            <dd>
              <FiredMarkers fired={m.fired} />
            </dd>
            <dt>{t('rg.marker_names.deposits')}</dt>
            <dd>
              <DepositFigures m={m} />
            </dd>
            <dt>{t('rg.marker_names.session')}</dt>
            <dd>
              <SessionFigures m={m} />
            </dd>
            <dt>{t('rg.marker_names.night_play')}</dt>
            <dd>
              <NightFigures m={m} />
            </dd>
            <dt>{t('rg.marker_names.reversed_withdrawals')}</dt>
            <dd>
              <ReversedFigures m={m} />
            </dd>
          </dl>
          <Thresholds />
        </section>
        <section aria-labelledby="rg-trail-title">
          <h2 id="rg-trail-title">{t('rg.trail.title')}</h2>
          {can('responsible_gambling:edit') && <InteractionForm id={f.player.id} />}
          <Trail id={f.player.id} />
        </section>
      </div>
    </section>
  )
}
