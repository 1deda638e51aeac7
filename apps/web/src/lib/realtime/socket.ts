/**
 * The browser's WebSocket for the realtime client, but a write to a socket that is closing or
 * closed is dropped without a word. The hub may close a connection (sign-out, a session ended
 * elsewhere, a password reset) while the client still has commands on their way, such as the
 * subscribe commands of the private channels whose tokens arrive in that moment. The browser
 * drops such writes anyway, but logs each one as a console error. The client learns of the close
 * from the socket's close event, as before, and recovers as it always does. A write before the
 * socket opens still throws: that would be a bug in the client.
 */
export function openOnlySocket(Base: typeof WebSocket): typeof WebSocket {
  return class OpenOnlySocket extends Base {
    override send(data: Parameters<WebSocket['send']>[0]): void {
      if (this.readyState === Base.CLOSING || this.readyState === Base.CLOSED) return
      super.send(data)
    }
  }
}
