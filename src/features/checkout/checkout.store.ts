/**
 * Confirming an order (spec §2 postpayOrderConfirm / prepayOrderConfirm, §4 appointment slots,
 * §5 messages): the cart's lines as the server is asked to price them, the service style the
 * branch offers, the appointed time, remarks, bags, delivery contact, the privacy-policy
 * agreement, the server's own totals (OrderPricePreview, fetched again whenever a choice
 * changes) and the submission with a request key that stays the same for the same attempt, so a
 * retry or a double tap returns the order already placed.
 *
 * It knows where the diner is only through `place`, and the cart only through `entries`: it
 * never imports the session or the cart store. Nothing here translates; problems are message
 * keys and server refusals carry the server's message (already in the diner's language).
 */
import { makeAutoObservable, reaction, runInAction, type IReactionDisposer } from 'mobx'
import { lineAmount, type CartEntry } from '../../core/cart'
import { appointmentSlots, isAppointmentAllowed, isOpenNow, slotDateTime, type SlotDay, type SlotRules } from '../../core/appointment-slots'
import { positionTypeOf, servicesOffered } from '../../core/sheet-position'
import type { WallClock } from '../../core/wall-clock'
import { RESULTCODES } from '../../gateway/codes'
import { GatewayError, type Gateway } from '../../gateway/gateway-client'
import type { BaseRow } from '../../gateway/operations'
import {
  POSI_TYPE,
  type DeliveryInput,
  type OrderLineInput,
  type OrderLineRow,
  type OrderPlacementInput,
  type OrderRow,
  type PayMode,
  type ServiceType,
  type TableSheetRow
} from '../../gateway/order-rows'
import type { MessageKey } from '../../i18n/catalogues'
import type { KeyValueStorage } from '../../hosts/host'
import type { VipAddressRow } from '../../gateway/address-rows'
import type { OrderProgressLive } from '../../stores/order-progress'
import { estimateLines, ReadyEstimateStore, type EstimateAsk } from './ready-estimate.store'
import { callGateway } from './gateway-call'
import { TERMS_VERSION } from './terms-version'
import { TermsAgreementStore } from './terms-agreement.store'

/** Where the order goes: shop, branch, table and the table's open sheet. */
export interface CheckoutPlace {
  ShopID: string
  BaseID: string
  /** '' without a table. */
  TableID: string
  /** The table's open sheet ('' none): postpay rounds are merged into it. */
  SheetID: string
  /** The table's QR code as scanned ('' none): the server asks for it with every round (proof of sitting at the table). */
  QRCode?: string
  base: BaseRow
}

/**
 * The signed-in member's address book as the confirm page uses it (issue 16): the addresses
 * feature keeps it, stores/past-menu-stores hands it over. A guest types contact, phone and address.
 */
export interface CheckoutAddressBook {
  /** A member session exists: delivery goes to one of their saved addresses. */
  signedIn(): boolean
  /** The member's addresses, loaded again; null when they could not be loaded. */
  load(): Promise<VipAddressRow[] | null>
}

export interface CheckoutDeps {
  /** null before the session is ready. */
  place: () => CheckoutPlace | null
  /** The enterprise's wall clock now (session.now). */
  now: () => WallClock | null
  /** The cart entries of the place's shop and branch. */
  entries: () => CartEntry[]
  /** The device's location when the host can give it (delivery fee by distance). */
  locate?: () => Promise<{ Lng: number; Lat: number } | null>
  /** Quiet time before the totals are fetched again after a change (ms). */
  previewDelayMs?: number
  /**
   * Why a payment method cannot pay `amount` now (a message key), or null: the balance needs a
   * phone-bound member with enough of it, which only the wallet knows.
   */
  payMethodProblem?: (method: PaymentMethod, amount: string | null) => MessageKey | null
  /**
   * The host's storage: the unsent choices per shop, branch, table and mode (a reload keeps them),
   * the last order placed per branch (a way back to it) and the terms' agreement with its version.
   */
  storage?: KeyValueStorage
  /** The version of the privacy policy the diner agrees to (terms-version.ts). */
  termsVersion?: string
  /**
   * The terms agreement, kept per member on the server (terms-agreement.store.ts; the root store's
   * one). Absent: this device's agreement only, in `storage`.
   */
  terms?: TermsAgreementStore
  /** Milliseconds now (Date.now), for how long a placed order is offered again. */
  clock?: () => number
  /** The member's saved addresses (absent: every diner types the delivery details). */
  addressBook?: CheckoutAddressBook
  /** The branch's live stream: the ready-time estimate follows the kitchen's moves (docs/estimates.md). */
  live?: OrderProgressLive
}

