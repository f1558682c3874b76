/**
 * A manager's approval at the counter (issue 24 item 3; docs/front-of-house.md "Manager approval"):
 * a cashier voids a line the kitchen has seen, or closes a bill with money still due, only when an
 * owner or manager working at the branch types their personal PIN on the cashier's screen (Toast's
 * manager approval for voids). The audit entry of the action names both people.
 *
 * Guessing is bounded in the database, as PIN sign-in is (staff-login.service.ts):
 *   - per approver (approval_tries): PIN_TRIES_BEFORE_LOCK wrong PINs lock that person's approvals
 *     for PIN_LOCK_MINUTES, from whichever device or session they were tried;
 *   - per device: an asker on a paired device spends the device's PIN tries (staff_devices, the
 *     same counter as PIN sign-in), so the device locks as it would for wrong sign-in PINs.
 * A try is reserved by one conditional update before the PIN is compared, so parallel guesses
 * cannot slip in under the limit; a right PIN clears both counters. Every wrong PIN is audited
 * ('approval.failed', naming the asker and the approver). The PIN itself is never stored or logged.
 */
import { sql, type Kysely } from 'kysely'
import { hasPermission, isStaffRole, PIN_LOCK_MINUTES, PIN_PATTERN, PIN_TRIES_BEFORE_LOCK, type StaffRole } from '../../../../src/core/staff-permissions'
import { wallClockIn } from '../../../../src/core/wall-clock'
import type { Database } from '../../storage/schema'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import { appendAudit } from '../staff/audit-log'
import { verifySecret } from '../staff/secret-hash'
import { splitIds, type StaffActor } from '../staff/staff-actor'

export interface Approver {
  staffId: string
  name: string
  role: StaffRole
}

export interface ApprovalRequest {
  approverId?: string
  pin?: string
  /** Where the action happens: the approver must work there. */
  shopId: string
  baseId: string
  /** The action approved ('counter.lineCancel' …), for the audit of a wrong PIN. */
  action: string
  targetId: string
  clientIp: string
  now: Date
}

/**
 * Whether the asker may do a manager's action on their own (their role voids: owners and
 * managers), else null: an approval is needed.
 */
export const approvesOwnActions = (asker: StaffActor): boolean => hasPermission(asker.role, 'orders.void')

/** Whether `person` may approve at the branch: an owner, or a manager whose scope holds it. */
function worksAt(person: Database['staff_members'], shopId: string, baseId: string): boolean {
  if (!isStaffRole(person.role) || !hasPermission(person.role, 'orders.void')) return false
  if (person.role === 'owner') return true
  const shops = splitIds(person.shop_ids)
  const bases = splitIds(person.base_ids)
  return (shops.length === 0 || shops.includes(shopId)) && (bases.length === 0 || bases.includes(baseId))
}

/** The people who may approve at a branch (owners, managers working there), each with a PIN: whom the counter offers. */
export async function approversAt(db: Kysely<Database>, entId: string, shopId: string, baseId: string): Promise<Approver[]> {
  const people = await db
    .selectFrom('staff_members')
    .selectAll()
    .where('ent_id', '=', entId)
    .where('removed_at', 'is', null)
    .where('pin_hash', 'is not', null)
    .where('role', 'in', ['owner', 'manager'])
    .orderBy('name')
    .execute()
  return people.filter((p) => worksAt(p, shopId, baseId)).map((p) => ({ staffId: p.staff_id, name: p.name, role: p.role as StaffRole }))
}

async function locked(db: Kysely<Database>, entId: string, until: Date, now: Date): Promise<DomainError> {
  const zone = await enterpriseTimeZone(db, entId)
  return new DomainError('STAFF_LOCKED', { until: wallClockIn(zone, until).time.slice(0, 5), minutes: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000)) })
}

/**
 * Checks the approval, or throws: APPROVAL_REQUIRED (none given), APPROVER_NOT_ALLOWED (not an
 * owner or manager of the branch with a PIN), STAFF_LOCKED (too many wrong PINs for the approver
 * or on the device), APPROVAL_PIN_WRONG ({left} tries). Runs outside the action's transaction: a
 * wrong try is counted and audited even though the action does not happen.
 */
