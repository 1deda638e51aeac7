import { useState } from 'react'
import type { UseMutationResult } from '@tanstack/react-query'
import { NavLink, useLocation } from 'react-router'
import { LOCALES, type Locale } from '@aurum/shared/locales'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { ApiError } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { listQuery } from '../../lib/list.ts'
import styles from './content.module.css'

/** The content api's list query: its sort direction is `direction` (not `order`). */
export function contentQuery(
  params: URLSearchParams,
  filters: readonly string[],
): Record<string, string | undefined> {
  const { order, ...query } = listQuery(params, filters)
  return { ...query, direction: order }
}

/** The same selection for the CSV export: the filters and the sort, no page. */
export function contentCsv(
  params: URLSearchParams,
  filters: readonly string[],
): Record<string, string | undefined> {
  const query = contentQuery(params, filters)
  delete query.page
  return query
}

/** One page of a content list as the api answers it. */
export interface Paged<Row> {
  data: Row[]
  pagination: { page: number; per_page: number; total_count: number }
}

/** Categories as the operator types them (spaces or commas between) and as the api takes them. */
export const splitList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)

/** The content screen's three lists. */
export function ContentTabs() {
  const { t } = useI18n()
  return (
    <ul className="tabs">
      <li>
        <NavLink to="/content" end>
          {t('content.tabs.pages')}
        </NavLink>
      </li>
      <li>
        <NavLink to="/content/snippets">{t('content.tabs.snippets')}</NavLink>
      </li>
      <li>
        <NavLink to="/content/files">{t('content.tabs.files')}</NavLink>
      </li>
    </ul>
  )
}

/**
 * The 13 languages of an item as toggle buttons: which one the fields below edit, which are
 * written, and which the api found errors in.
 */
export function LocaleSwitcher({
  value,
  onChange,
  written,
  error,
  errorPrefix,
}: {
  value: Locale
  onChange: (locale: Locale) => void
  written: (locale: Locale) => boolean
  error: unknown
  errorPrefix: string
}) {
  const { t } = useI18n()
  const failed = (l: Locale) =>
    error instanceof ApiError &&
    Object.keys(error.errors).some((k) => k === `${errorPrefix}.${l}` || k.startsWith(`${errorPrefix}.${l}.`))
  return (
    <div className={styles.locales} role="group" aria-label={t('content.language')}>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          className={styles.locale}
          aria-pressed={value === l}
          data-written={written(l) || undefined}
          data-failed={failed(l) || undefined}
          onClick={() => onChange(l)}
          lang={l}
        >
          {t(`languages.${l}`)}
          {written(l) && <span className="visually-hidden"> ({t('content.written')})</span>}
          {failed(l) && (
            <span className={styles.failedMark}>
              {' '}
              <span aria-hidden="true">!</span>
              <span className="visually-hidden">({t('content.has_errors')})</span>
            </span>
          )}
        </button>
      ))}
    </div>
  )
}

/** The upload's answer: an image's address for a file's `url`. */
export interface Uploaded {
  url: string
  content_type: string
  bytes: number
}

/** Uploads an image as the request's body (the api recognises its type by its bytes). */
export async function uploadImage(file: File): Promise<Uploaded> {
  let response: Response
  try {
    response = await fetch('/api/admin/content/uploads', {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'accept-language': document.documentElement.lang || 'en-CA',
        'content-type': file.type || 'application/octet-stream',
      },
      credentials: 'same-origin',
      body: file,
    })
  } catch {
    throw new ApiError(0, 'network_error', 'network_error')
  }
  const json = (await response.json().catch(() => ({}))) as {
    code?: string
    error?: string
    message?: string
    errors?: Record<string, string[]>
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      json.code ?? `http_${response.status}`,
      json.message ?? json.error ?? response.statusText,
      json.errors ?? {},
    )
  }
  return json as unknown as Uploaded
}

/** A rendered draft's HTML, isolated: no scripts, no same origin, no forms. */
export function HtmlPreview({ title, html }: { title: string; html: string }) {
  return <iframe className={styles.frame} title={title} sandbox="" srcDoc={html} />
}