/** The choices of an order not sent yet, as kept in storage. */
export interface CheckoutDraft {
  service: ServiceType | null
  appointedDate: string
  appointedTime: string
  remarks: string
  bagQua: number
  contact: string
  phone: string
  address: string
  location: { Lng: number; Lat: number } | null
  payMethod: PaymentMethod
  /** The member's saved address chosen for delivery ('' none chosen: their default). */
  addressId?: string
}

/** An order placed from this device: the cart and confirm pages lead back to it. */
export interface PlacedOrder {
  SheetID: string
  mode: PayMode
  /** Milliseconds (deps.clock) when it was placed. */
  at: number
}

export const DRAFT_KEY = 'so.checkout.draft'
export const PLACED_KEY = 'so.checkout.placed'
export { TERMS_DEVICE_KEY as TERMS_KEY } from './terms-agreement.store'
/** A placed order is offered again on an empty cart for this long (ms). */
export const PLACED_OFFER_MS = 3 * 3600 * 1000

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

/** A refusal from the server: its code and its message (in the diner's language). */
export interface ServerProblem {
  code: string
  message: string
  /** The cart itself is the trouble (price changed, off sale …): offer to go back to it. */
  backToCart: boolean
}

export type PaymentMethod = '' | 'online' | 'balance'
/** Payment choices offered to everyone; 'balance' is offered by the page to a signed-in member. */
export const PAYMENT_METHODS: PaymentMethod[] = ['online']

export type SubmitResult =
  | { ok: true; mode: 'prepay'; order: OrderRow }
  | { ok: true; mode: 'postpay'; sheet: TableSheetRow; round: OrderRow | null }
  | { ok: false; problem: MessageKey | null; server: ServerProblem | null }

/** Codes that mean the cart no longer matches the menu. */
/** Refusals the diner fixes in the cart: the confirm page offers the way back instead of a Retry. */
const CART_CODES: string[] = [
  RESULTCODES.GOODS_OFF_SALE,
  RESULTCODES.PRICE_CHANGED,
  RESULTCODES.GOODS_NOT_IN_SHOP,
  RESULTCODES.INVALID_QUANTITY,
  RESULTCODES.CART_EMPTY,
  RESULTCODES.STOCK_SHORT,
  RESULTCODES.LINE_QUANTITY_OVER_LIMIT,
  RESULTCODES.TOO_MANY_LINES
]

export const MAX_BAGS = 20

/** A cart line as the server is asked to price it (src/gateway/order-rows OrderLineInput). */
export function orderLineInputs(entries: CartEntry[]): OrderLineInput[] {
  return entries.flatMap((e) =>
    e.lines.map((line) => ({
      GoodsID: e.goodsDetails.GoodsID,
      SkuID: line.sku?.SkuID ?? '',
      PCode: line.isPack ? line.PCode : '',
      MQua: line.mQua,
      PQua: line.isPack ? line.pQua : '0',
      Remarks: line.remarkList.map((r) => ({ name: r.name, option: r.option })),
      AddOns: line.attachmentList.map((a) => a.OptionID),
      Bom: line.bomList.map((b) => ({
        BOMClassID: b.BOMClassID,
        GoodsID: b.GoodsID,
        ...(b.remarkList?.length ? { Remarks: b.remarkList.map((r) => ({ name: r.name, option: r.option })) } : {})
      })),
      Amount: lineAmount(line)
    }))
  )
}

/** cyrb53: a 53-bit string hash, as 14 hex digits. Only for request keys, not for security. */
export function hashText(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
}

