/**
 * H5 photos (issue 17; loaded on first use, never on the first screen): picking pictures through
 * a hidden <input type=file accept=image/* multiple>, and uploading one as a multipart form with
 * fetch (the signed fields first, the file as 'file'), straight to object storage. The files
 * stay here, by the path handed out (an object URL, which also shows the thumbnail).
 *
 * A phone camera's photo (often 3–5 MB, or a HEIC the server does not take) is redrawn first as a
 * JPEG of at most 2560 px, as the mini-program hosts' 'compressed' pictures are: on a weak signal
 * it goes in seconds instead of a minute, and its EXIF (GPS) never leaves the phone. A picture the
 * browser cannot draw is kept as picked (the server decides).
 */
import type { HostPhoto } from './host'

const files = new Map<string, Blob>()

/** Pictures above this are redrawn smaller; the longer side at most SHRINK_PIXELS. */
const SHRINK_ABOVE_BYTES = 1024 * 1024
const SHRINK_PIXELS = 2560
const ACCEPTED = /^image\/(jpeg|png|webp)$/
/** An upload that has not finished by then has failed (the diner can send it again). */
const UPLOAD_TIMEOUT_MS = 60_000

/** Up to `count` pictures the diner picks; [] when cancelled. Never throws. */
export function choosePhotos(count: number): Promise<HostPhoto[]> {
  return new Promise((resolve) => {
    try {
      const input = document.createElement('input')
      input.type = 'file'
      input.accept = 'image/*'
      input.multiple = count > 1
      input.style.display = 'none'
      let settled = false
      const done = (photos: HostPhoto[]) => {
        if (settled) return
        settled = true
        input.remove()
        resolve(photos)
      }
      input.addEventListener('change', () => {
        const picked = Array.from(input.files ?? []).slice(0, Math.max(0, count))
        void Promise.all(picked.map(prepare)).then(done, () => done([]))
      })
      // Browsers that tell (Chrome, Safari 16.4+): the picker closed without a choice.
      input.addEventListener('cancel', () => done([]))
      document.body.appendChild(input)
      input.click()
    } catch {
      resolve([])
    }
  })
}

/** The photo as it will be sent: redrawn smaller when large or of a type the server does not take. */
async function prepare(file: File): Promise<HostPhoto> {
  let blob: Blob = file
  let name = file.name || 'photo'
  if (file.size > SHRINK_ABOVE_BYTES || !ACCEPTED.test(file.type)) {
    const smaller = await shrink(file)
    if (smaller) {
      blob = smaller
      name = `${name.replace(/\.[A-Za-z0-9]+$/, '')}.jpg`
    }
  }
  const path = URL.createObjectURL(blob)
  files.set(path, blob)
  return { path, name, size: blob.size, type: blob.type }
}

/** A JPEG of at most SHRINK_PIXELS (turned upright as its EXIF said), or null when the browser cannot draw it. */
async function shrink(file: File): Promise<Blob | null> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
    const scale = Math.min(1, SHRINK_PIXELS / Math.max(bitmap.width, bitmap.height))
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(bitmap.width * scale))
    canvas.height = Math.max(1, Math.round(bitmap.height * scale))
    const g = canvas.getContext('2d')
    if (!g) return null
    // A transparent PNG on white, not black.
    g.fillStyle = '#fff'
    g.fillRect(0, 0, canvas.width, canvas.height)
    g.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    bitmap.close()
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85))
    if (!blob || blob.size === 0) return null
    return blob.size < file.size || !ACCEPTED.test(file.type) ? blob : null
  } catch {
    return null
  }
}

/** The HTTP status of the upload (only 200 is success); 0 when it could not be sent. */
export async function uploadPhoto(target: { url: string; fields: Record<string, string> }, photo: HostPhoto): Promise<number> {
  const file = files.get(photo.path)
  if (!file) return 0
  const form = new FormData()
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value)
  form.append('file', file, photo.name)
  // Not AbortSignal.timeout: older iOS web views (the chat app's) lack it.
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS)
  try {
    const answer = await fetch(target.url, { method: 'POST', body: form, credentials: 'omit', signal: controller.signal })
    return answer.status
  } catch {
    return 0
  } finally {
    clearTimeout(timer)
  }
}

/** Lets go of a photo the diner removed (its File and object URL). */
export function forgetPhoto(path: string): void {
  if (files.delete(path)) URL.revokeObjectURL(path)
}
