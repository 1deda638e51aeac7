import type { TestProject } from 'vitest/node'
import { ensureBuild } from '../../../scripts/start.mjs'
import { startServer } from '../../../scripts/server-process.ts'

/** Builds if needed and starts the production server on a fresh embedded database, as `npm start` does. */
export default async function setup(project: TestProject) {
  ensureBuild()
  const server = await startServer()
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
