/**
 * Rules of members' reviews (issue 17 item 2), shared by the server and the review page. Pure: no
 * Taro, no I/O.
 *
 * - Reviewable: the goods lines of the member's own order once it is paid (paid, ready for pickup
 *   or completed). Every order line is the goods the diner chose: a combo is reviewed as the combo
 *   (its items are part of the line, not lines of their own), add-ons and remarks as part of the
 *   line they were chosen with. A coupon's line (sale type 5) is no goods and is not reviewed; the
 *   bag fee and the freight are no lines.
 * - One review per order line; submitting again edits it while REVIEW_EDIT_DAYS have not passed
 *   since it was first written.
 * - Stars 1–5, text up to REVIEW_MAX_TEXT characters (may be empty when stars say it all), up to
 *   MAX_PHOTOS photos (after-rows.ts).
 */
import { ORDER_STATUS } from '../gateway/order-rows'

export const REVIEW_MAX_TEXT = 500
export const REVIEW_EDIT_DAYS = 7
export const REVIEW_EDIT_MS = REVIEW_EDIT_DAYS * 24 * 60 * 60 * 1000
/** GoodsCommentSubmit calls that write, per member, in any REVIEW_RATE_WINDOW_MS. */
export const REVIEW_SUBMITS_PER_HOUR = 20
export const REVIEW_RATE_WINDOW_MS = 60 * 60 * 1000

/** Order statuses whose lines may be reviewed. */
export const REVIEWABLE_STATUSES: readonly number[] = [ORDER_STATUS.PAID, ORDER_STATUS.READY, ORDER_STATUS.COMPLETED]

/** Whether a review first written at `createdAt` (ISO instant) may still be edited at `now`. */
export function reviewEditable(createdAt: string, now: Date): boolean {
  const created = Date.parse(createdAt)
  return Number.isFinite(created) && now.getTime() < created + REVIEW_EDIT_MS
}

/** The text's length as a person counts it (code points, so an emoji is one). */
export const reviewTextLength = (text: string): number => Array.from(text).length

/**
 * A member's name as the public list shows it: the first character, the rest masked ('陳**',
 * 'A****'); one character stays as it is; '' stays '' (the client names such a reviewer 'Member').
 */
export function maskReviewerName(name: string): string {
  const chars = Array.from(name.trim())
  if (chars.length <= 1) return chars.join('')
  return chars[0] + '*'.repeat(Math.min(chars.length - 1, 4))
}