export class CheckoutStore {
  mode: PayMode = 'prepay'
  service: ServiceType | null = null
  /** 'YYYY-MM-DD' and 'HH:mm' of the appointed time; both '' = as soon as possible. */
  appointedDate = ''
  appointedTime = ''
  remarks = ''
  bagQua = 0
  contact = ''
  phone = ''
  address = ''
  location: { Lng: number; Lat: number } | null = null
  payMethod: PaymentMethod = 'online'
  /** The terms agreement (deps.terms, else this device's own). */
  private readonly terms: TermsAgreementStore
  /**
   * Delivery to a saved address (a signed-in member; issue 16): the chosen one's id, kept with the
   * draft ('' none: the default is taken when the book loads), and the address itself.
   */
  addressId = ''
  savedAddress: VipAddressRow | null = null
  /** The member's address book as the confirm page last loaded it. */
  bookState: LoadState = 'idle'
  /**
   * The member's coupon card chosen on couponSelect ('' none); prepay orders only (a table's rounds
   * are settled later, on the bill). The server re-checks and prices it with the preview and the order.
   */
  cardId = ''

  preview: OrderRow | null = null
  previewLines: OrderLineRow[] = []
  /** The table sheet as it would be after this round (postpay with an open sheet). */
  mergePreview: TableSheetRow | null = null
  previewState: LoadState = 'idle'
  previewProblem: ServerProblem | null = null

  submitting = false
  submitProblem: ServerProblem | null = null
  /** The first client-side problem the last submit found (a message key). */
  lastProblem: MessageKey | null = null
  /** The last order placed at this place, read from storage (null: none, or too long ago). */
  placed: PlacedOrder | null = null

  private previewSeq = 0
  private disposeReaction: IReactionDisposer | null = null
  private pending: Promise<SubmitResult> | null = null
  private disposeDraft: IReactionDisposer | null = null
  private stopEstimate: (() => void) | null = null
  /** "Ready in about N min" for the cart, and the branch's full pickup slots (not offered). */
  readonly estimate: ReadyEstimateStore

  constructor(
    private readonly gateway: Gateway,
    private readonly deps: CheckoutDeps
  ) {
    this.terms = deps.terms ?? new TermsAgreementStore(gateway, deps.storage ?? memoryStorage(), { version: deps.termsVersion ?? TERMS_VERSION, token: () => '' })
    this.estimate = new ReadyEstimateStore(gateway, { live: deps.live })
    makeAutoObservable<CheckoutStore, 'gateway' | 'deps' | 'previewSeq' | 'disposeReaction' | 'pending' | 'disposeDraft' | 'terms' | 'stopEstimate'>(this, {
      estimate: false,
      stopEstimate: false,
      terms: false,
      gateway: false,
      deps: false,
      previewSeq: false,
      disposeReaction: false,
      pending: false,
      disposeDraft: false
    })
  }

  // ---------- the page's life ----------

  /**
   * A confirm page opens: the choices kept for this place and mode (else fresh ones), the terms'
   * agreement when this version was agreed to; totals follow every change until `end`, and
   * every change is kept in storage.
   */
  begin(mode: PayMode): void {
    this.end()
    this.mode = mode
    this.applyDraft(this.readDraft())
    // The member's agreement is read again (another device may have given it).
    void this.terms.load()
    this.preview = null
    this.previewLines = []
    this.mergePreview = null
    this.previewState = 'idle'
    this.previewProblem = null
    this.submitProblem = null
    this.lastProblem = null
    this.placed = this.readPlaced()
    // A card is chosen for this visit only: the next order starts without one.
    this.cardId = ''
    this.disposeReaction = reaction(
      () => this.previewKey,
      () => void this.refreshPreview(),
      { delay: this.deps.previewDelayMs ?? 300, fireImmediately: true }
    )
    this.stopEstimate = this.estimate.watch(() => this.estimateAsk)
    // Every change is kept; a place arriving after the page (a reload) or another place brings its own choices.
    let shownKey = this.draftKey
    this.disposeDraft = reaction(
      () => ({ key: this.draftKey, text: JSON.stringify(this.draft) }),
      ({ key, text }) => {
        if (key !== shownKey) {
          shownKey = key
          this.applyDraft(this.readDraft())
          this.placed = this.readPlaced()
        } else if (key) this.deps.storage?.set(key, text)
      }
    )
  }

