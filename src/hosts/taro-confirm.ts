/**
 * The host's confirmation modal through Taro's showModal: resolves on confirm, rejects with the cancel
 * signal (./confirm-signal.ts) on cancel. A module of its own: H5 fetches it the
 * first time a modal is needed (Taro's H5 modal is a few KiB the first screen does without).
 * On H5 the modal is made a dialog (see accessibleModal): focus moves into it and comes back.
 */
import Taro from '@tarojs/taro'
import type { Host } from './host'
import { ConfirmCancelled } from './confirm-signal'

export const taroConfirm: Host['confirm'] = (texts) => {
  const opener = process.env.TARO_ENV === 'h5' ? accessibleModal(texts.cancel !== undefined) : null
  return Taro.showModal({
    title: '',
    content: texts.content,
    // Both texts from the catalogues (the hosts' own are 确定/取消 in every language); the
    // confirm button in the app's colour rather than the hosts' green.
    confirmText: texts.confirm,
    confirmColor: '#8a6400',
    ...(texts.cancel !== undefined ? { cancelText: texts.cancel, showCancel: true } : { showCancel: false })
  })
    .then(
      (r) => !!r.confirm,
      () => false
    )
    .finally(() => opener?.close())
    .then((confirmed) => {
      // A cancel, or a modal that could not show, is the cancel signal; a one-button modal only informs.
      if (!confirmed && texts.cancel !== undefined) throw new ConfirmCancelled()
    })
}

/**
 * Taro's H5 modal is a few divs: no dialog role, buttons that take no focus, the page behind it
 * still in reach of a screen reader and the Tab key. Once it is on the page this makes it an
 * alertdialog named by its text, its buttons focusable buttons (Enter and Space press them: the
 * app's one key listener, index.h5.ts), the page behind inert, Escape the cancel button; focus goes
 * to the safer answer (cancel when there is one) and, when the modal closes, back to the control
 * that opened it (WCAG 2.4.3).
 */
function accessibleModal(hasCancel: boolean): { close(): void } {
  const opener = document.activeElement as HTMLElement | null
  const inerted: Element[] = []
  let modal: HTMLElement | null = null
  const onKey = (e: KeyboardEvent) => {
    if (!modal) return
    const buttons = (Array.from(modal.querySelectorAll('.taro-model__btn')) as HTMLElement[]).filter((b) => b.style.display !== 'none')
    if (e.key === 'Escape') {
      e.preventDefault()
      ;(hasCancel ? (modal.querySelector('.taro-model__cancel') as HTMLElement | null) : buttons[buttons.length - 1])?.click()
    } else if (e.key === 'Tab' && buttons.length > 0) {
      // Focus stays in the dialog.
      const at = buttons.indexOf(document.activeElement as HTMLElement)
      const next = e.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : (at + 1) % buttons.length
      e.preventDefault()
      buttons[next].focus()
    }
  }
  // Taro puts the modal on the page as showModal is called; look once it is there.
  const timer = setTimeout(() => {
    const wrapper = (Array.from(document.querySelectorAll('body > .taro__modal')) as HTMLElement[]).pop()
    const content = wrapper?.querySelector('.taro-modal__content') as HTMLElement | null | undefined
    const text = wrapper?.querySelector('.taro-modal__text') as HTMLElement | null | undefined
    if (!wrapper || !content || !text) return
    modal = content
    text.id = 'so-modal-text'
    // Words stay whole (Taro breaks them anywhere: 'Cancel this or|der?').
    text.style.wordBreak = 'normal'
    text.style.overflowWrap = 'anywhere'
    content.setAttribute('role', 'alertdialog')
    content.setAttribute('aria-modal', 'true')
    content.setAttribute('aria-labelledby', text.id)
    for (const b of Array.from(content.querySelectorAll('.taro-model__btn')) as HTMLElement[]) {
      b.setAttribute('role', 'button')
      b.tabIndex = 0
      // 44 CSS px at least, whatever the line height.
      b.style.minHeight = '48px'
      // The focus ring inside the button: the modal clips what is outside.
      b.style.outlineOffset = '-4px'
    }
    for (const el of Array.from(document.body.children)) {
      if (el !== wrapper && !el.hasAttribute('inert')) {
        el.setAttribute('inert', '')
        inerted.push(el)
      }
    }
    document.addEventListener('keydown', onKey, true)
    const first = content.querySelector(hasCancel ? '.taro-model__cancel' : '.taro-model__confirm') as HTMLElement | null
    first?.focus()
  }, 0)
  return {
    close() {
      clearTimeout(timer)
      document.removeEventListener('keydown', onKey, true)
      for (const el of inerted) el.removeAttribute('inert')
      modal = null
      if (opener && opener !== document.body && opener.isConnected) opener.focus()
    }
  }
}
