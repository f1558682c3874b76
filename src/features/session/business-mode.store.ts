/**
 * The diner's business mode (spec §4: persisted in local storage; src/core/business-mode for the
 * rules): what is stored, what the place offers, the mode in effect, and the diner's choice.
 * Built with the stores of the pages past Home (stores/feature-stores.ts): Home does not need it.
 */
import { makeAutoObservable } from 'mobx'
import type { KeyValueStorage } from '../../hosts/host'
import { BUSINESS_MODE_STORAGE_KEY, DEFAULT_BUSINESS_MODE, effectiveBusinessMode, modesOffered, readBusinessMode, type BusinessMode } from '../../core/business-mode'

export interface BusinessModePlace {
  /** The branch's BusinessMode. */
  branchMode: string
  /** Ordering rounds at a dine-in table. */
  postpay: boolean
}

export class BusinessModeStore {
  stored: BusinessMode

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly place: () => BusinessModePlace | null
  ) {
    this.stored = readBusinessMode(storage.get(BUSINESS_MODE_STORAGE_KEY))
    makeAutoObservable<BusinessModeStore, 'storage' | 'place'>(this, { storage: false, place: false })
  }

  /** The modes the diner may choose here ([] until the place is known). */
  get offered(): BusinessMode[] {
    const p = this.place()
    return p ? modesOffered(p.branchMode, p.postpay) : []
  }

  /** The mode in effect: the stored one where the place offers it, else the place's first. */
  get current(): BusinessMode {
    const p = this.place()
    return p ? effectiveBusinessMode(this.stored, p.branchMode, p.postpay) : DEFAULT_BUSINESS_MODE
  }

  /** The diner's choice, kept in local storage; false (and nothing kept) for a mode the place does not offer. */
  choose(mode: BusinessMode): boolean {
    if (!this.offered.includes(mode)) return false
    this.stored = mode
    this.storage.set(BUSINESS_MODE_STORAGE_KEY, mode)
    return true
  }
}
