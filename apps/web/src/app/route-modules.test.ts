import path from 'node:path'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { AppServices } from '../lib/services.tsx'
import type { RouteHandle } from './route-seo.ts'
import { createRoutes } from './routes.tsx'

const webRoot = path.resolve(import.meta.dirname, '../..')

const flatten = (routes: RouteObject[]): RouteObject[] =>
  routes.flatMap((r) => [r, ...flatten(r.children ?? [])])

describe('lazy routes name the module they load', () => {
  it('every lazy route carries its source module, and that module is the one it loads', async () => {
    const lazy = flatten(createRoutes({} as AppServices)).filter((r) => typeof r.lazy === 'function')
    expect(lazy.length).toBeGreaterThan(10)
    for (const route of lazy) {
      const module = (route.handle as RouteHandle | undefined)?.module
      expect(module, `route ${route.id}`).toMatch(/^src\/.+\.tsx$/)
      const loaded = (await (route.lazy as () => Promise<{ Component?: unknown }>)()).Component
      const source = (await import(/* @vite-ignore */ path.join(webRoot, module!))) as Record<string, unknown>
      expect(Object.values(source), `route ${route.id} loads ${module}`).toContain(loaded)
    }
  })
})
