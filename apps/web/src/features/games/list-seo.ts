import type { QueryClient } from '@tanstack/react-query'
import type { TFunction } from '../../lib/i18n.ts'
import { gamesPageKey, PRODUCER_PAGE_SIZE, type GamePage } from './api/games.ts'
import { PROVIDERS_KEY, type GameProvider } from './api/lists.ts'
import { ALL_GAMES, listCategory, producerPath, type ListKind } from './list-routes.ts'

export interface ListSeo {
  title: string
  description: string
  keywords: string
  /** A studio page's neighbours (rel prev and next). */
  links?: Array<{ rel: 'prev' | 'next'; path: string }>
}

/**
 * Title, description and keywords of a list page in the page's language; a studio's page also
 * names its neighbours. Read from the route's data in the query cache, so the server and the
 * browser agree.
 */
export function gameListSeo(
  kind: ListKind,
  {
    t,
    queryClient,
    params,
  }: { t: TFunction; queryClient: QueryClient; params: Record<string, string | undefined> },
): ListSeo | undefined {
  if (kind === 'producer') {
    const slug = params.slug ?? ''
    const producer = queryClient.getQueryData<GameProvider[]>(PROVIDERS_KEY)?.find((p) => p.slug === slug)
    if (!producer) return undefined
    const page = Number(params.page ?? 1)
    const games = queryClient.getQueryData<GamePage>(
      gamesPageKey({ providers: [producer.slug] }, page, PRODUCER_PAGE_SIZE),
    )
    const pages = games?.pagination.total_pages ?? 1
    const values = { producer: producer.title, page, pages }
    const links: ListSeo['links'] = []
    if (page > 1) links.push({ rel: 'prev', path: producerPath(producer.slug, page - 1) })
    if (page < pages) links.push({ rel: 'next', path: producerPath(producer.slug, page + 1) })
    return {
      title: t(page > 1 ? 'seo.producer.title_page' : 'seo.producer.title', values),
      description: t('seo.producer.description', values),
      keywords: t('seo.producer.keywords', values),
      links,
    }
  }
  const category = listCategory(kind, params.slug ?? params.id ?? 'all')
  if (category === ALL_GAMES) {
    return {
      title: t('seo.all_games.title'),
      description: t('seo.all_games.description'),
      keywords: t('seo.all_games.keywords'),
    }
  }
  const name = t(`games.categories.${category}`, { defaultValue: '' })
  if (!name) return undefined
  return {
    title: t('seo.category.title', { category: name }),
    description: t('seo.category.description', { category: name }),
    keywords: t('seo.category.keywords', { category: name.toLowerCase() }),
  }
}
