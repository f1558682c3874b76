/**
 * The member's address book (spec §1 saved delivery addresses, §2 addressList / addressEdit and
 * the region picker, §5 'Please select region', §7 Members address list / add / get / update /
 * delete and Common batch area select; issue 16): the list (page 1, size 999), one address, adding
 * (a request key per attempt: a retry or a double tap adds once), updating, deleting after the
 * diner confirms, making one the default; the edit form with its own first checks; and the region
 * levels, fetched a level at a time and kept per language in memory (a level is fetched once;
 * restoring an address's path asks for all its levels in one call).
 *
 * Who the member is comes from the session token the gateway sends; this store only asks. The
 * gateway and the little it needs of the rest (signed in, the login prompt, the host's confirm,
 * the texts, the language, the phone areas) come through the constructor. Problems are message
 * keys or the server's message (already in the diner's language); nothing typed is lost when a
 * save fails.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes } from '../../gateway/operations'
import { GatewayError, type RequestOptions } from '../../gateway/gateway-client'
import { ERRCODES } from '../../gateway/codes'
import { ADDRESS_LIMITS, ADDRESS_PAGE_SIZE, ADDRESS_TAGS, type AreaRow, type PlaceRow, type VipAddressInput, type VipAddressRow } from '../../gateway/address-rows'
import type { SmsAreaRow } from '../../gateway/member-rows'
import type { HostPlace } from '../../hosts/host'
import type { MessageKey } from '../../i18n/catalogues'
import { hasLocation } from '../../core/geo'
import { newRequestKey } from '../../core/request-key'
import { wasConfirmed, type Confirm } from '../../hosts/confirm-signal'

type AddressOps = 'AreaBatchSelect' | 'BaseInfoByGPS' | 'VipAddressListByPage' | 'VipAddressAdd' | 'VipAddressGet' | 'VipAddressUpdate' | 'VipAddressDelete'

/** The part of the gateway client this store uses. */
export interface AddressGateway {
  request<K extends AddressOps>(operation: K, records?: OperationTypes[K]['input'][], options?: RequestOptions): Promise<Partial<OperationTypes[K]['output']>>
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

export interface AddressStoreDeps {
  /** A member session exists on this device (the member feature keeps it). */
  signedIn(): boolean
  /** 'Operation not allowed without logging-in.' → loginByCode. */
  askLogin(): void
  /** The host's confirmation modal; true on confirm. */
  /** The host's confirm: rejects with the cancel signal on cancel (hosts/confirm-signal). */
  confirm: Confirm
  t: Translate
  /** The language on screen: region names are kept per language. */
  locale(): string
  /** The phone area's digits rule (SmsAreaList), for the first check of a phone. */
  area(areaNo: string): SmsAreaRow | undefined
  /** The area a new address starts with (the member's own phone's, else the enterprise's). */
  defaultAreaNo?(): string
  /** The shop whose branches BaseInfoByGPS measures from ('' none). */
  shopId?(): string
  now?: () => number
  random?: () => number
}

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

/** A refusal as a page shows it: the server's code and message ('' code: the network). */
export interface AddressProblem {
  code: string
  message: string
}

/** Fields of the edit form that can be wrong. */
export type AddressField = 'contact' | 'phone' | 'region' | 'street'

/** The first of these with a problem takes the focus on a failed save. */
export const FIELD_ORDER: AddressField[] = ['contact', 'phone', 'region', 'street']

const SILENT: RequestOptions = { silent: true }

const problemOf = (e: unknown): AddressProblem => {
  if (e instanceof GatewayError) {
    const network = e.kind === 'network' || e.kind === 'timeout'
    return { code: network ? '' : e.resultcode && e.resultcode !== '0' ? e.resultcode : e.errcode, message: e.message }
  }
  return { code: '', message: e instanceof Error ? e.message : String(e) }
}

/** One line for people: region, street, detail and house number ('澳門 氹仔 嘉模堂區 · 官也街 10號 · 2樓 A'). */
export function addressLine(a: Pick<VipAddressRow, 'RegionName' | 'Street' | 'Detail' | 'HouseNo'>): string {
  return [a.RegionName, a.Street, a.Detail, a.HouseNo]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' · ')
}

