/**
 * Staff roles and what each may do (issue 23). Pure data shared by the server, which enforces it on
 * every staff operation, and the console, which only hides what a role cannot use (hiding is a
 * courtesy; the server's check is the rule).
 *
 * Roles, from Toast's jobs and Odoo's employee levels, kept to four a small restaurant understands:
 *   - owner: everything, including other owners and the enterprise's settings;
 *   - manager: runs the shops and branches they work at: menu, tables and codes, staff below owner,
 *     devices, coupons, reviews, after-sale, the audit log, the day report; not the enterprise or
 *     other owners;
 *   - cashier: the counter: orders, sold-out, member codes;
 *   - kitchen: the board: orders and sold-out.
 */

export const STAFF_ROLES = ['owner', 'manager', 'cashier', 'kitchen'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const PERMISSIONS = [
  /** The enterprise's name, currency, time zone, languages; the setup file. */
  'enterprise.manage',
  /** Shops and branches: addresses, hours, service styles, delivery, fees, shop page. */
  'shops.manage',
  /** Classes, goods, prices, choices, pictures, stock. */
  'menu.edit',
  /** The sold-out switch of a goods or add-on. */
  'menu.soldOut',
  /** Tables, areas, QR sheets, rotating a code. */
  'tables.manage',
  /** People and their roles (never above one's own). */
  'staff.manage',
  /** Pairing and removing shared devices. */
  'devices.manage',
  /** Reading and exporting the audit log. */
  'audit.read',
  /** Seeing and moving orders on (ready, complete). */
  'orders.work',
  /** Cancelling a paid order (a refund) or voiding. */
  'orders.void',
  /** Verifying a member code, looking a member up. */
  'members.verify',
  /** Coupon plans and cards. */
  'coupons.manage',
  /** Replying to and hiding reviews. */
  'reviews.manage',
  /** Deciding after-sale requests (refunds). */
  'aftersale.decide',
  /** The day report: sales, refunds, payments by method, top goods, preparation times; its CSV. */
  'reports.read'
] as const
export type Permission = (typeof PERMISSIONS)[number]

const ALL: readonly Permission[] = PERMISSIONS

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: ALL,
  manager: ALL.filter((p) => p !== 'enterprise.manage'),
  cashier: ['menu.soldOut', 'orders.work', 'members.verify'],
  kitchen: ['menu.soldOut', 'orders.work']
}

export function hasPermission(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission)
}

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)

/** Rank for "never above one's own": an owner outranks a manager, who outranks cashier and kitchen. */
const RANK: Readonly<Record<StaffRole, number>> = { owner: 3, manager: 2, cashier: 1, kitchen: 1 }

/** Whether someone of role `actor` may create, change or remove a person of role `target`. */
export function mayManageRole(actor: StaffRole, target: StaffRole): boolean {
  if (!hasPermission(actor, 'staff.manage')) return false
  return actor === 'owner' || RANK[target] < RANK[actor]
}

/** Shared devices: what a device is for (the console shows the matching screen first). */
export const DEVICE_KINDS = ['counter', 'kitchen'] as const
export type DeviceKind = (typeof DEVICE_KINDS)[number]

/** A personal PIN: 4 to 6 digits. */
export const PIN_PATTERN = /^\d{4,6}$/

/** Wrong PINs on one device before it locks, and for how long. */
export const PIN_TRIES_BEFORE_LOCK = 5
export const PIN_LOCK_MINUTES = 5

/** A password: at least 8 characters (NIST 800-63B: length, not composition rules). */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
