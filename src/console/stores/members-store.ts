/**
 * Members at the counter (issue 23 item 4): the member code a diner shows, typed or scanned with
 * the tablet's camera (StaffMemberVerify), and a member looked up by phone (StaffMemberLookup).
 * The camera is the page's (../qr-camera.ts); this store only hears what it found or why it could
 * not start, so the typed field keeps working whatever the camera does.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { StaffMemberRow } from '../../gateway/staff-contract'
import type { CameraEnv } from '../qr-camera'
import { digitsOf, phoneError, type AreaCode } from './forms'
import type { ServiceRoot } from './service-root'

/** Where the camera is: off, asking for permission, looking for a code, or why it cannot. */
export type CameraState = 'off' | 'starting' | 'scanning' | 'denied' | 'unavailable' | 'insecure' | 'failed'

export class MembersStore {
  code = ''
  codeError = ''
  verifying = false
  verified: (StaffMemberRow & { ExpiresAt: string }) | null = null
  camera: CameraState = 'off'
  areaCode: AreaCode = '853'
  phone = ''
  phoneError = ''
  searching = false
  /** null: not searched yet. */
  found: StaffMemberRow[] | null = null
  notice = ''
  /** The browser's camera and decoders (null: this window's); a test hands in a fake. */
  cameraEnv: CameraEnv | null = null

  constructor(private readonly root: ServiceRoot) {
    makeAutoObservable<MembersStore, 'root'>(this, { root: false, cameraEnv: false })
  }

  setCode(value: string): void {
    this.code = value
    this.codeError = ''
  }

  async verify(): Promise<boolean> {
    const code = this.code.trim()
    this.verified = null
    this.notice = ''
    if (!code) {
      this.codeError = this.root.t('members.codeRequired')
      return false
    }
    this.verifying = true
    try {
      const res = await this.root.call('StaffMemberVerify', { Code: code })
      runInAction(() => {
        this.verified = res.table1?.[0] ?? null
        if (this.verified) this.notice = this.root.t('members.verifiedNotice', { name: this.verified.Name || this.root.t('members.noName') })
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.codeError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.verifying = false
      })
    }
  }

  /** The camera read a code: it goes into the field and is checked at once; the camera stops. */
  async scanned(code: string): Promise<boolean> {
    this.camera = 'off'
    this.code = code
    this.codeError = ''
    return this.verify()
  }

  cameraStarting(): void {
    this.camera = 'starting'
  }

  cameraScanning(): void {
    this.camera = 'scanning'
  }

  /** The camera could not start: permission refused, no camera, not a secure page, or something else. */
  cameraFailed(state: Exclude<CameraState, 'off' | 'starting' | 'scanning'>): void {
    this.camera = state
  }

  cameraOff(): void {
    this.camera = 'off'
  }

  get cameraOn(): boolean {
    return this.camera === 'starting' || this.camera === 'scanning'
  }

  setArea(code: AreaCode): void {
    this.areaCode = code
  }

  setPhone(value: string): void {
    this.phone = value
    this.phoneError = ''
  }

  async lookUp(): Promise<boolean> {
    const problem = phoneError(this.areaCode, this.phone)
    this.found = null
    if (problem) {
      this.phoneError = this.root.t(problem)
      return false
    }
    this.searching = true
    try {
      const res = await this.root.call('StaffMemberLookup', { AreaCode: this.areaCode, Phone: digitsOf(this.phone) })
      runInAction(() => {
        this.found = res.table1 ?? []
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.phoneError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.searching = false
      })
    }
  }
}
