import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { GAME_BADGES, type AdminGame, type AdminGameUpdateBody } from '@aurum/shared/contracts/admin-games'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'
import { useCan } from '../auth/me.ts'
import { api, ApiError } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import styles from './games.module.css'

/** A field's errors and its items' (`categories.0`…), joined. */
function errorsUnder(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const messages = Object.entries(error.errors)
    .filter(([k]) => k === field || k.startsWith(`${field}.`))
    .flatMap(([, m]) => m)
  return messages.length ? [...new Set(messages)].join(' ') : undefined
}

const words = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)

/** One game of the catalogue: its facts, and (games:edit) its place, labels and availability. */
export function GamePage() {
  const { t } = useI18n()
  const { id } = useParams()
  const game = useQuery({
    queryKey: ['games', 'game', id],
    queryFn: () => api<AdminGame>('GET', `/api/admin/games/${id}`),
  })
  if (game.error) return <ErrorNotice error={game.error} />
  if (!game.data) return <p className="muted">{t('table.loading')}</p>
  return <GameForm key={`${game.data.id}`} game={game.data} />
}

function GameForm({ game }: { game: AdminGame }) {
  const { t, locale } = useI18n()
  const can = useCan()
  const editable = can('games:edit')
  const queryClient = useQueryClient()
  const [enabled, setEnabled] = useState(game.enabled)
  const [position, setPosition] = useState(String(game.position))
  const [categories, setCategories] = useState(game.categories.join(' '))
  const [badges, setBadges] = useState<string[]>(game.badges)
  const [allowed, setAllowed] = useState(game.allowed_countries.join(' '))
  const [blocked, setBlocked] = useState(game.blocked_countries.join(' '))
  const [reason, setReason] = useState('')
  const save = useMutation({
    mutationFn: () => {
      const body: AdminGameUpdateBody = {
        enabled,
        position: Number(position),
        categories: words(categories),
        badges: badges as AdminGameUpdateBody['badges'],
        allowed_countries: words(allowed.toUpperCase()),
        blocked_countries: words(blocked.toUpperCase()),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }
      return api<AdminGame>('PATCH', `/api/admin/games/${game.id}`, body)
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(['games', 'game', String(saved.id)], saved)
      setReason('')
      await queryClient.invalidateQueries({ queryKey: ['games', 'list'] })
    },
  })
  const e = save.error
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 })
  const input = (name: string, error: string | undefined, hint = false) => ({
    id: `game-${name}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [hint ? `game-${name}-hint` : '', error ? `game-${name}-error` : ''].filter(Boolean).join(' ') ||
      undefined,
    disabled: !editable,
  })
  const errors = {
    position: fieldError(e, 'position'),
    categories: errorsUnder(e, 'categories'),
    badges: errorsUnder(e, 'badges'),
    allowed: errorsUnder(e, 'allowed_countries'),
    blocked: errorsUnder(e, 'blocked_countries'),
    reason: fieldError(e, 'reason'),
    enabled: fieldError(e, 'enabled'),
  }
  return (
    <section className="page" aria-labelledby="game-title">
      <p>
        <Link to="/games">{t('games.back')}</Link>
      </p>
      <h1 id="game-title">{game.title}</h1>
      <dl className="facts">
        <dt>{t('games.identifier')}</dt>
        <dd className="mono">{game.identifier}</dd>
        <dt>{t('games.provider')}</dt>
        <dd>{game.provider}</dd>
        <dt>{t('games.type')}</dt>
        <dd>{game.type}</dd>
        <dt>{t('games.rtp')}</dt>
        <dd>{percent.format(game.rtp)}</dd>
        <dt>{t('games.demo')}</dt>
        <dd>{game.has_demo ? t('common.yes') : t('common.no')}</dd>
        <dt>{t('games.released')}</dt>
        <dd>{game.released_at}</dd>
        <dt>{t('games.curated')}</dt>
        <dd>{game.curated.length ? game.curated.join(', ') : '–'}</dd>
      </dl>
      <p>
        <Link to={`/games/rounds?game=${encodeURIComponent(game.identifier)}`}>{t('games.its_rounds')}</Link>
      </p>
      <h2>{t('games.settings')}</h2>
      <form
        className={`form ${styles.form}`}
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate()
        }}
      >
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={enabled}
            onChange={(ev) => setEnabled(ev.target.checked)}
            {...input('enabled', errors.enabled)}
          />
          {t('games.enabled_label')}
        </label>
        <FieldError id="game-enabled-error" message={errors.enabled} />
        <label htmlFor="game-position">{t('games.position')}</label>
        <input
          type="number"
          min={0}
          value={position}
          onChange={(ev) => setPosition(ev.target.value)}
          {...input('position', errors.position)}
        />
        <FieldError id="game-position-error" message={errors.position} />
        <label htmlFor="game-categories">{t('games.categories')}</label>
        <input
          value={categories}
          onChange={(ev) => setCategories(ev.target.value)}
          {...input('categories', errors.categories, true)}
        />
        <p id="game-categories-hint" className="muted">
          {t('games.categories_hint')}
        </p>
        <FieldError id="game-categories-error" message={errors.categories} />
        <fieldset
          className={styles.fieldset}
          aria-describedby={errors.badges ? 'game-badges-error' : undefined}
        >
          <legend>{t('games.badges')}</legend>
          {GAME_BADGES.map((b) => (
            <label key={b} className={styles.checkbox}>
              <input
                type="checkbox"
                checked={badges.includes(b)}
                disabled={!editable}
                onChange={(ev) =>
                  setBadges((list) => (ev.target.checked ? [...list, b] : list.filter((x) => x !== b)))
                }
              />
              {t(`games.badge.${b}`)}
            </label>
          ))}
        </fieldset>
        <FieldError id="game-badges-error" message={errors.badges} />
        <label htmlFor="game-allowed">{t('games.allowed_countries')}</label>
        <input
          value={allowed}
          onChange={(ev) => setAllowed(ev.target.value)}
          {...input('allowed', errors.allowed, true)}
        />
        <p id="game-allowed-hint" className="muted">
          {t('games.allowed_hint')}
        </p>
        <FieldError id="game-allowed-error" message={errors.allowed} />
        <label htmlFor="game-blocked">{t('games.blocked_countries')}</label>
        <input
          value={blocked}
          onChange={(ev) => setBlocked(ev.target.value)}
          {...input('blocked', errors.blocked, true)}
        />
        <p id="game-blocked-hint" className="muted">
          {t('games.blocked_hint')}
        </p>
        <FieldError id="game-blocked-error" message={errors.blocked} />
        {editable && (
          <>
            <label htmlFor="game-reason">{t('games.reason')}</label>
            <textarea
              value={reason}
              maxLength={500}
              onChange={(ev) => setReason(ev.target.value)}
              {...input('reason', errors.reason)}
            />
            <FieldError id="game-reason-error" message={errors.reason} />
          </>
        )}
        <ErrorNotice error={save.error} />
        {save.isSuccess && (
          <p className="notice notice-success" role="status">
            {t('games.saved')}
          </p>
        )}
        {editable && (
          <div>
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {t('games.save')}
            </button>
          </div>
        )}
      </form>
    </section>
  )
}
