/**
 * What every placement checks and computes before anything is written (prepay orders here,
 * postpay rounds in ../table-sheets): the shop and branch, the service style, the time, the
 * delivery details and fee, and every line priced from the server's own catalogue.
 * validatePlacement() reads only; insertOrder() writes the order in the caller's transaction.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { isAppointmentAllowed, isOpenNow, openWindows, type SlotRules } from '../../../../src/core/appointment-slots'
import { decimalPoints, roundHalfUp, sumDecimals, toDecimal } from '../../../../src/core/money'
import { orderLimits, type OrderLimits } from '../../../../src/core/order-limits'
import { positionTypeOf, servicesOffered } from '../../../../src/core/sheet-position'
import { addMilliseconds, wallClockIn, type WallClock } from '../../../../src/core/wall-clock'
import type { Locale } from '../../../../src/gateway/contract'
import { COUPON_SALE_TYPE, type OrderPlacementInput, type OrderStatus, type PayMode, type PosiType, type ServiceType } from '../../../../src/gateway/order-rows'
import { findBase } from '../../storage/repositories/base.repository'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { listShopParams } from '../../storage/repositories/params.repository'
import { insertOrderRows, type OrderLineRecord, type OrderRecord } from '../../storage/repositories/order.repository'
import { findTable } from '../../storage/repositories/table.repository'
import type { Database } from '../../storage/schema'
import { openMenu, type MenuRead } from '../catalogue/catalogue.service'
import { deliveryQuote } from '../delivery/freight.service'
import { beyondRange, deliveryTarget, locateTarget, type DeliveryTarget, type PlacedDelivery } from '../delivery/delivery-address'
import type { GeocodingProvider } from '../../providers/geocoding/geocoding-provider'
import { DEFAULT_PLACES_RATE, meteredGeocoder } from '../places/places.service'
import { DomainError } from '../errors'
import type { Base, DiningTable } from '../records'
import { bagFee, priceLines, type PricedLines } from './order-pricing'
import { recordCreated, type OrderActor } from './order-state'
import { checkStock, stockTakes, takeStock, type StockTake } from './order-stock'
import { vipIdOfOwner } from '../members/member-session'
import { couponOrderOf, priceCardForOrder, takeCard, type CardOnOrder } from '../coupons/card-use'

/** Minutes an unpaid prepay order waits for its payment (enterprise setting UnpaidOrderMinutes). */
export const DEFAULT_UNPAID_ORDER_MINUTES = 15

/** What placement needs of the request (an OperationContext has all of it). */
export interface PlacementCaller {
  /** The enterprise the envelope speaks for. */
  entId: string
  locale: Locale
  now: Date
  /** For the menu read's picture URLs (not used in orders; any origin will do). */
  origin: string
  /** Who places it (`vip:<VipID>` for a signed-in member): a Delivery.AddressID must be that member's. */
  ownerKey?: string
  /** Locates a delivery address that has no location (an OperationContext has it). */
  providers?: { geocoding?: GeocodingProvider }
  /** The caller's client address and the per-address geocoder limit its lookups count in (an OperationContext has them). */
  clientIp?: string
  config?: { placesRatePerMinute: number }
}

export interface ValidPlacement {
  input: OrderPlacementInput
  entId: string
  locale: Locale
  now: Date
  read: MenuRead
  /** The branch as stored now (hours, mode, location). */
  base: Base
  table: DiningTable | null
  serviceType: ServiceType
  posiType: PosiType
  /** 'YYYY-MM-DD HH:mm' or '' (as soon as possible). */
  appointedTime: string
  remarks: string
  /** Enterprise clock now, and the branch's business day ('YYYY-MM-DD'). */
  wall: WallClock
  businessDay: string
  timeZone: string
  amoPoint: number
  /** Enterprise settings by ParmID. */
  settings: Map<string, string>
  priced: PricedLines
  /** The shop's caps (per line, lines per order). */
  limits: OrderLimits
  /** What the lines take from the stock of skus that count it (checkStock); insertOrder takes it. */
  stock: StockTake[]
  goodsAmount: string
  bagQua: number
  bagFee: string
  freight: string
  /** The member's coupon card the order uses, re-checked and priced (null: none). */
  coupon: CardOnOrder | null
  /** What the card takes off at AmoPoint ('0' without one). */
  couponAmount: string
  /** goods + bags + freight − coupon at AmoPoint: what the diner pays. */
  amount: string
  /** Where a delivery goes (saved or typed), located, with its fee and range (null: not a delivery). */
  delivery: PlacedDelivery | null
}

