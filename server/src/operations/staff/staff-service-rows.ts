/**
 * Rows the console's coupon, review, after-sale and order operations answer (issue 23 item 4),
 * and the record fields they share. Instants are ISO-8601 UTC (the console shows them on the
 * device's clock); order and after-sale rows keep the diner contract's wall-clock texts.
 */
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { maskedPhone } from '../../../../src/core/phone-mask'
import type { ImageRow } from '../../../../src/gateway/after-rows'
import type { LocalizedText } from '../../../../src/gateway/contract'
import type { CardStatus } from '../../../../src/gateway/coupon-rows'
import type {
  StaffAfterSaleRefundRow,
  StaffAfterSaleRow,
  StaffCouponCardEventRow,
  StaffCouponCardRow,
  StaffCouponPlanRow,
  StaffReviewRow
} from '../../../../src/gateway/staff-contract'
import type { AfterSaleView } from '../../domain/aftersale/aftersale.service'
import { imageResolver } from '../../domain/catalogue/catalogue.service'
import type { CardRecord } from '../../domain/coupons/coupon-cards'
import { parseIds, type PlanRecord } from '../../domain/coupons/coupon-plans'
import type { CardLookup } from '../../domain/coupons/shop-coupons'
import { DomainError, invalidInput } from '../../domain/errors'
import { serviceLinks } from '../../domain/links/service-link.service'
import { reviewPhotoRows } from '../../domain/reviews/review-photos'
import { mayBase, mayShop, type StaffActor } from '../../domain/staff/staff-actor'
import { mayRunPlan } from '../../domain/staff/scope-filter'
import { findOrderById, type OrderRecord } from '../../storage/repositories/order.repository'
import { findReview, parseIdList, type ReviewRecord } from '../../storage/repositories/review.repository'
import { parseNames } from '../../storage/repositories/row-mapping'
import type { Database } from '../../storage/schema'
import { afterSaleImages, afterSaleRows } from '../retail/AfterSaleRows'
import { integerWithDefault } from '../fields'
import { noteText } from './staff-fields'
import type { SignedInContext } from './staff-operation'

// ---------- fields ----------

export const pageFields = {
  PageIndex: integerWithDefault('Page, from 1', 1, 100000, 1),
  PageSize: integerWithDefault('Rows per page, 1–100', 1, 100, 20)
}

/** A required id (blank refused). */
export const requiredIdField = (description: string) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().min(1).max(128).regex(/^[\x21-\x7e]*$/)).describe(description)

/** A day 'YYYY-MM-DD', or '' for an open end. */
export const dayField = (description: string) =>
  z
    .preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().regex(/^(\d{4}-\d{2}-\d{2})?$/))
    .describe(description)

/** A card's 12-digit code as typed (spaces, dashes and full-width digits allowed). */
export const cardCodeField = z
  .preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().min(1).max(40))
  .refine((t) => /^\d{6,20}$/.test(t.normalize('NFKC').replace(/[\s-]/g, '')), 'digits')
  .describe('The card code (12 digits; spaces and dashes are ignored)')

/** A reason or note that must be given (a void, a cancel, a rejection). */
export const requiredNote = (description: string, max = 500) =>
  noteText(description, max)
    .refine((t) => t.length > 0, 'required')
    .describe(description)

export const total = (n: number): { Total: number }[] => [{ Total: n }]

// ---------- coupons ----------

const commas = (json: string): string => parseIds(json).join(',')

export const planRow = (plan: PlanRecord, actor: StaffActor): StaffCouponPlanRow => ({
  PlanID: plan.plan_id,
  Code: plan.code,
  Names: parseNames(plan.names),
  Rules: parseNames(plan.descriptions),
  CouponType: Number(plan.coupon_type),
  Amount: plan.amount,
  DiscountRate: plan.discount_rate,
  MinAmount: plan.min_amount,
  MaxOff: plan.max_off,
  ValidKind: Number(plan.valid_kind),
  ValidDays: Number(plan.valid_days),
  ValidFrom: plan.valid_from,
  ValidTo: plan.valid_to,
  TotalQua: plan.total_qua === null ? null : Number(plan.total_qua),
  IssuedQua: Number(plan.issued_qua),
  PerMemberQua: Number(plan.per_member_qua),
  Claimable: Number(plan.claimable),
  Status: Number(plan.status),
  ShopIDs: commas(plan.shop_ids),
  BaseIDs: commas(plan.base_ids),
  ServiceTypes: commas(plan.service_types),
  GoodsIDs: commas(plan.goods_ids),
  ClassIDs: commas(plan.class_ids),
  CanManage: mayRunPlan(actor, parseIds(plan.shop_ids)) ? 1 : 0,
  CreatedAt: plan.created_at
})

