/**
 * Reorder (issue 17, OrderReorderGet): the goods lines of one of the caller's orders priced again
 * from today's menu of the order's shop and branch, each with why it cannot come back when it
 * cannot. The pricing is the order placement's own (priceLines with the shop's caps, then the
 * live stock), so a line answered as available is one OrderSubmit takes at today's price.
 * Coupon lines (sale type 5) are skipped; bags and the delivery fee are not lines (the new order
 * asks for them again). Nothing is written.
 */
import type { CartGoodsDetails, CartLineInput, CartRemark } from '../../../../src/core/cart'
import { parseGoodsRemarks } from '../../../../src/core/goods-remarks'
import { LOCALES, type Locale } from '../../../../src/gateway/contract'
import { decimalPoints } from '../../../../src/core/money'
import { orderLimits } from '../../../../src/core/order-limits'
import type { ReorderLineRow } from '../../../../src/gateway/after-rows'
import type { OrderLineInput } from '../../../../src/gateway/order-rows'
import { findOrder, type OrderLineRecord } from '../../storage/repositories/order.repository'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { listShopParams } from '../../storage/repositories/params.repository'
import { openMenu, type MenuRead } from '../catalogue/catalogue.service'
import { DomainError } from '../errors'
import { COUPON_SALE_TYPE } from './order-placement'
import { priceLines, type PricedLine } from './order-pricing'
import { checkStock, stockTakes } from './order-stock'
import { requireOwner, type DinerCaller } from './order.service'
import { billLinesOf } from '../table-sheets/bill-lines'

type Reason = ReorderLineRow['Unavailable']

/** The order's own lines, in line order (coupon lines left out). */
async function goodsLines(caller: DinerCaller, order: { order_id: string; kind: string }): Promise<OrderLineRecord[]> {
  // A table's bill: the lines it was for, numbered for the bill (table-sheets/bill-lines.ts).
  const lines =
    order.kind === 'settlement'
      ? ((await billLinesOf(caller.db, [order.order_id])).get(order.order_id) ?? []).map((b) => ({ ...b.line, order_id: order.order_id, line_no: b.billLineNo }))
      : await caller.db.selectFrom('order_lines').selectAll().where('order_id', '=', order.order_id).orderBy('line_no').execute()
  return lines.filter((l) => l.sale_type !== COUPON_SALE_TYPE && l.goods_id !== '')
}

/** The choices the line was ordered with, as OrderSubmit takes them (detail JSON written by orderRecordsOf). */
export function lineInputOf(line: Pick<OrderLineRecord, 'goods_id' | 'sku_id' | 'pcode' | 'm_qua' | 'p_qua' | 'detail'>): OrderLineInput {
  let detail: { SkuID?: unknown; PCode?: unknown; Remarks?: unknown; AddOns?: unknown; Bom?: unknown } = {}
  try {
    const parsed: unknown = JSON.parse(line.detail || '{}')
    if (parsed && typeof parsed === 'object') detail = parsed as typeof detail
  } catch {
    detail = {}
  }
  const remarksOf = (v: unknown): { name: string; option: string }[] =>
    Array.isArray(v)
      ? v.filter((r): r is { name: string; option: string } => !!r && typeof r.name === 'string' && typeof r.option === 'string').map((r) => ({ name: r.name, option: r.option }))
      : []
  const remarks = remarksOf(detail.Remarks)
  const addOns = Array.isArray(detail.AddOns) ? detail.AddOns.filter((a): a is string => typeof a === 'string') : []
  const bom = Array.isArray(detail.Bom)
    ? detail.Bom.filter((b): b is { BOMClassID: string; GoodsID: string; Remarks?: unknown } => !!b && typeof b.BOMClassID === 'string' && typeof b.GoodsID === 'string').map((b) => {
        const pickRemarks = remarksOf(b.Remarks)
        return { BOMClassID: b.BOMClassID, GoodsID: b.GoodsID, ...(pickRemarks.length > 0 ? { Remarks: pickRemarks } : {}) }
      })
    : []
  return {
    GoodsID: line.goods_id,
    SkuID: typeof detail.SkuID === 'string' ? detail.SkuID : line.sku_id,
    PCode: typeof detail.PCode === 'string' ? detail.PCode : line.pcode,
    MQua: line.m_qua,
    PQua: line.p_qua,
    Remarks: remarks,
    AddOns: addOns,
    Bom: bom,
    Amount: ''
  }
}

/** Why the placement refused a line, as the reorder names it. */
function reasonOf(error: unknown): Reason {
  if (!(error instanceof DomainError)) throw error
  switch (error.code) {
    case 'GOODS_NOT_IN_SHOP':
      return 'not-in-shop'
    case 'GOODS_OFF_SALE':
      return 'off-sale'
    case 'INVALID_QUANTITY':
    case 'LINE_QUANTITY_OVER_LIMIT':
    // The goods now asks for a choice the old line did not make (a required remark group).
    case 'CHOICE_REQUIRED':
      return 'changed'
    default:
      throw error
  }
}

/**
 * The chosen remarks in the caller's language with their place among the goods' remark groups
 * (group, index), as the goods page gives them to the cart: the cart then names them again when
 * the diner changes language. A remark the menu no longer places stays as it was ordered.
 */
