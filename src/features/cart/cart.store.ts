/**
 * The cart (spec §3 "Cart", §4 "Cart"): entries per goods, shop and branch, each with lines of
 * distinct choices; a temporary cart holding one item; persisted in local storage with the
 * enterprise id and the cart version. Rules on lines live in src/core/cart.ts (shared with the
 * server); this store keeps the state, persists it after every change and offers the views the
 * pages read. Nothing here translates: callers get values and structured results.
 */
import { makeAutoObservable, toJS } from 'mobx'
import type { KeyValueStorage } from '../../hosts/host'
import {
  CART_VERSION,
  completeLine,
  isCartEntry,
  lineAmount,
  lineCount,
  makeUid,
  relabelEntry,
  roundQuantity,
  sameGoods,
  sameLine,
  stepOf,
  withQuantities,
  type CartEntry,
  type CartGoodsDetails,
  type CartLabels,
  type CartLine,
  type CartLineInput
} from '../../core/cart'
import { Decimal, toDecimal, type DecimalInput } from '../../core/money'
import { DEFAULT_MAX_LINE_QUANTITY, DEFAULT_MAX_ORDER_LINES, canStepUp, stepperMax, type OrderLimits } from '../../core/order-limits'

export const CART_STORAGE_KEY = 'scanorder.cart'

export interface CartParams {
  EntID: string
}

/** Quantity decimals (spec §9 defaults 0 and 0; the enterprise's QuaPoint / PQuaPoint override). */
export interface QuantityPoints {
  QuaPoint: number
  PQuaPoint: number
}

/** The stored value under CART_STORAGE_KEY. */
export interface StoredCart {
  params: CartParams
  cartList: CartEntry[]
  temporaryList: CartEntry[]
  cartVersion: number
  /** What the confirm page orders: the cart, or the temporary cart after "buy now" (absent: the cart). */
  checkoutSource?: CheckoutSource
}

export type CheckoutSource = 'cart' | 'temporary'

export interface CartStoreOptions {
  /** Milliseconds since the epoch, for line uids. */
  now?: () => number
  /** 0 ≤ r < 1, for the random part of line uids. */
  random?: () => number
  logError?: (message: string) => void
  /** The shop's caps (src/core/order-limits); the steppers stop at the per-line cap. */
  limits?: () => OrderLimits
}

const DEFAULT_LIMITS: OrderLimits = { maxLineQuantity: DEFAULT_MAX_LINE_QUANTITY, maxOrderLines: DEFAULT_MAX_ORDER_LINES }

export class CartStore {
  params: CartParams = { EntID: '' }
  cartList: CartEntry[] = []
  /** At most one entry: the item held for "buy now". */
  temporaryList: CartEntry[] = []
  points: QuantityPoints = { QuaPoint: 0, PQuaPoint: 0 }
  /** The business mode new entries are added under ('' until initialise). */
  businessMode = ''
  /** What the confirm page orders: the cart, or the one item of a "buy now" (the cart stays as it is). */
  checkoutSource: CheckoutSource = 'cart'

  private readonly now: () => number
  private readonly random: () => number
  private readonly logError: (message: string) => void
  private readonly limits: () => OrderLimits

  constructor(
    private readonly storage: KeyValueStorage,
    options: CartStoreOptions = {}
  ) {
    this.now = options.now ?? (() => Date.now())
    this.random = options.random ?? Math.random
    this.logError = options.logError ?? ((message) => console.error(message))
    this.limits = options.limits ?? (() => DEFAULT_LIMITS)
    makeAutoObservable<CartStore, 'storage' | 'now' | 'random' | 'logError' | 'limits' | 'lineMax'>(this, {
      storage: false,
      now: false,
      random: false,
      logError: false,
      limits: false,
      canIncreaseLine: false,
      lineLimit: false,
      lineMax: false,
      // Views with arguments stay plain functions, so observers track what they read.
      entriesFor: false,
      checkoutEntries: false,
      count: false,
      total: false,
      goodsQuantity: false,
      isEmpty: false
    })
  }

