/**
 * After-sale requests (issue 17; docs/reviews-aftersale.md "After-sale"). A member asks for money
 * back on a paid (ready or completed) order of their own: the whole order or some lines with
 * quantities, a reason from AFTERSALE_REASONS plus text, up to MAX_PHOTOS checked photos, and an
 * amount above 0 and at most what is paid and not yet refunded. One open request (submitted, or
 * approved and not yet refunded) per order. States:
 *
 *   submitted ─approve→ refunded (the refund is made in the approval's transaction)
 *   submitted ─reject→  rejected (the shop's reason)
 *   submitted ─withdraw→ withdrawn (the member)
 *
 * Every change locks the order row first (PostgreSQL SELECT … FOR UPDATE; SQLite's transactions
 * take the write lock at BEGIN), then the request: two submits at once make one request, two
 * approvals at once refund once. Approval, in ONE transaction: the refund through the paths the
 * order was paid by (payments/refundPart: balance → a 'refund' ledger entry; a provider → its
 * refund), the points taken back in proportion (wallet/points reverseAfterSalePoints), the stock
 * of the lines that came back returned where an sku counts it. What an order has had back is the
 * sum of its refunded requests.
 * A coupon card the order used is not given back (a cancel gives it back; a refund does not).
 *
 * Domain code: no Fastify. Photos come through the AfterSaleImages seam (the uploads service).
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { Decimal, toDecimal } from '../../../../src/core/money'
import { AFTERSALE_STATUS, MAX_PHOTOS, type AfterSaleLineInput, type ImageRow, type AfterSaleReason, type AfterSaleStatus } from '../../../../src/gateway/after-rows'
import { COUPON_SALE_TYPE, ORDER_STATUS } from '../../../../src/gateway/order-rows'
import type { PaymentProviders } from '../../providers/payment/payment-provider'
import { isPostgres } from '../../storage/database'
import type { AfterSaleLineTable, AfterSaleRefundTable, AfterSaleTable, Database } from '../../storage/schema'
import { DomainError } from '../errors'
import type { InTransaction } from '../in-transaction'
import { lockOrder, type OrderRecord } from '../orders/order-state'
import { moneySettings, refundPart } from '../payments/payment.service'
import { reverseAfterSalePoints } from '../wallet/points.service'
import { inEventTransaction } from '../../live/outbox'

export type AfterSaleRecord = Selectable<AfterSaleTable>
export type AfterSaleLineRecord = Selectable<AfterSaleLineTable>
export type AfterSaleRefundRecord = Selectable<AfterSaleRefundTable>

/** Order states a request may be made in: paid, ready (paid) or completed. */
const REFUNDABLE_ORDER = new Set<number>([ORDER_STATUS.PAID, ORDER_STATUS.READY, ORDER_STATUS.COMPLETED])
/** Kinds of order that are paid themselves (a table sheet's round is paid by its settlement). */
const PAID_KINDS = new Set(['order', 'settlement'])
/** Request states that hold the order open for no other request. */
const OPEN: AfterSaleStatus[] = [AFTERSALE_STATUS.SUBMITTED, AFTERSALE_STATUS.APPROVED]
/** Request states whose lines count as given back. */
const TAKEN: AfterSaleStatus[] = [AFTERSALE_STATUS.SUBMITTED, AFTERSALE_STATUS.APPROVED, AFTERSALE_STATUS.REFUNDED]

/** The member's text and the shop's note, at most (characters). */
export const AFTERSALE_TEXT_MAX = 500
export const AFTERSALE_NOTE_MAX = 500

/** The uploads service as after-sale uses it: checks and claims a member's photos, and shows them. */
export interface AfterSaleImages {
  /** Refuses (UPLOAD_NOT_FOUND …) unless every FileID is a checked 'aftersale' upload of this member. */
  use(db: Kysely<Database>, input: { entId: string; vipId: string; fileIds: string[] }): Promise<void>
  rows(db: Kysely<Database>, entId: string, fileIds: string[], origin: string): Promise<ImageRow[]>
}

export interface AfterSaleView {
  request: AfterSaleRecord
  lines: AfterSaleLineRecord[]
  refunds: AfterSaleRefundRecord[]
}