function placedRemarks(remarksByLocale: Record<Locale, string>, remarks: readonly CartRemark[], locale: Locale): CartRemark[] {
  const groupsOf = (l: Locale) => parseGoodsRemarks(remarksByLocale[l])
  const target = groupsOf(locale)
  return remarks.map((r) => {
    for (const l of [locale, ...LOCALES.filter((x) => x !== locale)]) {
      const groups = groupsOf(l)
      const group = groups.findIndex((g) => g.name === r.name && g.options.includes(r.option))
      if (group < 0) continue
      const index = groups[group].options.indexOf(r.option)
      const here = target[group]
      if (here && here.options[index] !== undefined) return { name: here.name, option: here.options[index], group, index }
      return { name: r.name, option: r.option, group, index }
    }
    return { name: r.name, option: r.option }
  })
}

function cartOf(read: MenuRead, priced: PricedLine, shopId: string, baseId: string, locale: Locale): { goods: CartGoodsDetails; line: CartLineInput } {
  const { goods, line } = priced
  return {
    goods: {
      GoodsID: goods.goodsId,
      ShopID: shopId,
      BaseID: baseId,
      Ref: goods.packUnits[0]?.ref ?? '',
      GoodsName: priced.goodsName,
      GoodsType: goods.goodsType,
      Unit: priced.unit,
      ImageUrl: read.imageUrl(goods.image),
      StepQua: goods.stepQua
    },
    line: {
      sku: line.sku,
      Ref: line.Ref,
      PSalesPrice: line.PSalesPrice,
      SalesPrice: line.SalesPrice,
      PUnitPrice: line.PUnitPrice,
      Price: line.Price,
      PUnit: line.PUnit,
      PCode: line.PCode,
      mQua: line.mQua,
      pQua: line.pQua,
      remarkList: placedRemarks(goods.remarks, line.remarkList, locale),
      // A pick's remarks placed among its own goods' groups, for the cart's language switch.
      bomList: line.bomList.map((b) => {
        const pickGoods = b.remarkList ? read.snapshot.goodsById.get(b.GoodsID) : undefined
        return pickGoods && b.remarkList ? { ...b, remarkList: placedRemarks(pickGoods.remarks, b.remarkList, locale) } : b
      }),
      attachmentList: line.attachmentList
    }
  }
}

/**
 * OrderReorderGet: the caller's own order (as OrderDetailGet checks it: unknown and another owner's
 * alike → ORDER_NOT_FOUND), each goods line priced from today's menu or named
 * unavailable. A shop that is gone or disabled, or a branch no longer its own, makes every line
 * 'not-in-shop'.
 */
export async function reorderLines(caller: DinerCaller, sheetId: string): Promise<ReorderLineRow[]> {
  const ownerKey = requireOwner(caller)
  const order = await findOrder(caller.db, caller.entId, sheetId)
  if (!order || order.owner_key !== ownerKey) throw new DomainError('ORDER_NOT_FOUND')
  const lines = await goodsLines(caller, order)

  let read: MenuRead | null = null
  try {
    read = await openMenu(caller.db, caller.entId, { ShopID: order.shop_id, BaseID: order.base_id }, caller.now, caller.origin)
  } catch (error) {
    if (!(error instanceof DomainError) || (error.code !== 'SHOP_NOT_FOUND' && error.code !== 'BASE_NOT_FOUND')) throw error
  }
  const unavailable = (line: OrderLineRecord, reason: Reason, name = line.goods_name): ReorderLineRow => ({
    LineNo: line.line_no,
    GoodsID: line.goods_id,
    GoodsName: name,
    Qua: Number(line.qua),
    Price: '',
    Unavailable: reason,
    Amount: '',
    Cart: null
  })
  if (!read || (read.base && read.base.baseId !== order.base_id)) return lines.map((l) => unavailable(l, 'not-in-shop'))

  const settings = new Map((await listEnterpriseSettings(caller.db, caller.entId)).map((p) => [p.parmId, p.parmValue]))
  const amoPoint = decimalPoints({ AmoPoint: settings.get('AmoPoint') }).AmoPoint
  const shopParams = new Map((await listShopParams(caller.db, order.shop_id)).map((p) => [p.parmId, p.parmValue]))
  // One line at a time: the shop's cap on lines per order is the cart's business, not a line's.
  const limits = { ...orderLimits(shopParams, settings), maxOrderLines: 1 }

  const rows: ReorderLineRow[] = []
  for (const record of lines) {
    const currentName = (() => {
      const goods = read.snapshot.goodsById.get(record.goods_id)
      return goods ? goods.names[caller.locale] || record.goods_name : record.goods_name
    })()
    let priced: PricedLine
    try {
      priced = priceLines(read, [lineInputOf(record)], caller.locale, amoPoint, false, limits).lines[0]
    } catch (error) {
      rows.push(unavailable(record, reasonOf(error), currentName))
      continue
    }
    try {
      await checkStock(caller.db, stockTakes([priced]))
    } catch (error) {
      // None left (GOODS_OFF_SALE from the stock) or fewer than the line asks (STOCK_SHORT).
      if (!(error instanceof DomainError)) throw error
      rows.push(unavailable(record, 'stock', priced.goodsName))
      continue
    }
    rows.push({
      LineNo: record.line_no,
      GoodsID: record.goods_id,
      GoodsName: priced.goodsName,
      Qua: Number(priced.line.qua),
      Price: priced.line.isPack ? priced.line.PSalesPrice : priced.line.SalesPrice,
      Unavailable: '',
      Amount: priced.amount,
      Cart: cartOf(read, priced, order.shop_id, order.base_id, caller.locale)
    })
  }
  return rows
}
