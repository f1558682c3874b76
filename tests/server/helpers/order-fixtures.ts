/**
 * Order test support: device headers, branch hours set to all day (the gateway's clock is the
 * real one), and cart lines built the way the client builds them: from the gateway's menu rows
 * through src/core/cart (completeLine + lineAmount), so a test compares the server's price with
 * what the client's core functions give.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { completeLine, lineAmount, type CartLine } from '../../../src/core/cart'
import { ORDER_STATUS, type OrderLineInput, type OrderPlacementInput } from '../../../src/gateway/order-rows'
import type { Database } from '../../../server/src/storage/schema'
import type { TestServer } from './test-server'

export const S101 = 'S101'
export const B201 = 'B201'
export const B202 = 'B202'
export const gid = (code: string, shop = S101): string => `${shop}.g.${code}`

/** A fresh device key and the header carrying it. */
export function device(): { key: string; headers: Record<string, string> } {
  const key = randomBytes(16).toString('hex')
  return { key, headers: { 'X-Device-Key': key } }
}

export const requestKey = (): string => `rk-${randomBytes(10).toString('hex')}`

/** Opens the branches all day, every day, so orders for as soon as possible are taken whenever the test runs. */
export async function openAllDay(db: Kysely<Database>, baseIds: string[] = [B201, B202, 'B203']): Promise<void> {
  await db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59', weekday: '1,2,3,4,5,6,7' }).where('base_id', 'in', baseIds).execute()
}

export async function setHours(db: Kysely<Database>, baseId: string, begin: string, end: string): Promise<void> {
  await db.updateTable('bases').set({ begin_time: begin, end_time: end }).where('base_id', '=', baseId).execute()
}

export interface LineChoice {
  code: string
  shop?: string
  base?: string
  /** SkuCode of the sku ('SMALL'); absent for goods without skus. */
  sku?: string
  /** PCode of the pack unit; the quantity then counts packs. */
  pack?: string
  qua?: string
  remarks?: { name: string; option: string }[]
  /** Add-on codes ('WONTON3'). */
  addOns?: string[]
  /** Combo picks: class code → goods codes. */
  bom?: Record<string, string[]>
  /** A combo pick's own remark options, by the pick's goods code ({ G03: [{ name: '辣度', option: '微辣' }] }). */
  pickRemarks?: Record<string, { name: string; option: string }[]>
}

/**
 * The client's cart line for a choice, priced from the gateway's rows with src/core/cart,
 * and the OrderLineInput the client would send for it.
 */
export async function clientLine(server: TestServer, choice: LineChoice): Promise<{ line: CartLine; input: OrderLineInput }> {
  const shop = choice.shop ?? S101
  const goodsId = gid(choice.code, shop)
  const scope = { ShopID: shop, BaseID: choice.base ?? B201 }
  const detail = (await server.call('GoodsDetailGet', [{ ...scope, GoodsID: goodsId }])).body
  if (detail.resultcode !== '0') throw new Error(`GoodsDetailGet ${goodsId}: ${detail.resultcode} ${detail.resultmsg}`)
  const goods = detail.data.table1[0]
  const sku = choice.sku ? detail.data.table4.find((s: any) => s.SkuCode === choice.sku) : null
  if (choice.sku && !sku) throw new Error(`no sku ${choice.sku} on ${goodsId}`)
  const pack = choice.pack ? detail.data.table5.find((p: any) => p.PCode.endsWith(choice.pack!) || p.PCode === choice.pack) : null
  if (choice.pack && !pack) throw new Error(`no pack ${choice.pack} on ${goodsId}`)
  const addOnRows = choice.addOns?.length ? (await server.call('AttachmentChargingList', [{ ...scope, GoodsID: goodsId }])).body.data.table1 : []
  const attachments = (choice.addOns ?? []).map((code) => {
    const row = addOnRows.find((a: any) => a.OptionID === `${goodsId}.o.${code}`)
    if (!row) throw new Error(`no add-on ${code} on ${goodsId}`)
    return { OptionID: row.OptionID, Value: row.Value, Value2: row.Value2, Value3: row.Value3 }
  })
  const bomRows = choice.bom ? (await server.call('GoodsBOMListGet', [{ ...scope, GoodsID: goodsId }])).body.data.table2 : []
  const bomList = Object.entries(choice.bom ?? {}).flatMap(([classCode, codes]) =>
    codes.map((code) => {
      const row = bomRows.find((b: any) => b.BOMClassID === `${goodsId}.b.${classCode}` && b.GoodsID === gid(code, shop))
      if (!row) throw new Error(`no combo pick ${classCode}/${code} on ${goodsId}`)
      const remarkList = choice.pickRemarks?.[code]
      return {
        BOMClassID: row.BOMClassID,
        GoodsID: row.GoodsID,
        GoodsName: row.GoodsName,
        BOMQua: row.BOMQua,
        BOMGoodsPUnit: row.BOMGoodsPUnit,
        Price: row.Price,
        ...(remarkList ? { remarkList } : {})
      }
    })
  )
  const qua = choice.qua ?? '1'
  const line = completeLine(
    {
      sku: sku ? { SkuID: sku.SkuID, SkuCode: sku.SkuCode, SkuItems: sku.SkuItems, SkuName: sku.SkuName } : null,
      Ref: pack ? pack.Ref : '1',
      PSalesPrice: pack ? pack.SalesPrice : '0',
      SalesPrice: sku ? sku.SalesPrice : goods.SalesPrice,
      PUnitPrice: pack ? pack.Price : '0',
      Price: sku ? sku.Price : goods.Price,
      PUnit: pack ? pack.PUnit : '',
      PCode: pack ? pack.PCode : '',
      mQua: pack ? '0' : qua,
      pQua: pack ? qua : '0',
      remarkList: choice.remarks ?? [],
      bomList,
      attachmentList: attachments
    },
    'test'
  )
  return {
    line,
    input: {
      GoodsID: goodsId,
      SkuID: line.sku?.SkuID ?? '',
      PCode: line.isPack ? line.PCode : '',
      MQua: line.mQua,
      PQua: line.isPack ? line.pQua : '0',
      Remarks: line.remarkList,
      AddOns: line.attachmentList.map((a) => a.OptionID),
      Bom: line.bomList.map((b) => ({ BOMClassID: b.BOMClassID, GoodsID: b.GoodsID, ...(b.remarkList ? { Remarks: b.remarkList } : {}) })),
      Amount: lineAmount(line)
    }
  }
}

