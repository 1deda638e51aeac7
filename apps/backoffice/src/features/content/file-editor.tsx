import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_TYPES,
  type AdminFile,
  type AdminFileCreateBody,
  type AdminFileUpdateBody,
  type AdminPreview,
  type AdminPreviewBody,
} from '@aurum/shared/contracts/admin-content'
import type { Locale } from '@aurum/shared/locales'
import { ErrorNotice, fieldError } from '../../components/field-errors.tsx'
import { useCan } from '../auth/me.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { api } from '../../lib/http.ts'
import {
  AllErrors,
  DeleteItem,
  EditorActions,
  errorsUnder,
  Field,
  LocaleSwitcher,
  splitList,
  uploadImage,
} from './shared.tsx'
import styles from './content.module.css'

/** The sliders a banner can be in (its second category), as the player's site draws them. */
const SLIDERS = ['index-top', 'promo', 'tournaments', 'jackpot-top'] as const

/** A banner's text in one language as the slider reads it; other keys it may carry are kept. */
type Banner = Record<string, unknown> & {
  title?: string
  text?: string
  button?: string
  link?: string
  groups?: number[]
}

function parseBanner(text: string | undefined): Banner | null {
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Banner) : null
  } catch {
    return null
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : '')

/** A file or banner, new or stored: its image, categories, place and its text per language. */
export function FileEditorPage() {
  const { t } = useI18n()
  const { id } = useParams()
  const isNew = id === 'new'
  const file = useQuery({
    queryKey: ['content', 'file', id],
    queryFn: () => api<AdminFile>('GET', `/api/admin/content/files/${id}`),
    enabled: !isNew,
  })
  if (!isNew && file.error) return <ErrorNotice error={file.error} />
  if (!isNew && !file.data) return <p className="muted">{t('table.loading')}</p>
  return <FileForm key={id} initial={isNew ? null : (file.data ?? null)} />
}