/** What VipAddressAdd / Update take for a row as it is (making one the default keeps the rest). */
export function inputOf(a: VipAddressRow): VipAddressInput {
  return {
    Contact: a.Contact,
    AreaNo: a.AreaNo,
    Phone: a.Phone,
    RegionCode: a.RegionCode,
    Street: a.Street,
    Detail: a.Detail,
    HouseNo: a.HouseNo,
    Tag: a.Tag,
    Lat: a.Lat,
    Lng: a.Lng,
    IsDefault: a.IsDefault
  }
}

/** The edit form (addressEdit): what the diner typed stays here until it is saved or the page opens anew. */
export class AddressForm {
  /** '' adding a new one. */
  addressId = ''
  contact = ''
  areaNo = '853'
  phone = ''
  /** The chosen leaf and its path (names in the language they were fetched in). */
  regionCode = ''
  regionPath: AreaRow[] = []
  /** The region as the server named it (shown until the path is restored). */
  regionName = ''
  street = ''
  detail = ''
  houseNo = ''
  tag = ''
  lat = 0
  lng = 0
  isDefault = false
  /** The place picked on the map ('' none picked in this visit), shown beside 'located'. */
  placeText = ''

  constructor() {
    makeAutoObservable(this)
  }

  get located(): boolean {
    return hasLocation(this.lat, this.lng)
  }

  /** The region as shown: the restored path's names, else the server's name for it. */
  get regionText(): string {
    return this.regionPath.length ? this.regionPath.map((r) => r.AreaName).join(' ') : this.regionName
  }

  /** The tag is one of the app's own (home, work, school) or '' none; else the member's own words. */
  get ownTag(): boolean {
    return !!this.tag && !(ADDRESS_TAGS as readonly string[]).includes(this.tag)
  }

  fill(a: VipAddressRow | null, areaNo: string): void {
    this.addressId = a?.AddressID ?? ''
    this.contact = a?.Contact ?? ''
    this.areaNo = a?.AreaNo || areaNo
    this.phone = a?.Phone ?? ''
    this.regionCode = a?.RegionCode ?? ''
    this.regionPath = []
    this.regionName = a?.RegionName ?? ''
    this.street = a?.Street ?? ''
    this.detail = a?.Detail ?? ''
    this.houseNo = a?.HouseNo ?? ''
    this.tag = a?.Tag ?? ''
    this.lat = a?.Lat ?? 0
    this.lng = a?.Lng ?? 0
    this.isDefault = a ? a.IsDefault === 1 : false
    this.placeText = ''
  }

  setContact(v: string): void {
    this.contact = v.slice(0, ADDRESS_LIMITS.Contact)
  }

  setPhone(v: string): void {
    // Digits only: spaces and dashes people type or paste are dropped.
    this.phone = v.replace(/\D/g, '').slice(0, 15)
  }

  setArea(areaNo: string): void {
    this.areaNo = areaNo
  }

  setStreet(v: string): void {
    this.street = v.slice(0, ADDRESS_LIMITS.Street)
  }

  setDetail(v: string): void {
    this.detail = v.slice(0, ADDRESS_LIMITS.Detail)
  }

  setHouseNo(v: string): void {
    this.houseNo = v.slice(0, ADDRESS_LIMITS.HouseNo)
  }

  setTag(v: string): void {
    this.tag = v.slice(0, ADDRESS_LIMITS.Tag)
  }

  setDefault(on: boolean): void {
    this.isDefault = on
  }

  setRegion(path: AreaRow[]): void {
    const leaf = path[path.length - 1]
    this.regionPath = path
    this.regionCode = leaf?.AreaCode ?? ''
    this.regionName = path.map((r) => r.AreaName).join(' ')
  }

  /** A place picked on the map: its point, and its street when none is typed yet. */
  setPlace(p: HostPlace): void {
    this.lat = p.Lat
    this.lng = p.Lng
    this.placeText = p.Address || p.Name
    if (!this.street.trim()) this.setStreet(p.Address || p.Name)
  }

  get input(): VipAddressInput {
    const input: VipAddressInput = {
      Contact: this.contact.trim(),
      AreaNo: this.areaNo,
      Phone: this.phone,
      RegionCode: this.regionCode,
      Street: this.street.trim(),
      Detail: this.detail.trim(),
      HouseNo: this.houseNo.trim(),
      Tag: this.tag.trim(),
      IsDefault: this.isDefault ? 1 : 0
    }
    if (this.located) {
      input.Lat = this.lat
      input.Lng = this.lng
    }
    return input
  }
}