  // ---------- loading and saving ----------

  /**
   * Loads the stored cart when it belongs to this enterprise and has the current cart version;
   * otherwise starts empty and overwrites the stored value. Stored entries of another business
   * mode than `businessMode` are dropped (the cart is emptied when the mode changes); with no
   * mode yet (null: a shop's counter before a branch is chosen) every entry is kept until
   * setBusinessMode names one.
   */
  initialise(entId: string, businessMode: string | null): void {
    const stored = readStored(this.readStorage())
    const usable = stored !== null && stored.params.EntID === entId && stored.cartVersion === CART_VERSION
    const keep = (e: CartEntry) => businessMode === null || e.businessMode === businessMode
    this.params = { EntID: entId }
    this.businessMode = businessMode ?? ''
    this.cartList = usable ? stored.cartList.filter(keep) : []
    this.temporaryList = usable ? stored.temporaryList.filter(keep).slice(0, 1) : []
    this.checkoutSource = usable && stored.checkoutSource === 'temporary' && this.temporaryList.length > 0 ? 'temporary' : 'cart'
    this.save()
  }

  setPoints(points: { QuaPoint: number; PQuaPoint: number }): void {
    const valid = (n: number): number => (Number.isInteger(n) && n >= 0 && n <= 8 ? n : 0)
    this.points = { QuaPoint: valid(points.QuaPoint), PQuaPoint: valid(points.PQuaPoint) }
  }

  // ---------- changes ----------

  /**
   * Adds lines of one goods. An entry for the same GoodsID, ShopID and BaseID takes them in and
   * moves to the front; a line with the same choices as an existing one (sameLine) adds its
   * quantities to it; other lines join with a fresh uid. Without goods details or lines it logs
   * an error and changes nothing; lines without a positive quantity are left out.
   */
  add(goodsDetails: CartGoodsDetails | null | undefined, lines: CartLineInput[] | null | undefined): void {
    if (!goodsDetails || !goodsDetails.GoodsID) {
      this.logError('cart.add: goods details are missing')
      return
    }
    if (!Array.isArray(lines) || lines.length === 0) {
      this.logError(`cart.add: no lines for goods ${goodsDetails.GoodsID}`)
      return
    }
    const index = this.cartList.findIndex((e) => sameGoods(e.goodsDetails, goodsDetails))
    const existing = index >= 0 ? this.cartList[index] : null
    const merged: CartLine[] = existing ? existing.lines.map((l) => ({ ...l })) : []
    let added = 0
    for (const input of lines) {
      if (typeof input !== 'object' || input === null) {
        this.logError(`cart.add: a line of goods ${goodsDetails.GoodsID} is not a line`)
        continue
      }
      const incoming = completeLine(input, '')
      if (!toDecimal(incoming.qua).greaterThan(0) || toDecimal(incoming.pQua).isNegative() || toDecimal(incoming.mQua).isNegative()) {
        this.logError(`cart.add: a line of goods ${goodsDetails.GoodsID} has no positive quantity`)
        continue
      }
      added++
      const same = merged.findIndex((l) => sameLine(l, incoming))
      if (same >= 0) {
        // The newest stock seen for the sku counts.
        const line = incoming.stockLeft !== undefined ? { ...merged[same], stockLeft: incoming.stockLeft } : merged[same]
        // Adding the same choice again stops at the per-line cap and the stock left (the server refuses above them).
        const max = this.lineMax(line)
        const capped = (q: Decimal) => (q.greaterThan(max) ? new Decimal(max) : q)
        merged[same] = withQuantities(line, capped(toDecimal(line.pQua).plus(incoming.pQua)), capped(toDecimal(line.mQua).plus(incoming.mQua)))
      } else {
        merged.push({ ...incoming, uid: this.freshUid(merged) })
      }
    }
    if (added === 0) return
    const entry: CartEntry = {
      goodsDetails: { ...goodsDetails },
      lines: merged,
      businessMode: existing ? existing.businessMode : this.businessMode
    }
    this.cartList = [entry, ...this.cartList.filter((_, i) => i !== index)]
    this.save()
  }

