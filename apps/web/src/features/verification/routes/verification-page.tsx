import { useId, useRef, useState, type SubmitEvent } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import {
  DESCRIPTION_MAX_LENGTH,
  DOCUMENT_TYPES,
  formatMegabytes,
  type DocumentKindState,
  type DocumentStatus,
  type DocumentType,
  type PlayerDocument,
  type VerificationStatus,
} from '@aurum/shared'
import { Button } from '../../../components/button/button.tsx'
import { FormAlert, formStyles, SelectField, TextAreaField } from '../../../components/form/field.tsx'
import { useServices } from '../../../lib/services.tsx'
import {
  documentFileUrl,
  serverErrors,
  useDocumentMutations,
  useDocuments,
  useVerification,
} from '../api/documents.ts'
import { checkFile } from '../file-check.ts'
import profile from '../../profile/components/users.module.css'
import styles from './verification.module.css'

const STATE_OF_STATUS: Record<DocumentStatus, DocumentKindState> = {
  not_approved: 'waiting',
  approved: 'approved',
  rejected: 'rejected',
}

function StateBadge({ state }: { state: DocumentKindState }) {
  const { t } = useTranslation()
  return <span className={`${styles.badge} ${styles[state]}`}>{t(`verification.state.${state}`)}</span>
}

/**
 * The verification page (spec §2 /users/verification): the overall state, what each kind of
 * document proves, the upload form (checked here as the server checks it) and the player's
 * documents with their review.
 */
export function VerificationPage() {
  const { t } = useTranslation()
  const verification = useVerification()
  const documents = useDocuments()
  if (verification.isPending || documents.isPending) return <p role="status">{t('common.loading')}</p>
  if (!verification.data || !documents.data) return <FormAlert message={t('profile.load_failed')} />
  return (
    <div className={profile.grid}>
      <div className={profile.column}>
        <StatusCard status={verification.data} />
        <UploadCard status={verification.data} />
        <DocumentsCard documents={documents.data} />
      </div>
      <div className={profile.column}>
        <KindsCard status={verification.data} />
      </div>
    </div>
  )
}