export interface PlacementOptions {
  /** Compare each line's Amount with the server's price (false for a preview). */
  checkShownAmounts: boolean
  /**
   * Placements that may use a coupon card (prepay orders) pass the caller's member id ('' none:
   * a CardID then names no card of theirs); others leave it out and never price input.CardID.
   */
  cardHolder?: string
}

/**
 * Checks a placement and prices it; throws DomainError with the first problem:
 * shop (20003), branch (20004), table (20005), service style (SERVICE_NOT_OFFERED), appointed
 * time (APPOINTMENT_OUTSIDE_HOURS) or, for as soon as possible, opening hours (SHOP_CLOSED with
 * begin/end), delivery details (ADDRESS_REQUIRED; a saved address not the member's:
 * ADDRESS_NOT_FOUND), location (LOCATION_REQUIRED when it could not be located and the branch
 * needs a distance) and range (BEYOND_DELIVERY_RANGE with distance and limit in km), then the
 * lines (CART_EMPTY, TOO_MANY_LINES, GOODS_NOT_IN_SHOP, GOODS_OFF_SALE, INVALID_QUANTITY,
 * LINE_QUANTITY_OVER_LIMIT, PRICE_CHANGED), the stock left now (STOCK_SHORT) and bags.
 */
export async function validatePlacement(
  db: Kysely<Database>,
  caller: PlacementCaller,
  input: OrderPlacementInput,
  options: PlacementOptions
): Promise<ValidPlacement> {
  const { entId, locale, now } = caller
  if (!input.BaseID) throw new DomainError('BASE_NOT_FOUND')
  // The menu read checks the shop (exists, enabled) and that the branch is one of its own. The
  // live stock is read and taken below (order-stock.ts), never the snapshot's.
  const read = await openMenu(db, entId, { ShopID: input.ShopID, BaseID: input.BaseID }, now, caller.origin, { stock: false })
  // Hours and modes as stored now (the menu snapshot keeps the branch of its menu version).
  const base = await findBase(db, entId, input.BaseID)
  if (!base || base.shopId !== read.snapshot.menu.shopId) throw new DomainError('BASE_NOT_FOUND')
  let table: DiningTable | null = null
  if (input.TableID) {
    table = await findTable(db, entId, input.TableID)
    if (!table || table.baseId !== base.baseId) throw new DomainError('TABLE_NOT_FOUND')
  }

  const serviceType = input.ServiceType
  if (!servicesOffered(base.businessMode, base.cyType).includes(serviceType)) throw new DomainError('SERVICE_NOT_OFFERED')

  const settings = new Map((await listEnterpriseSettings(db, entId)).map((p) => [p.parmId, p.parmValue]))
  const amoPoint = decimalPoints({ AmoPoint: settings.get('AmoPoint') }).AmoPoint
  const timeZone = read.timeZone
  const wall = wallClockIn(timeZone, now)
  const isDelivery = serviceType === 'delivery'
  const rules: SlotRules = {
    now: wall,
    beginTime: base.beginTime,
    endTime: base.endTime,
    weekday: base.weekday,
    cookingMinutes: base.cookingTimeDuration,
    dtbMinutes: base.dtbDuration,
    delivery: isDelivery
  }
  const appointedTime = (input.AppointedTime ?? '').trim()
  if (appointedTime) {
    if (!isAppointmentAllowed(rules, appointedTime)) throw new DomainError('APPOINTMENT_OUTSIDE_HOURS')
  } else if (!isOpenNow(rules)) {
    throw new DomainError('SHOP_CLOSED', { begin: base.beginTime || '00:00', end: base.endTime || '23:59' })
  }

  // A saved address (the signed-in member's own) or the typed details; located below.
  let deliveryDetails: DeliveryTarget | null = null
  if (isDelivery) deliveryDetails = await deliveryTarget(db, { entId, vipId: vipIdOfOwner(caller.ownerKey ?? '') }, input.Delivery, locale)

  const shopParams = new Map((await listShopParams(db, read.snapshot.menu.shopId)).map((p) => [p.parmId, p.parmValue]))
  const limits = orderLimits(shopParams, settings)
  const priced = priceLines(read, input.Lines, locale, amoPoint, options.checkShownAmounts, limits)
  // What the counted skus' stock gives now; takeStock takes only these.
  const stock = await checkStock(db, stockTakes(priced.lines))
  const bagQua = input.BagQua ?? 0
  const bags = bagFee(read, bagQua, amoPoint)

  let delivery: ValidPlacement['delivery'] = null
  let freight = roundHalfUp(0, amoPoint).toFixed(amoPoint)
  if (deliveryDetails) {
    // An address without a location is resolved first (best effort).
    // Counted in the caller's per-address geocoder limit, as AddressResolution is (red team, issue 16:
    // every preview with an unlocated address asked the geocoder uncounted); beyond it, not located.
    const geocoding = caller.providers?.geocoding
    const geocoder = geocoding && meteredGeocoder({ db, geocoding, clientIp: caller.clientIp ?? '', now: caller.now, ratePerMinute: caller.config?.placesRatePerMinute ?? DEFAULT_PLACES_RATE })
    const target = await locateTarget(geocoder, deliveryDetails, locale)
    const quote = await deliveryQuote(db, base, target.location, priced.goodsAmount, amoPoint)
    // An address that could not be located was not measured: ask for the location, never "beyond range".
    if (!quote.inRange) throw quote.unlocated ? new DomainError('LOCATION_REQUIRED') : beyondRange(quote)
    freight = quote.freight
    delivery = { ...target, quote }
  }

  // The card last: it applies to the priced lines (its minimum counts the goods, not bags or freight).
  const cardId = (input.CardID ?? '').trim()
  let coupon: CardOnOrder | null = null
  if (cardId && options.cardHolder !== undefined) {
    coupon = await priceCardForOrder(db, {
      entId,
      vipId: options.cardHolder,
      cardId,
      today: wall.date,
      locale,
      order: couponOrderOf({ shopId: base.shopId, baseId: base.baseId, serviceType, lines: priced.lines }),
      points: { AmoPoint: amoPoint, DiscountPoint: decimalPoints({ DiscountPoint: settings.get('DiscountPoint') }).DiscountPoint }
    })
  }
  const couponAmount = roundHalfUp(coupon?.off ?? 0, amoPoint).toFixed(amoPoint)

  return {
    input,
    entId,
    locale,
    now,
    read,
    base,
    table,
    serviceType,
    posiType: positionTypeOf(serviceType),
    appointedTime,
    remarks: (input.Remarks ?? '').trim(),
    wall,
    businessDay: businessDayOf(base, wall),
    timeZone,
    amoPoint,
    settings,
    priced,
    limits,
    stock,
    goodsAmount: priced.goodsAmount,
    bagQua,
    bagFee: bags,
    freight,
    coupon,
    couponAmount,
    amount: roundHalfUp(sumDecimals([priced.goodsAmount, bags, freight]).minus(toDecimal(couponAmount)), amoPoint).toFixed(amoPoint),
    delivery
  }
}