export interface SubmitInput {
  entId: string
  vipId: string
  ownerKey: string
  sheetId: string
  lines?: AfterSaleLineInput[]
  amount: string
  reason: AfterSaleReason
  content: string
  fileIds: string[]
  requestKey: string
  now: Date
}

const newId = (now: Date): string => `AS${now.getTime().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`
const places = (text: string): number => (text.split('.')[1] ?? '').length

class KeyTaken extends Error {}

/** The order as the member may ask about it, or AFTERSALE_NOT_ALLOWED (unknown and another's alike). */
function requireMemberOrder(order: OrderRecord | undefined, entId: string, ownerKey: string): OrderRecord {
  if (!order || order.ent_id !== entId || order.owner_key !== ownerKey || !PAID_KINDS.has(order.kind)) throw new DomainError('AFTERSALE_NOT_ALLOWED')
  return order
}

async function lockRequest(trx: Transaction<Database>, afterSaleId: string): Promise<AfterSaleRecord | undefined> {
  let query = trx.selectFrom('after_sales').selectAll().where('after_sale_id', '=', afterSaleId)
  if (isPostgres(trx)) query = query.forUpdate()
  return query.executeTakeFirst()
}

async function findByKey(db: Kysely<Database>, entId: string, requestKey: string): Promise<AfterSaleRecord | undefined> {
  return db.selectFrom('after_sales').selectAll().where('ent_id', '=', entId).where('request_key', '=', requestKey).executeTakeFirst()
}

/** What after-sale refunds have given back of an order so far. */
export async function refundedOfOrder(db: Kysely<Database>, orderId: string): Promise<Decimal> {
  const rows = await db.selectFrom('after_sales').select('refunded_amount').where('order_id', '=', orderId).where('status', '=', AFTERSALE_STATUS.REFUNDED).execute()
  return rows.reduce((sum, r) => sum.plus(toDecimal(r.refunded_amount)), toDecimal('0'))
}

/** What is left to refund of an order: paid minus refunded (never below 0). */
export async function refundableOf(db: Kysely<Database>, order: Pick<OrderRecord, 'order_id' | 'paid_amount'>): Promise<Decimal> {
  const left = toDecimal(order.paid_amount).minus(await refundedOfOrder(db, order.order_id))
  return left.lt(0) ? toDecimal('0') : left
}

/** Per order line, how much is already asked for or given back by the order's live requests. */
async function takenQuantities(db: Kysely<Database>, orderId: string): Promise<Map<number, Decimal>> {
  const rows = await db
    .selectFrom('after_sale_lines')
    .innerJoin('after_sales', 'after_sales.after_sale_id', 'after_sale_lines.after_sale_id')
    .select(['after_sale_lines.line_no', 'after_sale_lines.qua'])
    .where('after_sales.order_id', '=', orderId)
    .where('after_sales.status', 'in', TAKEN)
    .execute()
  const taken = new Map<number, Decimal>()
  for (const r of rows) taken.set(Number(r.line_no), (taken.get(Number(r.line_no)) ?? toDecimal('0')).plus(toDecimal(r.qua)))
  return taken
}

