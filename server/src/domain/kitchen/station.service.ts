/**
 * Saving and removing a branch's kitchen stations (issue 24 item 2), with their audit entries.
 * Classes and goods named must be the branch's shop's; a goods override wins over its class. A
 * printer is a host name or an IP address and a TCP port (ESC/POS, 9100), nothing else: the
 * server connects only where a manager pointed it.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { KitchenStationRow } from '../../../../src/gateway/kitchen-contract'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { appendAudit } from '../staff/audit-log'
import type { StaffActor } from '../staff/staff-actor'
import { stationRow } from './kitchen-stations'
import { printerAddressProblem } from '../../printing/kitchen-printing'

export interface StationInput {
  stationId: string
  name: string
  classIds: string[]
  goodsIds: string[]
  alertMinutes: number
  printerHost: string
  printerPort: number
  sort: number
}

/** Problems of a printer address ('' host: no printer); server/src/printing/kitchen-printing.ts decides what an address is. */
export function printerProblems(host: string, port: number): string[] {
  if (host === '') return []
  const problem = printerAddressProblem(host, port)
  if (problem === 'host') return ['PrinterHost: a host name or IP address, without a scheme, port or path']
  if (problem === 'port') return ['PrinterPort: 1 to 65535']
  return []
}

export async function saveStation(
  db: Kysely<Database>,
  place: { entId: string; shopId: string; baseId: string },
  input: StationInput,
  who: { actor: StaffActor; clientIp: string },
  now: Date
): Promise<KitchenStationRow> {
  const problems: string[] = []
  const name = input.name.trim()
  if (name === '' || name.length > 32) problems.push('Name: 1 to 32 characters')
  if (!Number.isInteger(input.alertMinutes) || input.alertMinutes < 1 || input.alertMinutes > 240) problems.push('AlertMinutes: 1 to 240')
  problems.push(...printerProblems(input.printerHost.trim(), input.printerPort))
  const classIds = [...new Set(input.classIds)]
  const goodsIds = [...new Set(input.goodsIds)]
  if (classIds.length) {
    const known = await db.selectFrom('goods_classes').select('class_id').where('shop_id', '=', place.shopId).where('class_id', 'in', classIds).execute()
    const missing = classIds.filter((id) => !known.some((k) => k.class_id === id))
    if (missing.length) problems.push(`ClassIDs: not classes of this shop (${missing.join(', ')})`)
  }
  if (goodsIds.length) {
    const known = await db.selectFrom('goods').select('goods_id').where('shop_id', '=', place.shopId).where('goods_id', 'in', goodsIds).execute()
    const missing = goodsIds.filter((id) => !known.some((k) => k.goods_id === id))
    if (missing.length) problems.push(`GoodsIDs: not goods of this shop (${missing.join(', ')})`)
  }
  if (problems.length) throw new DomainError('STATION_INVALID', { detail: problems.join('; ') })

  return db.transaction().execute(async (trx) => {
    const values = {
      name,
      class_ids: JSON.stringify(classIds),
      goods_ids: JSON.stringify(goodsIds),
      alert_minutes: input.alertMinutes,
      printer_host: input.printerHost.trim(),
      printer_port: input.printerPort,
      sort: input.sort
    }
    let stationId = input.stationId
    if (stationId) {
      const existing = await trx.selectFrom('kitchen_stations').select('station_id').where('station_id', '=', stationId).where('ent_id', '=', place.entId).where('base_id', '=', place.baseId).executeTakeFirst()
      if (!existing) throw new DomainError('STATION_NOT_FOUND')
      await trx.updateTable('kitchen_stations').set(values).where('station_id', '=', stationId).execute()
    } else {
      stationId = `KS${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`
      await trx.insertInto('kitchen_stations').values({ station_id: stationId, ent_id: place.entId, shop_id: place.shopId, base_id: place.baseId, created_at: now.toISOString(), ...values }).execute()
    }
    const saved = await trx.selectFrom('kitchen_stations').selectAll().where('station_id', '=', stationId).executeTakeFirstOrThrow()
    await appendAudit(trx, {
      entId: place.entId,
      actor: who.actor,
      action: input.stationId ? 'station.update' : 'station.create',
      targetType: 'station',
      targetId: stationId,
      detail: { name, baseId: place.baseId, classIds, goodsIds, printer: values.printer_host ? `${values.printer_host}:${values.printer_port}` : '' },
      reason: '',
      clientIp: who.clientIp,
      now
    })
    return stationRow(saved)
  })
}

/** Removes a station: its classes go to the branch's first station; tickets it had keep their place. */
export async function removeStation(db: Kysely<Database>, entId: string, stationId: string, who: { actor: StaffActor; clientIp: string; assertBase: (shopId: string, baseId: string) => void }, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const station = await trx.selectFrom('kitchen_stations').selectAll().where('station_id', '=', stationId).where('ent_id', '=', entId).executeTakeFirst()
    if (!station) throw new DomainError('STATION_NOT_FOUND')
    who.assertBase(station.shop_id, station.base_id)
    await trx.deleteFrom('kitchen_stations').where('station_id', '=', stationId).execute()
    await appendAudit(trx, {
      entId,
      actor: who.actor,
      action: 'station.remove',
      targetType: 'station',
      targetId: stationId,
      detail: { name: station.name, baseId: station.base_id },
      reason: '',
      clientIp: who.clientIp,
      now
    })
    return true
  })
}