export class AddressStore {
  // ---------- addressList ----------
  rows: VipAddressRow[] = []
  listState: LoadState = 'idle'
  listProblem: AddressProblem | null = null
  /** The address being deleted or made the default ('' none). */
  busyId = ''
  /** Why the last delete or default change failed (its id → the problem). */
  rowProblem: Record<string, AddressProblem> = {}

  // ---------- addressEdit ----------
  readonly form = new AddressForm()
  formState: LoadState = 'idle'
  saving = false
  /** The first checks' findings per field (shown under each, set on a save attempt). */
  errors: Partial<Record<AddressField, MessageKey>> = {}
  saveProblem: AddressProblem | null = null
  /** The address the last save made or changed (null: none yet this visit). */
  saved: VipAddressRow | null = null
  /** An address saved from the confirm page's journey, to be taken for the order ('' none). */
  chosenOnSave = ''

  // ---------- the region picker ----------
  /** Region levels per language and parent: `${locale}|${parent}` → its children. */
  regions: Record<string, AreaRow[]> = {}
  regionState: Record<string, LoadState> = {}
  pickerOpen = false
  /** The levels chosen so far in the open picker (broadest first); the options are the last one's children. */
  pickerPath: AreaRow[] = []
  regionProblem: AddressProblem | null = null

  // ---------- the place of a map pin ----------
  locating = false

  private listSeq = 0
  private formSeq = 0
  /** The request key of the add under way: kept until the server answered it. */
  private addKey = ''
  private regionLoads = new Map<string, Promise<void>>()

  constructor(
    private readonly gateway: AddressGateway,
    private readonly deps: AddressStoreDeps
  ) {
    makeAutoObservable<AddressStore, 'gateway' | 'deps' | 'listSeq' | 'formSeq' | 'addKey' | 'regionLoads'>(this, {
      gateway: false,
      deps: false,
      listSeq: false,
      formSeq: false,
      addKey: false,
      regionLoads: false,
      form: false
    })
  }

  get signedIn(): boolean {
    return this.deps.signedIn()
  }

  /** The default address (the server keeps one when there are any), else the first. */
  get defaultAddress(): VipAddressRow | null {
    return this.rows.find((r) => r.IsDefault === 1) ?? this.rows[0] ?? null
  }

  find(addressId: string): VipAddressRow | null {
    return this.rows.find((r) => r.AddressID === addressId) ?? null
  }

  // ---------- the list ----------

  /** The member's addresses again (page 1, size 999: one page holds the whole book); true when loaded. */
  async loadList(): Promise<boolean> {
    if (!this.signedIn) {
      this.clear()
      return false
    }
    const seq = ++this.listSeq
    if (this.listState !== 'ready') this.listState = 'loading'
    this.listProblem = null
    try {
      const res = await this.gateway.request('VipAddressListByPage', [{ PageIndex: 1, PageSize: ADDRESS_PAGE_SIZE }], SILENT)
      runInAction(() => {
        if (seq !== this.listSeq) return
        this.rows = res.table1 ?? []
        this.listState = 'ready'
      })
      return true
    } catch (e) {
      const problem = problemOf(e)
      runInAction(() => {
        if (seq !== this.listSeq) return
        this.listProblem = problem
        // Rows already on screen stay while a refresh fails.
        if (this.listState !== 'ready') this.listState = 'failed'
      })
      if (problem.code === ERRCODES.LOGIN_REQUIRED) this.deps.askLogin()
      return false
    }
  }

  /** Deletes an address once the diner confirms; true when it is gone. */
  async remove(addressId: string): Promise<boolean> {
    if (this.busyId) return false
    const ok = await wasConfirmed(this.deps.confirm({ content: this.deps.t('address.deleteConfirm'), confirm: this.deps.t('address.delete'), cancel: this.deps.t('common.cancel') }))
    if (!ok) return false
    this.busyId = addressId
    this.clearRowProblem(addressId)
    try {
      await this.gateway.request('VipAddressDelete', [{ AddressID: addressId }], SILENT)
      runInAction(() => {
        this.rows = this.rows.filter((r) => r.AddressID !== addressId)
        if (this.form.addressId === addressId) this.form.fill(null, this.form.areaNo)
      })
      // Deleting the default made another the default: the list as the server has it.
      await this.loadList()
      return true
    } catch (e) {
      runInAction(() => (this.rowProblem = { ...this.rowProblem, [addressId]: problemOf(e) }))
      return false
    } finally {
      runInAction(() => (this.busyId = ''))
    }
  }

