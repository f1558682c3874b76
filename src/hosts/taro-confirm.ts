/**
 * The host's confirmation modal through Taro's showModal. A module of its own: H5 fetches it the
 * first time a modal is needed (Taro's H5 modal is a few KiB the first screen does without).
 */
import Taro from '@tarojs/taro'
import type { Host } from './host'

export const taroConfirm: Host['confirm'] = (texts) =>
  Taro.showModal({
    title: '',
    content: texts.content,
    // Both texts from the catalogues (the hosts' own are 确定/取消 in every language); the
    // confirm button in the app's colour rather than the hosts' green.
    confirmText: texts.confirm,
    confirmColor: '#8a6400',
    ...(texts.cancel !== undefined ? { cancelText: texts.cancel, showCancel: true } : { showCancel: false })
  })
    .then((r) => !!r.confirm)
    .catch(() => false)