  /**
   * Sets a line's pack and/or main quantity (a part not given keeps its value); qua = pQua × Ref
   * + mQua. A total of 0 or less removes the line, and the entry when no lines remain.
   */
  setLineQuantity(uid: string, quantities: { pQua?: DecimalInput; mQua?: DecimalInput }): void {
    const found = this.findLine(uid)
    if (!found) return
    const { line } = found
    const next = withQuantities(line, quantities.pQua ?? line.pQua, quantities.mQua ?? line.mQua)
    this.replaceLine(uid, toDecimal(next.qua).greaterThan(0) ? next : null)
  }

  /** One step more: the goods' StepQua, in packs for a pack line, rounded by the quantity rule; nothing at the cap. */
  increaseLine(uid: string): void {
    if (this.canIncreaseLine(uid)) this.stepLine(uid, 1)
  }

  /**
   * Whether one more step keeps the line within the per-line cap and the stock left when it was
   * chosen (packs on a pack line, else main units).
   */
  canIncreaseLine(uid: string): boolean {
    const found = this.findLine(uid)
    if (!found) return false
    const { line, entry } = found
    const value = toDecimal(line.isPack ? line.pQua : line.mQua).toNumber()
    return canStepUp(value, stepOf(entry.goodsDetails.StepQua).toNumber(), this.lineMax(line))
  }

  /** Why a line's + stopped, for the hint under its stepper; null while it can go on. */
  lineLimit(uid: string): { kind: 'cap'; max: number } | { kind: 'stock'; left: number } | null {
    const found = this.findLine(uid)
    if (!found || this.canIncreaseLine(uid)) return null
    const { line } = found
    const max = this.limits().maxLineQuantity
    return line.stockLeft !== undefined && this.lineMax(line) < max ? { kind: 'stock', left: line.stockLeft } : { kind: 'cap', max }
  }

  private lineMax(line: CartLine): number {
    return stepperMax(this.limits(), line.stockLeft ?? null, line.isPack ? line.Ref : '1')
  }

  /** The per-line cap the steppers stop at. */
  get maxLineQuantity(): number {
    return this.limits().maxLineQuantity
  }

  /**
   * One step less, rounded by the quantity rule; reaching 0 removes the line (and the entry).
   * A pack line steps its packs; once it has no packs left, its main units.
   */
  decreaseLine(uid: string): void {
    this.stepLine(uid, -1)
  }

  removeGoods(goodsId: string, shopId: string, baseId: string): void {
    const key = { GoodsID: goodsId, ShopID: shopId, BaseID: baseId }
    const kept = this.cartList.filter((e) => !sameGoods(e.goodsDetails, key))
    if (kept.length === this.cartList.length) return
    this.cartList = kept
    this.save()
  }

  removeLine(uid: string): void {
    if (!this.findLine(uid)) return
    this.replaceLine(uid, null)
  }

  /**
   * Empties what the confirm page ordered: after a "buy now" the temporary cart (the cart stays as
   * it was), else the cart.
   */
  clear(): void {
    if (this.checkoutSource === 'temporary') {
      this.checkoutSource = 'cart'
      this.clearTemporary()
      return
    }
    this.clearCart()
  }

  /** Empties the cart (the cart page's Clear; not the temporary cart: see clearTemporary). */
  clearCart(): void {
    this.cartList = []
    this.save()
  }

  /** "Buy now" (goods details): holds just this item and has the confirm page order it, leaving the cart untouched. */
  buyNow(goodsDetails: CartGoodsDetails | null | undefined, line: CartLineInput | null | undefined): boolean {
    this.addTemporary(goodsDetails, line)
    const held = this.temporaryList.length > 0 && !!goodsDetails && sameGoods(this.temporaryList[0].goodsDetails, goodsDetails)
    this.checkoutSource = held ? 'temporary' : 'cart'
    this.save()
    return held
  }

  /** The cart's Checkout: the confirm page orders the cart again. */
  checkoutCart(): void {
    if (this.checkoutSource === 'cart') return
    this.checkoutSource = 'cart'
    this.save()
  }

