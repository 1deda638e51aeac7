import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Button } from '../../../components/button/button.tsx'
import { useServices } from '../../../lib/services.tsx'
import { SCROLL_TO_ERROR_EVENT } from '../../../components/modal/modal.tsx'
import { useSendContactMessage, type FieldErrors } from '../api/send-contact-message.ts'
import styles from './contact-form.module.css'

const schema = z.object({
  email: z.email('validation.email').max(254, 'validation.too_long'),
  content: z.string().trim().min(10, 'validation.too_short').max(5_000, 'validation.too_long'),
})
type Values = z.infer<typeof schema>

/** The support contact form: validated here and on the server, whose messages are shown per field. */
export function ContactForm({ onSent }: { onSent?: () => void }) {
  const { t } = useTranslation()
  const { toasts, logger } = useServices()
  const id = useId()
  const send = useSendContactMessage()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitSuccessful },
  } = useForm<Values>({ resolver: zodResolver(schema), mode: 'onTouched' })

  const label = (field: keyof Values) => t(`fields.${field}`)
  const message = (field: keyof Values) => {
    const key = errors[field]?.message
    if (!key) return undefined
    // Backend messages go through BACK_END_VALIDATION and fall back to the raw text (spec §5).
    return key.startsWith('validation.')
      ? t(key, { field: label(field), min: 10, max: field === 'email' ? 254 : 5_000 })
      : t(`BACK_END_VALIDATION.${key}`, { defaultValue: key })
  }

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await send.mutateAsync(values)
        reset()
        toasts.show({ type: 'success', title: t('support.sent_title'), text: t('support.sent_text') })
        onSent?.()
      } catch (error) {
        if (error && typeof error === 'object' && !(error instanceof Error)) {
          for (const [field, messages] of Object.entries(error as FieldErrors)) {
            const name = field as keyof Values
            setError(name in schema.shape ? name : 'root', { message: messages[0] })
          }
        } else {
          logger.log('error', 'SEND_CONTACT_MESSAGE_ERROR', error)
          setError('root', { message: t('support.failed') })
        }
      }
    },
    () => document.getElementById(id)?.dispatchEvent(new Event(SCROLL_TO_ERROR_EVENT, { bubbles: true })),
  )

  return (
    <form id={id} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {isSubmitSuccessful && !send.isError && (
        <p className={styles.success} role="status">
          {t('support.sent_text')}
        </p>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>{label('email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? 'true' : 'false'}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          {...register('email')}
        />
        {errors.email && (
          <p id={`${id}-email-error`} className={styles.error}>
            {message('email')}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-content`}>{label('content')}</label>
        <textarea
          id={`${id}-content`}
          rows={6}
          aria-invalid={errors.content ? 'true' : 'false'}
          aria-describedby={errors.content ? `${id}-content-error` : `${id}-content-hint`}
          {...register('content')}
        />
        {errors.content ? (
          <p id={`${id}-content-error`} className={styles.error}>
            {message('content')}
          </p>
        ) : (
          <p id={`${id}-content-hint`} className={styles.hint}>
            {t('support.content_hint')}
          </p>
        )}
      </div>
      {errors.root && (
        <p className={styles.error} role="alert">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" disabled={send.isPending} block>
        {send.isPending ? t('support.sending') : t('support.send')}
      </Button>
    </form>
  )
}
