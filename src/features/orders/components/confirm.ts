/**
 * The host's confirmation modal (Taro's showModal on every host); resolves true on confirm.
 * Both button texts must fit 4 Chinese characters (8 Latin ones): the hosts refuse longer ones
 * and show nothing (see modal-limit.ts).
 */
import Taro from '@tarojs/taro'

export function confirmModal(texts: { content: string; confirm: string; cancel: string }): Promise<boolean> {
  return Taro.showModal({ title: '', content: texts.content, confirmText: texts.confirm, cancelText: texts.cancel })
    .then((r) => !!r.confirm)
    .catch(() => false)
}
