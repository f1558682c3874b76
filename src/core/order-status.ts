/**
 * The order state machine as a table of allowed transitions (spec §4 "Order statuses"). The server
 * moves orders only through `transition()`; the client reads the same table to decide which
 * buttons to show. Pure: no I/O.
 *
 *   awaiting payment ─pay→ paid ─ready→ ready for pickup ─complete→ completed
 *                               ←recall─
 *          │  └─expire→ expired              └──────────complete──────↗
 *          └─cancel→ cancelled
 *
 * A postpay table sheet uses the same codes: 0 open (taking rounds), 1 paid, 2 closed, 3 cancelled.
 */
import { ORDER_STATUS, type KitchenStage, type OrderStatus } from '../gateway/order-rows'

/** recall: the kitchen brought a ready order's ticket back (it is not ready any more). */
export type OrderAction = 'pay' | 'ready' | 'complete' | 'cancel' | 'expire' | 'recall'

const { AWAITING_PAYMENT, PAID, COMPLETED, CANCELLED, EXPIRED, READY } = ORDER_STATUS

/** from → action → to. Anything not listed is refused. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderAction, OrderStatus>>>> = {
  [AWAITING_PAYMENT]: { pay: PAID, cancel: CANCELLED, expire: EXPIRED, complete: COMPLETED },
  [PAID]: { ready: READY, complete: COMPLETED, cancel: CANCELLED },
  [READY]: { complete: COMPLETED, recall: PAID },
  [COMPLETED]: {},
  [CANCELLED]: {},
  [EXPIRED]: {}
}

/** The status after `action`, or null when the table does not allow it. */
export function transition(from: OrderStatus, action: OrderAction): OrderStatus | null {
  return ORDER_TRANSITIONS[from]?.[action] ?? null
}

export const canTransition = (from: OrderStatus, action: OrderAction): boolean => transition(from, action) !== null

/** Statuses that end an order; on a table sheet they stop further ordering (spec §4: codes 2 and 3). */
export const isFinal = (status: number): boolean => status === COMPLETED || status === CANCELLED || status === EXPIRED

/** Codes that stop ordering on a table sheet (spec §4): defined beside the other ordering rules. */
export { stopsOrdering } from './ordering-allowed'

/** i18n key of a status label ('order.status.1' → 'Paid'). */
export const orderStatusKey = (status: number): string => `order.status.${status}`

/**
 * What a table bill's round shows of its progress (issue 24 gap 5): its kitchen stage ('preparing'
 * from the moment it is sent, 'ready' once the kitchen bumped it), or 'cancelled' for a round the
 * shop took off whatever its stage; null shows nothing (not sent to the kitchen, or a server that
 * does not say).
 */
export type RoundStage = 'preparing' | 'ready' | 'cancelled'

export function roundStage(round: { Status: number; KitchenStage?: KitchenStage }): RoundStage | null {
  if (round.Status === CANCELLED || round.Status === EXPIRED) return 'cancelled'
  if (round.KitchenStage === 'preparing' || round.KitchenStage === 'ready') return round.KitchenStage
  return null
}

/** i18n key of a round's stage ('sheet.stage.ready' → 'Ready'). */
export const roundStageKey = (stage: RoundStage): string => `sheet.stage.${stage}`
