import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AdminPage,
  AdminPageCreateBody,
  AdminPageUpdateBody,
  AdminPreview,
  AdminPreviewBody,
} from '@aurum/shared/contracts/admin-content'
import type { Locale } from '@aurum/shared/locales'
import { ErrorNotice, fieldError } from '../../components/field-errors.tsx'
import { useCan } from '../auth/me.ts'
import { api } from '../../lib/http.ts'
import { dateTime } from '../../lib/format.ts'
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

interface Translation {
  title: string
  content: string
  description: string
  keywords: string
  json: string
}
const EMPTY: Translation = { title: '', content: '', description: '', keywords: '', json: '' }

/** A CMS page, new or stored: its place, and its text in each of the 13 languages. */
export function PageEditorPage() {
  const { t } = useI18n()
  const { id } = useParams()
  const isNew = id === 'new'
  const page = useQuery({
    queryKey: ['content', 'page', id],
    queryFn: () => api<AdminPage>('GET', `/api/admin/content/pages/${id}`),
    enabled: !isNew,
  })
  if (!isNew && page.error) return <ErrorNotice error={page.error} />
  if (!isNew && !page.data) return <p className="muted">{t('table.loading')}</p>
  return <PageForm key={id} initial={isNew ? null : (page.data ?? null)} />
}

