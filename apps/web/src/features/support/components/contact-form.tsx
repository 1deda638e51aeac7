import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../../../lib/translation.tsx'
import { z } from 'zod'
import { Button } from '../../../components/button/button.tsx'
import { useServices } from '../../../lib/services.tsx'
import { SCROLL_TO_ERROR_EVENT } from '../../../components/modal/modal.tsx'
import { useSendContactMessage, type FieldErrors } from '../api/send-contact-message.ts'
import { FormAlert, formStyles, TextAreaField, TextField } from '../../../components/form/field.tsx'
import { useFieldMessage } from '../../../components/form/use-field-message.ts'

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

  const fieldMessage = useFieldMessage()
  const message = (field: keyof Values) =>
    fieldMessage(field, errors[field]?.message, { min: 10, max: field === 'email' ? 254 : 5_000 })

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
    <form id={id} className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {isSubmitSuccessful && !send.isError && (
        <p className={formStyles.success} role="status">
          {t('support.sent_text')}
        </p>
      )}
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        error={message('email')}
        {...register('email')}
      />
      <TextAreaField
        label={t('fields.content')}
        rows={6}
        hint={t('support.content_hint')}
        error={message('content')}
        {...register('content')}
      />
      <FormAlert message={errors.root?.message} />
      <Button type="submit" disabled={send.isPending} block>
        {send.isPending ? t('support.sending') : t('support.send')}
      </Button>
    </form>
  )
}
