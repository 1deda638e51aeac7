import { useCallback } from 'react'
import type { BannerDescription, CmsFile } from '@aurum/shared'
import { useIsMountedLink } from '../../../lib/mounted-routes.ts'
import { useFiles } from '../api/get-files.ts'
import { flattenPagePaths, usePages } from '../api/get-pages.ts'
import { useCmsText } from '../cms-text.ts'

export interface Banner extends BannerDescription {
  id: string
  image: string
}

/**
 * Banners of one slider: CMS files in the slider's category, visible to everyone or to the
 * player's groups, and only when their link (and whatever else they require) leads somewhere.
 */
export function bannersFor(
  files: CmsFile[],
  slider: string,
  groups: number[] = [],
  leadsSomewhere: (href: string) => boolean = () => true,
): Banner[] {
  return files.flatMap((file) => {
    if (!file.categories.includes('banner') || !file.categories.includes(slider)) return []
    try {
      const d = JSON.parse(file.description) as BannerDescription
      if (d.groups.length && !d.groups.some((g) => groups.includes(g))) return []
      if (![d.link, ...(d.requires ?? [])].every(leadsSomewhere)) return []
      return [{ ...d, id: file.id, image: file.url }]
    } catch {
      return []
    }
  })
}

/** The banners of a slider as the visitor sees them: mounted targets only, amounts in their currency. */
export function useBanners(): (slider: string) => Banner[] {
  const files = useFiles().data
  const pages = usePages().data
  const isMounted = useIsMountedLink()
  const cmsText = useCmsText()
  return useCallback(
    (slider: string) => {
      const staticPaths = flattenPagePaths(pages ?? [])
      return bannersFor(files ?? [], slider, [], (href) => isMounted(href, staticPaths)).map((b) => ({
        ...b,
        title: cmsText(b.title),
        text: cmsText(b.text),
        button: cmsText(b.button),
      }))
    },
    [files, pages, isMounted, cmsText],
  )
}
