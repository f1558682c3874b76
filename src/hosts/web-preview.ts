/**
 * Full-screen image preview for the H5 build (spec §2 "system page for image preview"): a
 * black layer with the picture, swipe sideways for the next one, tap or Escape to close.
 * Taro's H5 previewImage brings its Swiper component (over 100 KiB gzip) into the first
 * screen's bundle; this does the same job in a few hundred bytes.
 */
export function domPreviewImage(urls: string[], current: string): void {
  if (urls.length === 0) return
  let index = Math.max(0, urls.indexOf(current))
  const layer = document.createElement('div')
  layer.className = 'so-preview'
  layer.setAttribute('role', 'dialog')
  layer.setAttribute('aria-modal', 'true')
  const img = document.createElement('img')
  img.className = 'so-preview__img'
  img.alt = ''
  const counter = document.createElement('div')
  counter.className = 'so-preview__count'
  layer.append(img, counter)
  const show = () => {
    img.src = urls[index]
    counter.textContent = urls.length > 1 ? `${index + 1} / ${urls.length}` : ''
  }
  const close = () => {
    document.removeEventListener('keydown', onKey)
    layer.remove()
  }
  const step = (by: number) => {
    index = (index + by + urls.length) % urls.length
    show()
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close()
    else if (e.key === 'ArrowRight') step(1)
    else if (e.key === 'ArrowLeft') step(-1)
  }
  let startX: number | null = null
  let swiped = false
  layer.addEventListener('touchstart', (e) => {
    startX = e.touches[0]?.clientX ?? null
    swiped = false
  })
  layer.addEventListener('touchend', (e) => {
    const endX = e.changedTouches[0]?.clientX
    if (startX !== null && endX !== undefined && Math.abs(endX - startX) > 40 && urls.length > 1) {
      swiped = true
      step(endX < startX ? 1 : -1)
    }
    startX = null
  })
  layer.addEventListener('click', () => {
    if (!swiped) close()
    swiped = false
  })
  document.addEventListener('keydown', onKey)
  show()
  document.body.appendChild(layer)
}