  /** Makes an address the default (the others stop being); true when it is. */
  async makeDefault(addressId: string): Promise<boolean> {
    const row = this.find(addressId)
    if (!row || this.busyId) return false
    if (row.IsDefault === 1) return true
    this.busyId = addressId
    this.clearRowProblem(addressId)
    try {
      await this.gateway.request('VipAddressUpdate', [{ ...inputOf(row), IsDefault: 1, AddressID: addressId }], SILENT)
      await this.loadList()
      return true
    } catch (e) {
      runInAction(() => (this.rowProblem = { ...this.rowProblem, [addressId]: problemOf(e) }))
      return false
    } finally {
      runInAction(() => (this.busyId = ''))
    }
  }

  private clearRowProblem(addressId: string): void {
    if (!this.rowProblem[addressId]) return
    const { [addressId]: _, ...rest } = this.rowProblem
    this.rowProblem = rest
  }

  // ---------- the edit form ----------

  /**
   * addressEdit opens: a new address (empty, the member's area), or one of theirs (from the list
   * when it is there, else VipAddressGet), whose region levels are restored in one call.
   */
  async startEdit(addressId: string): Promise<void> {
    const seq = ++this.formSeq
    this.errors = {}
    this.saveProblem = null
    this.saved = null
    this.pickerOpen = false
    this.addKey = ''
    const area = this.deps.defaultAreaNo?.() || '853'
    if (!addressId) {
      this.form.fill(null, area)
      // The first address becomes the default anyway; say so on the switch.
      this.form.setDefault(this.listState === 'ready' && this.rows.length === 0)
      this.formState = 'ready'
      return
    }
    const known = this.find(addressId)
    let regionPath = known?.RegionPath ?? ''
    if (known) {
      this.form.fill(known, area)
      this.formState = 'ready'
    } else {
      this.form.fill(null, area)
      this.formState = 'loading'
      try {
        const res = await this.gateway.request('VipAddressGet', [{ AddressID: addressId }], SILENT)
        const row = res.table1?.[0] ?? null
        runInAction(() => {
          if (seq !== this.formSeq) return
          if (row) this.form.fill(row, area)
          regionPath = row?.RegionPath ?? ''
          this.formState = row ? 'ready' : 'failed'
          if (!row) this.saveProblem = { code: '20061', message: this.deps.t('resultcode.20061') }
        })
      } catch (e) {
        runInAction(() => {
          if (seq !== this.formSeq) return
          this.formState = 'failed'
          this.saveProblem = problemOf(e)
        })
        return
      }
    }
    await this.restoreRegion(regionPath)
  }

  /** The levels of a saved address's region, fetched in one batch; the form's path from them. */
  async restoreRegion(regionPath: string): Promise<void> {
    const codes = regionPath.split('/').filter(Boolean)
    if (codes.length === 0) return
    const parents = ['', ...codes.slice(0, -1)]
    await this.loadLevels(parents)
    const path: AreaRow[] = []
    for (let i = 0; i < codes.length; i++) {
      const row = this.children(parents[i]).find((r) => r.AreaCode === codes[i])
      if (!row) return
      path.push(row)
    }
    runInAction(() => {
      // Only if the diner has not chosen another region meanwhile.
      if (this.form.regionCode === codes[codes.length - 1]) this.form.setRegion(path)
    })
  }

  /** The language changed: the chosen region's names again in it (its levels, one call where not held). */
  relabelRegion(): Promise<void> {
    const codes = this.form.regionPath.map((r) => r.AreaCode)
    return codes.length ? this.restoreRegion(codes.join('/')) : Promise.resolve()
  }