/** A plain line of an always-on goods without options (F01 soup, MOP 22). */
export const soupLine = (qua = '1'): OrderLineInput => ({
  GoodsID: gid('F01'),
  SkuID: '',
  PCode: '',
  MQua: qua,
  PQua: '0',
  Remarks: [],
  AddOns: [],
  Bom: [],
  Amount: String(22 * Number(qua))
})

export function takeaway(lines: OrderLineInput[], extra: Partial<OrderPlacementInput> = {}): OrderPlacementInput {
  return { ShopID: S101, BaseID: B201, ServiceType: 'takeaway', AppointedTime: '', Lines: lines, ...extra }
}

/** Rows of the order tables, to show a refused placement wrote nothing. */
export async function orderCounts(db: Kysely<Database>): Promise<{ orders: number; lines: number; events: number }> {
  const count = async (table: 'orders' | 'order_lines' | 'order_events') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n)
  return { orders: await count('orders'), lines: await count('order_lines'), events: await count('order_events') }
}

let rowSeq = 0

export interface OrderRowOptions {
  amount?: string
  status?: number
  /** Minutes from now until it expires (negative: already past). */
  expiresIn?: number | null
  ownerKey?: string
  kind?: 'order' | 'settlement' | 'round'
  shopId?: string
  baseId?: string
  tableSheetId?: string
}

/** An orders row (no lines), awaiting payment unless told otherwise: for tests of what happens to orders after placement. */
export async function insertOrderRow(db: Kysely<Database>, options: OrderRowOptions = {}): Promise<string> {
  const orderId = `OTEST${Date.now().toString(36)}${++rowSeq}`
  const now = new Date()
  const { amount = '23.50', status = ORDER_STATUS.AWAITING_PAYMENT, expiresIn = 15, kind = 'order' } = options
  await db
    .insertInto('orders')
    .values({
      order_id: orderId,
      ent_id: 'E1001',
      shop_id: options.shopId ?? 'S101',
      base_id: options.baseId ?? 'B201',
      table_id: '',
      table_sheet_id: options.tableSheetId ?? '',
      round_no: 0,
      kind,
      owner_key: options.ownerKey ?? '',
      vip_id: (options.ownerKey ?? '').startsWith('vip:') ? (options.ownerKey ?? '').slice(4) : '',
      request_key: `rk-${orderId}`,
      request_hash: 'test',
      pay_mode: kind === 'order' ? 'prepay' : 'postpay',
      service_type: 'takeaway',
      posi_type: 7,
      status,
      pickup_no: '',
      business_day: '2025-01-01',
      appointed_time: '',
      remarks: '',
      locale: 'en',
      goods_amount: amount,
      bag_qua: 0,
      bag_fee: '0',
      freight: '0',
      amount,
      paid_amount: '0',
      contact: '',
      phone: '',
      address: '',
      created_at: now.toISOString(),
      expires_at: expiresIn === null ? null : new Date(now.getTime() + expiresIn * 60_000).toISOString(),
      paid_at: null,
      ready_at: null,
      completed_at: null,
      cancelled_at: null,
      delivery_lat: 0,
      delivery_lng: 0,
      card_id: '',
      coupon_name: '',
      coupon_amount: '0'
    })
    .execute()
  return orderId
}
