import { ScrollView } from '@tarojs/components'
import { forwardRef, type ReactNode } from 'react'

/**
 * A column that scrolls vertically, per host (scroll-area.h5.tsx for the browser). Mini-programs
 * scroll only inside their ScrollView component; `scrollIntoView` brings the child with that id to
 * the top, `scrollTop` moves it (applied when it changes).
 */
export interface ScrollAreaProps {
  className?: string
  scrollIntoView?: string
  scrollTop?: number
  onScroll?(e: { detail: { scrollTop: number } }): void
  role?: string
  'aria-label'?: string
  'aria-orientation'?: 'vertical'
  'data-testid'?: string
  children?: ReactNode
}

export const ScrollArea = forwardRef<unknown, ScrollAreaProps>(function ScrollArea(props, ref) {
  return <ScrollView {...props} ref={ref as never} scrollY enhanced />
})
