/**
 * When a card is valid and what state it shows, on the enterprise's clock (days 'YYYY-MM-DD',
 * both ends included). Pure: the caller passes today's date in the enterprise's time zone, so a
 * card claimed at 23:59 and one claimed at 00:01 get the right days.
 */
import { CARD_STATUS, VALID_KIND, type CardStatus } from '../../../../src/gateway/coupon-rows'

/** 'YYYY-MM-DD' plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

export interface PlanValidity {
  valid_kind: number
  valid_days: number
  valid_from: string
  valid_to: string
}

/**
 * The days a card collected today is valid: kind 1 today .. today + N − 1; kind 2 tomorrow ..
 * tomorrow + N − 1; kind 3 the plan's fixed days. null when no day of it is left (a fixed plan
 * that has ended, or N < 1).
 */
export function validityOfNewCard(plan: PlanValidity, today: string): { validFrom: string; validTo: string } | null {
  if (plan.valid_kind === VALID_KIND.FIXED) {
    if (!plan.valid_from || !plan.valid_to || plan.valid_to < today || plan.valid_to < plan.valid_from) return null
    return { validFrom: plan.valid_from, validTo: plan.valid_to }
  }
  const days = Math.floor(plan.valid_days)
  if (days < 1) return null
  const start = plan.valid_kind === VALID_KIND.FROM_NEXT_DAY ? addDays(today, 1) : today
  return { validFrom: start, validTo: addDays(start, days - 1) }
}

/** The state a card shows today: an available card past its last day is expired (nothing stores that). */
export function shownStatus(card: { status: number; valid_to: string }, today: string): CardStatus {
  if (card.status === CARD_STATUS.AVAILABLE && card.valid_to < today) return CARD_STATUS.EXPIRED
  return card.status as CardStatus
}

/** Whether a card can be used on an order today (held, available, within its days). */
export const usableOn = (card: { status: number; valid_from: string; valid_to: string }, today: string): boolean =>
  card.status === CARD_STATUS.AVAILABLE && card.valid_from <= today && today <= card.valid_to
