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
  // The fresh install prints its first owner's back-office set-up link once it listens.
  let link: string | undefined
  for (let waited = 0; !link && waited < 20_000; waited += 100) {
    link = /\S+\/backoffice\/setup#[A-Za-z0-9_-]+/.exec(server.output())?.[0]
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!link) throw new Error(`no first-owner link printed:\n${server.output()}`)
  project.provide('firstOwnerLink', link)
  return async () => {
    await server.stop()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The back office's first-owner set-up link the server printed at its first start. */
    firstOwnerLink: string
  }
}