  /** Replaces the names of one goods' entries (cart and temporary) with the labels' (another language). */
  relabel(goods: { GoodsID: string; ShopID: string; BaseID: string }, labels: CartLabels): void {
    let changed = false
    const apply = (list: CartEntry[]): CartEntry[] =>
      list.map((e) => {
        if (!sameGoods(e.goodsDetails, goods)) return e
        const next = relabelEntry(e, labels)
        if (JSON.stringify(next) === JSON.stringify(e)) return e
        changed = true
        return next
      })
    const cartList = apply(this.cartList)
    const temporaryList = apply(this.temporaryList)
    if (!changed) return
    this.cartList = cartList
    this.temporaryList = temporaryList
    this.save()
  }

  /** Holds one item aside (replacing any held one), e.g. for ordering it straight away. */
  addTemporary(goodsDetails: CartGoodsDetails | null | undefined, line: CartLineInput | null | undefined): void {
    if (!goodsDetails || !goodsDetails.GoodsID || typeof line !== 'object' || line === null) {
      this.logError('cart.addTemporary: goods details or line are missing')
      return
    }
    const complete = completeLine(line, '')
    if (!toDecimal(complete.qua).greaterThan(0)) {
      this.logError(`cart.addTemporary: the line of goods ${goodsDetails.GoodsID} has no positive quantity`)
      return
    }
    this.temporaryList = [
      { goodsDetails: { ...goodsDetails }, lines: [{ ...complete, uid: this.freshUid([]) }], businessMode: this.businessMode }
    ]
    this.save()
  }

  clearTemporary(): void {
    this.temporaryList = []
    this.checkoutSource = 'cart'
    this.save()
  }

  /**
   * The diner's business mode changed (spec §4: the cart is emptied when it does): new entries
   * go under `mode` and the entries of the other modes, all there were, are cleared.
   */
  /** Returns the modes of the entries it dropped ([] when none). */
  setBusinessMode(mode: string): string[] {
    if (mode === this.businessMode) return []
    const dropped = [...new Set([...this.cartList, ...this.temporaryList].filter((e) => e.businessMode !== mode).map((e) => e.businessMode))]
    this.businessMode = mode
    this.clearOtherModes(mode)
    return dropped
  }

  /** Removes the entries (cart and temporary) added under another business mode than `mode`. */
  clearOtherModes(mode: string): void {
    this.cartList = this.cartList.filter((e) => e.businessMode === mode)
    this.temporaryList = this.temporaryList.filter((e) => e.businessMode === mode)
    if (this.temporaryList.length === 0) this.checkoutSource = 'cart'
    this.save()
  }

  // ---------- views ----------

  /** What the confirm page orders for one shop and branch: the "buy now" item, or the cart's entries. */
  checkoutEntries(shopId: string, baseId: string): CartEntry[] {
    const list = this.checkoutSource === 'temporary' ? this.temporaryList : this.cartList
    return list.filter((e) => e.goodsDetails.ShopID === shopId && e.goodsDetails.BaseID === baseId)
  }

  /** Entries of one shop and branch, most recently added first. */
  entriesFor(shopId: string, baseId: string): CartEntry[] {
    return this.cartList.filter((e) => e.goodsDetails.ShopID === shopId && e.goodsDetails.BaseID === baseId)
  }

  /** How many items: Σ line counts, a pack counting as one (plain decimal string, '0' when empty). */
  count(shopId: string, baseId: string): string {
    return sum(this.entriesFor(shopId, baseId).flatMap((e) => e.lines.map(lineCount)))
  }

  /** Σ lineAmount, exact and unrounded (the UI formats it at AmoPoint). */
  total(shopId: string, baseId: string): string {
    return sum(this.entriesFor(shopId, baseId).flatMap((e) => e.lines.map(lineAmount)))
  }

  /** The count of one goods, for the badge on its row. */
  goodsQuantity(goodsId: string, shopId: string, baseId: string): string {
    return sum(this.entriesFor(shopId, baseId).filter((e) => e.goodsDetails.GoodsID === goodsId).flatMap((e) => e.lines.map(lineCount)))
  }

