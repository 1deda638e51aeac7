import { h, icon } from './dom.ts'
import { ICON } from './icons.ts'
import type { Translate } from './i18n.ts'

let counter = 0

export interface DialogHandle {
  dialog: HTMLDialogElement
  body: HTMLElement
  close(): void
}

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert and keeps
 * focus inside, Escape closes it; focus goes back to the control that opened it.
 */
export function openDialog(t: Translate, title: string, body: Node, onClose?: () => void): DialogHandle {
  const id = `gc-dialog-${++counter}`
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
  const close = h('button', {
    type: 'button',
    class: 'gc-icon-button gc-dialog-close',
    'aria-label': t('close'),
    title: t('close'),
  })
  close.append(icon(ICON.close))
  // Focusable, so the keyboard can scroll a long body (rules, paytable) too.
  const content = h('div', { class: 'gc-dialog-body', tabindex: 0 }, body)
  const dialog = h(
    'dialog',
    { class: 'gc-dialog', 'aria-labelledby': id },
    h('div', { class: 'gc-dialog-head' }, h('h2', { id }, title), close),
    content,
  )
  close.addEventListener('click', () => dialog.close())
  // A click on the backdrop (outside the box) closes too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close()
  })
  dialog.addEventListener('close', () => {
    dialog.remove()
    onClose?.()
    if (opener?.isConnected) opener.focus()
  })
  document.body.append(dialog)
  dialog.showModal()
  content.scrollTop = 0
  return { dialog, body: content, close: () => dialog.close() }
}

export const isDialogOpen = (): boolean => document.querySelector('dialog[open]') !== null
