import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AdminPreview,
  AdminPreviewBody,
  AdminSnippet,
  AdminSnippetCreateBody,
  AdminSnippetUpdateBody,
} from '@aurum/shared/contracts/admin-content'
import type { Locale } from '@aurum/shared/locales'
import { ErrorNotice, fieldError } from '../../components/field-errors.tsx'
import { useCan } from '../auth/me.ts'
import { api } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import {
  AllErrors,
  DeleteItem,
  EditorActions,
  errorsUnder,
  Field,
  HtmlPreview,
  LocaleSwitcher,
  splitList,
} from './shared.tsx'
import styles from './content.module.css'

/** A snippet, new or stored: its categories and its HTML in each of the 13 languages. */
export function SnippetEditorPage() {
  const { t } = useI18n()
  const { id } = useParams()
  const isNew = id === 'new'
  const snippet = useQuery({
    queryKey: ['content', 'snippet', id],
    queryFn: () => api<AdminSnippet>('GET', `/api/admin/content/snippets/${id}`),
    enabled: !isNew,
  })
  if (!isNew && snippet.error) return <ErrorNotice error={snippet.error} />
  if (!isNew && !snippet.data) return <p className="muted">{t('table.loading')}</p>
  return <SnippetForm key={id} initial={isNew ? null : (snippet.data ?? null)} />
}

function SnippetForm({ initial }: { initial: AdminSnippet | null }) {
  const { t } = useI18n()
  const can = useCan()
  const editable = can('content:edit')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [id, setId] = useState(initial?.id ?? '')
  const [categories, setCategories] = useState(initial?.categories.join(' ') ?? '')
  const [texts, setTexts] = useState<Partial<Record<Locale, string>>>(() => initial?.translations ?? {})
  const [changed, setChanged] = useState<Locale[]>([])
  const [locale, setLocale] = useState<Locale>('en')
  const changedTexts = () => Object.fromEntries(changed.map((l) => [l, texts[l] ?? '']))
  const save = useMutation({
    mutationFn: () =>
      initial
        ? api<AdminSnippet>('PATCH', `/api/admin/content/snippets/${initial.id}`, {
            categories: splitList(categories),
            ...(changed.length ? { translations: changedTexts() } : {}),
          } satisfies AdminSnippetUpdateBody)
        : api<AdminSnippet>('POST', '/api/admin/content/snippets', {
            id,
            categories: splitList(categories),
            translations: changedTexts(),
          } satisfies AdminSnippetCreateBody),
    onSuccess: async (saved) => {
      setChanged([])
      await queryClient.invalidateQueries({ queryKey: ['content'] })
      if (!initial) void navigate(`/content/snippets/${saved.id}`, { state: { saved: true } })
    },
  })
  const remove = useMutation({
    mutationFn: () => api<undefined>('DELETE', `/api/admin/content/snippets/${initial?.id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['content'] })
      void navigate('/content/snippets', { state: { deleted: true } })
    },
  })
  const preview = useMutation({
    mutationFn: () =>
      api<AdminPreview>('POST', '/api/admin/content/preview', {
        kind: 'snippet',
        locale,
        id,
        categories: splitList(categories),
        content: texts[locale],
      } satisfies AdminPreviewBody),
  })
  const e = save.error
  return (
    <section className="page" aria-labelledby="snippet-title">
      <p>
        <Link to="/content/snippets">{t('content.back')}</Link>
      </p>
      <h1 id="snippet-title">
        {initial ? t('content.snippets.edit', { id: initial.id }) : t('content.snippets.new')}
      </h1>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate()
        }}
      >
        <div className={styles.editor}>
          <div className="form">
            <Field
              id="snippet-id"
              label={t('content.id')}
              value={id}
              onChange={setId}
              error={fieldError(e, 'id')}
              required
              readOnly={!!initial || !editable}
              hint={initial ? undefined : t('content.id_hint')}
            />
            <Field
              id="snippet-categories"
              label={t('content.categories')}
              value={categories}
              onChange={setCategories}
              error={errorsUnder(e, 'categories')}
              readOnly={!editable}
              hint={t('content.categories_hint')}
            />
          </div>
          <div>
            <h2>{t('content.language')}</h2>
            <LocaleSwitcher
              value={locale}
              onChange={setLocale}
              written={(l) => texts[l] !== undefined}
              error={e}
              errorPrefix="translations"
            />
            {texts[locale] === undefined && <p className="muted">{t('content.not_written')}</p>}
            {fieldError(e, 'translations') && <p className="field-error">{fieldError(e, 'translations')}</p>}
            <div className="form" lang={locale}>
              <Field
                id="snippet-content"
                multiline
                label={t('content.snippets.content')}
                value={texts[locale] ?? ''}
                onChange={(v) => {
                  setTexts((all) => ({ ...all, [locale]: v }))
                  setChanged((list) => (list.includes(locale) ? list : [...list, locale]))
                }}
                error={fieldError(e, `translations.${locale}`)}
                readOnly={!editable}
              />
            </div>
          </div>
        </div>
        <EditorActions
          save={save}
          editable={editable}
          locale={locale}
          canPreview={!!id}
          onPreview={() => preview.mutate()}
          previewPending={preview.isPending}
        />
      </form>
      {initial && editable && (
        <DeleteItem remove={remove} question={t('content.snippets.delete_question', { id: initial.id })} />
      )}
      <AllErrors error={preview.error} />
      {preview.data?.kind === 'snippet' && (
        <section aria-labelledby="preview-title">
          <h2 id="preview-title">{t('content.preview_of', { title: preview.data.snippet.id })}</h2>
          <HtmlPreview title={t('content.preview_frame')} html={preview.data.snippet.content} />
        </section>
      )}
    </section>
  )
}
