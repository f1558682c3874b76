/**
 * After-sale rows (issue 17) as the member's operations answer them: the request with its photos
 * and what the member may do now, and its lines. Times on the enterprise's wall clock.
 */
import type { Kysely } from 'kysely'
import { AFTERSALE_STATUS, type AfterSaleLineRow, type AfterSaleReason, type AfterSaleRow, type AfterSaleStatus, type ImageRow } from '../../../../src/gateway/after-rows'
import type { AfterSaleImages, AfterSaleRecord, AfterSaleView } from '../../domain/aftersale/aftersale.service'
import { enterpriseTimeZone, wallClockText } from '../../domain/enterprise/enterprise.service'
import { imageRows, loadCheckedImages, useCheckedImages } from '../../domain/files/uploaded-images'
import type { ObjectStorage } from '../../providers/storage/object-storage'
import type { Database } from '../../storage/schema'
import type { ColumnDocs } from '../operation'
import type { Locale } from '../../../../src/gateway/contract'
import { parseNames } from '../../storage/repositories/row-mapping'

/** The uploads service behind the after-sale seam: 'aftersale' uploads of the member, checked. */
export const afterSaleImages = (storage: ObjectStorage): AfterSaleImages => ({
  async use(db, input) {
    await useCheckedImages(db, storage, { ...input, purpose: 'aftersale' })
  },
  async rows(db, entId, fileIds, origin) {
    return imageRows(storage, await loadCheckedImages(db, entId, fileIds), origin)
  }
})

const fileIdsOf = (request: AfterSaleRecord): string[] => {
  try {
    const ids: unknown = JSON.parse(request.file_ids)
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

const wall = (timeZone: string, at: string | null): string => (at ? wallClockText(timeZone, new Date(at)) : '')

export function afterSaleRow(request: AfterSaleRecord, images: ImageRow[], timeZone: string): AfterSaleRow {
  return {
    AfterSaleID: request.after_sale_id,
    SheetID: request.order_id,
    Status: request.status as AfterSaleStatus,
    WholeOrder: request.whole_order ? 1 : 0,
    Reason: request.reason as AfterSaleReason,
    Content: request.content,
    Amount: request.amount,
    RefundedAmount: request.refunded_amount,
    Images: images,
    ShopNote: request.shop_note,
    CreatedDate: wall(timeZone, request.created_at),
    DecidedDate: wall(timeZone, request.decided_at),
    RefundedDate: wall(timeZone, request.refunded_at),
    CanWithdraw: request.status === AFTERSALE_STATUS.SUBMITTED ? 1 : 0
  }
}

/**
 * The request's lines, each goods named in `locale` from the menu (issue 27 item 18: an order read
 * in Chinese showed its after-sale goods in the English it was asked in); as asked when the menu
 * no longer has the goods, or without a locale.
 */
export async function afterSaleLineRows(db: Kysely<Database>, view: AfterSaleView, locale?: Locale): Promise<AfterSaleLineRow[]> {
  const ids = [...new Set(view.lines.map((l) => l.goods_id).filter(Boolean))]
  const goods = locale && ids.length ? await db.selectFrom('goods').select(['goods_id', 'names']).where('goods_id', 'in', ids).execute() : []
  const names = new Map(goods.map((g) => [g.goods_id, g.names]))
  const named = (id: string): string => {
    const json = names.get(id)
    return json && locale ? parseNames(json)[locale] || '' : ''
  }
  return view.lines.map((l) => ({ AfterSaleID: l.after_sale_id, LineNo: Number(l.line_no), GoodsID: l.goods_id, GoodsName: named(l.goods_id) || l.goods_name, Qua: Number(l.qua), Amount: l.amount }))
}

/** Rows of several requests, their photos read in one go. */
export async function afterSaleRows(db: Kysely<Database>, images: AfterSaleImages, entId: string, requests: AfterSaleRecord[], origin: string): Promise<AfterSaleRow[]> {
  const timeZone = await enterpriseTimeZone(db, entId)
  const ids = requests.map(fileIdsOf)
  const all = await images.rows(db, entId, ids.flat(), origin)
  const byId = new Map(all.map((i) => [i.FileID, i]))
  return requests.map((r, n) => afterSaleRow(r, ids[n].flatMap((id) => byId.get(id) ?? []), timeZone))
}

export async function afterSaleAnswer(db: Kysely<Database>, images: AfterSaleImages, entId: string, view: AfterSaleView, origin: string, locale: Locale): Promise<{ table1: AfterSaleRow[]; table2: AfterSaleLineRow[] }> {
  const [table1, table2] = await Promise.all([afterSaleRows(db, images, entId, [view.request], origin), afterSaleLineRows(db, view, locale)])
  return { table1, table2 }
}

export const AFTERSALE_COLUMNS: ColumnDocs<AfterSaleRow> = {
  AfterSaleID: 'The request id',
  SheetID: 'The order it is about',
  Status: '0 submitted, 1 approved (refund under way), 2 rejected, 3 refunded, 4 withdrawn',
  WholeOrder: '1 the whole order, 0 the lines in table2',
  Reason: 'wrong-item | missing-item | quality | late | not-received | other',
  Content: "The member's text",
  Amount: 'The amount asked (exact decimal text)',
  RefundedAmount: "What was refunded ('0' until refunded)",
  Images: 'The checked photos: FileID, Url, ThumbUrl, Width, Height',
  ShopNote: "The shop's reason when rejected, its note when approved ('' none)",
  CreatedDate: 'Submitted, YYYY-MM-DD HH:mm:ss on the enterprise clock',
  DecidedDate: "Approved or rejected ('' not yet)",
  RefundedDate: "Refunded ('' not yet)",
  CanWithdraw: '1 while the member may withdraw it (submitted)'
}

export const AFTERSALE_LINE_COLUMNS: ColumnDocs<AfterSaleLineRow> = {
  AfterSaleID: 'The request',
  LineNo: 'The order line (OrderLineRow.LineNo)',
  GoodsID: 'Goods id',
  GoodsName: "Goods name in the caller's language (as ordered when the menu no longer has it)",
  Qua: 'How many of the line',
  Amount: "The line's amount for that quantity (its share of the line)"
}