  isEmpty(shopId: string, baseId: string): boolean {
    return this.entriesFor(shopId, baseId).length === 0
  }

  // ---------- internals ----------

  private stepLine(uid: string, direction: 1 | -1): void {
    const found = this.findLine(uid)
    if (!found) return
    const { line, entry } = found
    const step = stepOf(entry.goodsDetails.StepQua).times(direction)
    const stepQua = entry.goodsDetails.StepQua
    const inPacks = line.isPack && (direction === 1 || toDecimal(line.pQua).greaterThan(0))
    const next = inPacks
      ? withQuantities(line, roundQuantity(toDecimal(line.pQua).plus(step), this.points.PQuaPoint, stepQua), line.mQua)
      : withQuantities(line, line.pQua, roundQuantity(toDecimal(line.mQua).plus(step), this.points.QuaPoint, stepQua))
    this.replaceLine(uid, toDecimal(next.qua).greaterThan(0) ? next : null)
  }

  private findLine(uid: string): { entry: CartEntry; line: CartLine; list: 'cartList' | 'temporaryList' } | null {
    for (const list of ['cartList', 'temporaryList'] as const) {
      for (const entry of this[list]) {
        const line = entry.lines.find((l) => l.uid === uid)
        if (line) return { entry, line, list }
      }
    }
    return null
  }

  /** Replaces (or with null removes) a line; an entry left without lines goes too. */
  private replaceLine(uid: string, next: CartLine | null): void {
    const found = this.findLine(uid)
    if (!found) return
    const { list } = found
    this[list] = this[list]
      .map((e) => {
        if (e !== found.entry) return e
        const lines = next ? e.lines.map((l) => (l.uid === uid ? next : l)) : e.lines.filter((l) => l.uid !== uid)
        return { ...e, lines }
      })
      .filter((e) => e.lines.length > 0)
    this.save()
  }

  /** A uid no line in the carts (or in `pending`) has: on a clash the timestamp moves on. */
  private freshUid(pending: CartLine[]): string {
    const taken = new Set<string>(pending.map((l) => l.uid))
    for (const e of [...this.cartList, ...this.temporaryList]) for (const l of e.lines) taken.add(l.uid)
    const now = this.now()
    for (let k = 0; ; k++) {
      const uid = makeUid(now + k, this.random)
      if (!taken.has(uid)) return uid
    }
  }

  private readStorage(): string | null {
    try {
      return this.storage.get(CART_STORAGE_KEY)
    } catch {
      return null
    }
  }

  private save(): void {
    const value: StoredCart = {
      params: toJS(this.params),
      cartList: toJS(this.cartList),
      temporaryList: toJS(this.temporaryList),
      cartVersion: CART_VERSION,
      checkoutSource: this.checkoutSource
    }
    try {
      this.storage.set(CART_STORAGE_KEY, JSON.stringify(value))
    } catch (e) {
      this.logError(`cart: could not save (${e instanceof Error ? e.message : String(e)})`)
    }
  }
}

const sum = (values: string[]): string => values.reduce((acc, v) => acc.plus(toDecimal(v)), new Decimal(0)).toFixed()

/** The stored cart, or null when missing, not JSON or not the expected shape (never throws). */
function readStored(text: string | null): StoredCart | null {
  if (!text) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  const params = v.params as Record<string, unknown> | null | undefined
  if (typeof params !== 'object' || params === null || typeof params.EntID !== 'string') return null
  if (typeof v.cartVersion !== 'number') return null
  if (!Array.isArray(v.cartList) || !v.cartList.every(isCartEntry)) return null
  if (!Array.isArray(v.temporaryList) || !v.temporaryList.every(isCartEntry)) return null
  return {
    params: { EntID: params.EntID },
    cartList: v.cartList,
    temporaryList: v.temporaryList,
    cartVersion: v.cartVersion,
    checkoutSource: v.checkoutSource === 'temporary' ? 'temporary' : 'cart'
  }
}
