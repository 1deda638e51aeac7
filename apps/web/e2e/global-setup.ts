import type { TestProject } from 'vitest/node'
import { ensureBuild } from '../../../scripts/start.mjs'
import { startServer } from '../../../scripts/server-process.ts'

/**
 * Builds if needed and starts the server on a fresh embedded database as `npm start` does,
 * but outside production so the development outbox page (e-mails) is there to read.
 */
export default async function setup(project: TestProject) {
  ensureBuild()
  // Every journey registers its players from 127.0.0.1: more than a real address would.
  const server = await startServer({ NODE_ENV: 'test', REGISTRATIONS_PER_HOUR: '200' })
  await server.ready()
  project.provide('baseURL', server.base)
  return async () => {
    await server.stop()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}
