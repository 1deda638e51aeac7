import crypto from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { isIconId, isThemeId, previewSvg } from '@aurum/game-art'
import { AppError } from '../../lib/errors.ts'
import type { Catalogue } from './catalogue.ts'

const KINDS = new Set(['slot', 'roulette', 'blackjack', 'live_roulette'])

/**
 * Lobby tiles: each game's preview, drawn from its theme and symbols (@aurum/game-art), served
 * from the casino's origin like a provider's images mirrored to a CDN. Deterministic, so cached
 * for a day and validated by ETag.
 */
export const gameArtRoutes: FastifyPluginAsyncZod<{ catalogue: Catalogue }> = async (app, { catalogue }) => {
  const cache = new Map<string, { svg: string; etag: string }>()
  app.get(
    '/game-art/:provider/:file',
    {
      schema: {
        tags: ['games'],
        summary: 'A game’s preview picture (SVG, 4:3)',
        params: z.strictObject({
          provider: z.string().regex(/^[a-z0-9-]{1,50}$/),
          file: z.string().regex(/^[a-z0-9-]{1,100}\.svg$/),
        }),
        headers: z.object({ 'if-none-match': z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const key = `${request.params.provider}/${request.params.file}`
      let entry = cache.get(key)
      if (!entry) {
        const game = await catalogue.art(request.params.provider, request.params.file.slice(0, -4))
        if (!game || !isThemeId(game.theme)) throw new AppError('not_found', 404)
        const svg = previewSvg({
          identifier: game.identifier,
          title: game.title,
          studio: game.studio,
          theme: game.theme,
          icons: game.icons.filter(isIconId).slice(0, 4),
          kind: KINDS.has(game.type) ? (game.type as 'slot') : 'slot',
        })
        entry = { svg, etag: `"${crypto.createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"` }
        cache.set(key, entry)
      }
      reply.header('cache-control', 'public, max-age=86400').header('etag', entry.etag)
      if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send()
      return reply.type('image/svg+xml; charset=utf-8').send(entry.svg)
    },
  )
}