/** A member's request; idempotent by RequestKey (a retry answers the first request). */
export async function submitAfterSale(db: Kysely<Database>, images: AfterSaleImages, input: SubmitInput): Promise<AfterSaleView> {
  let request = await findByKey(db, input.entId, input.requestKey)
  if (!request) {
    if (input.fileIds.length > MAX_PHOTOS) throw new DomainError('AFTERSALE_NOT_ALLOWED')
    const { amoPoint } = await moneySettings(db, input.entId)
    const peek = await db.selectFrom('orders').selectAll().where('order_id', '=', input.sheetId).executeTakeFirst()
    requireMemberOrder(peek, input.entId, input.ownerKey)
    if (input.fileIds.length > 0) await images.use(db, { entId: input.entId, vipId: input.vipId, fileIds: input.fileIds })
    try {
      request = await inEventTransaction(db, async (trx) => {
        const order = requireMemberOrder(await lockOrder(trx, input.sheetId), input.entId, input.ownerKey)
        if (await findByKey(trx, input.entId, input.requestKey)) throw new KeyTaken()
        if (!REFUNDABLE_ORDER.has(order.status)) throw new DomainError('AFTERSALE_NOT_ALLOWED')
        const open = await trx.selectFrom('after_sales').select('after_sale_id').where('order_id', '=', order.order_id).where('status', 'in', OPEN).executeTakeFirst()
        if (open) throw new DomainError('AFTERSALE_OPEN_EXISTS')
        const left = await refundableOf(trx, order)
        const max = left.toFixed(amoPoint)
        if (left.lte(0)) throw new DomainError('AFTERSALE_NOT_ALLOWED')
        const amount = toDecimal(input.amount)
        if (amount.lte(0) || amount.gt(left) || amount.decimalPlaces() > amoPoint) throw new DomainError('AFTERSALE_AMOUNT_INVALID', { max })

        // The coupon's line (the amount off, negative) is no item to give back: whole orders leave it out, and asking for it is refused.
        const orderLines = await trx
          .selectFrom('order_lines')
          .selectAll()
          .where('order_id', '=', order.order_id)
          .where('sale_type', '!=', COUPON_SALE_TYPE)
          .orderBy('line_no')
          .execute()
        const taken = await takenQuantities(trx, order.order_id)
        const remaining = (lineNo: number, qua: string) => toDecimal(qua).minus(taken.get(lineNo) ?? 0)
        const whole = !input.lines || input.lines.length === 0
        const wanted: { line: (typeof orderLines)[number]; qua: Decimal }[] = []
        if (whole) {
          for (const line of orderLines) {
            const qua = remaining(line.line_no, line.qua)
            if (qua.gt(0)) wanted.push({ line, qua })
          }
        } else {
          const seen = new Set<number>()
          for (const asked of input.lines!) {
            const line = orderLines.find((l) => l.line_no === asked.LineNo)
            const qua = toDecimal(asked.Qua)
            if (!line || seen.has(asked.LineNo) || qua.lte(0) || qua.gt(remaining(line.line_no, line.qua))) throw new DomainError('AFTERSALE_NOT_ALLOWED')
            seen.add(asked.LineNo)
            wanted.push({ line, qua })
          }
        }
        const id = newId(input.now)
        const at = input.now.toISOString()
        const inserted = await trx
          .insertInto('after_sales')
          .values({
            after_sale_id: id,
            ent_id: input.entId,
            vip_id: input.vipId,
            order_id: order.order_id,
            request_key: input.requestKey,
            status: AFTERSALE_STATUS.SUBMITTED,
            whole_order: whole ? 1 : 0,
            reason: input.reason,
            content: input.content,
            amount: amount.toFixed(amoPoint),
            refunded_amount: '0',
            file_ids: JSON.stringify(input.fileIds),
            shop_note: '',
            points_reversed: 0,
            created_at: at,
            decided_at: null,
            refunded_at: null,
            updated_at: at
          })
          .onConflict((oc) => oc.columns(['ent_id', 'request_key']).doNothing())
          .returningAll()
          .executeTakeFirst()
        if (!inserted) throw new KeyTaken()
        for (const { line, qua } of wanted) {
          const lineQua = toDecimal(line.qua)
          const lineAmount = lineQua.gt(0) ? toDecimal(line.amount).times(qua).dividedBy(lineQua) : toDecimal('0')
          await trx
            .insertInto('after_sale_lines')
            .values({ after_sale_id: id, line_no: line.line_no, goods_id: line.goods_id, goods_name: line.goods_name, qua: qua.toFixed(), amount: lineAmount.toFixed(amoPoint) })
            .execute()
        }
        return inserted
      })
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error
      request = await findByKey(db, input.entId, input.requestKey)
      if (!request) throw new Error(`after-sale request for key ${input.requestKey} vanished`)
    }
  }
  if (request.vip_id !== input.vipId || request.order_id !== input.sheetId) throw new DomainError('REQUEST_KEY_REUSED')
  return viewOf(db, request)
}

export async function viewOf(db: Kysely<Database>, request: AfterSaleRecord): Promise<AfterSaleView> {
  const [lines, refunds] = await Promise.all([
    db.selectFrom('after_sale_lines').selectAll().where('after_sale_id', '=', request.after_sale_id).orderBy('line_no').execute(),
    db.selectFrom('after_sale_refunds').selectAll().where('after_sale_id', '=', request.after_sale_id).orderBy('pay_id').execute()
  ])
  return { request, lines, refunds }
}