export async function checkApproval(db: Kysely<Database>, asker: StaffActor, request: ApprovalRequest): Promise<Approver> {
  const approverId = (request.approverId ?? '').trim()
  const pin = (request.pin ?? '').normalize('NFKC').trim()
  if (!approverId || !pin) throw new DomainError('APPROVAL_REQUIRED')
  const person = await db.selectFrom('staff_members').selectAll().where('staff_id', '=', approverId).where('ent_id', '=', asker.entId).where('removed_at', 'is', null).executeTakeFirst()
  if (!person || !worksAt(person, request.shopId, request.baseId) || !person.pin_hash) throw new DomainError('APPROVER_NOT_ALLOWED')
  const now = request.now
  const nowText = now.toISOString()

  // The device's try first (the same counter as PIN sign-in on it), then the approver's.
  let deviceTries = 0
  if (asker.deviceId) {
    const reserved = await db
      .updateTable('staff_devices')
      .set({ failed_pins: sql<number>`failed_pins + 1` })
      .where('device_id', '=', asker.deviceId)
      .where('removed_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowText)]))
      .where('failed_pins', '<', PIN_TRIES_BEFORE_LOCK)
      .returning(['failed_pins'])
      .executeTakeFirst()
    if (!reserved) {
      const row = await db.selectFrom('staff_devices').select(['locked_until']).where('device_id', '=', asker.deviceId).executeTakeFirst()
      const until = row?.locked_until && row.locked_until > nowText ? new Date(row.locked_until) : new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000)
      if (!(row?.locked_until && row.locked_until > nowText)) {
        await db.updateTable('staff_devices').set({ locked_until: until.toISOString(), failed_pins: 0 }).where('device_id', '=', asker.deviceId).execute()
      }
      throw await locked(db, asker.entId, until, now)
    }
    deviceTries = Number(reserved.failed_pins)
  }
  const reserved = await db
    .insertInto('approval_tries')
    .values({ staff_id: person.staff_id, ent_id: person.ent_id, failed: 1, locked_until: null })
    .onConflict((oc) =>
      oc
        .column('staff_id')
        .doUpdateSet({ failed: sql<number>`approval_tries.failed + 1` })
        .where((eb) => eb.and([eb.or([eb('approval_tries.locked_until', 'is', null), eb('approval_tries.locked_until', '<=', nowText)]), eb('approval_tries.failed', '<', PIN_TRIES_BEFORE_LOCK)]))
    )
    .returning(['failed'])
    .executeTakeFirst()
  if (!reserved) {
    const row = await db.selectFrom('approval_tries').select(['locked_until']).where('staff_id', '=', person.staff_id).executeTakeFirst()
    const until = row?.locked_until && row.locked_until > nowText ? new Date(row.locked_until) : new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000)
    if (!(row?.locked_until && row.locked_until > nowText)) {
      await db.updateTable('approval_tries').set({ locked_until: until.toISOString(), failed: 0 }).where('staff_id', '=', person.staff_id).execute()
    }
    throw await locked(db, asker.entId, until, now)
  }
  const approverTries = Number(reserved.failed)

  const right = PIN_PATTERN.test(pin) && (await verifySecret(pin, person.pin_hash))
  if (right) {
    await db.updateTable('approval_tries').set({ failed: 0, locked_until: null }).where('staff_id', '=', person.staff_id).execute()
    if (asker.deviceId) await db.updateTable('staff_devices').set({ failed_pins: 0, locked_until: null }).where('device_id', '=', asker.deviceId).execute()
    return { staffId: person.staff_id, name: person.name, role: person.role as StaffRole }
  }

  const lockUntil = new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000)
  const approverLocks = approverTries >= PIN_TRIES_BEFORE_LOCK
  const deviceLocks = asker.deviceId !== '' && deviceTries >= PIN_TRIES_BEFORE_LOCK
  if (approverLocks) await db.updateTable('approval_tries').set({ locked_until: lockUntil.toISOString(), failed: 0 }).where('staff_id', '=', person.staff_id).execute()
  if (deviceLocks) await db.updateTable('staff_devices').set({ locked_until: lockUntil.toISOString(), failed_pins: 0 }).where('device_id', '=', asker.deviceId).execute()
  await appendAudit(db, {
    entId: asker.entId,
    actor: asker,
    action: 'approval.failed',
    targetType: 'staff',
    targetId: person.staff_id,
    detail: { approverId: person.staff_id, approverName: person.name, for: request.action, target: request.targetId, locked: approverLocks || deviceLocks },
    clientIp: request.clientIp,
    now
  })
  if (approverLocks || deviceLocks) throw await locked(db, asker.entId, lockUntil, now)
  const left = Math.min(PIN_TRIES_BEFORE_LOCK - approverTries, asker.deviceId ? PIN_TRIES_BEFORE_LOCK - deviceTries : PIN_TRIES_BEFORE_LOCK)
  throw new DomainError('APPROVAL_PIN_WRONG', { left })
}

/** The audit detail naming who approved (and that the asker approved their own action). */
export function approvalDetail(asker: StaffActor, approver: Approver | null): Record<string, unknown> {
  const by = approver ?? { staffId: asker.staffId, name: asker.name, role: asker.role }
  return { approvedBy: { staffId: by.staffId, name: by.name, role: by.role }, askedBy: { staffId: asker.staffId, name: asker.name, role: asker.role } }
}
