/**
 * The privacy policy and terms agreement (issue 27): kept per member on the server, not per device.
 * A signed-in member's agreement is the server's (TermsAgreementGet / TermsAgreementSave), so a
 * member who agreed on one phone is not asked again on another, and a new terms version
 * (TERMS_VERSION) asks again. A diner not signed in agrees on this device only (local storage,
 * with the version); when they sign in, that agreement is sent up and the device's copy forgotten
 * (the next member on this device is asked for their own). A save that fails keeps the device's
 * copy, sent up the next time the member's agreement is read.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Gateway } from '../../gateway/gateway-client'
import type { KeyValueStorage } from '../../hosts/host'

/** The device's agreement not (yet) kept for a member: the version agreed to. */
export const TERMS_DEVICE_KEY = 'so.checkout.termsAgreed'

export type TermsGateway = Pick<Gateway, 'request'>

export interface TermsAgreementDeps {
  /** The version of the texts the app shows (src/features/checkout/terms-version.ts). */
  version: string
  /** The member's session token ('' not signed in): the agreement read is this member's. */
  token(): string
}

export class TermsAgreementStore {
  /** The versions the signed-in member agreed to, as the server said; null not read (yet) for them. */
  memberVersions: string[] | null = null
  /** The version agreed to on this device before signing in ('' none). */
  deviceVersion = ''
  /** Whose agreement memberVersions is (the token it was read with). */
  private readFor = ''

  constructor(
    private readonly gateway: TermsGateway,
    private readonly storage: KeyValueStorage,
    private readonly deps: TermsAgreementDeps
  ) {
    this.deviceVersion = storage.get(TERMS_DEVICE_KEY) ?? ''
    makeAutoObservable<TermsAgreementStore, 'gateway' | 'storage' | 'deps' | 'readFor'>(this, { gateway: false, storage: false, deps: false, readFor: false })
  }

  /** Whether the diner agreed to the version shown: the member's (server), else this device's. */
  get agreed(): boolean {
    const { version } = this.deps
    if (this.deviceVersion === version) return true
    return this.deps.token() !== '' && this.memberVersions !== null && this.memberVersions.includes(version)
  }

  /**
   * Reads the signed-in member's agreement (once per sign-in), and sends up an agreement made on
   * this device before signing in. Quiet: a failure leaves the diner to tick the box.
   */
  async load(): Promise<void> {
    const token = this.deps.token()
    if (!token) {
      runInAction(() => {
        this.memberVersions = null
        this.readFor = ''
      })
      return
    }
    if (this.readFor !== token) {
      try {
        const rows = (await this.gateway.request('TermsAgreementGet', [{}], { silent: true })).table1 ?? []
        runInAction(() => {
          this.memberVersions = rows.map((r) => r.TermsVersion)
          this.readFor = token
        })
      } catch {
        return
      }
    }
    if (this.deviceVersion === this.deps.version && !this.memberVersions?.includes(this.deps.version)) await this.save(true)
    else if (this.deviceVersion) this.forgetDevice()
  }

  /** The box ticked or unticked: the member's agreement when signed in, else this device's. */
  async setAgreed(agreed: boolean): Promise<void> {
    const { version } = this.deps
    if (agreed) this.keepDevice(version)
    else this.forgetDevice()
    if (!this.deps.token()) return
    if (!agreed && this.memberVersions) this.memberVersions = this.memberVersions.filter((v) => v !== version)
    await this.save(agreed)
  }

  private async save(agreed: boolean): Promise<void> {
    try {
      const rows = (await this.gateway.request('TermsAgreementSave', [{ TermsVersion: this.deps.version, Agreed: agreed ? 1 : 0 }], { silent: true })).table1 ?? []
      runInAction(() => {
        this.memberVersions = rows.map((r) => r.TermsVersion)
        this.readFor = this.deps.token()
      })
      // Kept for the member now: the device forgets it.
      this.forgetDevice()
    } catch {
      // Not kept: the device's copy stays (an agreement is sent up the next time it is read).
    }
  }

  private keepDevice(version: string): void {
    this.storage.set(TERMS_DEVICE_KEY, version)
    this.deviceVersion = version
  }

  private forgetDevice(): void {
    this.storage.remove(TERMS_DEVICE_KEY)
    this.deviceVersion = ''
  }
}