/** The member's request by id, or the latest of one of their orders; AFTERSALE_NOT_FOUND otherwise (another's too). */
export async function memberAfterSale(db: Kysely<Database>, input: { entId: string; vipId: string; afterSaleId?: string; sheetId?: string }): Promise<AfterSaleView> {
  let query = db.selectFrom('after_sales').selectAll().where('ent_id', '=', input.entId).where('vip_id', '=', input.vipId)
  if (input.afterSaleId) query = query.where('after_sale_id', '=', input.afterSaleId)
  else if (input.sheetId) query = query.where('order_id', '=', input.sheetId)
  else throw new DomainError('AFTERSALE_NOT_FOUND')
  const request = await query.orderBy('created_at', 'desc').orderBy('after_sale_id', 'desc').limit(1).executeTakeFirst()
  if (!request) throw new DomainError('AFTERSALE_NOT_FOUND')
  return viewOf(db, request)
}

/** The member's requests, newest first. */
export async function memberAfterSales(db: Kysely<Database>, input: { entId: string; vipId: string; limit: number; offset: number }): Promise<{ rows: AfterSaleRecord[]; total: number }> {
  const base = db.selectFrom('after_sales').where('ent_id', '=', input.entId).where('vip_id', '=', input.vipId)
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('after_sale_id', 'desc').limit(input.limit).offset(input.offset).execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()
  ])
  return { rows, total: Number(total.n) }
}

/** The member withdraws a request the shop has not decided yet; AFTERSALE_STATE_CONFLICT otherwise. */
export async function withdrawAfterSale(db: Kysely<Database>, input: { entId: string; vipId: string; afterSaleId: string; now: Date }): Promise<AfterSaleView> {
  const peek = await db.selectFrom('after_sales').selectAll().where('after_sale_id', '=', input.afterSaleId).executeTakeFirst()
  if (!peek || peek.ent_id !== input.entId || peek.vip_id !== input.vipId) throw new DomainError('AFTERSALE_NOT_FOUND')
  const request = await inEventTransaction(db, async (trx) => {
    await lockOrder(trx, peek.order_id)
    const locked = await lockRequest(trx, peek.after_sale_id)
    if (!locked) throw new DomainError('AFTERSALE_NOT_FOUND')
    if (locked.status === AFTERSALE_STATUS.WITHDRAWN) return locked
    if (locked.status !== AFTERSALE_STATUS.SUBMITTED) throw new DomainError('AFTERSALE_STATE_CONFLICT')
    const at = input.now.toISOString()
    await trx.updateTable('after_sales').set({ status: AFTERSALE_STATUS.WITHDRAWN, updated_at: at }).where('after_sale_id', '=', locked.after_sale_id).execute()
    return { ...locked, status: AFTERSALE_STATUS.WITHDRAWN, updated_at: at }
  })
  return viewOf(db, request)
}

/** The shop's list: newest first, optionally of one status and enterprise. */
export interface ShopAfterSaleQuery {
  entId?: string
  status?: number
  /** Only requests about orders of these branches (absent: every branch). */
  baseIds?: string[]
  limit: number
  offset?: number
}

function shopAfterSaleQuery(db: Kysely<Database>, input: ShopAfterSaleQuery) {
  let query = db.selectFrom('after_sales')
  if (input.entId) query = query.where('after_sales.ent_id', '=', input.entId)
  if (input.status !== undefined) query = query.where('after_sales.status', '=', input.status)
  if (input.baseIds) {
    const baseIds = input.baseIds
    query = baseIds.length
      ? query.where('after_sales.order_id', 'in', (eb) => eb.selectFrom('orders').select('orders.order_id').where('orders.base_id', 'in', baseIds))
      : query.where('after_sales.after_sale_id', '=', '')
  }
  return query
}

/** Requests for the shop (CLI, console), newest first. */
export async function shopAfterSales(db: Kysely<Database>, input: ShopAfterSaleQuery): Promise<AfterSaleRecord[]> {
  return shopAfterSaleQuery(db, input)
    .selectAll('after_sales')
    .orderBy('after_sales.created_at', 'desc')
    .orderBy('after_sales.after_sale_id', 'desc')
    .limit(input.limit)
    .offset(input.offset ?? 0)
    .execute()
}

