/**
 * A member's code and a voucher at the counter (issue 24 item 3; docs/front-of-house.md "Member
 * balance and vouchers"), both recorded as counter payments (counter-payment.service.ts: the same
 * idempotency, audit and events):
 *
 *   - CounterMemberCharge: the member shows their member code (wallet/member-code.ts, valid two
 *     minutes, signed), scanned or its number typed; the counter charges their balance for a table bill (in part or in full) or
 *     a prepay order (whole). A payments row with provider 'balance' and the ledger's 'spend' for
 *     the order paid (INSUFFICIENT_BALANCE when it does not cover it: nothing written), so a later
 *     refund finds it as BalancePay's. Paying a bill's settlement, the member earns its points.
 *     Another enterprise's member, or a made-up or expired code: MEMBER_CODE_INVALID.
 *   - CounterVoucherApply: a coupon card's code (any holder's, or a printed voucher's) takes what its
 *     plan takes off the bill (src/core/coupon-pricing over the bill's goods: shops, branches,
 *     service, goods and classes, minimum spend; at most what is due) as a payment with provider
 *     'coupon'; the card is used (one conditional update: two counters cannot use it twice), its
 *     event names the staff member. COUPON_NOT_FOUND / COUPON_NOT_AVAILABLE / COUPON_MIN_SPEND as at
 *     checkout. Codes that are no card are counted in the database, as a member's typed codes are
 *     (coupon-cards.ts): per person, per device and per branch (checkVoucherCode below).
 */
import { createHash } from 'node:crypto'
import type { CounterPaymentResultRow } from '../../../../src/gateway/counter-contract'
import { decimalPoints, maxDecimal, toDecimal } from '../../../../src/core/money'
import { CARD_STATUS } from '../../../../src/gateway/coupon-rows'
import { ORDER_STATUS, POSI_TYPE, type ServiceType } from '../../../../src/gateway/order-rows'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { priceCard } from '../coupons/card-use'
import { addCardEvent, holdCodeTries, today } from '../coupons/coupon-cards'
import { cardCodeOf, lookUpCard } from '../coupons/shop-coupons'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import { changeBalance } from '../wallet/balance.service'
import { memberNumberTries, verifyMemberCode } from '../wallet/member-code'
import { recordCounterPayment, replayed, type CounterCaller, type CounterPaymentInput, type PayTarget } from './counter-payment.service'

const codeHash = (code: string): string => createHash('sha256').update(code).digest('hex').slice(0, 16)

export async function chargeMember(caller: CounterCaller, target: PayTarget, input: { code: string; amount: string; requestKey: string; targetId: string }): Promise<CounterPaymentResultRow> {
  const { db, staff, now } = caller
  // The code scanned, or its number typed (counted against this person, device and branch: 21411 at a limit).
  const baseId = target.kind === 'bill' ? target.sheet.base_id : target.order.base_id
  const checked = await verifyMemberCode(db, input.code, now, { entId: staff.entId, tries: memberNumberTries(staff, baseId) })
  // Another enterprise's member is no member here: the same answer as a made-up code.
  if (!checked.ok || checked.member.ent_id !== staff.entId) throw new DomainError('MEMBER_CODE_INVALID')
  const member = checked.member
  if (Number(member.is_guest) === 1 || !member.phone) throw new DomainError('PHONE_NOT_BOUND')
  return recordCounterPayment(
    caller,
    target,
    { target: input.targetId, method: 'balance', amount: input.amount, note: '', requestKey: input.requestKey },
    {
      identity: { extra: `member:${member.vip_id}` },
      settlementVipId: member.vip_id,
      auditAction: 'counter.memberCharge',
      auditDetail: { vipId: member.vip_id },
      charge: async (trx, ids) => {
        await changeBalance(trx, { vipId: member.vip_id, kind: 'spend', amount: ids.amount, refId: ids.orderId, now })
      }
    }
  )
}

const serviceOf = (posiType: number): ServiceType => (posiType === POSI_TYPE.TAKEAWAY ? 'takeaway' : posiType === POSI_TYPE.FAST ? 'fastfood' : 'dinein')

