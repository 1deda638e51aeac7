import { useTranslation } from '../../../lib/translation.tsx'
import { Modal } from '../../../components/modal/modal.tsx'
import type { ModalComponentProps } from '../../../components/modal/modal-host.tsx'
import { SignInForm } from './sign-in-form.tsx'
import { SignUpWizard } from './sign-up-wizard.tsx'

/** The login popup (modal name login-form, hash #sign-in). */
export function LoginModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation()
  return (
    <Modal entry={entry} title={t('auth.sign_in_title')} onClose={close}>
      <SignInForm onSignedIn={close} />
    </Modal>
  )
}

/** The sign-up popup (modal name sign-up, hash #sign-up). */
export function SignUpModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation()
  return (
    <Modal entry={entry} title={t('auth.sign_up_title')} onClose={close}>
      <SignUpWizard onDone={close} />
    </Modal>
  )
}
