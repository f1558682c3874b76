/**
 * PhotoUploads (issue 17): photos picked through the host, one FileBatchNameGet per upload() for
 * the photos not uploaded yet, each sent through the host's uploadPhoto, only HTTP 200 counted as
 * success; a failed one keeps its place with why and goes again on retry, an uploaded one never
 * goes twice; type and size said before anything is sent.
 */
import { GatewayError } from '../../src/gateway/gateway-client'
import { RESULTCODES } from '../../src/gateway/codes'
import type { HostPhoto } from '../../src/hosts/host'
import { PhotoUploads, type UploadsGateway, type UploadsHost } from '../../src/features/uploads/upload.store'

const photo = (name: string, over: Partial<HostPhoto> = {}): HostPhoto => ({ path: `blob:${name}`, name, size: 1000, type: 'image/jpeg', ...over })

function setup(opts: { picks?: HostPhoto[][]; statuses?: number[]; fail?: unknown } = {}) {
  const requests: { Purpose: string; Files: { FileName: string; FileSize: number; FileType: string }[] }[] = []
  const sent: { url: string; fields: Record<string, string>; path: string }[] = []
  let n = 0
  const gateway: UploadsGateway = {
    async request(_op, records) {
      const record = records![0]
      requests.push(record as (typeof requests)[number])
      if (opts.fail) throw opts.fail
      return {
        table1: record.Files.map((f) => {
          const id = `F${++n}`
          return { FileID: id, FileName: f.FileName, ObjectKey: `uploads/k/${id}`, UploadUrl: 'https://store.example/up', FormFields: { key: `uploads/k/${id}` }, ExpiresAt: '', MaxBytes: 5242880 }
        })
      }
    }
  }
  const picks = [...(opts.picks ?? [])]
  const statuses = [...(opts.statuses ?? [])]
  const host: UploadsHost = {
    choosePhotos: async (count) => (picks.shift() ?? []).slice(0, count),
    uploadPhoto: async (target, p) => {
      sent.push({ url: target.url, fields: target.fields, path: p.path })
      return statuses.length ? statuses.shift()! : 200
    }
  }
  return { store: new PhotoUploads(gateway, host, 'review'), requests, sent }
}

test('picked photos upload through the host with their signed forms; the FileIDs come back in order', async () => {
  const { store, requests, sent } = setup({ picks: [[photo('a.jpg'), photo('b.png', { type: 'image/png', width: 10, height: 20 })]] })
  await store.add()
  expect(store.photos.map((p) => p.state)).toEqual(['waiting', 'waiting'])
  expect(await store.upload()).toEqual(['F1', 'F2'])
  expect(requests).toEqual([
    {
      Purpose: 'review',
      Files: [
        { FileName: 'a.jpg', FileSize: 1000, FileType: 'image/jpeg' },
        { FileName: 'b.png', FileSize: 1000, FileType: 'image/png', Width: 10, Height: 20 }
      ]
    }
  ])
  expect(sent.map((s) => [s.path, s.fields.key])).toEqual([
    ['blob:a.jpg', 'uploads/k/F1'],
    ['blob:b.png', 'uploads/k/F2']
  ])
  // Nothing left to send: no second request.
  expect(await store.upload()).toEqual(['F1', 'F2'])
  expect(requests).toHaveLength(1)
})

test('only 200 is success: a 204 or a failure to send fails that photo; retry sends only the failed ones', async () => {
  const { store, sent, requests } = setup({ picks: [[photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]], statuses: [200, 204, 0] })
  await store.add()
  expect(await store.upload()).toBeNull()
  expect(store.photos.map((p) => [p.state, p.problem])).toEqual([
    ['done', null],
    ['failed', 'refused'],
    ['failed', 'network']
  ])
  expect(store.fileIds).toEqual(['F1'])
  expect(await store.retry()).toEqual(['F1', 'F4', 'F5'])
  expect(requests[1].Files.map((f) => f.FileName)).toEqual(['b.jpg', 'c.jpg'])
  expect(sent.map((s) => s.path)).toEqual(['blob:a.jpg', 'blob:b.jpg', 'blob:c.jpg', 'blob:b.jpg', 'blob:c.jpg'])
})

test('a picture of another type or over 5 MB is said at once and never sent', async () => {
  const { store, requests, sent } = setup({ picks: [[photo('a.heic', { type: 'image/heic' }), photo('b.jpg', { size: 5242881 }), photo('c.jpg')]] })
  await store.add()
  expect(store.photos.map((p) => p.problem)).toEqual(['type', 'size', null])
  expect(await store.upload()).toBeNull()
  expect(requests[0].Files.map((f) => f.FileName)).toEqual(['c.jpg'])
  expect(sent).toHaveLength(1)
  store.remove(store.photos[0].id)
  store.remove(store.photos[0].id)
  expect(await store.upload()).toEqual(['F1'])
})

test('at most MAX_PHOTOS: the picker is asked for the room left, and add is gone when full', async () => {
  const six = Array.from({ length: 6 }, (_, i) => photo(`${i}.jpg`))
  const { store } = setup({ picks: [six.slice(0, 4), six, []] })
  await store.add()
  expect(store.room).toBe(2)
  await store.add()
  expect(store.photos).toHaveLength(6)
  expect(store.canAdd).toBe(false)
})

test("the server's refusal fails every photo of the call with its reason", async () => {
  const { store } = setup({ picks: [[photo('a.jpg')]], fail: new GatewayError('business', 'The file is too large', 'FileBatchNameGet', '0', RESULTCODES.UPLOAD_TOO_LARGE) })
  await store.add()
  expect(await store.upload()).toBeNull()
  expect(store.photos[0]).toMatchObject({ state: 'failed', problem: 'size' })
})

test('a host without photos offers none', () => {
  const store = new PhotoUploads({ request: async () => ({}) }, {}, 'avatar')
  expect(store.available).toBe(false)
  expect(store.canAdd).toBe(false)
})