  end(): void {
    this.stopEstimate?.()
    this.stopEstimate = null
    this.disposeReaction?.()
    this.disposeReaction = null
    this.disposeDraft?.()
    this.disposeDraft = null
  }

  // ---------- what is kept on the device ----------

  /** Storage key of this place's and mode's unsent choices ('' before there is a place). */
  get draftKey(): string {
    const p = this.place
    return p ? `${DRAFT_KEY}.${p.ShopID}.${p.BaseID}.${p.TableID}.${this.mode}` : ''
  }

  get draft(): CheckoutDraft {
    return {
      service: this.service,
      appointedDate: this.appointedDate,
      appointedTime: this.appointedTime,
      remarks: this.remarks,
      bagQua: this.bagQua,
      contact: this.contact,
      phone: this.phone,
      address: this.address,
      location: this.location,
      payMethod: this.payMethod,
      addressId: this.addressId
    }
  }

  private readDraft(): Partial<CheckoutDraft> | null {
    const key = this.draftKey
    const text = key ? this.deps.storage?.get(key) : null
    if (!text) return null
    try {
      const d = JSON.parse(text) as Partial<CheckoutDraft>
      return d && typeof d === 'object' ? d : null
    } catch {
      return null
    }
  }

  private applyDraft(d: Partial<CheckoutDraft> | null): void {
    const text = (v: unknown): string => (typeof v === 'string' ? v : '')
    this.service = d?.service ?? null
    this.appointedDate = text(d?.appointedDate)
    this.appointedTime = text(d?.appointedTime)
    this.remarks = text(d?.remarks).slice(0, 200)
    this.bagQua = 0
    this.setBags(Number(d?.bagQua) || 0)
    this.contact = text(d?.contact).slice(0, 40)
    this.phone = text(d?.phone).slice(0, 20)
    this.address = text(d?.address).slice(0, 200)
    const at = d?.location
    this.location = at && Number.isFinite(at.Lng) && Number.isFinite(at.Lat) ? { Lng: at.Lng, Lat: at.Lat } : null
    this.payMethod = d?.payMethod === 'balance' ? 'balance' : 'online'
    const addressId = text(d?.addressId)
    if (addressId !== this.addressId) this.savedAddress = null
    this.addressId = addressId
    // A kept time that has passed (or the branch no longer offers) is dropped, not shown as a refusal.
    if (this.appointedDate && this.slotRules && !this.slotDays.some((day) => day.date === this.appointedDate && day.slots.includes(this.appointedTime))) {
      this.appointedDate = ''
      this.appointedTime = ''
    }
  }

  /** After an order is placed: the next one starts with no time and no remark (contact and style stay). */
  private afterPlaced(SheetID: string): void {
    this.appointedDate = ''
    this.appointedTime = ''
    this.remarks = ''
    this.bagQua = 0
    // The order took the card.
    this.cardId = ''
    const key = this.draftKey
    if (key) this.deps.storage?.set(key, JSON.stringify(this.draft))
    const p = this.place
    if (!p || !this.deps.storage) return
    const placed: PlacedOrder = { SheetID, mode: this.mode, at: this.deps.clock?.() ?? Date.now() }
    this.deps.storage.set(`${PLACED_KEY}.${p.ShopID}.${p.BaseID}.${p.TableID}`, JSON.stringify(placed))
    this.placed = placed
  }

  private readPlaced(): PlacedOrder | null {
    const p = this.place
    const text = p ? this.deps.storage?.get(`${PLACED_KEY}.${p.ShopID}.${p.BaseID}.${p.TableID}`) : null
    if (!text) return null
    try {
      const o = JSON.parse(text) as PlacedOrder
      const now = this.deps.clock?.() ?? Date.now()
      return o && typeof o.SheetID === 'string' && o.SheetID && now - Number(o.at) < PLACED_OFFER_MS && now >= Number(o.at) ? o : null
    } catch {
      return null
    }
  }

  /** The last order placed here, read again (the cart page asks when it shows). */
  loadPlaced(): PlacedOrder | null {
    this.placed = this.readPlaced()
    return this.placed
  }

  /** Whether the diner agreed to the version of the terms shown (the member's, else this device's). */
  get agreed(): boolean {
    return this.terms.agreed
  }

