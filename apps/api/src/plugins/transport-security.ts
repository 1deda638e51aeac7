import fp from 'fastify-plugin'

/** A year, and every subdomain: browsers then never try the casino over plain HTTP again. */
export const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * Strict-Transport-Security on every response to a request that arrived over TLS (its protocol
 * is https: TLS at this server, or X-Forwarded-Proto from a proxy the app trusts, TRUST_PROXY).
 * Never over plain HTTP: there the header means nothing, and on localhost it would pin the
 * developer's browser to https.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    })
  },
  { name: 'transport-security' },
)
