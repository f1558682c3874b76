/**
 * Shared devices (issue 23): a kitchen or counter tablet is paired once by someone who may manage
 * devices, at one shop (and branch); the device keeps a random token ('sd_…', sent as
 * `X-Staff-Device`), the server only its SHA-256. On the device, staff switch with their PIN
 * (staff-login.service.ts pinLogin). Unpairing ends the device's sessions at once.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DeviceKind } from '../../../../src/core/staff-permissions'
import type { StaffDeviceRow } from '../../../../src/gateway/staff-contract'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { hashToken } from '../members/member-session'
import { appendAudit } from './audit-log'
import { assertBase, assertShop, mayShop, type StaffActor } from './staff-actor'
import { DEVICE_TOKEN_PREFIX, endSessionsOf, newToken } from './staff-session'

export type StaffDeviceRecord = Database['staff_devices']

export const deviceRow = (d: StaffDeviceRecord, nowText: string): StaffDeviceRow => ({
  DeviceID: d.device_id,
  Name: d.name,
  Kind: d.kind as DeviceKind,
  ShopID: d.shop_id,
  BaseID: d.base_id,
  PairedBy: d.paired_by,
  PairedAt: d.paired_at,
  LastSeenAt: d.last_seen_at,
  LockedUntil: d.locked_until && d.locked_until > nowText ? d.locked_until : ''
})

/** The paired device a token names, or null (unknown or unpaired). */
export async function findDevice(db: Kysely<Database>, token: string): Promise<StaffDeviceRecord | null> {
  if (!token.startsWith(DEVICE_TOKEN_PREFIX) || token.length > 200) return null
  const row = await db.selectFrom('staff_devices').selectAll().where('token_hash', '=', hashToken(token)).where('removed_at', 'is', null).executeTakeFirst()
  return row ?? null
}

interface Context {
  clientIp: string
  now: Date
}

export async function pairDevice(
  db: Kysely<Database>,
  actor: StaffActor,
  input: { name: string; kind: DeviceKind; shopId: string; baseId: string },
  ctx: Context
): Promise<StaffDeviceRow & { DeviceToken: string }> {
  const shop = await db.selectFrom('shops').select('shop_id').where('shop_id', '=', input.shopId).where('ent_id', '=', actor.entId).executeTakeFirst()
  if (!shop) throw new DomainError('SHOP_NOT_FOUND')
  if (input.baseId) {
    const base = await db.selectFrom('bases').select('base_id').where('base_id', '=', input.baseId).where('shop_id', '=', input.shopId).executeTakeFirst()
    if (!base) throw new DomainError('BASE_NOT_FOUND')
    assertBase(actor, input.shopId, input.baseId)
  } else assertShop(actor, input.shopId)
  const token = newToken(DEVICE_TOKEN_PREFIX)
  const nowText = ctx.now.toISOString()
  const record: StaffDeviceRecord = {
    device_id: `D${randomUUID().replace(/-/g, '').slice(0, 15)}`,
    ent_id: actor.entId,
    name: input.name,
    kind: input.kind,
    shop_id: input.shopId,
    base_id: input.baseId,
    token_hash: hashToken(token),
    paired_by: actor.staffId,
    paired_at: nowText,
    last_seen_at: nowText,
    failed_pins: 0,
    locked_until: null,
    removed_at: null
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('staff_devices').values(record).execute()
    await appendAudit(trx, { entId: actor.entId, actor, action: 'device.pair', targetType: 'device', targetId: record.device_id, detail: { name: input.name, kind: input.kind, shopId: input.shopId, baseId: input.baseId }, clientIp: ctx.clientIp, now: ctx.now })
  })
  return { ...deviceRow(record, nowText), DeviceToken: token }
}

export async function listDevices(db: Kysely<Database>, actor: StaffActor, now: Date): Promise<StaffDeviceRow[]> {
  const rows = await db.selectFrom('staff_devices').selectAll().where('ent_id', '=', actor.entId).where('removed_at', 'is', null).orderBy('paired_at').execute()
  return rows.filter((d) => mayShop(actor, d.shop_id)).map((d) => deviceRow(d, now.toISOString()))
}

export async function removeDevice(db: Kysely<Database>, actor: StaffActor, input: { deviceId: string; reason: string }, ctx: Context): Promise<void> {
  const device = await db.selectFrom('staff_devices').selectAll().where('device_id', '=', input.deviceId).where('ent_id', '=', actor.entId).where('removed_at', 'is', null).executeTakeFirst()
  if (!device || !mayShop(actor, device.shop_id)) throw new DomainError('STAFF_DEVICE_NOT_FOUND')
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff_devices').set({ removed_at: ctx.now.toISOString() }).where('device_id', '=', device.device_id).execute()
    await endSessionsOf(trx, { deviceId: device.device_id }, ctx.now)
    await appendAudit(trx, { entId: actor.entId, actor, action: 'device.remove', targetType: 'device', targetId: device.device_id, detail: { name: device.name }, reason: input.reason, clientIp: ctx.clientIp, now: ctx.now })
  })
}
