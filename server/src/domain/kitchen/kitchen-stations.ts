/**
 * A branch's kitchen stations and which one cooks a goods (issue 24 item 2). A goods named in a
 * station's goods list goes there whatever its class (the per-goods override); else the station
 * whose classes include the goods' class; else the branch's first station. A branch without
 * stations has one implicit station, id '' (a small kitchen needs no set-up).
 */
import type { Kysely, Selectable } from 'kysely'
import type { KitchenStationRow } from '../../../../src/gateway/kitchen-contract'
import type { Database } from '../../storage/schema'
import type { KitchenStationTable } from '../../storage/schema-kitchen'

export type StationRecord = Selectable<KitchenStationTable>

/** The implicit station of a branch without stations. */
export const DEFAULT_STATION_ID = ''

const idList = (json: string): string[] => {
  try {
    const value = JSON.parse(json) as unknown
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

export async function listStations(db: Kysely<Database>, baseId: string): Promise<StationRecord[]> {
  return db.selectFrom('kitchen_stations').selectAll().where('base_id', '=', baseId).orderBy('sort').orderBy('created_at').orderBy('station_id').execute()
}

export function stationRow(station: StationRecord): KitchenStationRow {
  return {
    StationID: station.station_id,
    ShopID: station.shop_id,
    BaseID: station.base_id,
    Name: station.name,
    ClassIDs: idList(station.class_ids),
    GoodsIDs: idList(station.goods_ids),
    AlertMinutes: Number(station.alert_minutes),
    PrinterHost: station.printer_host,
    PrinterPort: Number(station.printer_port),
    Sort: Number(station.sort)
  }
}

/** The station that cooks a goods of `classId` (pure; stations in their board order). */
export function stationFor(stations: readonly StationRecord[], goodsId: string, classId: string): string {
  if (stations.length === 0) return DEFAULT_STATION_ID
  const byGoods = stations.find((s) => idList(s.goods_ids).includes(goodsId))
  if (byGoods) return byGoods.station_id
  const byClass = stations.find((s) => idList(s.class_ids).includes(classId))
  return (byClass ?? stations[0]).station_id
}