function PageForm({ initial }: { initial: AdminPage | null }) {
  const { t, locale: uiLocale } = useI18n()
  const can = useCan()
  const editable = can('content:edit')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [slug, setSlug] = useState(initial?.slug ?? '')
  const [parent, setParent] = useState(initial?.parent_id == null ? '' : String(initial.parent_id))
  const [categories, setCategories] = useState(initial?.categories.join(' ') ?? '')
  const [position, setPosition] = useState(String(initial?.position ?? 0))
  const [published, setPublished] = useState(initial?.published ?? false)
  const [texts, setTexts] = useState<Partial<Record<Locale, Translation>>>(() => initial?.translations ?? {})
  const [changed, setChanged] = useState<Locale[]>([])
  const [locale, setLocale] = useState<Locale>('en')
  const current = texts[locale] ?? EMPTY
  const edit = (field: keyof Translation, value: string) => {
    setTexts((all) => ({ ...all, [locale]: { ...(all[locale] ?? EMPTY), [field]: value } }))
    setChanged((list) => (list.includes(locale) ? list : [...list, locale]))
  }
  const changedTexts = () =>
    Object.fromEntries(changed.map((l) => [l, texts[l] ?? EMPTY])) as AdminPageCreateBody['translations']
  const common = () => ({
    parent_id: parent.trim() ? Number(parent) : null,
    categories: splitList(categories),
    position: Number(position),
    published,
  })
  const save = useMutation({
    mutationFn: () =>
      initial
        ? api<AdminPage>('PATCH', `/api/admin/content/pages/${initial.id}`, {
            ...common(),
            ...(changed.length ? { translations: changedTexts() } : {}),
          } satisfies AdminPageUpdateBody)
        : api<AdminPage>('POST', '/api/admin/content/pages', {
            slug,
            ...common(),
            translations: changedTexts(),
          } satisfies AdminPageCreateBody),
    onSuccess: async (saved) => {
      setChanged([])
      await queryClient.invalidateQueries({ queryKey: ['content'] })
      if (!initial) void navigate(`/content/pages/${saved.id}`, { state: { saved: true } })
    },
  })
  const remove = useMutation({
    mutationFn: () => api<undefined>('DELETE', `/api/admin/content/pages/${initial?.id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['content'] })
      void navigate('/content', { state: { deleted: true } })
    },
  })
  const preview = useMutation({
    mutationFn: () =>
      api<AdminPreview>('POST', '/api/admin/content/preview', {
        kind: 'page',
        locale,
        slug,
        categories: splitList(categories),
        translation: texts[locale],
      } satisfies AdminPreviewBody),
  })
  const e = save.error
  const tr = (field: string) => fieldError(e, `translations.${locale}.${field}`)
  return (
    <section className="page" aria-labelledby="page-title">
      <p>
        <Link to="/content">{t('content.back')}</Link>
      </p>
      <h1 id="page-title">
        {initial ? t('content.pages.edit', { slug: initial.slug }) : t('content.pages.new')}
      </h1>
      {initial && (
        <p className="muted">
          {t('content.updated')}: {dateTime(initial.updated_at, uiLocale)}
        </p>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate()
        }}
      >
        <div className={styles.editor}>
          <div className="form">
            <Field
              id="page-slug"
              label={t('content.slug')}
              value={slug}
              onChange={setSlug}
              error={fieldError(e, 'slug')}
              required
              readOnly={!!initial || !editable}
              hint={initial ? t('content.pages.slug_fixed') : t('content.pages.slug_hint')}
            />
            <Field
              id="page-parent"
              type="number"
              label={t('content.pages.parent')}
              value={parent}
              onChange={setParent}
              error={fieldError(e, 'parent_id')}
              readOnly={!editable}
            />
            <Field
              id="page-categories"
              label={t('content.categories')}
              value={categories}
              onChange={setCategories}
              error={errorsUnder(e, 'categories')}
              readOnly={!editable}
              hint={t('content.categories_hint')}
            />
            <Field
              id="page-position"
              type="number"
              label={t('content.position')}
              value={position}
              onChange={setPosition}
              error={fieldError(e, 'position')}
              readOnly={!editable}
            />
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                checked={published}
                disabled={!editable}
                onChange={(ev) => setPublished(ev.target.checked)}
              />
              {t('content.published')}
            </label>
          </div>
          <div>
            <h2>{t('content.language')}</h2>
            <LocaleSwitcher
              value={locale}
              onChange={setLocale}
              written={(l) => !!texts[l]}
              error={e}
              errorPrefix="translations"
            />
            {!texts[locale] && <p className="muted">{t('content.not_written')}</p>}
            <div className="form" lang={locale}>
              {fieldError(e, `translations.${locale}`) && (
                <p className="field-error">{fieldError(e, `translations.${locale}`)}</p>
              )}
              {fieldError(e, 'translations') && (
                <p className="field-error">{fieldError(e, 'translations')}</p>
              )}
              <Field
                id="page-title-field"
                label={t('content.title_field')}
                value={current.title}
                onChange={(v) => edit('title', v)}
                error={tr('title')}
                readOnly={!editable}
              />
              <Field
                id="page-content"
                multiline
                label={t('content.pages.content')}
                value={current.content}
                onChange={(v) => edit('content', v)}
                error={tr('content')}
                readOnly={!editable}
              />
              <Field
                id="page-description"
                label={t('content.pages.description')}
                value={current.description}
                onChange={(v) => edit('description', v)}
                error={tr('description')}
                readOnly={!editable}
              />
              <Field
                id="page-keywords"
                label={t('content.pages.keywords')}
                value={current.keywords}
                onChange={(v) => edit('keywords', v)}
                error={tr('keywords')}
                readOnly={!editable}
              />
              <Field
                id="page-json"
                multiline
                label={t('content.pages.json')}
                value={current.json}
                onChange={(v) => edit('json', v)}
                error={tr('json')}
                readOnly={!editable}
              />
            </div>
          </div>
        </div>
        <EditorActions
          save={save}
          editable={editable}
          locale={locale}
          canPreview={!!slug}
          onPreview={() => preview.mutate()}
          previewPending={preview.isPending}
        />
      </form>
      {initial && editable && (
        <DeleteItem remove={remove} question={t('content.pages.delete_question', { slug: initial.slug })} />
      )}
      <AllErrors error={preview.error} />
      {preview.data?.kind === 'page' && (
        <section aria-labelledby="preview-title">
          <h2 id="preview-title">{t('content.preview_of', { title: preview.data.page.title })}</h2>
          <HtmlPreview title={t('content.preview_frame')} html={preview.data.page.content} />
        </section>
      )}
    </section>
  )
}
