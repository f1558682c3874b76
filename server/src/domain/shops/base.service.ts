/** Branches: found by id, or listed nearest first. */
import type { Kysely } from 'kysely'
import { distanceMetres, hasLocation } from '../../../../src/core/geo'
import { findBase, listBases } from '../../storage/repositories/base.repository'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { pageOf, pageWindow, type PageRequest } from '../paging'
import type { Base } from '../records'
import { requireShop } from './shop.service'

export async function requireBase(db: Kysely<Database>, entId: string, baseId: string): Promise<Base> {
  const base = baseId ? await findBase(db, entId, baseId) : null
  if (!base) throw new DomainError('BASE_NOT_FOUND')
  return base
}

export interface BaseNearby {
  base: Base
  /** Metres from the caller; null without a location (theirs or the branch's). */
  distance: number | null
}

export interface LocationQuery extends PageRequest {
  Lat?: number
  Lng?: number
  ShopID?: string
}

/**
 * Branches of enabled shops. With a location: nearest first (branches without a location
 * last); without one: by branch code. Total counts all matches, not just the page.
 */
export async function basesByLocation(
  db: Kysely<Database>,
  entId: string,
  query: LocationQuery
): Promise<{ bases: BaseNearby[]; total: number }> {
  const shopIds = query.ShopID ? [(await requireShop(db, entId, query.ShopID)).shopId] : undefined
  const bases = await listBases(db, entId, { shopIds, onlyEnabledShops: true })
  const located = hasLocation(query.Lat, query.Lng)
  const nearby: BaseNearby[] = bases.map((base) => ({
    base,
    distance: located && hasLocation(base.lat, base.lng) ? distanceMetres(query.Lat!, query.Lng!, base.lat, base.lng) : null
  }))
  if (located) nearby.sort(byDistance)
  return { bases: pageOf(nearby, pageWindow(query)), total: nearby.length }
}

// Array.prototype.sort is stable, so equal distances keep code order.
function byDistance(a: BaseNearby, b: BaseNearby): number {
  if (a.distance === null) return b.distance === null ? 0 : 1
  if (b.distance === null) return -1
  return a.distance - b.distance
}