export async function applyVoucher(caller: CounterCaller, target: PayTarget, input: { code: string; requestKey: string; targetId: string }): Promise<CounterPaymentResultRow> {
  const { db, staff, now } = caller
  // A retry answers the first use (by then the card is used and the due lower: not judged again).
  const identity = { extra: `voucher:${codeHash(cardCodeOf(input.code))}`, amount: false }
  const request = (amount: string): CounterPaymentInput => ({ target: input.targetId, method: 'coupon', amount, note: '', requestKey: input.requestKey })
  const first = await replayed(caller, request('0'), identity)
  if (first) return first
  if (target.kind !== 'bill') throw new DomainError('COUPON_NOT_AVAILABLE')
  const sheet = target.sheet
  if (sheet.status !== ORDER_STATUS.AWAITING_PAYMENT) throw new DomainError('SHEET_CLOSED')
  await checkVoucherCode(caller, sheet.base_id, input.code)
  const look = await lookUpCard(db, staff.entId, input.code, now)
  const settings = Object.fromEntries((await listEnterpriseSettings(db, staff.entId)).map((p) => [p.parmId, p.parmValue]))
  const points = decimalPoints(settings)
  // The bill's goods as coupon pricing reads them: each line's goods, its class, its amount.
  const rounds = await db.selectFrom('orders').select('order_id').where('table_sheet_id', '=', sheet.sheet_id).where('kind', '=', 'round').where('status', 'not in', [ORDER_STATUS.CANCELLED, ORDER_STATUS.EXPIRED]).execute()
  const lines = rounds.length ? await db.selectFrom('order_lines').select(['goods_id', 'amount', 'sale_type']).where('order_id', 'in', rounds.map((r) => r.order_id)).execute() : []
  const goodsIds = [...new Set(lines.map((l) => l.goods_id))]
  const classes = goodsIds.length ? await db.selectFrom('goods').select(['goods_id', 'class_id']).where('shop_id', '=', sheet.shop_id).where('goods_id', 'in', goodsIds).execute() : []
  const classOf = new Map(classes.map((g) => [g.goods_id, g.class_id]))
  const order = {
    shopId: sheet.shop_id,
    baseId: sheet.base_id,
    serviceType: serviceOf(Number(sheet.posi_type)),
    lines: lines.filter((l) => Number(l.sale_type) !== 5 && !toDecimal(l.amount).isZero()).map((l) => ({ goodsId: l.goods_id, classIds: classOf.get(l.goods_id) ? [classOf.get(l.goods_id)!] : [], amount: l.amount }))
  }
  const day = await today(db, staff.entId, now)
  const priced = priceCard(look.card, look.plan, order, { AmoPoint: points.AmoPoint, DiscountPoint: points.DiscountPoint }, day)
  if (!priced.applies) throw new DomainError(priced.reason === 'min-spend' ? 'COUPON_MIN_SPEND' : 'COUPON_NOT_AVAILABLE')
  const due = maxDecimal(0, toDecimal(sheet.amount).minus(toDecimal(sheet.paid_amount)))
  // A voucher worth more than is still due pays what is due (nothing is given back for it).
  const amount = toDecimal(priced.off).greaterThan(due) ? due : toDecimal(priced.off)
  if (!amount.isPositive()) throw new DomainError('COUNTER_OVERPAY', { due: due.toFixed(points.AmoPoint) })
  const card = look.card
  return recordCounterPayment(
    caller,
    target,
    request(amount.toFixed(points.AmoPoint)),
    {
      identity,
      auditAction: 'counter.voucher',
      auditDetail: { cardId: card.card_id, planId: look.plan.plan_id, off: priced.off, holder: card.vip_id },
      charge: async (trx, ids) => {
        const at = now.toISOString()
        // One conditional update: a card another counter (or an order) used first changes no row.
        const taken = await trx
          .updateTable('coupon_cards')
          .set({ status: CARD_STATUS.USED, order_id: ids.orderId, used_at: at, updated_at: at })
          .where('card_id', '=', card.card_id)
          .where('status', '=', CARD_STATUS.AVAILABLE)
          .where('order_id', '=', '')
          .where('valid_from', '<=', day)
          .where('valid_to', '>=', day)
          .executeTakeFirst()
        if (Number(taken.numUpdatedRows) !== 1) throw new DomainError('COUPON_NOT_AVAILABLE')
        await addCardEvent(trx, { cardId: card.card_id, action: 'use', from: CARD_STATUS.AVAILABLE, to: CARD_STATUS.USED, actor: `staff:${staff.staffId}`, refId: ids.orderId, now })
      }
    }
  )
}

/**
 * Wrong voucher codes (no card of the enterprise has them) that may be typed at the counter in one
 * window (coupon-cards.ts VOUCHER_TRY_WINDOW_MS, an hour from the first wrong one): by one person
 * (whichever device), on one paired device (whoever is signed in), and at one branch (everyone
 * there). Enough for mistyped and misread codes, not for guessing one: a code is 12 digits.
 */
export const COUNTER_VOUCHER_TRIES = 10
export const BRANCH_VOUCHER_TRIES = 30

/** The counter's tries rows in coupon_code_tries, in the one order they are locked: person, device, branch. */
const counterTriesKeys = (staff: CounterCaller['staff'], baseId: string): { key: string; limit: number }[] => [
  { key: `staff:${staff.staffId}`.slice(0, 64), limit: COUNTER_VOUCHER_TRIES },
  ...(staff.deviceId ? [{ key: `device:${staff.deviceId}`.slice(0, 64), limit: COUNTER_VOUCHER_TRIES }] : []),
  { key: `base:${baseId}`.slice(0, 64), limit: BRANCH_VOUCHER_TRIES }
]

/**
 * Before a typed code is judged: refused with COUNTER_VOUCHER_TRIES ({until}, the enterprise's
 * clock) while a limit is reached, whatever the code; a code that is no card counts one wrong try
 * on each row and answers COUPON_NOT_FOUND. The check, the look-up and the count run under the
 * rows held (PostgreSQL: locked) in one transaction, so codes sent in parallel, from one counter or
 * several processes, queue there and cannot all pass the check before any is counted.
 */
async function checkVoucherCode(caller: CounterCaller, baseId: string, typed: string): Promise<void> {
  const { db, staff, now } = caller
  const code = cardCodeOf(typed)
  const outcome = await db.transaction().execute(async (trx): Promise<Date | 'wrong' | 'card'> => {
    const tries = await holdCodeTries(trx, staff.entId, counterTriesKeys(staff, baseId), now)
    if (tries.until) return tries.until
    const card = await trx.selectFrom('coupon_cards').select('card_id').where('ent_id', '=', staff.entId).where('code', '=', code).executeTakeFirst()
    if (card) return 'card'
    await tries.countWrong()
    return 'wrong'
  })
  if (outcome === 'wrong') throw new DomainError('COUPON_NOT_FOUND')
  if (outcome instanceof Date) {
    const zone = await enterpriseTimeZone(db, staff.entId)
    throw new DomainError('COUNTER_VOUCHER_TRIES', { until: wallClockIn(zone, outcome).time.slice(0, 5) })
  }
}