  /** The first checks, before asking the server; true when nothing is missing. */
  validate(): boolean {
    const f = this.form
    const errors: Partial<Record<AddressField, MessageKey>> = {}
    if (!f.contact.trim() && !f.phone) errors.contact = 'address.fillContact'
    else if (!f.contact.trim()) errors.contact = 'address.contactRequired'
    if (!f.phone) errors.phone = errors.contact === 'address.fillContact' ? undefined : 'member.phoneRequired'
    else {
      const area = this.deps.area(f.areaNo)
      const [min, max] = area ? [area.MinLength, area.MaxLength] : [5, 15]
      if (f.phone.length < min || f.phone.length > max) errors.phone = 'resultcode.20036'
    }
    if (!f.regionCode) errors.region = 'resultcode.20063'
    if (!f.street.trim()) errors.street = 'address.streetRequired'
    for (const k of Object.keys(errors) as AddressField[]) if (!errors[k]) delete errors[k]
    this.errors = errors
    return Object.keys(errors).length === 0
  }

  /** The first field with a problem ('' none), for the page to focus. */
  get firstError(): AddressField | '' {
    return FIELD_ORDER.find((f) => this.errors[f]) ?? ''
  }

  /** A field changed: its finding no longer stands. */
  clearError(field: AddressField): void {
    if (!this.errors[field] && !(field === 'phone' && this.errors.contact === 'address.fillContact')) return
    const next = { ...this.errors }
    delete next[field]
    if (next.contact === 'address.fillContact' && (field === 'phone' || field === 'contact')) delete next.contact
    this.errors = next
  }

  /**
   * Adds or updates the address in the form. The same add keeps its request key until the server
   * answered (a lost answer retried adds once). The form keeps everything typed when it fails.
   * Returns the saved address, or null.
   */
  async save(): Promise<VipAddressRow | null> {
    if (this.saving) return null
    this.saveProblem = null
    if (!this.validate()) return null
    if (!this.signedIn) {
      this.deps.askLogin()
      return null
    }
    const f = this.form
    const input = f.input
    this.saving = true
    try {
      let row: VipAddressRow | undefined
      if (f.addressId) {
        const res = await this.gateway.request('VipAddressUpdate', [{ ...input, AddressID: f.addressId }], SILENT)
        row = res.table1?.[0]
      } else {
        this.addKey ||= newRequestKey('AD', this.deps.now?.() ?? Date.now(), this.deps.random)
        const res = await this.gateway.request('VipAddressAdd', [{ ...input, RequestKey: this.addKey }], SILENT)
        this.addKey = ''
        row = res.table1?.[0]
      }
      if (!row) throw new Error('The server answered without the address')
      const saved = row
      runInAction(() => {
        this.saved = saved
        // Editing goes on from what was saved (a second save updates it, never adds again).
        f.addressId = saved.AddressID
        f.lat = saved.Lat
        f.lng = saved.Lng
        this.rows = [saved, ...this.rows.filter((r) => r.AddressID !== saved.AddressID)]
      })
      // The default may have moved: the list as the server has it.
      await this.loadList()
      return saved
    } catch (e) {
      const problem = problemOf(e)
      // A refusal is final for this attempt (a new key next time); a lost answer keeps the key.
      if (problem.code) this.addKey = ''
      runInAction(() => (this.saveProblem = problem))
      if (problem.code === ERRCODES.LOGIN_REQUIRED) this.deps.askLogin()
      return null
    } finally {
      runInAction(() => (this.saving = false))
    }
  }

  /** Deletes the address in the form (after the diner confirms); true when it is gone. */
  deleteEdited(): Promise<boolean> {
    return this.form.addressId ? this.remove(this.form.addressId) : Promise.resolve(false)
  }

  /** A saved address will be taken for the confirm page's order (the list in choose mode goes back too). */
  markChosen(addressId: string): void {
    this.chosenOnSave = addressId
  }

  /** The address saved for the order, once ('' none). */
  takeChosen(): string {
    const id = this.chosenOnSave
    this.chosenOnSave = ''
    return id
  }

  // ---------- a map pin ----------

  /**
   * A place picked on the map: its point; street from its address when none is typed; and, when no
   * region is chosen yet, the region the server finds at the point (BaseInfoByGPS, best effort).
   */
  async applyPlace(place: HostPlace): Promise<void> {
    this.form.setPlace(place)
    this.clearError('street')
    if (this.form.regionCode || !hasLocation(place.Lat, place.Lng)) return
    this.locating = true
    try {
      const res = await this.gateway.request('BaseInfoByGPS', [{ Lat: place.Lat, Lng: place.Lng, ShopID: this.deps.shopId?.() ?? '' }], SILENT)
      const at: PlaceRow | undefined = res.table1?.[0]
      runInAction(() => {
        if (!at?.RegionCode || this.form.regionCode) return
        this.form.regionCode = at.RegionCode
        this.form.regionPath = []
        this.form.regionName = at.RegionName
        this.clearError('region')
      })
    } catch {
      // The diner chooses the region in the picker.
    } finally {
      runInAction(() => (this.locating = false))
    }
  }