/** How many requests shopAfterSales would find without its limit. */
export async function countShopAfterSales(db: Kysely<Database>, input: ShopAfterSaleQuery): Promise<number> {
  const row = await shopAfterSaleQuery(db, input).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst()
  return Number(row?.n ?? 0)
}

export async function shopAfterSale(db: Kysely<Database>, afterSaleId: string): Promise<AfterSaleView> {
  const request = await db.selectFrom('after_sales').selectAll().where('after_sale_id', '=', afterSaleId).executeTakeFirst()
  if (!request) throw new DomainError('AFTERSALE_NOT_FOUND')
  return viewOf(db, request)
}

export interface ApprovalResult extends AfterSaleView {
  /** False when the request had already been refunded (a second approval): nothing was done. */
  applied: boolean
  pointsReversed: number
  /** Stock units returned, per sku. */
  stockReturned: { skuId: string; units: number }[]
}

/**
 * The shop approves: the refund, points, stock and the order's refunded amount in one
 * transaction, and the request becomes refunded. A request already refunded answers as it is
 * (applied false): two approvals at once refund once. Rejected or withdrawn → STATE_CONFLICT.
 */
export async function approveAfterSale(
  db: Kysely<Database>,
  providers: PaymentProviders,
  input: { afterSaleId: string; note?: string; now: Date },
  inTransaction?: InTransaction<{ request: AfterSaleRecord; applied: boolean; refunds: { provider: string; amount: string }[]; pointsReversed: number }>
): Promise<ApprovalResult> {
  const peek = await db.selectFrom('after_sales').select(['order_id']).where('after_sale_id', '=', input.afterSaleId).executeTakeFirst()
  if (!peek) throw new DomainError('AFTERSALE_NOT_FOUND')
  const done = await inEventTransaction(db, async (trx) => {
    const order = await lockOrder(trx, peek.order_id)
    const locked = await lockRequest(trx, input.afterSaleId)
    if (!locked) throw new DomainError('AFTERSALE_NOT_FOUND')
    if (locked.status === AFTERSALE_STATUS.REFUNDED) {
      await inTransaction?.(trx, { request: locked, applied: false, refunds: [], pointsReversed: 0 })
      return { request: locked, applied: false, pointsReversed: 0, stockReturned: [] }
    }
    if (locked.status !== AFTERSALE_STATUS.SUBMITTED) throw new DomainError('AFTERSALE_STATE_CONFLICT')
    // The shop cancelled the order since (which refunded all of it): nothing is left to approve.
    if (!REFUNDABLE_ORDER.has(order.status)) throw new DomainError('AFTERSALE_STATE_CONFLICT')
    const { amoPoint } = await moneySettings(trx, locked.ent_id)
    const amount = toDecimal(locked.amount)
    // Paid and refunded may have changed since the request (a cancel refunds the rest).
    const refundedBefore = await refundedOfOrder(trx, order.order_id)
    const left = toDecimal(order.paid_amount).minus(refundedBefore)
    if (amount.gt(left)) throw new DomainError('AFTERSALE_AMOUNT_INVALID', { max: (left.lt(0) ? toDecimal('0') : left).toFixed(amoPoint) })
    await refundPart(trx, providers, { orderId: order.order_id, afterSaleId: locked.after_sale_id, vipId: locked.vip_id, amount: locked.amount, now: input.now })
    const refundedText = refundedBefore.plus(amount).toFixed(Math.max(places(order.paid_amount), places(locked.amount)))
    const pointsReversed = await reverseAfterSalePoints(trx, {
      orderId: order.order_id,
      afterSaleId: locked.after_sale_id,
      paidAmount: order.paid_amount,
      refundedAfter: refundedText,
      now: input.now
    })
    const stockReturned = await returnLineStock(trx, order.order_id, locked.after_sale_id)
    const at = input.now.toISOString()
    const changes = {
      status: AFTERSALE_STATUS.REFUNDED,
      refunded_amount: locked.amount,
      shop_note: (input.note ?? '').slice(0, AFTERSALE_NOTE_MAX),
      points_reversed: pointsReversed,
      decided_at: at,
      refunded_at: at,
      updated_at: at
    }
    await trx.updateTable('after_sales').set(changes).where('after_sale_id', '=', locked.after_sale_id).execute()
    const request = { ...locked, ...changes }
    if (inTransaction) {
      const refunds = await trx.selectFrom('after_sale_refunds').select(['provider', 'amount']).where('after_sale_id', '=', locked.after_sale_id).orderBy('created_at').execute()
      await inTransaction(trx, { request, applied: true, refunds, pointsReversed })
    }
    return { request, applied: true, pointsReversed, stockReturned }
  })
  return { ...(await viewOf(db, done.request)), applied: done.applied, pointsReversed: done.pointsReversed, stockReturned: done.stockReturned }
}

