import { describe, expect, it } from 'vitest'
import { openOnlySocket } from './socket.ts'

/** Stands in for the browser's WebSocket: its states, and a send that logs as the browser does. */
class BrowserSocket {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSING = 2
  static readonly CLOSED = 3
  readyState = BrowserSocket.CONNECTING
  readonly sent: unknown[] = []
  readonly consoleErrors: string[] = []
  constructor(readonly url: string) {}
  send(data: unknown) {
    if (this.readyState === BrowserSocket.CONNECTING) throw new Error('InvalidStateError')
    if (this.readyState !== BrowserSocket.OPEN)
      this.consoleErrors.push('WebSocket is already in CLOSING or CLOSED state.')
    else this.sent.push(data)
  }
}

describe('the realtime socket', () => {
  const Socket = openOnlySocket(BrowserSocket as unknown as typeof WebSocket)

  it('sends while open and drops writes to a closing or closed socket without a console error', () => {
    const socket = new Socket('ws://casino.test/sock') as unknown as BrowserSocket
    expect(socket.url).toBe('ws://casino.test/sock')
    socket.readyState = BrowserSocket.OPEN
    socket.send('{"id":1}')
    socket.readyState = BrowserSocket.CLOSING
    socket.send('{"id":2}')
    socket.readyState = BrowserSocket.CLOSED
    socket.send('{"id":3}')
    expect(socket.sent).toEqual(['{"id":1}'])
    expect(socket.consoleErrors).toEqual([])
  })

  it('still throws on a write before the socket opens', () => {
    const socket = new Socket('ws://casino.test/sock') as unknown as BrowserSocket
    expect(() => socket.send('{"id":1}')).toThrow('InvalidStateError')
  })
})
