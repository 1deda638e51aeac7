import { Redis } from 'ioredis'

export type { Redis }

type Log = Record<'error' | 'warn' | 'info', (obj: object, msg: string) => void>

/** The URL without its password, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'redis://(unparsable URL)'
  }
}

/**
 * Connects to Redis and resolves once it answers, or rejects with a clear message when it does
 * not (a node that cannot reach its Redis must not start). After that the client reconnects on
 * its own; a dropped connection is logged, never an uncaught error.
 */
export async function connectRedis(url: string, log: Log): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    // During an outage a request fails after a couple of reconnection attempts instead of hanging.
    maxRetriesPerRequest: 2,
  })
  const where = redactRedisUrl(url)
  let lastError: Error | undefined
  let down = false
  client.on('error', (err: Error) => {
    lastError = err
    // Each failed reconnection attempt repeats the error: log the first of an outage only.
    if (!down) log.error({ err: err.message, redis: where }, 'redis connection error')
    down = true
  })
  client.on('close', () => {
    // 'end' is a deliberate quit; anything else is a dropped connection that will be retried.
    if (down || client.status === 'end') return
    down = true
    log.warn({ redis: where }, 'redis connection lost: reconnecting')
  })
  client.on('ready', () => {
    if (down) log.info({ redis: where }, 'redis connection restored')
    down = false
  })
  try {
    await client.connect()
  } catch (error) {
    client.disconnect()
    // The rejection only says the connection closed; the error event said why.
    throw new Error(
      `REDIS_URL: cannot connect to ${where} (${lastError?.message ?? (error as Error).message})`,
      { cause: error },
    )
  }
  return client
}

/** Closes the connection politely when it is up, at once when it is not (an outage must not hold up a stop). */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== 'ready') return client.disconnect()
  await client.quit().catch(() => client.disconnect())
}