/**
 * The business day an order placed at `wall` belongs to: the calendar date on the enterprise's
 * clock, except in the small hours of a branch whose hours cross midnight (18:00–02:00), which
 * still belong to the evening before (so its pickup numbers do not restart at midnight).
 */
export function businessDayOf(base: Pick<Base, 'beginTime' | 'endTime'>, wall: WallClock): string {
  const windows = openWindows(base.beginTime, base.endTime)
  if (windows.length === 2 && wall.secondsOfDay <= windows[0][1]) return addMilliseconds(wall, -(wall.secondsOfDay + 1) * 1000).date
  return wall.date
}

/** UnpaidOrderMinutes as a positive whole number of minutes (default 15). */
export function unpaidOrderMinutes(settings: Map<string, string>): number {
  const n = Number((settings.get('UnpaidOrderMinutes') ?? '').trim() || NaN)
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_UNPAID_ORDER_MINUTES
}

/** A new order id: 'O' + the business day + 10 random hex characters ('O20261122a1b2c3d4e5'). */
export function newOrderId(businessDay: string): string {
  return `O${businessDay.replace(/-/g, '')}${randomBytes(5).toString('hex')}`
}

/** SHA-256 of the placement input (without RequestKey), keys sorted: a retry hashes the same. */
export function requestHash(input: object): string {
  const { RequestKey: _ignored, ...rest } = input as Record<string, unknown>
  return createHash('sha256').update(canonicalJson(rest)).digest('hex')
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

export interface NewOrder {
  orderId: string
  /** 'order' (prepay) | 'round' (postpay round) | 'settlement'. */
  kind: 'order' | 'round' | 'settlement'
  payMode: PayMode
  status: OrderStatus
  ownerKey: string
  requestKey: string
  requestHash: string
  /** ISO instant; null: never expires. */
  expiresAt: string | null
  tableSheetId?: string
  roundNo?: number
  actor?: OrderActor
}

/** The rows insertOrder writes (a preview maps them without writing). */
export function orderRecordsOf(placement: ValidPlacement, order: NewOrder): { row: OrderRecord; lines: OrderLineRecord[] } {
  const row: OrderRecord = {
    order_id: order.orderId,
    ent_id: placement.entId,
    shop_id: placement.base.shopId,
    base_id: placement.base.baseId,
    table_id: placement.table?.tableId ?? '',
    table_sheet_id: order.tableSheetId ?? '',
    round_no: order.roundNo ?? 0,
    kind: order.kind,
    owner_key: order.ownerKey,
    vip_id: vipIdOfOwner(order.ownerKey),
    request_key: order.requestKey,
    request_hash: order.requestHash,
    pay_mode: order.payMode,
    service_type: placement.serviceType,
    posi_type: placement.posiType,
    status: order.status,
    pickup_no: '',
    business_day: placement.businessDay,
    appointed_time: placement.appointedTime,
    remarks: placement.remarks,
    locale: placement.locale,
    goods_amount: placement.goodsAmount,
    bag_qua: placement.bagQua,
    bag_fee: placement.bagFee,
    freight: placement.freight,
    amount: placement.amount,
    paid_amount: '0',
    contact: placement.delivery?.contact ?? '',
    phone: placement.delivery?.phone ?? '',
    address: placement.delivery?.address ?? '',
    // The point the range was checked at (given, saved or geocoded; 0, 0: none was needed or found).
    delivery_lat: measured(placement) ? placement.delivery!.location.lat : 0,
    delivery_lng: measured(placement) ? placement.delivery!.location.lng : 0,
    // The saved address, its snapshot as ordered (later edits change nothing here) and the distance.
    address_id: placement.delivery?.addressId ?? '',
    delivery_snapshot: placement.delivery?.snapshot ? JSON.stringify(placement.delivery.snapshot) : '',
    delivery_distance: measured(placement) ? placement.delivery!.quote.distance : -1,
    card_id: placement.coupon?.cardId ?? '',
    coupon_name: placement.coupon?.name ?? '',
    coupon_amount: placement.couponAmount,
    created_at: placement.now.toISOString(),
    expires_at: order.expiresAt,
    paid_at: null,
    ready_at: null,
    completed_at: null,
    cancelled_at: null,
    kitchen_stage: ''
  }
  const lines = placement.priced.lines.map((l): OrderLineRecord => ({
    order_id: order.orderId,
    line_no: l.lineNo,
    goods_id: l.goods.goodsId,
    goods_code: l.goods.code,
    goods_name: l.goodsName,
    sku_id: l.input.SkuID ?? '',
    sku_name: l.skuName,
    pcode: l.line.PCode,
    punit: l.punit,
    unit: l.unit,
    ref: l.line.Ref,
    m_qua: l.line.mQua,
    p_qua: l.line.pQua,
    qua: l.line.qua,
    sales_price: l.line.SalesPrice,
    p_sales_price: l.line.isPack ? l.line.PSalesPrice : '',
    unit_extras: l.unitExtras,
    amount: l.amount,
    original_amount: l.originalAmount,
    sale_type: l.saleType,
    remark_text: l.remarkText,
    add_on_text: l.addOnText,
    bom_text: l.bomText,
    detail: JSON.stringify({
      SkuID: l.input.SkuID ?? '',
      PCode: l.line.PCode,
      Remarks: l.line.remarkList,
      AddOns: l.line.attachmentList.map((a) => a.OptionID),
      Bom: l.line.bomList.map((b) => ({ BOMClassID: b.BOMClassID, GoodsID: b.GoodsID, ...(b.remarkList?.length ? { Remarks: b.remarkList } : {}) }))
    })
  }))
  if (placement.coupon) lines.push(couponLineOf(order.orderId, lines.length + 1, placement.coupon, placement.couponAmount))
  return { row, lines }
}

/** Whether the delivery's location was measured from the branch. */
const measured = (placement: ValidPlacement): boolean =>
  placement.delivery !== null && !placement.delivery.quote.unlocated && placement.delivery.quote.distance >= 0

/** Sale type of an order's coupon line (spec §3: sale type 5 coupon), one constant for client and server. */
export { COUPON_SALE_TYPE }

/**
 * The card on the order as its last line, sale type 5: no goods, one unit, the amount off as a
 * negative amount, so the lines add up to what the goods cost after the card. Readers of lines
 * (LineCount, the kitchen ticket, stock) leave it out or show it as the coupon it is.
 */
function couponLineOf(orderId: string, lineNo: number, coupon: CardOnOrder, couponAmount: string): OrderLineRecord {
  const off = toDecimal(couponAmount).negated().toFixed(decimalPlacesOf(couponAmount))
  return {
    order_id: orderId,
    line_no: lineNo,
    goods_id: '',
    goods_code: '',
    goods_name: coupon.name,
    sku_id: '',
    sku_name: '',
    pcode: '',
    punit: '',
    unit: '',
    ref: '1',
    m_qua: '1',
    p_qua: '0',
    qua: '1',
    sales_price: off,
    p_sales_price: '',
    unit_extras: '0',
    amount: off,
    original_amount: off,
    sale_type: COUPON_SALE_TYPE,
    remark_text: '',
    add_on_text: '',
    bom_text: '',
    detail: JSON.stringify({ CardID: coupon.cardId, PlanID: coupon.planId })
  }
}

const decimalPlacesOf = (text: string): number => (text.split('.')[1] ?? '').length

/**
 * Writes the order, its lines and its 'create' event in the caller's transaction, and takes the
 * stock (STOCK_SHORT when another order took it first: the caller's transaction rolls back).
 * Answers the rows as written.
 */
export async function insertOrder(trx: Transaction<Database>, placement: ValidPlacement, order: NewOrder): Promise<{ row: OrderRecord; lines: OrderLineRecord[] }> {
  const { row, lines } = orderRecordsOf(placement, order)
  await insertOrderRows(trx, row, lines)
  await takeStock(trx, order.orderId, placement.stock, placement.now)
  // After the order row: a retry racing its first try fails on the request key (and re-reads) before the card.
  if (placement.coupon) {
    await takeCard(trx, { cardId: placement.coupon.cardId, vipId: vipIdOfOwner(order.ownerKey), orderId: order.orderId, today: placement.wall.date, now: placement.now })
  }
  await recordCreated(trx, order.orderId, order.status, order.actor ?? 'diner', placement.now)
  return { row, lines }
}
