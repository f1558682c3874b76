/** Devices: the paired shared devices (StaffDeviceList); unpairing one with a reason (StaffDeviceRemove ends its sessions). */
import { makeAutoObservable, runInAction } from 'mobx'
import type { StaffDeviceRow } from '../../gateway/staff-contract'
import type { ConsoleStore } from './console-store'

export class DevicesStore {
  rows: StaffDeviceRow[] = []
  loading = false
  loaded = false
  error = ''
  notice = ''
  removing: StaffDeviceRow | null = null
  removeReason = ''
  removeError = ''
  busy = false

  constructor(private readonly root: ConsoleStore) {
    makeAutoObservable<DevicesStore, 'root' | 'loadPeople'>(this, { root: false, loadPeople: false })
  }

  /** Names of the people (StaffList, when the role may read it): who paired a device. */
  people = new Map<string, string>()

  /** A person's name by id ('' when not known here). */
  nameOf(staffId: string): string {
    return this.people.get(staffId) ?? ''
  }

  async load(): Promise<void> {
    this.loading = true
    this.error = ''
    if (this.root.can('staff.manage')) void this.loadPeople()
    try {
      const res = await this.root.call('StaffDeviceList', {})
      runInAction(() => {
        this.rows = res.table1 ?? []
        this.loaded = true
      })
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
    } finally {
      runInAction(() => {
        this.loading = false
      })
    }
  }

  private async loadPeople(): Promise<void> {
    try {
      const res = await this.root.call('StaffList', {})
      runInAction(() => {
        this.people = new Map((res.table1 ?? []).map((p) => [p.StaffID, p.Name]))
      })
    } catch {
      // Without names the table still shows when each device was paired.
    }
  }

  /** Whether this browser is the device of the row. */
  isThisBrowser(row: StaffDeviceRow): boolean {
    return this.root.device?.deviceId === row.DeviceID
  }

  startRemove(row: StaffDeviceRow): void {
    this.notice = ''
    this.removing = row
    this.removeReason = ''
    this.removeError = ''
  }

  setRemoveReason(value: string): void {
    this.removeReason = value
    this.removeError = ''
  }

  cancelRemove(): void {
    this.removing = null
  }

  async confirmRemove(): Promise<boolean> {
    const row = this.removing
    if (!row || this.busy) return false
    const reason = this.removeReason.trim()
    if (!reason) {
      this.removeError = this.root.t('error.reasonRequired')
      return false
    }
    this.busy = true
    try {
      await this.root.call('StaffDeviceRemove', { DeviceID: row.DeviceID, Reason: reason })
      runInAction(() => {
        this.removing = null
        this.notice = this.root.t('devices.unpaired', { name: row.Name })
        if (this.isThisBrowser(row)) this.root.forgetDevice()
      })
      await this.load()
      return true
    } catch (e) {
      runInAction(() => {
        this.removeError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }
}