  // ---------- what the diner can choose ----------

  get place(): CheckoutPlace | null {
    return this.deps.place()
  }

  get entries(): CartEntry[] {
    return this.deps.entries()
  }

  get lines(): OrderLineInput[] {
    return orderLineInputs(this.entries)
  }

  /** What the ready-time estimate asks for: this cart at this branch (null: nothing to cook yet). */
  get estimateAsk(): EstimateAsk | null {
    const p = this.place
    const lines = estimateLines(this.lines)
    if (!p || lines.length === 0) return null
    return { input: { ShopID: p.ShopID, BaseID: p.BaseID, Lines: lines }, place: { ShopID: p.ShopID, BaseID: p.BaseID } }
  }

  /** Service styles of the branch (spec §1); a table's rounds are served at the branch, never delivered. */
  get serviceOptions(): ServiceType[] {
    const base = this.place?.base
    if (!base) return []
    const offered = servicesOffered(base.BusinessMode, base.CYType)
    return this.mode === 'postpay' ? offered.filter((s) => s !== 'delivery') : offered
  }

  /** The chosen style, or the first one offered. */
  get serviceType(): ServiceType | null {
    const options = this.serviceOptions
    if (this.service && options.includes(this.service)) return this.service
    return options[0] ?? null
  }

  /** Prepay orders are picked up (or delivered) at a time; postpay rounds go to the table now. */
  get needsTime(): boolean {
    return this.mode === 'prepay'
  }

  private get slotRules(): SlotRules | null {
    const base = this.place?.base
    const now = this.deps.now()
    if (!base || !now) return null
    return {
      now,
      beginTime: base.BeginTime,
      endTime: base.EndTime,
      weekday: base.weekday,
      cookingMinutes: Number(base.CookingTimeDuration) || 0,
      dtbMinutes: Number(base.DtbDuration) || 0,
      delivery: this.serviceType === 'delivery'
    }
  }

  /** The appointment days and their times (today or tomorrow … 7 days, spec §4). */
  get slotDays(): SlotDay[] {
    const rules = this.slotRules
    if (!rules) return []
    // A slot the kitchen is full at is not offered (the branch's capacity per 15 minutes; docs/estimates.md).
    const full = this.estimate.fullSet
    const days = appointmentSlots(rules)
    if (full.size === 0) return days
    return days
      .map((d) => {
        const slots = d.slots.filter((t) => !full.has(slotDateTime(d, t)))
        const nextDayFrom = d.slots.slice(0, d.nextDayFrom).filter((t) => !full.has(slotDateTime(d, t))).length
        return { ...d, slots, nextDayFrom }
      })
      .filter((d) => d.slots.length > 0)
  }

  /** As soon as possible is offered only while the branch is open. */
  get asapOffered(): boolean {
    const rules = this.slotRules
    return rules ? isOpenNow(rules) : false
  }

  /**
   * The calendar time 'YYYY-MM-DD HH:mm' the server is asked for, or '' for as soon as possible.
   * The chosen day is a business day: a slot after midnight is on the next calendar date.
   */
  get appointed(): string {
    if (!this.appointedDate || !this.appointedTime) return ''
    const day = this.slotDays.find((d) => d.date === this.appointedDate)
    return day && day.slots.includes(this.appointedTime) ? slotDateTime(day, this.appointedTime) : `${this.appointedDate} ${this.appointedTime}`
  }

  /** The branch is closed now and no time is chosen yet: the diner must choose one first. */
  get timeNeeded(): boolean {
    return this.needsTime && !this.appointed && !this.asapOffered
  }

  /** The day the time picker shows: the chosen one, else the first with slots. */
  get shownDay(): SlotDay | null {
    const days = this.slotDays
    return days.find((d) => d.date === this.appointedDate) ?? days[0] ?? null
  }

  // ---------- choices ----------

  chooseService(service: ServiceType): void {
    if (!this.serviceOptions.includes(service)) return
    this.service = service
    // A delivery adds its distance time: a chosen time that is no longer offered is dropped.
    if (this.appointed && this.slotRules && !isAppointmentAllowed(this.slotRules, this.appointed)) this.appointedTime = ''
  }

