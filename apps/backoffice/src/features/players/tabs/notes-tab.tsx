import { useState, type SyntheticEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams, useSearchParams } from 'react-router'
import type { z } from 'zod'
import type { playerNote, playerNotesPage } from '@aurum/shared/contracts/admin-players'
import { ErrorNotice, FieldError, fieldError } from '../../../components/field-errors.tsx'
import { useCan } from '../../auth/me.ts'
import { api, queryString } from '../../../lib/http.ts'
import { dateTime } from '../../../lib/format.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { playerKey } from '../api.ts'
import { MorePager } from '../pager.tsx'
import styles from '../players.module.css'

type NotesPage = z.infer<typeof playerNotesPage>
type Note = z.infer<typeof playerNote>

const NOTE_MAX = 2000

/** Support's notes on the player, newest first, and a new one (notes are never changed). */
export function NotesTab() {
  const { t, locale } = useI18n()
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const can = useCan()
  const queryClient = useQueryClient()
  const [text, setText] = useState('')
  const query = queryString({ page: params.get('page') })
  const notes = useQuery({
    queryKey: [...playerKey(id), 'notes', query],
    queryFn: () => api<NotesPage>('GET', `/api/admin/players/${id}/notes${query}`),
  })
  const add = useMutation({
    mutationFn: (body: { text: string }) => api<Note>('POST', `/api/admin/players/${id}/notes`, body),
    onSuccess: async () => {
      setText('')
      await queryClient.invalidateQueries({ queryKey: playerKey(id) })
    },
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (text.trim()) add.mutate({ text: text.trim() })
  }
  const textError = fieldError(add.error, 'text')
  return (
    <section aria-labelledby="notes-title">
      <h2 id="notes-title">{t('players.tabs.notes')}</h2>
      {can('players:edit') && (
        <form className="form" onSubmit={submit}>
          <label>
            {t('players.notes.new')}
            <textarea
              required
              maxLength={NOTE_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={!!textError || undefined}
              aria-describedby={textError ? 'note-text-error' : undefined}
            />
          </label>
          <FieldError id="note-text-error" message={textError} />
          <ErrorNotice error={textError ? undefined : add.error} />
          {add.isSuccess && (
            <p className="notice notice-success" role="status">
              {t('players.notes.added')}
            </p>
          )}
          <div>
            <button type="submit" className="button button-primary" disabled={add.isPending || !text.trim()}>
              {t('players.notes.add')}
            </button>
          </div>
        </form>
      )}
      <ErrorNotice error={notes.error} />
      {!notes.data ? (
        <p className="muted">{t('table.loading')}</p>
      ) : notes.data.data.length === 0 ? (
        <p className="muted">{t('players.notes.none')}</p>
      ) : (
        <ol className={styles.notes}>
          {notes.data.data.map((n) => (
            <li key={n.id} className="card">
              <p className="muted">
                {t('players.notes.by', { staff: n.staff, at: dateTime(n.created_at, locale) })}
              </p>
              <p className={styles.noteText}>{n.text}</p>
            </li>
          ))}
        </ol>
      )}
      {notes.data && <MorePager page={notes.data.pagination.page} hasMore={notes.data.pagination.has_more} />}
    </section>
  )
}