/** A labelled input or text area with the api's error for it beside it. */
export function Field({
  id,
  label,
  value,
  onChange,
  error,
  multiline,
  type = 'text',
  required,
  readOnly,
  hint,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error: string | undefined
  multiline?: boolean
  type?: 'text' | 'number' | 'url'
  required?: boolean
  readOnly?: boolean
  hint?: string
}) {
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ')
  const common = {
    id,
    value,
    required,
    readOnly,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}

/** The api's errors for a field and its items (`categories`, `categories.0`…), joined. */
export function errorsUnder(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const messages = Object.entries(error.errors)
    .filter(([k]) => k === field || k.startsWith(`${field}.`))
    .flatMap(([, m]) => m)
  return messages.length ? [...new Set(messages)].join(' ') : undefined
}

/** Delete, then a second, explicit confirmation (or cancel) before anything is deleted. */
export function ConfirmDelete({
  label,
  question,
  pending,
  onConfirm,
}: {
  label: string
  question: string
  pending: boolean
  onConfirm: () => void
}) {
  const { t } = useI18n()
  const [asking, setAsking] = useState(false)
  if (!asking)
    return (
      <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    )
  return (
    <div className={styles.actions} role="group" aria-label={label}>
      <p role="alert">{question}</p>
      <button type="button" className="button button-danger" disabled={pending} onClick={onConfirm}>
        {t('content.confirm_delete')}
      </button>
      <button type="button" className="button" onClick={() => setAsking(false)}>
        {t('content.cancel')}
      </button>
    </div>
  )
}

/** Every message of an api error (a preview's draft has no form fields to put them beside). */
export function AllErrors({ error }: { error: unknown }) {
  const { t } = useI18n()
  if (!error) return null
  if (error instanceof ApiError && Object.keys(error.errors).length) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{t('errors.check_fields')}</p>
        <ul>
          {Object.entries(error.errors).map(([field, messages]) => (
            <li key={field}>
              <span className="mono">{field}</span>: {messages.join(' ')}
            </li>
          ))}
        </ul>
      </div>
    )
  }
  return <ErrorNotice error={error} />
}

/** After a delete, the list the editor came back to says so. */
export function DeletedNotice() {
  const { t } = useI18n()
  const location = useLocation()
  if (!(location.state as { deleted?: boolean } | null)?.deleted) return null
  return (
    <p className="notice notice-success" role="status">
      {t('content.deleted')}
    </p>
  )
}

/**
 * The end of an editor's form: what the save answered (a stored item's editor says "saved" after
 * a save, or when the new item's editor sent it here), Save for those who may edit, and a preview
 * in the language being edited.
 */
export function EditorActions({
  save,
  editable,
  locale,
  canPreview,
  onPreview,
  previewPending,
}: {
  save: Pick<UseMutationResult<unknown, Error, void>, 'error' | 'isPending' | 'isSuccess'>
  editable: boolean
  locale: Locale
  canPreview: boolean
  onPreview: () => void
  previewPending: boolean
}) {
  const { t } = useI18n()
  const location = useLocation()
  const saved = save.isSuccess || (location.state as { saved?: boolean } | null)?.saved
  return (
    <>
      <ErrorNotice error={save.error} />
      {saved && !save.isPending && !save.error && (
        <p className="notice notice-success" role="status">
          {t('content.saved')}
        </p>
      )}
      <div className={styles.actions}>
        {editable && (
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('content.save')}
          </button>
        )}
        <button type="button" className="button" disabled={previewPending || !canPreview} onClick={onPreview}>
          {t('content.preview', { language: t(`languages.${locale}`) })}
        </button>
      </div>
    </>
  )
}

/** A stored item's delete, asked again before it happens. */
export function DeleteItem({
  remove,
  question,
}: {
  remove: Pick<UseMutationResult<unknown, Error, void>, 'error' | 'isPending' | 'mutate'>
  question: string
}) {
  const { t } = useI18n()
  return (
    <div className={styles.actions}>
      <ErrorNotice error={remove.error} />
      <ConfirmDelete
        label={t('content.delete')}
        question={question}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  )
}
