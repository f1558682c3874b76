/**
 * issue 17: after — the avatar on the profile page: one photo picked through the host, uploaded as
 * an 'avatar' upload (only HTTP 200 counts), named to VipAvatarUpdate; the member row answered goes
 * back to the member store; Remove asks first and sends FileID ''.
 */
import { AvatarStore, type AvatarGateway } from '../../src/features/member/avatar.store'
import type { HostPhoto } from '../../src/hosts/host'
import type { VipRow } from '../../src/gateway/member-rows'
import { translate } from '../../src/i18n/translate'
import type { MessageKey } from '../../src/i18n/catalogues'
import { ConfirmCancelled } from '../../src/hosts/confirm-signal'

const photo = (over: Partial<HostPhoto> = {}): HostPhoto => ({ path: 'blob:me', name: 'me.jpg', size: 2000, type: 'image/jpeg', ...over })
const vip = (HeadImg: string) => ({ VipID: 'V1', VipName: 'Ana', HeadImg }) as VipRow

function setup(opts: { picks?: HostPhoto[]; status?: number; confirm?: boolean; noHostPhotos?: boolean } = {}) {
  const calls: { op: string; record: Record<string, unknown> }[] = []
  const gateway = {
    async request(op: string, records?: Record<string, unknown>[]) {
      const record = records![0]
      calls.push({ op, record })
      if (op === 'FileBatchNameGet') return { table1: [{ FileID: 'F9', FileName: 'me.jpg', ObjectKey: 'k', UploadUrl: 'https://store.example/up', FormFields: { key: 'k' }, ExpiresAt: '', MaxBytes: 5242880 }] }
      return { table1: [vip(record.FileID ? 'https://store.example/images/F9.jpg' : '')], table2: [] }
    }
  } as unknown as AvatarGateway
  const host = opts.noHostPhotos
    ? {}
    : { choosePhotos: async (n: number) => (opts.picks ?? [photo()]).slice(0, n), uploadPhoto: async () => opts.status ?? 200 }
  const applied: VipRow[] = []
  const confirm = jest.fn(async (_: { content: string; confirm: string; cancel: string }) => {
    if (!(opts.confirm ?? true)) throw new ConfirmCancelled()
  })
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate('en', key, params)
  const store = new AvatarStore(gateway, host, { t, onVip: (row) => applied.push(row), confirm })
  return { store, calls, applied, confirm }
}

test('Change photo: one photo uploaded as an avatar upload, then VipAvatarUpdate with its FileID; the new row is applied', async () => {
  const { store, calls, applied } = setup()
  expect(await store.change()).toBe(true)
  expect(calls.map((c) => c.op)).toEqual(['FileBatchNameGet', 'VipAvatarUpdate'])
  expect(calls[0].record).toMatchObject({ Purpose: 'avatar', Files: [{ FileName: 'me.jpg', FileSize: 2000, FileType: 'image/jpeg' }] })
  expect(calls[1].record).toEqual({ FileID: 'F9' })
  expect(applied.map((r) => r.HeadImg)).toEqual(['https://store.example/images/F9.jpg'])
  expect(store.busy).toBe(false)
  expect(store.error).toBe('')
})

test('the storage answering anything but 200 changes nothing and says so; a cancelled pick does nothing', async () => {
  const refused = setup({ status: 403 })
  expect(await refused.store.change()).toBe(false)
  expect(refused.calls.map((c) => c.op)).toEqual(['FileBatchNameGet'])
  expect(refused.applied).toEqual([])
  expect(refused.store.error).toBe('The photo could not be uploaded. Please try again.')

  const tooBig = setup({ picks: [photo({ size: 6_000_000 })] })
  expect(await tooBig.store.change()).toBe(false)
  expect(tooBig.calls).toEqual([])
  expect(tooBig.store.error).toBe('The photo is larger than 5 MB')

  const cancelled = setup({ picks: [] })
  expect(await cancelled.store.change()).toBe(false)
  expect(cancelled.calls).toEqual([])
  expect(cancelled.store.error).toBe('')
})

test('Remove asks first; declined sends nothing, confirmed sends FileID ""', async () => {
  const declined = setup({ confirm: false })
  expect(await declined.store.remove()).toBe(false)
  expect(declined.calls).toEqual([])
  const confirmed = setup()
  expect(await confirmed.store.remove()).toBe(true)
  expect(confirmed.confirm).toHaveBeenCalledWith({ content: 'Remove your profile photo?', confirm: 'Remove', cancel: 'Cancel' })
  expect(confirmed.calls).toEqual([{ op: 'VipAvatarUpdate', record: { FileID: '' } }])
  expect(confirmed.applied.map((r) => r.HeadImg)).toEqual([''])
})

test('a host that cannot pick photos offers no change', async () => {
  const { store, calls } = setup({ noHostPhotos: true })
  expect(store.available).toBe(false)
  expect(await store.change()).toBe(false)
  expect(calls).toEqual([])
})
