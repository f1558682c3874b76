/**
 * The mini-programs' own image viewer. A file of its own so the H5 build never references
 * Taro's H5 previewImage, whose Swiper would land in the first screen's bundle (index.h5.ts
 * uses the light DOM viewer in web-preview.ts instead).
 */
import Taro from '@tarojs/taro'
import type { Host } from './host'

export const taroPreviewImage: Host['previewImage'] = (urls, current) =>
  void Taro.previewImage({ urls, current }).catch(() => undefined)
