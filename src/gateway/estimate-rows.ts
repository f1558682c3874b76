/**
 * Ready-time estimates (issue 26 item 3; docs/estimates.md): OrderReadyEstimateGet's rows, part of
 * the contract (./operations.ts).
 */

/** 'cart' a cart ordered now; 'waiting' an order not yet in the kitchen (unpaid); 'ready'; 'none' an order ended. */
export type EstimateStage = 'cart' | 'waiting' | 'preparing' | 'ready' | 'none'

export interface ReadyEstimateRow {
  BaseID: string
  /** The order ('' for a cart). */
  SheetID: string
  Stage: EstimateStage
  /** Whole minutes from now until ready, rounded up (0 when ready, ended or nothing to cook). */
  Minutes: number
  /** ISO-8601 instant now + Minutes ('' when Minutes is 0). */
  ReadyBy: string
  /** Open kitchen tickets ahead of it at the stations it needs. */
  TicketsAhead: number
  /** The branch's orders per 15-minute pickup slot (0 no limit). */
  SlotCapacity: number
}

/** A full pickup slot of the branch, 'YYYY-MM-DD HH:mm': not offered. */
export interface FullSlotRow {
  Slot: string
}

export interface ReadyEstimateInput {
  ShopID?: string
  BaseID?: string
  /** One of the caller's orders; absent: the cart's estimate. */
  SheetID?: string
  /** Cart lines: goods and quantity in the line's stepper unit. */
  Lines?: { GoodsID: string; Qua: number }[]
}
