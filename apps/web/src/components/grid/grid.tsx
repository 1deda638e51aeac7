import type { ElementType, ReactNode } from 'react'
import styles from './grid.module.css'

export function Grid({
  as: Tag = 'div',
  children,
  className,
}: {
  as?: ElementType
  children: ReactNode
  className?: string
}) {
  return <Tag className={[styles.grid, className].filter(Boolean).join(' ')}>{children}</Tag>
}
