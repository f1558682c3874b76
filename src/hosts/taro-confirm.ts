/**
 * The host's confirmation modal through Taro's showModal. A module of its own: H5 fetches it the
 * first time a modal is needed (Taro's H5 modal is a few KiB the first screen does without).
 */
import Taro from '@tarojs/taro'
import type { Host } from './host'

export const taroConfirm: Host['confirm'] = (texts) =>
  Taro.showModal({ title: '', content: texts.content, confirmText: texts.confirm, cancelText: texts.cancel, showCancel: texts.cancel !== undefined })
    .then((r) => !!r.confirm)
    .catch(() => false)