function StatusCard({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation()
  return (
    <section className={profile.card} aria-labelledby="verification-status" data-testid="verification-status">
      <h2 id="verification-status">
        {t('verification.status_title')}{' '}
        <span className={`${styles.badge} ${status.verified ? styles.approved : styles.missing}`}>
          {status.verified ? t('verification.verified') : t('verification.not_verified')}
        </span>
      </h2>
      <p className={profile.muted}>
        {status.verified ? t('verification.verified_text') : t('verification.not_verified_text')}
      </p>
      <p className={profile.muted}>{t('verification.intro')}</p>
    </section>
  )
}

function KindsCard({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation()
  return (
    <section className={profile.card} aria-labelledby="verification-kinds">
      <h2 id="verification-kinds">{t('verification.kinds_title')}</h2>
      <ul className={styles.kinds}>
        {DOCUMENT_TYPES.map((kind) => (
          <li key={kind} className={styles.kind} data-testid={`kind-${kind}`}>
            <div className={styles.kindHead}>
              <h3>{t(`verification.kinds.${kind}.title`)}</h3>
              <StateBadge state={status.kinds[kind]} />
            </div>
            <p className={profile.muted}>{t(`verification.kinds.${kind}.hint`)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

type Errors = Partial<Record<'attachment' | 'document_type' | 'description' | 'base', string>>

function UploadCard({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation()
  const { toasts } = useServices()
  const { upload } = useDocumentMutations()
  const fileId = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File>()
  const [documentType, setDocumentType] = useState<DocumentType | ''>('')
  const [description, setDescription] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const max = formatMegabytes(status.max_bytes)
  const full = status.waiting >= status.max_waiting

  const handleFile = async (chosen: File | undefined) => {
    setFile(chosen)
    const problem = chosen ? await checkFile(chosen, status.max_bytes) : undefined
    setErrors((e) => ({ ...e, attachment: problem && t(problem.key, problem.vars) }))
  }

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = await checkFile(file, status.max_bytes)
    const next: Errors = {
      attachment: problem && t(problem.key, problem.vars),
      document_type: documentType
        ? undefined
        : t('validation.required', { field: t('fields.document_type') }),
      description:
        description.trim().length > DESCRIPTION_MAX_LENGTH
          ? t('validation.too_long', { field: t('fields.description'), max: DESCRIPTION_MAX_LENGTH })
          : undefined,
    }
    setErrors(next)
    if (next.attachment || next.document_type || next.description || !file || !documentType) {
      const first = next.attachment ? fileInput.current : undefined
      first?.focus()
      return
    }
    try {
      await upload.mutateAsync({ file, documentType, description })
      toasts.show({ type: 'success', title: t('verification.uploaded') })
      setFile(undefined)
      setDescription('')
      setDocumentType('')
      if (fileInput.current) fileInput.current.value = ''
    } catch (error) {
      const server = serverErrors(error)
      setErrors({
        attachment: server?.attachment?.[0],
        document_type: server?.document_type?.[0],
        description: server?.description?.[0],
        base:
          server?.base?.[0] ??
          (server?.attachment || server?.document_type || server?.description
            ? undefined
            : t('verification.upload_failed')),
      })
    }
  }

  const describedBy = errors.attachment ? `${fileId}-error` : `${fileId}-hint`
  return (
    <section className={profile.card} aria-labelledby="verification-upload">
      <h2 id="verification-upload">{t('verification.upload_title')}</h2>
      {full && (
        <p className={styles.notice} role="status">
          {t('validation.documents_waiting', { max: status.max_waiting })}
        </p>
      )}
      <form className={formStyles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
        <FormAlert message={errors.base} />
        <SelectField
          label={t('fields.document_type')}
          value={documentType}
          required
          error={errors.document_type}
          onChange={(e) => setDocumentType(e.target.value as DocumentType | '')}
        >
          <option value="">{t('verification.choose_type')}</option>
          {DOCUMENT_TYPES.map((kind) => (
            <option key={kind} value={kind}>
              {t(`verification.kinds.${kind}.title`)}
            </option>
          ))}
        </SelectField>
        <div className={formStyles.field}>
          <label htmlFor={fileId}>{t('fields.attachment')}</label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            className={styles.file}
            accept={[...status.accepted, '.pdf', '.jpg', '.jpeg', '.png', '.webp'].join(',')}
            required
            aria-invalid={errors.attachment ? 'true' : 'false'}
            aria-describedby={describedBy}
            onChange={(e) => void handleFile(e.target.files?.[0])}
          />
          {errors.attachment ? (
            <p id={`${fileId}-error`} className={formStyles.error}>
              {errors.attachment}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className={formStyles.hint}>
              {t('verification.file_hint', { max })}
            </p>
          )}
        </div>
        <TextAreaField
          label={t('fields.description')}
          hint={t('verification.description_hint')}
          value={description}
          maxLength={DESCRIPTION_MAX_LENGTH}
          rows={3}
          error={errors.description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div className={formStyles.actions}>
          <Button type="submit" disabled={upload.isPending || full} aria-busy={upload.isPending}>
            {upload.isPending ? t('verification.uploading') : t('verification.upload')}
          </Button>
          {upload.isPending && (
            <progress className={styles.progress} aria-label={t('verification.uploading')} />
          )}
        </div>
      </form>
    </section>
  )
}

function DocumentsCard({ documents }: { documents: PlayerDocument[] }) {
  const { t, i18n } = useTranslation()
  const { toasts } = useServices()
  const { remove } = useDocumentMutations()
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
  const handleDelete = (doc: PlayerDocument) => {
    remove.mutate(doc.id, {
      onSuccess: () => toasts.show({ type: 'success', title: t('verification.deleted') }),
      onError: (error) =>
        toasts.show({
          type: 'error',
          title: serverErrors(error)?.base?.[0] ?? t('verification.delete_failed'),
        }),
    })
  }
  return (
    <section className={profile.card} aria-labelledby="verification-documents">
      <h2 id="verification-documents">{t('verification.documents_title')}</h2>
      {documents.length === 0 ? (
        <p className={profile.muted}>{t('verification.no_documents')}</p>
      ) : (
        <ul className={styles.documents} data-testid="documents">
          {documents.map((doc) => (
            <li key={doc.id} className={styles.document}>
              <div className={styles.documentHead}>
                <span className={styles.fileName}>{doc.file_name}</span>
                <StateBadge state={STATE_OF_STATUS[doc.status]} />
              </div>
              <p className={profile.muted}>
                {t(`verification.kinds.${doc.document_type}.title`)} ·{' '}
                {t('verification.uploaded_at', { date: date(doc.created_at) })}
              </p>
              {doc.description && <p className={styles.description}>{doc.description}</p>}
              {doc.rejection_reason && (
                <p className={styles.reason}>{t('verification.reason', { reason: doc.rejection_reason })}</p>
              )}
              <div className={styles.actions}>
                <a
                  className={styles.link}
                  href={documentFileUrl(doc.id)}
                  download={doc.file_name}
                  aria-label={t('verification.download_label', { name: doc.file_name })}
                >
                  {t('verification.download')}
                </a>
                {doc.status === 'not_approved' && (
                  <Button
                    variant="ghost"
                    size="small"
                    disabled={remove.isPending}
                    aria-label={t('verification.delete_label', { name: doc.file_name })}
                    onClick={() => handleDelete(doc)}
                  >
                    {t('verification.delete')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
