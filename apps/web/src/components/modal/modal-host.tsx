import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { useServices } from '../../lib/services.tsx'
import { useStore } from '../../lib/store.ts'
import { loadChunk } from '../../lib/chunks.ts'
import type { ModalEntry } from './modal-store.ts'

export interface ModalComponentProps {
  entry: ModalEntry
  close: () => void
}

/** Modal names of spec §2 that have a component (the app's registry: app/modal-registry.ts). */
export type ModalRegistry = Record<string, LazyExoticComponent<ComponentType<ModalComponentProps>>>

// The modal frame and the confirm prompt load with the first modal, not with every page.
const ConfirmClose = lazy(() => loadChunk(() => import('./confirm-close.tsx')))

/**
 * Renders the modal stack from `modals` (the features' modals, registered by the app: components
 * never import features); the confirm prompt appears over a modal whose close needs confirmation.
 */
export function ModalHost({ registry }: { registry: ModalRegistry }) {
  const { modals } = useServices()
  const { stack, confirming } = useStore(modals.store, (s) => s)
  const confirmEntry = stack.find((m) => m.name === confirming)
  return (
    <>
      {stack.map((entry) => {
        const Component = registry[entry.name]
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
