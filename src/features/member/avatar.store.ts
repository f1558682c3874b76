/**
 * The member's avatar on the profile page (issue 17 item 4): "Change photo" picks one photo
 * through the host, uploads it as an 'avatar' upload (features/uploads: FileBatchNameGet, the
 * signed form straight to object storage, only HTTP 200 counts) and names it to VipAvatarUpdate,
 * which checks it and makes it the avatar; "Remove" clears it after the diner confirms. The
 * member row the server answers goes back to the member store through `onVip`.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { RequestOptions } from '../../gateway/gateway-client'
import type { VipRow } from '../../gateway/member-rows'
import type { OperationTypes } from '../../gateway/operations'
import type { MessageKey } from '../../i18n/catalogues'
import { PhotoUploads, type PhotoProblem, type UploadsGateway, type UploadsHost } from '../uploads/upload.store'
import { wasConfirmed, type Confirm } from '../../hosts/confirm-signal'

export interface AvatarGateway extends UploadsGateway {
  request<K extends 'FileBatchNameGet' | 'VipAvatarUpdate'>(operation: K, records?: OperationTypes[K]['input'][], options?: RequestOptions): Promise<Partial<OperationTypes[K]['output']>>
}

export interface AvatarDeps {
  t(key: MessageKey, params?: Record<string, string | number>): string
  /** The member as the server answered it (the new HeadImg). */
  onVip(row: VipRow): void
  /** The host's confirm: rejects with the cancel signal on cancel (hosts/confirm-signal). */
  confirm: Confirm
}

const PROBLEM_TEXT: Record<PhotoProblem, MessageKey> = {
  type: 'avatar.badType',
  size: 'avatar.tooLarge',
  network: 'avatar.failed',
  refused: 'avatar.failed',
  server: 'avatar.failed'
}

export class AvatarStore {
  busy = false
  /** Why the last change failed ('' none): shown under the photo. */
  error = ''

  constructor(
    private readonly gateway: AvatarGateway,
    private readonly host: UploadsHost,
    private readonly deps: AvatarDeps
  ) {
    makeAutoObservable<AvatarStore, 'gateway' | 'host' | 'deps'>(this, { gateway: false, host: false, deps: false }, { autoBind: true })
  }

  /** The host can pick and upload photos (else only Remove is offered). */
  get available(): boolean {
    return typeof this.host.choosePhotos === 'function' && typeof this.host.uploadPhoto === 'function'
  }

  /** Picks one photo, uploads it and makes it the avatar. True when the avatar changed. */
  async change(): Promise<boolean> {
    if (this.busy || !this.available) return false
    const uploads = new PhotoUploads(this.gateway, this.host, 'avatar', 1)
    await uploads.add()
    const picked = uploads.photos[0]
    if (!picked) return false
    this.busy = true
    this.error = ''
    try {
      const ids = await uploads.upload()
      if (!ids || ids.length === 0) {
        const failed = uploads.photos[0]
        runInAction(() => (this.error = failed?.problem === 'server' && failed.message ? failed.message : this.deps.t(PROBLEM_TEXT[failed?.problem ?? 'network'])))
        return false
      }
      return await this.apply(ids[0])
    } finally {
      runInAction(() => (this.busy = false))
    }
  }

  /** Removes the avatar after the diner confirms. True when it was removed. */
  async remove(): Promise<boolean> {
    if (this.busy) return false
    const { t } = this.deps
    const yes = await wasConfirmed(this.deps.confirm({ content: t('avatar.removeConfirm'), confirm: t('avatar.removeYes'), cancel: t('common.cancel') }))
    if (!yes) return false
    this.busy = true
    this.error = ''
    try {
      return await this.apply('')
    } finally {
      runInAction(() => (this.busy = false))
    }
  }

  private async apply(FileID: string): Promise<boolean> {
    try {
      const res = await this.gateway.request('VipAvatarUpdate', [{ FileID }], { silent: true })
      const row = res.table1?.[0]
      if (row) this.deps.onVip(row)
      return true
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : this.deps.t('avatar.failed')
      runInAction(() => (this.error = message))
      return false
    }
  }
}