  chooseDay(date: string): void {
    if (date === this.appointedDate) return
    this.appointedDate = date
    this.appointedTime = ''
  }

  chooseTime(date: string, time: string): void {
    this.appointedDate = date
    this.appointedTime = time
  }

  chooseAsap(): void {
    this.appointedDate = ''
    this.appointedTime = ''
  }

  setRemarks(text: string): void {
    this.remarks = text.slice(0, 200)
  }

  setBags(n: number): void {
    this.bagQua = Math.max(0, Math.min(MAX_BAGS, Math.floor(Number.isFinite(n) ? n : 0)))
  }

  setContact(text: string): void {
    this.contact = text.slice(0, 40)
  }

  setPhone(text: string): void {
    this.phone = text.replace(/[^\d+\- ]/g, '').slice(0, 20)
  }

  setAddress(text: string): void {
    this.address = text.slice(0, 200)
  }

  /** The coupon card to use ('' none); the totals are fetched again with it. */
  chooseCard(cardId: string): void {
    this.cardId = this.mode === 'prepay' ? cardId : ''
  }

  choosePayment(method: PaymentMethod): void {
    this.payMethod = method
  }

  /** Ticking the box is remembered with the terms' version; unticking forgets it. */
  setAgreed(agreed: boolean): void {
    void this.terms.setAgreed(agreed)
  }

  // ---------- delivery to a saved address (issue 16) ----------

  /** A signed-in member's delivery goes to one of their saved addresses (a guest types it). */
  get usesAddressBook(): boolean {
    return this.deps.addressBook?.signedIn() ?? false
  }

  /**
   * The confirm page shows (first, or back from the address pages or a login): the member's
   * addresses again; the chosen one as it is now (edited meanwhile), else the default, else none.
   */
  async syncAddressBook(): Promise<void> {
    const book = this.deps.addressBook
    if (!book || !book.signedIn()) {
      this.savedAddress = null
      this.bookState = 'idle'
      return
    }
    if (this.bookState !== 'ready') this.bookState = 'loading'
    const rows = await book.load()
    runInAction(() => {
      if (!rows) {
        // The chosen address stays chosen; the page offers to try again.
        this.bookState = 'failed'
        return
      }
      const chosen = rows.find((r) => r.AddressID === this.addressId) ?? rows.find((r) => r.IsDefault === 1) ?? rows[0] ?? null
      this.savedAddress = chosen
      this.addressId = chosen?.AddressID ?? ''
      this.bookState = 'ready'
    })
  }

  /** An address chosen on addressList (or saved on addressEdit) for this order. */
  chooseAddress(address: VipAddressRow): void {
    this.savedAddress = address
    this.addressId = address.AddressID
    this.bookState = 'ready'
  }

  /** The server measured the address beyond the branch's delivery range: the order cannot be placed to it. */
  get outOfRange(): boolean {
    return this.serviceType === 'delivery' && this.previewProblem?.code === RESULTCODES.BEYOND_DELIVERY_RANGE
  }

  /** Asks the host for the device's location (delivery fees by distance); false when it cannot. */
  async requestLocation(): Promise<boolean> {
    if (!this.deps.locate) return false
    try {
      const at = await this.deps.locate()
      runInAction(() => (this.location = at))
      return at !== null
    } catch {
      return false
    }
  }

  // ---------- what goes to the server ----------

  private get delivery(): DeliveryInput | undefined {
    if (this.serviceType !== 'delivery') return undefined
    if (this.usesAddressBook) {
      // The server takes contact, phone, address and location from the saved address (and keeps a
      // snapshot); they go along too so an edited address is priced and keyed afresh.
      const a = this.savedAddress
      return {
        AddressID: a?.AddressID ?? '',
        Contact: a?.Contact ?? '',
        Phone: a ? `+${a.AreaNo} ${a.Phone}` : '',
        Address: a ? [a.RegionName, a.Street, a.Detail, a.HouseNo].filter((x) => x && x.trim()).join(' ') : '',
        Lng: a?.Lng ?? 0,
        Lat: a?.Lat ?? 0
      }
    }
    return {
      Contact: this.contact.trim(),
      Phone: this.phone.trim(),
      Address: this.address.trim(),
      Lng: this.location?.Lng ?? 0,
      Lat: this.location?.Lat ?? 0
    }
  }