/** Whether the actor may act on the plan's cards (its shops are in their scope). */
export const mayRunPlanOf = (actor: StaffActor, plan: Pick<PlanRecord, 'shop_ids'>): boolean => mayRunPlan(actor, parseIds(plan.shop_ids))

export const cardRow = (card: CardRecord, plan: PlanRecord, shown: CardStatus, holder: CardLookup['holder']): StaffCouponCardRow => ({
  CardID: card.card_id,
  Code: card.code,
  PlanID: plan.plan_id,
  PlanCode: plan.code,
  PlanNames: parseNames(plan.names),
  HolderVipID: holder?.vipId ?? '',
  HolderName: holder?.name ?? '',
  HolderMaskedPhone: holder?.maskedPhone ?? '',
  Status: shown,
  ValidFrom: card.valid_from,
  ValidTo: card.valid_to,
  Source: card.source,
  OrderID: card.order_id,
  CreatedAt: card.created_at
})

export const cardEventRows = (look: CardLookup): StaffCouponCardEventRow[] =>
  look.events.map((e) => ({ At: e.at, Action: e.action, FromStatus: Number(e.from_status), ToStatus: Number(e.to_status), Actor: e.actor, RefID: e.ref_id }))

// ---------- reviews ----------

/**
 * The review of the enterprise, if its shop is in the actor's scope (reviews belong to a shop's
 * menu, not a branch); otherwise errcode 10007 naming ReviewID (no result code of its own yet).
 */
export async function reviewInScope(db: Kysely<Database>, actor: StaffActor, reviewId: string): Promise<ReviewRecord> {
  const review = await findReview(db, actor.entId, reviewId)
  if (!review || !mayShop(actor, review.shop_id)) throw invalidInput('ReviewID: no such review')
  return review
}

export async function reviewRows(ctx: SignedInContext, reviews: ReviewRecord[]): Promise<StaffReviewRow[]> {
  if (reviews.length === 0) return []
  const entId = ctx.staff.entId
  const goodsIds = [...new Set(reviews.map((r) => r.goods_id))]
  const [goods, photos, links] = await Promise.all([
    ctx.db.selectFrom('goods').select(['goods_id', 'names']).where('goods_id', 'in', goodsIds).execute(),
    reviewPhotoRows({ db: ctx.db, storage: ctx.providers.storage, entId, origin: ctx.origin }, reviews.flatMap((r) => parseIdList(r.file_ids))),
    serviceLinks(ctx.db, entId, ctx.origin)
  ])
  const names = new Map(goods.map((g) => [g.goods_id, parseNames(g.names)]))
  const imageUrl = imageResolver(links.find((l) => l.linkType === 'image')?.url ?? null, ctx.origin)
  const empty: LocalizedText = { 'zh-CN': '', 'zh-TW': '', en: '' }
  return reviews.map((r) => {
    const member = parseIdList(r.file_ids).flatMap((id): ImageRow[] => {
      const row = photos.get(id)
      return row ? [row] : []
    })
    return {
      ReviewID: r.review_id,
      ShopID: r.shop_id,
      GoodsID: r.goods_id,
      GoodsNames: names.get(r.goods_id) ?? empty,
      SheetID: r.order_id ?? '',
      LineNo: Number(r.line_no),
      VipName: r.vip_name,
      Anonymous: Number(r.anonymous) === 1 ? 1 : 0,
      Imported: Number(r.is_imported) === 1 ? 1 : 0,
      Stars: Number(r.stars),
      Content: r.content,
      Photos: [...parseIdList(r.images).map((p) => ({ Url: imageUrl(p), ThumbUrl: imageUrl(p) })), ...member.map((p) => ({ Url: p.Url, ThumbUrl: p.ThumbUrl }))],
      Reply: r.reply,
      RepliedAt: r.replied_at,
      Hidden: Number(r.hidden) === 1 ? 1 : 0,
      CreatedAt: r.created_at,
      UpdatedAt: r.updated_at
    }
  })
}

