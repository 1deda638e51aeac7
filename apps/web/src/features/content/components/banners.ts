import type { BannerDescription, CmsFile } from '@aurum/shared'

export interface Banner extends BannerDescription {
  id: string
  image: string
}

/** Banners of one slider: CMS files in the slider's category, visible to everyone or to the player's groups. */
export function bannersFor(files: CmsFile[], slider: string, groups: number[] = []): Banner[] {
  return files.flatMap((file) => {
    if (!file.categories.includes('banner') || !file.categories.includes(slider)) return []
    try {
      const d = JSON.parse(file.description) as BannerDescription
      if (d.groups.length && !d.groups.some((g) => groups.includes(g))) return []
      return [{ ...d, id: file.id, image: file.url }]
    } catch {
      return []
    }
  })
}
