import { LOCALES, type Locale } from '@aurum/shared'
import { localizedPath, shouldNoindex } from './url.ts'

export interface SeoMeta {
  title: string
  description: string
  keywords: string
  /** A paged list's neighbours, as paths of the app (rel prev and next). */
  links?: Array<{ rel: 'prev' | 'next'; path: string }>
}

export interface HeadTags {
  title: string
  meta: Array<{ name: string; content: string }>
  links: Array<{ rel: string; href: string; hreflang?: string }>
}

/** Title, description, keywords, canonical, hreflang per language and noindex for one route (spec §2). */
export function buildHead(
  seo: SeoMeta,
  opts: {
    origin: string
    path: string
    search?: string
    locale: Locale
    defaultLocale: Locale
    guest: boolean
    brand: string
  },
): HeadTags {
  const { origin, path, locale, defaultLocale, guest, brand } = opts
  const title = seo.title.includes(brand) ? seo.title : `${seo.title} | ${brand}`
  const robots = guest || shouldNoindex(path) ? 'noindex, nofollow' : 'index, follow'
  const url = (l: Locale) => origin + localizedPath(path, l, defaultLocale, guest)
  const links: HeadTags['links'] = [{ rel: 'canonical', href: url(locale) }]
  for (const link of seo.links ?? []) {
    links.push({ rel: link.rel, href: origin + localizedPath(link.path, locale, defaultLocale, guest) })
  }
  if (!guest) {
    for (const l of LOCALES) links.push({ rel: 'alternate', hreflang: l, href: url(l) })
    links.push({ rel: 'alternate', hreflang: 'x-default', href: url(defaultLocale) })
  }
  return {
    title,
    meta: [
      { name: 'description', content: seo.description },
      { name: 'keywords', content: seo.keywords },
      { name: 'robots', content: robots },
      { name: 'og:title', content: title },
      { name: 'og:description', content: seo.description },
    ],
    links,
  }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function renderHead(head: HeadTags): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    ...head.meta.map((m) =>
      m.name.startsWith('og:')
        ? `<meta property="${m.name}" content="${escapeHtml(m.content)}" data-seo>`
        : `<meta name="${m.name}" content="${escapeHtml(m.content)}" data-seo>`,
    ),
    ...head.links.map(
      (l) =>
        `<link rel="${l.rel}"${l.hreflang ? ` hreflang="${l.hreflang}"` : ''} href="${escapeHtml(l.href)}" data-seo>`,
    ),
  ].join('\n    ')
}

/** Replaces the SEO tags in document.head after a client-side navigation. */
export function applyHead(head: HeadTags): void {
  document.title = head.title
  document.head.querySelectorAll('[data-seo]').forEach((el) => el.remove())
  const fragment = document.createDocumentFragment()
  for (const m of head.meta) {
    const el = document.createElement('meta')
    el.setAttribute(m.name.startsWith('og:') ? 'property' : 'name', m.name)
    el.content = m.content
    el.dataset.seo = ''
    fragment.append(el)
  }
  for (const l of head.links) {
    const el = document.createElement('link')
    el.rel = l.rel
    el.href = l.href
    if (l.hreflang) el.hreflang = l.hreflang
    el.dataset.seo = ''
    fragment.append(el)
  }
  document.head.append(fragment)
}
