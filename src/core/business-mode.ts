/**
 * The diner's business mode (spec §4 "Business mode", §9): all '0', takeaway '1', delivery '2',
 * persisted in local storage, default '0' (our reading of the spec's two readings: the stored
 * default '0'). The branch's own BusinessMode bounds it: a takeaway-only ('1') or delivery-only
 * ('2') branch has that mode whatever is stored; a branch of all modes ('0') lets the diner
 * choose, except that a dine-in table's rounds (postpay) are never delivered.
 */
import { BUSINESS_MODE } from './sheet-position'

export const BUSINESS_MODE_STORAGE_KEY = 'scanorder.businessMode'
export const DEFAULT_BUSINESS_MODE = BUSINESS_MODE.ALL

export type BusinessMode = (typeof BUSINESS_MODE)[keyof typeof BUSINESS_MODE]
const MODES: readonly string[] = [BUSINESS_MODE.ALL, BUSINESS_MODE.TAKEAWAY, BUSINESS_MODE.DELIVERY]

export const isBusinessMode = (v: unknown): v is BusinessMode => typeof v === 'string' && MODES.includes(v)

/** The stored value as a mode: missing or anything else is the default '0'. */
export function readBusinessMode(stored: string | null | undefined): BusinessMode {
  const v = (stored ?? '').trim()
  return isBusinessMode(v) ? v : DEFAULT_BUSINESS_MODE
}

/** The modes a diner may be in at a branch of `branchMode`; `postpay`: ordering rounds at a dine-in table. */
export function modesOffered(branchMode: string | null | undefined, postpay: boolean): BusinessMode[] {
  if (branchMode === BUSINESS_MODE.TAKEAWAY || branchMode === BUSINESS_MODE.DELIVERY) return [branchMode]
  return postpay ? [BUSINESS_MODE.ALL, BUSINESS_MODE.TAKEAWAY] : [BUSINESS_MODE.ALL, BUSINESS_MODE.TAKEAWAY, BUSINESS_MODE.DELIVERY]
}

/** The mode in effect: the stored one when the branch offers it, else the branch's first. */
export function effectiveBusinessMode(stored: string | null | undefined, branchMode: string | null | undefined, postpay: boolean): BusinessMode {
  const offered = modesOffered(branchMode, postpay)
  const mode = readBusinessMode(stored)
  return offered.includes(mode) ? mode : offered[0]
}
