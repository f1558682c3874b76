/**
 * Mini-program photos (issue 17; imported by the weapp and alipay hosts only): the chat-app's
 * chooseMedia / uploadFile through Taro, the payment app's my.chooseImage / my.uploadFile
 * (fileType 'image', the file field named 'file'). Temp file paths are the handles.
 */
import Taro from '@tarojs/taro'
import type { HostPhoto } from './host'

const TYPE_OF_EXT: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

/** The MIME type a temp path's extension names ('' unknown: the server decodes the file anyway). */
export function typeOfPath(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? ''
  return TYPE_OF_EXT[ext] ?? ''
}

const nameOf = (path: string): string => path.split('/').pop() || 'photo'

/** The chat-app: Taro.chooseMedia (pictures only, compressed). */
export async function weappChoosePhotos(count: number): Promise<HostPhoto[]> {
  try {
    const r = await Taro.chooseMedia({ count, mediaType: ['image'], sizeType: ['compressed'], sourceType: ['album', 'camera'] })
    return (r.tempFiles ?? []).slice(0, count).map((f) => ({
      path: f.tempFilePath,
      name: nameOf(f.tempFilePath),
      size: f.size,
      type: typeOfPath(f.tempFilePath),
      ...(f.width ? { width: f.width } : {}),
      ...(f.height ? { height: f.height } : {})
    }))
  } catch {
    return []
  }
}

/** The chat-app: Taro.uploadFile, the signed fields as formData and the file as 'file'. */
export async function weappUploadPhoto(target: { url: string; fields: Record<string, string> }, photo: HostPhoto): Promise<number> {
  try {
    const r = await Taro.uploadFile({ url: target.url, filePath: photo.path, name: 'file', formData: target.fields, timeout: 60_000 })
    return Number(r.statusCode) || 0
  } catch (error) {
    // Taro rejects a completed upload with a status it does not like on some hosts: keep the status.
    return Number((error as { statusCode?: unknown })?.statusCode) || 0
  }
}

/** The payment app: my.chooseImage, then each file's size from my.getFileInfo. */
export function alipayChoosePhotos(count: number): Promise<HostPhoto[]> {
  return new Promise((resolve) => {
    try {
      my.chooseImage({
        count,
        sizeType: ['compressed'],
        sourceType: ['album', 'camera'],
        success: (r) => {
          const paths = (r.tempFilePaths ?? r.apFilePaths ?? []).slice(0, count)
          void Promise.all(paths.map((path) => alipayPhoto(path))).then(resolve, () => resolve([]))
        },
        fail: () => resolve([])
      })
    } catch {
      resolve([])
    }
  })
}

function alipayPhoto(path: string): Promise<HostPhoto> {
  return new Promise((resolve) => {
    const photo = { path, name: nameOf(path), type: typeOfPath(path) }
    try {
      my.getFileInfo({ apFilePath: path, success: (r) => resolve({ ...photo, size: Number(r.size) || 0 }), fail: () => resolve({ ...photo, size: 0 }) })
    } catch {
      resolve({ ...photo, size: 0 })
    }
  })
}

/** The payment app: my.uploadFile (fileType 'image', field 'file'). */
export function alipayUploadPhoto(target: { url: string; fields: Record<string, string> }, photo: HostPhoto): Promise<number> {
  return new Promise((resolve) => {
    try {
      my.uploadFile({
        url: target.url,
        filePath: photo.path,
        fileName: 'file',
        fileType: 'image',
        formData: target.fields,
        success: (r) => resolve(Number(r.statusCode) || 0),
        fail: (e) => resolve(Number(e?.statusCode) || 0)
      })
    } catch {
      resolve(0)
    }
  })
}

/** The payment app's global (alipay builds only). */
declare const my: {
  chooseImage(options: {
    count: number
    sizeType?: string[]
    sourceType?: string[]
    success(r: { tempFilePaths?: string[]; apFilePaths?: string[] }): void
    fail(): void
  }): void
  getFileInfo(options: { apFilePath: string; success(r: { size?: number }): void; fail(): void }): void
  uploadFile(options: {
    url: string
    filePath: string
    fileName: string
    fileType: 'image'
    formData: Record<string, string>
    success(r: { statusCode?: number }): void
    fail(e?: { statusCode?: number }): void
  }): void
}