  /** The placement as OrderPricePreview / the submit operations take it (null until there is a place). */
  get placement(): OrderPlacementInput | null {
    const place = this.place
    const service = this.serviceType
    if (!place || !service) return null
    const input: OrderPlacementInput = {
      ShopID: place.ShopID,
      BaseID: place.BaseID,
      TableID: place.TableID,
      ServiceType: service,
      AppointedTime: this.needsTime ? this.appointed : '',
      Remarks: this.remarks.trim(),
      BagQua: this.bagQua,
      Lines: this.lines
    }
    const delivery = this.delivery
    if (delivery) input.Delivery = delivery
    if (this.mode === 'prepay' && this.cardId) input.CardID = this.cardId
    return input
  }

  /** What the diner still has to fill in before a delivery can be priced (the fee needs the address). */
  get previewBlockedBy(): MessageKey | null {
    if (this.timeNeeded) return 'checkout.chooseTimeFirst'
    if (this.serviceType !== 'delivery') return null
    if (this.usesAddressBook) return this.savedAddress ? null : 'address.chooseForOrder'
    if (!this.contact.trim() || !this.phone.trim()) return 'checkout.fillContact'
    if (!this.address.trim()) return 'checkout.chooseAddress'
    return null
  }

  /** What the totals depend on (free-text remarks do not change a price). */
  get previewKey(): string {
    const p = this.placement
    if (!p || p.Lines.length === 0 || this.previewBlockedBy) return ''
    return JSON.stringify({ ...p, Remarks: '', SheetID: this.place?.SheetID ?? '', mode: this.mode })
  }

  /**
   * The request key of this attempt: the first line's uid and a hash of everything submitted.
   * The same cart and choices give the same key (a retry returns the same order); any change
   * gives a new one.
   */
  get requestKey(): string {
    const p = this.placement
    const first = this.entries[0]?.lines[0]?.uid ?? ''
    if (!p || !first) return ''
    const text = JSON.stringify({ p, sheet: this.place?.SheetID ?? '', mode: this.mode })
    return `${first}-${hashText(text)}${hashText(text, 7)}`
  }

  // ---------- rules before submitting (spec §5) ----------

  /** Every reason the order cannot be submitted yet, most important first (message keys). */
  get problems(): MessageKey[] {
    const out: MessageKey[] = []
    if (this.lines.length === 0) out.push('checkout.cartEmpty')
    if (!this.serviceType) out.push('checkout.serviceMissing')
    const rules = this.slotRules
    if (this.needsTime && rules) {
      if (this.timeNeeded && !this.appointedDate) out.push('checkout.closedNow')
      else {
        const ok = this.appointed ? isAppointmentAllowed(rules, this.appointed) : this.appointedDate ? false : isOpenNow(rules)
        if (!ok) out.push('checkout.outsideHours')
      }
    }
    if (this.serviceType === 'delivery' && this.usesAddressBook) {
      if (!this.savedAddress) out.push('address.chooseForOrder')
    } else if (this.serviceType === 'delivery') {
      if (!this.contact.trim() || !this.phone.trim()) out.push('checkout.fillContact')
      else if (!this.address.trim()) out.push('checkout.chooseAddress')
    }
    if (this.mode === 'prepay' && !this.payMethod) out.push('checkout.selectPayment')
    const payProblem = this.mode === 'prepay' && this.payMethod ? (this.deps.payMethodProblem?.(this.payMethod, this.preview?.Amount ?? null) ?? null) : null
    if (payProblem) out.push(payProblem)
    if (!this.agreed) out.push('checkout.agreePrivacy')
    return out
  }

  // ---------- totals from the server ----------

