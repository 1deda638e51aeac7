import { useTranslation } from '../../../lib/translation.tsx'
import { Modal } from '../../../components/modal/modal.tsx'
import type { ModalComponentProps } from '../../../components/modal/modal-host.tsx'
import { usePlayer } from '../../account/api/get-player.ts'
import { TermsAcceptance } from '../../account/components/terms-acceptance.tsx'
import { ContactForm } from './contact-form.tsx'

/**
 * The support popup (spec §2): the contact form in a modal. Forced open while the player's
 * terms acceptance is missing; then it asks for the acceptance first and stays until given.
 */
export default function SupportModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation()
  const player = usePlayer()
  const termsMissing = !!player?.auth_fields_missed.includes('terms_acceptance')
  return (
    <Modal entry={entry} title={t('support.title')} onClose={close}>
      {termsMissing && <TermsAcceptance onAccepted={close} />}
      <p>{t('support.modal_intro')}</p>
      <ContactForm />
    </Modal>
  )
}
