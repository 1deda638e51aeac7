import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops accepting connections and waits (up to `timeoutMs`) for requests in flight to
     * finish. Server rendering calls the api in-process, which Fastify refuses once it is
     * closing, so the drain happens before `close()`.
     */
    drain(timeoutMs: number): Promise<void>
  }
}

export default fp(
  async (app) => {
    const inFlight = new Set<FastifyRequest>()
    let draining = false
    app.addHook('onRequest', async (request) => {
      inFlight.add(request)
    })
    app.addHook('onResponse', async (request) => {
      inFlight.delete(request)
    })
    // A client that hangs up gets no response: its request is no longer in flight either.
    app.addHook('onRequestAbort', async (request) => {
      inFlight.delete(request)
    })
    app.addHook('onSend', async (_request, reply) => {
      // Keep-alive clients reconnect elsewhere instead of reusing a connection to a stopping node.
      if (draining) reply.header('connection', 'close')
    })
    app.decorate('drain', async (timeoutMs: number) => {
      draining = true
      // Node closes idle keep-alive connections along with the listener.
      app.server.close()
      const deadline = Date.now() + timeoutMs
      while (inFlight.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      if (inFlight.size > 0)
        app.log.warn({ requests: [...inFlight].map((r) => `${r.method} ${r.url}`) }, 'drain timed out')
    })
  },
  { name: 'lifecycle' },
)
