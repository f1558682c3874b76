import { forwardRef, useEffect, useRef, type ForwardedRef } from 'react'
import type { ScrollAreaProps } from './scroll-area'
import './scroll-area.css'

export type { ScrollAreaProps } from './scroll-area'

/**
 * H5: a plain scrolling element. Taro's ScrollView is a web component whose runtime (Stencil,
 * ~19 KiB gzip) was the goods list's only reason to load it, on the first load's critical path.
 * The element itself is what `ref` gets, so a caller scrolls it by setting its scrollTop.
 */
export const ScrollArea = forwardRef(function ScrollArea(
  { className, scrollIntoView, scrollTop, onScroll, children, ...aria }: ScrollAreaProps,
  ref: ForwardedRef<unknown>
) {
  const box = useRef<HTMLDivElement | null>(null)
  useEffect(() => {
    const el = box.current
    const child = el && scrollIntoView ? el.querySelector<HTMLElement>(`#${CSS.escape(scrollIntoView)}`) : null
    if (el && child) el.scrollTop = child.offsetTop
  }, [scrollIntoView])
  useEffect(() => {
    if (box.current && typeof scrollTop === 'number') box.current.scrollTop = scrollTop
  }, [scrollTop])
  return (
    <div
      {...aria}
      ref={(el) => {
        box.current = el
        if (typeof ref === 'function') ref(el)
        else if (ref) ref.current = el
      }}
      className={`so-scroll-area${className ? ` ${className}` : ''}`}
      onScroll={onScroll && ((e) => onScroll({ detail: { scrollTop: e.currentTarget.scrollTop } }))}
    >
      {children}
    </div>
  )
})