function FileForm({ initial }: { initial: AdminFile | null }) {
  const { t } = useI18n()
  const can = useCan()
  const editable = can('content:edit')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [id, setId] = useState(initial?.id ?? '')
  const [url, setUrl] = useState(initial?.url ?? '')
  const [categories, setCategories] = useState(initial?.categories.join(' ') ?? 'banner index-top')
  const [position, setPosition] = useState(String(initial?.position ?? 0))
  const [texts, setTexts] = useState<Partial<Record<Locale, string>>>(() => initial?.translations ?? {})
  const [groupDrafts, setGroupDrafts] = useState<Partial<Record<Locale, string>>>({})
  const [changed, setChanged] = useState<Locale[]>([])
  const [locale, setLocale] = useState<Locale>('en')
  const isBanner = splitList(categories).includes('banner')
  const setText = (value: string) => {
    setTexts((all) => ({ ...all, [locale]: value }))
    setChanged((list) => (list.includes(locale) ? list : [...list, locale]))
  }
  const banner = parseBanner(texts[locale])
  const setBanner = (patch: Partial<Banner>) => {
    // A language begun here starts with English's link and groups (the same offer, translated).
    const english = parseBanner(texts.en) ?? {}
    const base: Banner =
      texts[locale] === undefined
        ? { title: '', text: '', button: '', link: str(english.link), groups: english.groups ?? [] }
        : (banner ?? {})
    setText(JSON.stringify({ ...base, ...patch }))
  }
  const changedTexts = () => Object.fromEntries(changed.map((l) => [l, texts[l] ?? '']))
  const body = () => ({
    url,
    categories: splitList(categories),
    position: Number(position),
  })
  const save = useMutation({
    mutationFn: () =>
      initial
        ? api<AdminFile>('PATCH', `/api/admin/content/files/${initial.id}`, {
            ...body(),
            ...(changed.length ? { translations: changedTexts() } : {}),
          } satisfies AdminFileUpdateBody)
        : api<AdminFile>('POST', '/api/admin/content/files', {
            id,
            ...body(),
            ...(changed.length ? { translations: changedTexts() } : {}),
          } satisfies AdminFileCreateBody),
    onSuccess: async (saved) => {
      setChanged([])
      await queryClient.invalidateQueries({ queryKey: ['content'] })
      if (!initial) void navigate(`/content/files/${saved.id}`, { state: { saved: true } })
    },
  })
  const upload = useMutation({
    mutationFn: uploadImage,
    onSuccess: (uploaded) => setUrl(uploaded.url),
  })
  const remove = useMutation({
    mutationFn: () => api<undefined>('DELETE', `/api/admin/content/files/${initial?.id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['content'] })
      void navigate('/content/files', { state: { deleted: true } })
    },
  })
  const preview = useMutation({
    mutationFn: () =>
      api<AdminPreview>('POST', '/api/admin/content/preview', {
        kind: 'file',
        locale,
        id,
        url: url || undefined,
        categories: splitList(categories),
        description: texts[locale],
      } satisfies AdminPreviewBody),
  })
  const e = save.error
  const textError = fieldError(e, `translations.${locale}`)
  const previewed = preview.data?.kind === 'file' ? preview.data.file : null
  const previewedBanner = previewed ? parseBanner(previewed.description) : null
  return (
    <section className="page" aria-labelledby="file-title">
      <p>
        <Link to="/content/files">{t('content.back')}</Link>
      </p>
      <h1 id="file-title">
        {initial ? t('content.files.edit', { id: initial.id }) : t('content.files.new')}
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
              id="file-id"
              label={t('content.id')}
              value={id}
              onChange={setId}
              error={fieldError(e, 'id')}
              required
              readOnly={!!initial || !editable}
              hint={initial ? undefined : t('content.id_hint')}
            />
            {url && (
              <div className={styles.banner}>
                <img src={url} alt={t('content.files.current_image')} />
              </div>
            )}
            <Field
              id="file-url"
              label={t('content.files.url')}
              value={url}
              onChange={setUrl}
              error={fieldError(e, 'url')}
              required
              readOnly={!editable}
              hint={t('content.files.url_hint')}
            />
            {editable && (
              <div className={styles.field}>
                <label htmlFor="file-upload">{t('content.files.upload')}</label>
                <input
                  id="file-upload"
                  type="file"
                  accept={CONTENT_IMAGE_TYPES.join(',')}
                  aria-describedby="file-upload-hint"
                  disabled={upload.isPending}
                  onChange={(ev) => {
                    const chosen = ev.target.files?.[0]
                    if (chosen) upload.mutate(chosen)
                  }}
                />
                <p id="file-upload-hint" className="muted">
                  {t('content.files.upload_hint', { kb: CONTENT_IMAGE_MAX_BYTES / 1024 })}
                </p>
                {upload.isPending && <p role="status">{t('content.files.uploading')}</p>}
                {upload.isSuccess && (
                  <p className="notice notice-success" role="status">
                    {t('content.files.uploaded')}
                  </p>
                )}
                <AllErrors error={upload.error} />
              </div>
            )}
            <Field
              id="file-categories"
              label={t('content.categories')}
              value={categories}
              onChange={setCategories}
              error={errorsUnder(e, 'categories')}
              readOnly={!editable}
              hint={t('content.files.categories_hint', { sliders: SLIDERS.join(', ') })}
            />
            <Field
              id="file-position"
              type="number"
              label={t('content.position')}
              value={position}
              onChange={setPosition}
              error={fieldError(e, 'position')}
              readOnly={!editable}
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
            {isBanner && banner ? (
              <div className="form" lang={locale}>
                {textError && <p className="field-error">{textError}</p>}
                <Field
                  id="banner-title"
                  label={t('content.banner.title')}
                  value={str(banner.title)}
                  onChange={(v) => setBanner({ title: v })}
                  error={undefined}
                  readOnly={!editable}
                />
                <Field
                  id="banner-text"
                  multiline
                  label={t('content.banner.text')}
                  value={str(banner.text)}
                  onChange={(v) => setBanner({ text: v })}
                  error={undefined}
                  readOnly={!editable}
                  hint={t('content.banner.amount_hint')}
                />
                <Field
                  id="banner-button"
                  label={t('content.banner.button')}
                  value={str(banner.button)}
                  onChange={(v) => setBanner({ button: v })}
                  error={undefined}
                  readOnly={!editable}
                />
                <Field
                  id="banner-link"
                  label={t('content.banner.link')}
                  value={str(banner.link)}
                  onChange={(v) => setBanner({ link: v })}
                  error={undefined}
                  readOnly={!editable}
                  hint={t('content.banner.link_hint')}
                />
                <Field
                  id="banner-groups"
                  label={t('content.banner.groups')}
                  value={groupDrafts[locale] ?? (Array.isArray(banner.groups) ? banner.groups.join(' ') : '')}
                  onChange={(v) => {
                    setGroupDrafts((all) => ({ ...all, [locale]: v }))
                    setBanner({
                      groups: splitList(v)
                        .map(Number)
                        .filter((n) => Number.isInteger(n) && n > 0),
                    })
                  }}
                  error={undefined}
                  readOnly={!editable}
                  hint={t('content.banner.groups_hint')}
                />
              </div>
            ) : (
              <div className="form" lang={locale}>
                {isBanner && <p className="notice">{t('content.banner.not_json')}</p>}
                <Field
                  id="file-description"
                  multiline
                  label={t('content.files.description')}
                  value={texts[locale] ?? ''}
                  onChange={setText}
                  error={textError}
                  readOnly={!editable}
                />
              </div>
            )}
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
        <DeleteItem remove={remove} question={t('content.files.delete_question', { id: initial.id })} />
      )}
      <AllErrors error={preview.error} />
      {previewed && (
        <section aria-labelledby="preview-title" className={`card ${styles.banner}`}>
          <h2 id="preview-title">{t('content.preview_of', { title: previewed.id })}</h2>
          <img src={previewed.url} alt={str(previewedBanner?.title) || previewed.id} />
          {previewedBanner && previewed.categories.includes('banner') ? (
            <>
              <p>
                <strong>{str(previewedBanner.title)}</strong>
              </p>
              <p>{str(previewedBanner.text)}</p>
              {str(previewedBanner.button) && (
                <p>
                  <span className="button button-primary">{str(previewedBanner.button)}</span>{' '}
                  <span className="muted">→ {str(previewedBanner.link)}</span>
                </p>
              )}
            </>
          ) : (
            <pre className="mono">{previewed.description}</pre>
          )}
        </section>
      )}
    </section>
  )
}