/** The shop rejects a submitted request with its reason; STATE_CONFLICT once decided or withdrawn (a second identical rejection answers as it is). */
export async function rejectAfterSale(
  db: Kysely<Database>,
  input: { afterSaleId: string; reason: string; now: Date },
  inTransaction?: InTransaction<{ request: AfterSaleRecord; changed: boolean }>
): Promise<AfterSaleView> {
  const reason = input.reason.trim().slice(0, AFTERSALE_NOTE_MAX)
  if (!reason) throw new Error('a rejection needs the shop’s reason')
  const peek = await db.selectFrom('after_sales').select(['order_id']).where('after_sale_id', '=', input.afterSaleId).executeTakeFirst()
  if (!peek) throw new DomainError('AFTERSALE_NOT_FOUND')
  const request = await inEventTransaction(db, async (trx) => {
    await lockOrder(trx, peek.order_id)
    const locked = await lockRequest(trx, input.afterSaleId)
    if (!locked) throw new DomainError('AFTERSALE_NOT_FOUND')
    if (locked.status === AFTERSALE_STATUS.REJECTED && locked.shop_note === reason) {
      await inTransaction?.(trx, { request: locked, changed: false })
      return locked
    }
    if (locked.status !== AFTERSALE_STATUS.SUBMITTED) throw new DomainError('AFTERSALE_STATE_CONFLICT')
    const at = input.now.toISOString()
    const changes = { status: AFTERSALE_STATUS.REJECTED, shop_note: reason, decided_at: at, updated_at: at }
    await trx.updateTable('after_sales').set(changes).where('after_sale_id', '=', locked.after_sale_id).execute()
    const request = { ...locked, ...changes }
    await inTransaction?.(trx, { request, changed: true })
    return request
  })
  return viewOf(db, request)
}

/**
 * Returns to stock what the request's lines bring back, where the order took stock of the sku
 * (stock_takes): whole units (a weight line's 1.5 returns 2, as it took 2), at most what the
 * take still holds, the take lowered by as much. An sku made unlimited since stays unlimited.
 */
async function returnLineStock(trx: Transaction<Database>, orderId: string, afterSaleId: string): Promise<{ skuId: string; units: number }[]> {
  const lines = await trx
    .selectFrom('after_sale_lines')
    .innerJoin('order_lines', (join) => join.onRef('order_lines.line_no', '=', 'after_sale_lines.line_no').on('order_lines.order_id', '=', orderId))
    .select(['order_lines.sku_id', 'after_sale_lines.qua'])
    .where('after_sale_lines.after_sale_id', '=', afterSaleId)
    .execute()
  const bySku = new Map<string, Decimal>()
  for (const l of lines) if (l.sku_id) bySku.set(l.sku_id, (bySku.get(l.sku_id) ?? toDecimal('0')).plus(toDecimal(l.qua)))
  const returned: { skuId: string; units: number }[] = []
  for (const skuId of [...bySku.keys()].sort()) {
    const held = await trx
      .selectFrom('stock_takes')
      .select('units')
      .where('order_id', '=', orderId)
      .where('sku_id', '=', skuId)
      .where('returned_at', 'is', null)
      .executeTakeFirst()
    const give = Math.min(bySku.get(skuId)!.toDecimalPlaces(0, Decimal.ROUND_UP).toNumber(), held ? Number(held.units) : 0)
    if (give <= 0) continue
    await trx.updateTable('stock_takes').set((eb) => ({ units: eb('units', '-', give) })).where('order_id', '=', orderId).where('sku_id', '=', skuId).execute()
    await trx.updateTable('skus').set((eb) => ({ stock: eb('stock', '+', give) })).where('sku_id', '=', skuId).where('stock', 'is not', null).execute()
    returned.push({ skuId, units: give })
  }
  return returned
}
