/**
 * The signed-in staff member of a request, and their scope. A person works at some shops ('' = all
 * of the enterprise's) and, within them, some branches ('' = all of those shops'); an owner's
 * scope is always the whole enterprise. Every staff operation that names a shop or branch checks
 * it against the actor's scope (assertInScope), and lists show only what is in scope.
 */
import { hasPermission, type Permission, type StaffRole } from '../../../../src/core/staff-permissions'
import { EnvelopeError } from '../errors'

export interface StaffActor {
  staffId: string
  entId: string
  name: string
  role: StaffRole
  locale: string
  /** Empty: every shop. */
  shopIds: string[]
  /** Empty: every branch of those shops. */
  baseIds: string[]
  /** '' for a personal sign-in. */
  deviceId: string
  deviceName: string
  /** The device's shop and branch ('' when not on a device): a device session acts there only. */
  deviceShopId: string
  deviceBaseId: string
  tokenHash: string
  expiresAt: string
}

export const splitIds = (text: string): string[] => text.split(',').map((s) => s.trim()).filter(Boolean)

export function mayShop(actor: StaffActor, shopId: string): boolean {
  if (actor.deviceShopId && actor.deviceShopId !== shopId) return false
  return actor.role === 'owner' || actor.shopIds.length === 0 || actor.shopIds.includes(shopId)
}

/** Whether the actor works at a branch (of shop `shopId`). */
export function mayBase(actor: StaffActor, shopId: string, baseId: string): boolean {
  if (!mayShop(actor, shopId)) return false
  if (actor.deviceBaseId && actor.deviceBaseId !== baseId) return false
  return actor.role === 'owner' || actor.baseIds.length === 0 || actor.baseIds.includes(baseId)
}

/** Whole-shop settings (the menu, the shop's page) need the whole shop: no branch limit. */
export function mayWholeShop(actor: StaffActor, shopId: string): boolean {
  return mayShop(actor, shopId) && (actor.role === 'owner' || actor.baseIds.length === 0)
}

export function assertPermission(actor: StaffActor, permission: Permission): void {
  if (!hasPermission(actor.role, permission)) throw new EnvelopeError('STAFF_NOT_PERMITTED')
}

export function assertShop(actor: StaffActor, shopId: string): void {
  if (!mayShop(actor, shopId)) throw new EnvelopeError('STAFF_NOT_PERMITTED')
}

export function assertBase(actor: StaffActor, shopId: string, baseId: string): void {
  if (!mayBase(actor, shopId, baseId)) throw new EnvelopeError('STAFF_NOT_PERMITTED')
}

export function assertWholeShop(actor: StaffActor, shopId: string): void {
  if (!mayWholeShop(actor, shopId)) throw new EnvelopeError('STAFF_NOT_PERMITTED')
}
