/**
 * What the coupon, review, after-sale, order and member stores need of the console (issue 23 item
 * 4): its one way to the server (call → the StaffClient the root store was given), texts, the
 * person's scope and permissions, the browser adapter. The root store is one; a test hands in a
 * root built on a fake StaffApi.
 */
import type { Locale } from '../../gateway/contract'
import type { StaffScopeRow } from '../../gateway/staff-contract'
import type { Permission } from '../../core/staff-permissions'
import type { ConsoleBrowser } from '../browser'
import type { ConsoleStore } from './console-store'

export interface ServiceRoot {
  readonly locale: Locale
  readonly scope: StaffScopeRow[]
  readonly browser: ConsoleBrowser
  call: ConsoleStore['call']
  t: ConsoleStore['t']
  messageOf(e: unknown): string
  can(permission: Permission | undefined): boolean
}

/** Rows per page of the console's lists. */
export const SERVICE_PAGE_SIZE = 20

export const pagesOf = (total: number, size = SERVICE_PAGE_SIZE): number => Math.max(1, Math.ceil(total / size))

/** A whole number typed in a field, or null when it is not one. */
export function wholeOf(text: string): number | null {
  const t = text.normalize('NFKC').trim()
  return /^\d{1,9}$/.test(t) ? Number(t) : null
}

/** A money amount typed in a field ('8', '8.50'), or null. */
export const isAmount = (text: string): boolean => /^\d{1,10}(\.\d{1,4})?$/.test(text.normalize('NFKC').trim())