  /** Fetches the server's totals for the current choices; an older answer never overwrites a newer one. */
  async refreshPreview(): Promise<void> {
    const input = this.placement
    const seq = ++this.previewSeq
    if (!input || input.Lines.length === 0 || this.previewBlockedBy) {
      this.previewState = 'idle'
      this.preview = null
      this.previewLines = []
      this.mergePreview = null
      this.previewProblem = null
      return
    }
    const sheetId = this.mode === 'postpay' ? (this.place?.SheetID ?? '') : ''
    const QRCode = this.place?.QRCode ?? ''
    this.previewState = 'loading'
    try {
      const [priced, merged] = await Promise.all([
        callGateway(this.gateway, 'OrderPricePreview', input),
        sheetId ? callGateway(this.gateway, 'MergeOrderPreview', { ...input, QRCode, SheetID: sheetId }) : Promise.resolve(null)
      ])
      runInAction(() => {
        if (seq !== this.previewSeq) return
        this.preview = priced.table1?.[0] ?? null
        this.previewLines = priced.table2 ?? []
        this.mergePreview = merged?.table1?.[0] ?? null
        this.previewProblem = null
        this.previewState = 'ready'
      })
    } catch (e) {
      runInAction(() => {
        if (seq !== this.previewSeq) return
        this.preview = null
        this.previewLines = []
        this.mergePreview = null
        this.previewProblem = serverProblem(e)
        this.previewState = 'failed'
      })
    }
  }

  // ---------- submitting ----------

  /**
   * Places the order (prepay: OrderSubmit) or the round (postpay: MergeOrderSubmit onto the open
   * sheet, else PosOrderSubmit / MealPosOrderSubmit by the sheet position type). A second call
   * while one runs returns the same promise; a retry after a failure sends the same request key.
   */
  submit(): Promise<SubmitResult> {
    if (this.pending) return this.pending
    this.submitProblem = null
    const problem = this.problems[0] ?? null
    this.lastProblem = problem
    const input = this.placement
    if (problem || !input) return Promise.resolve({ ok: false, problem: problem ?? 'checkout.cartEmpty', server: null })
    const RequestKey = this.requestKey
    this.submitting = true
    this.pending = this.send(input, RequestKey).finally(() =>
      runInAction(() => {
        this.submitting = false
        this.pending = null
      })
    )
    return this.pending
  }

  private async send(input: OrderPlacementInput, RequestKey: string): Promise<SubmitResult> {
    try {
      if (this.mode === 'prepay') {
        const out = await callGateway(this.gateway, 'OrderSubmit', { ...input, RequestKey })
        const order = out.table1?.[0]
        if (!order) throw new Error('OrderSubmit answered without an order')
        runInAction(() => this.afterPlaced(order.SheetID))
        return { ok: true, mode: 'prepay', order }
      }
      const place = this.place!
      const round = { ...input, QRCode: place.QRCode ?? '', RequestKey }
      // The first round opens the table's sheet as its service style is: a meal sheet for dine-in,
      // a fast-food or takeaway sheet otherwise (a takeaway round at a meal table went to the meal call: 20027).
      const out = place.SheetID
        ? await callGateway(this.gateway, 'MergeOrderSubmit', { ...round, SheetID: place.SheetID })
        : positionTypeOf(input.ServiceType) === POSI_TYPE.MEAL
          ? await callGateway(this.gateway, 'MealPosOrderSubmit', round)
          : await callGateway(this.gateway, 'PosOrderSubmit', round)
      const sheet = out.table1?.[0]
      if (!sheet) throw new Error('The table sheet is missing from the answer')
      runInAction(() => this.afterPlaced(sheet.SheetID))
      return { ok: true, mode: 'postpay', sheet, round: out.table2?.[0] ?? null }
    } catch (e) {
      const problem = serverProblem(e)
      runInAction(() => (this.submitProblem = problem))
      return { ok: false, problem: null, server: problem }
    }
  }
}

/** A failed call as the page shows it: the server's message, and whether the cart is the trouble. */
export function serverProblem(e: unknown): ServerProblem {
  if (e instanceof GatewayError) {
    const code = e.resultcode && e.resultcode !== '0' ? e.resultcode : e.errcode
    return { code, message: e.message, backToCart: CART_CODES.includes(e.resultcode) }
  }
  return { code: '', message: e instanceof Error ? e.message : String(e), backToCart: false }
}

/** A storage that forgets: a store given none keeps its agreement for the page's life only. */
function memoryStorage(): KeyValueStorage {
  const kept = new Map<string, string>()
  return { get: (k) => kept.get(k) ?? null, set: (k, v) => void kept.set(k, v), remove: (k) => void kept.delete(k) }
}
