import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ModalController } from './modal-store.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('modal controller', () => {
  it('stacks modals by name, one per name; reopening moves it to the top with new props', () => {
    const m = new ModalController()
    m.open('login-form', { a: 1 })
    m.open('support')
    m.open('login-form', { a: 2 })
    expect(m.stack.map((e) => e.name)).toEqual(['support', 'login-form'])
    expect(m.stack[1]!.props).toEqual({ a: 2 })
  })

  it('hides the overlay after 500 ms unless closed immediately', () => {
    const m = new ModalController()
    m.open('support')
    m.close('support')
    expect(m.stack[0]!.closing).toBe(true)
    vi.advanceTimersByTime(499)
    expect(m.stack).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(m.stack).toHaveLength(0)
    m.open('support')
    m.close('support', { immediate: true })
    expect(m.stack).toHaveLength(0)
  })

  it('asks for confirmation first when flagged, unless the close is immediate', () => {
    const m = new ModalController()
    m.open('cashbox-deposit', {}, { confirmClose: true })
    m.close('cashbox-deposit')
    expect(m.store.get().confirming).toBe('cashbox-deposit')
    expect(m.isOpen('cashbox-deposit')).toBe(true)
    m.cancelClose()
    expect(m.store.get().confirming).toBeNull()
    m.close('cashbox-deposit')
    m.confirmClose()
    vi.advanceTimersByTime(500)
    expect(m.stack).toHaveLength(0)
    m.open('cashbox-deposit', {}, { confirmClose: true })
    m.close('cashbox-deposit', { immediate: true })
    expect(m.stack).toHaveLength(0)
  })

  it('reopening during the close delay keeps the modal', () => {
    const m = new ModalController()
    m.open('support')
    m.close('support')
    vi.advanceTimersByTime(200)
    m.open('support')
    vi.advanceTimersByTime(1000)
    expect(m.isOpen('support')).toBe(true)
  })

  it('starts a modal reopened while closing afresh, and keeps one that is only updated', () => {
    const m = new ModalController()
    m.open('cashbox-deposit')
    const first = m.stack[0]!.id
    m.open('cashbox-deposit', { amount: 50 })
    expect(m.stack[0]!.id).toBe(first)
    m.close('cashbox-deposit')
    m.open('cashbox-deposit')
    expect(m.stack[0]!.id).not.toBe(first)
  })
})