// ---------- orders and after-sale ----------

/** The order of the enterprise at a branch in the actor's scope, else ORDER_NOT_FOUND (never 'not yours'). */
export async function orderInScope(db: Kysely<Database>, actor: StaffActor, orderId: string): Promise<OrderRecord> {
  const order = await findOrderById(db, orderId)
  if (!order || order.ent_id !== actor.entId || !mayBase(actor, order.shop_id, order.base_id)) throw new DomainError('ORDER_NOT_FOUND')
  return order
}

/** The request of the enterprise about an order at a branch in the actor's scope, else AFTERSALE_NOT_FOUND. */
export async function afterSaleInScope(db: Kysely<Database>, actor: StaffActor, afterSaleId: string): Promise<{ order: OrderRecord }> {
  const request = await db.selectFrom('after_sales').select(['ent_id', 'order_id']).where('after_sale_id', '=', afterSaleId).executeTakeFirst()
  const order = request && request.ent_id === actor.entId ? await findOrderById(db, request.order_id) : null
  if (!order || !mayBase(actor, order.shop_id, order.base_id)) throw new DomainError('AFTERSALE_NOT_FOUND')
  return { order }
}

/** After-sale rows with the order's place, money and member (masked phone) beside the request. */
export async function staffAfterSaleRows(ctx: SignedInContext, requests: AfterSaleView['request'][]): Promise<StaffAfterSaleRow[]> {
  if (requests.length === 0) return []
  const entId = ctx.staff.entId
  const rows = await afterSaleRows(ctx.db, afterSaleImages(ctx.providers.storage), entId, requests, ctx.origin)
  const orderIds = [...new Set(requests.map((r) => r.order_id))]
  const vipIds = [...new Set(requests.map((r) => r.vip_id).filter(Boolean))]
  const [orders, members] = await Promise.all([
    ctx.db.selectFrom('orders').select(['order_id', 'shop_id', 'base_id', 'paid_amount', 'status', 'pickup_no']).where('order_id', 'in', orderIds).execute(),
    vipIds.length ? ctx.db.selectFrom('members').select(['vip_id', 'vip_name', 'area_no', 'phone']).where('vip_id', 'in', vipIds).execute() : Promise.resolve([])
  ])
  const orderOf = new Map(orders.map((o) => [o.order_id, o]))
  const memberOf = new Map(members.map((m) => [m.vip_id, m]))
  return rows.map((row, i) => {
    const order = orderOf.get(requests[i].order_id)
    const member = memberOf.get(requests[i].vip_id)
    return {
      ...row,
      ShopID: order?.shop_id ?? '',
      BaseID: order?.base_id ?? '',
      OrderPaidAmount: order?.paid_amount ?? '0',
      OrderStatus: Number(order?.status ?? 0),
      PickupNo: order?.pickup_no ?? '',
      MemberName: member?.vip_name ?? '',
      MemberMaskedPhone: member?.phone ? maskedPhone(member.area_no, member.phone) : ''
    }
  })
}

export const refundRows = (view: AfterSaleView): StaffAfterSaleRefundRow[] =>
  view.refunds.map((f) => ({ PayID: f.pay_id, Provider: f.provider, Amount: f.amount, RefundRef: f.refund_ref, CreatedAt: f.created_at }))

export async function afterSaleAnswer(ctx: SignedInContext, view: AfterSaleView) {
  return {
    table1: await staffAfterSaleRows(ctx, [view.request]),
    table2: view.lines.map((l) => ({ AfterSaleID: l.after_sale_id, LineNo: Number(l.line_no), GoodsID: l.goods_id, GoodsName: l.goods_name, Qua: Number(l.qua), Amount: l.amount })),
    table3: refundRows(view)
  }
}