  // ---------- regions ----------

  private regionKey(parent: string, locale = this.deps.locale()): string {
    return `${locale}|${parent}`
  }

  /** The children of `parent` ('' the level-1 regions) in the language on screen, once loaded. */
  children(parent: string): AreaRow[] {
    return this.regions[this.regionKey(parent)] ?? []
  }

  levelState(parent: string): LoadState {
    return this.regionState[this.regionKey(parent)] ?? 'idle'
  }

  /** Fetches the levels of these parents not yet held in this language, all in one call. */
  async loadLevels(parents: string[]): Promise<void> {
    const locale = this.deps.locale()
    const waits: Promise<void>[] = []
    const missing: string[] = []
    for (const p of [...new Set(parents)]) {
      const key = this.regionKey(p, locale)
      const pending = this.regionLoads.get(key)
      if (pending) waits.push(pending)
      else if (this.regionState[key] !== 'ready') missing.push(p)
    }
    if (missing.length) {
      const load = this.fetchLevels(missing, locale)
      for (const p of missing) this.regionLoads.set(this.regionKey(p, locale), load)
      waits.push(load)
    }
    await Promise.all(waits)
  }

  private async fetchLevels(parents: string[], locale: string): Promise<void> {
    const keys = parents.map((p) => this.regionKey(p, locale))
    runInAction(() => {
      for (const k of keys) this.regionState[k] = 'loading'
      this.regionProblem = null
    })
    try {
      const res = await this.gateway.request('AreaBatchSelect', [{ ParentCodes: parents }], SILENT)
      const rows = res.table1 ?? []
      runInAction(() => {
        for (const p of parents) {
          const k = this.regionKey(p, locale)
          this.regions[k] = rows.filter((r) => (r.ParentCode ?? '') === p)
          this.regionState[k] = 'ready'
        }
      })
    } catch (e) {
      runInAction(() => {
        for (const k of keys) this.regionState[k] = 'failed'
        this.regionProblem = problemOf(e)
      })
    } finally {
      for (const k of keys) this.regionLoads.delete(k)
    }
  }

  /** The parent whose children the open picker shows. */
  get pickerParent(): string {
    return this.pickerPath[this.pickerPath.length - 1]?.AreaCode ?? ''
  }

  get pickerOptions(): AreaRow[] {
    return this.children(this.pickerParent)
  }

  get pickerState(): LoadState {
    return this.levelState(this.pickerParent)
  }

  /** Opens the picker at the level of the chosen region (its parents as breadcrumbs), else at the top. */
  openPicker(): void {
    const path = this.form.regionPath
    this.pickerPath = path.length > 1 ? path.slice(0, -1) : []
    this.pickerOpen = true
    void this.loadLevels([this.pickerParent])
  }

  closePicker(): void {
    this.pickerOpen = false
  }

  /** A region tapped: one with children opens its level; a leaf is the address's region. */
  pickRegion(row: AreaRow): void {
    if (row.HasChildren === 1) {
      this.pickerPath = [...this.pickerPath, row]
      void this.loadLevels([row.AreaCode])
      return
    }
    this.form.setRegion([...this.pickerPath, row])
    this.clearError('region')
    this.pickerOpen = false
  }

  /** A breadcrumb: back to the level under `depth` chosen levels (0: the top). */
  pickerBack(depth: number): void {
    this.pickerPath = this.pickerPath.slice(0, Math.max(0, depth))
    void this.loadLevels([this.pickerParent])
  }

  /** The level failed to load: ask again. */
  retryLevel(): void {
    void this.loadLevels([this.pickerParent])
  }

  /** Signed out: nothing of the last member stays. */
  clear(): void {
    this.rows = []
    this.listState = 'idle'
    this.listProblem = null
    this.rowProblem = {}
    this.saved = null
    this.chosenOnSave = ''
    this.form.fill(null, this.deps.defaultAreaNo?.() || '853')
  }
}
