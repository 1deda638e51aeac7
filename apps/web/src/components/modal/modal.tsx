import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useTranslation } from '../../lib/translation.tsx'
import type { ModalEntry } from './modal-store.ts'
import styles from './modal.module.css'

export const SCROLL_TO_ERROR_EVENT = 'scrollToError'

interface ModalProps {
  entry: ModalEntry
  title: string
  onClose: () => void
  footer?: ReactNode
  children: ReactNode
}

/**
 * The common modal (spec §2): toolbar with a close icon, scrolling body, footer.
 * Escape and the overlay close it (unless blocked); focus moves in and is trapped;
 * a `scrollToError` event scrolls the body to the first invalid field.
 */
export function Modal({ entry, title, onClose, footer, children }: ModalProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const previous = document.activeElement as HTMLElement | null
    const focusable = () =>
      Array.from(
        dialog.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
        ),
      )
    ;(focusable()[1] ?? focusable()[0] ?? dialog).focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onClose()
      }
      if (event.key !== 'Tab') return
      const items = focusable()
      if (!items.length) return
      const first = items[0]!
      const last = items[items.length - 1]!
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    const onScrollToError = () => {
      const invalid = bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
      invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' })
      invalid?.focus()
    }
    dialog.addEventListener('keydown', onKey)
    dialog.addEventListener(SCROLL_TO_ERROR_EVENT, onScrollToError)
    return () => {
      dialog.removeEventListener('keydown', onKey)
      dialog.removeEventListener(SCROLL_TO_ERROR_EVENT, onScrollToError)
      previous?.focus?.()
    }
  }, [onClose])

  const { flags } = entry
  const dialogClass = [
    styles.dialog,
    flags.fullScreen && styles.fullScreen,
    flags.fullScreenMobile && styles.fullScreenMobile,
    flags.bottomSide && styles.bottomSide,
  ]
    .filter(Boolean)
    .join(' ')

  return (
    <div
      className={`${styles.overlay} ${entry.closing ? styles.closing : ''}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !flags.blockCloseOnOverlay) onClose()
      }}
    >
      <div
        ref={dialogRef}
        className={dialogClass}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-modal={entry.name}
      >
        <div className={styles.toolbar}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {flags.showClose !== false && (
            <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')}>
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          )}
        </div>
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  )
}

export { styles as modalStyles }
