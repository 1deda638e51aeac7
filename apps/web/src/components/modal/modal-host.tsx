import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { useServices } from '../../lib/services.tsx'
import { useStore } from '../../lib/store.ts'
import { loadChunk } from '../../lib/chunks.ts'
import type { ModalEntry } from './modal-store.ts'

export interface ModalComponentProps {
  entry: ModalEntry
  close: () => void
}

/** Modal names of spec §2 that have a component; the others arrive with their features. */
export type ModalRegistry = Record<string, LazyExoticComponent<ComponentType<ModalComponentProps>>>

/** A modal from a lazily loaded chunk, by its named export. */
const lazyModal = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType<ModalComponentProps>) =>
  lazy(() => loadChunk(async () => ({ default: pick(await load()) })))

const accountModals = () => import('../../features/account/components/account-modals.tsx')
const emailModals = () => import('../../features/account/components/email-modals.tsx')
// One component for the four cashbox modal names (it reads its flow from the name).
const cashbox = lazyModal(
  () => import('../../features/cashbox/components/cashbox-modal.tsx'),
  (m) => m.CashboxModal,
)

// The modal frame and the confirm prompt load with the first modal, not with every page.
const ConfirmClose = lazy(() => loadChunk(() => import('./confirm-close.tsx')))

export const MODALS: ModalRegistry = {
  support: lazy(() => loadChunk(() => import('../../features/support/components/support-modal.tsx'))),
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
    () => import('../../features/cashbox/components/onramp-modal.tsx'),
    (m) => m.OnrampModal,
  ),
  'complete-profile': lazyModal(
    () => import('../../features/account/components/complete-profile-modal.tsx'),
    (m) => m.CompleteProfileModal,
  ),
}

/** Renders the modal stack; the confirm prompt appears over a modal whose close needs confirmation. */
export function ModalHost() {
  const { modals } = useServices()
  const { stack, confirming } = useStore(modals.store, (s) => s)
  const confirmEntry = stack.find((m) => m.name === confirming)
  return (
    <>
      {stack.map((entry) => {
        const Component = MODALS[entry.name]
        if (!Component) return null
        return (
          <Suspense key={`${entry.name}:${entry.id ?? 0}`} fallback={null}>
            <Component entry={entry} close={() => modals.close(entry.name)} />
          </Suspense>
        )
      })}
      {confirmEntry && (
        <Suspense fallback={null}>
          <ConfirmClose onKeep={() => modals.cancelClose()} onClose={() => modals.confirmClose()} />
        </Suspense>
      )}
    </>
  )
}
