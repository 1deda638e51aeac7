import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router'

/**
 * CMS HTML. The content is written by the operator through the CMS (trusted input);
 * internal links navigate client-side.
 */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate()
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a')
    const href = anchor?.getAttribute('href')
    if (
      !href ||
      !href.startsWith('/') ||
      href.startsWith('//') ||
      event.metaKey ||
      event.ctrlKey ||
      event.button !== 0
    )
      return
    event.preventDefault()
    void navigate(href)
  }
  return <div className={className} onClick={handleClick} dangerouslySetInnerHTML={{ __html: html }} />
}
