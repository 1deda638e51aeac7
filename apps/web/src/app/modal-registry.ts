import { lazy, type ComponentType } from 'react'
import type { ModalComponentProps, ModalRegistry } from '../components/modal/modal-host.tsx'
import { loadChunk } from '../lib/chunks.ts'

/** A modal from a lazily loaded chunk, by its named export. */
const lazyModal = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType<ModalComponentProps>) =>
  lazy(() => loadChunk(async () => ({ default: pick(await load()) })))

const accountModals = () => import('../features/account/components/account-modals.tsx')
const emailModals = () => import('../features/account/components/email-modals.tsx')
// One component for the four cashbox modal names (it reads its flow from the name).
const cashbox = lazyModal(
  () => import('../features/cashbox/components/cashbox-modal.tsx'),
  (m) => m.CashboxModal,
)

/**
 * The modals of spec §2 that have a component, each in a lazy chunk of its feature; the others
 * arrive with their features. The app registers them: the modal host (components/) renders what
 * it is given and never imports a feature.
 */
export const MODALS: ModalRegistry = {
  support: lazy(() => loadChunk(() => import('../features/support/components/support-modal.tsx'))),
  'login-form': lazyModal(accountModals, (m) => m.LoginModal),
  'sign-up': lazyModal(accountModals, (m) => m.SignUpModal),
  'password-reminder': lazyModal(emailModals, (m) => m.PasswordReminderModal),
  'new-password': lazyModal(emailModals, (m) => m.NewPasswordModal),
  'email-verify': lazyModal(emailModals, (m) => m.EmailVerifyModal),
  'cashbox-dashboard': cashbox,
  'cashbox-deposit': cashbox,
  'cashbox-withdraw': cashbox,
  'cashbox-deposit-fast': cashbox,
  'cashbox-deposit-onramp': lazyModal(
    () => import('../features/cashbox/components/onramp-modal.tsx'),
    (m) => m.OnrampModal,
  ),
  'complete-profile': lazyModal(
    () => import('../features/account/components/complete-profile-modal.tsx'),
    (m) => m.CompleteProfileModal,
  ),
}
