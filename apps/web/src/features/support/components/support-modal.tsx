import { useTranslation } from 'react-i18next'
import { Modal } from '../../../components/modal/modal.tsx'
import type { ModalComponentProps } from '../../../components/modal/modal-host.tsx'
import { ContactForm } from './contact-form.tsx'

/** The support popup (spec §2): the contact form in a modal. */
export default function SupportModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation()
  return (
    <Modal entry={entry} title={t('support.title')} onClose={close}>
      <p>{t('support.modal_intro')}</p>
      <ContactForm />
    </Modal>
  )
}
