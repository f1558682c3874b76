/**
 * H5 photos (issue 17; loaded on first use, never on the first screen): picking pictures through
 * a hidden <input type=file accept=image/* multiple>, and uploading one as a multipart form with
 * fetch (the signed fields first, the file as 'file'), straight to object storage. The File
 * objects stay here, by the path handed out (an object URL, which also shows the thumbnail).
 */
import type { HostPhoto } from './host'

const files = new Map<string, File>()

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
        done(
          picked.map((file) => {
            const path = URL.createObjectURL(file)
            files.set(path, file)
            return { path, name: file.name || 'photo', size: file.size, type: file.type }
          })
        )
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

/** The HTTP status of the upload (only 200 is success); 0 when it could not be sent. */
export async function uploadPhoto(target: { url: string; fields: Record<string, string> }, photo: HostPhoto): Promise<number> {
  const file = files.get(photo.path)
  if (!file) return 0
  const form = new FormData()
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value)
  form.append('file', file, photo.name)
  try {
    const answer = await fetch(target.url, { method: 'POST', body: form, credentials: 'omit' })
    return answer.status
  } catch {
    return 0
  }
}

/** Lets go of a photo the diner removed (its File and object URL). */
export function forgetPhoto(path: string): void {
  if (files.delete(path)) URL.revokeObjectURL(path)
}
