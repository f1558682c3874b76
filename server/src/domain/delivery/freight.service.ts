/**
 * Delivery fees and range of a branch (spec §7 Retail: dispatch info, freight rule).
 *
 *   - The branch's delivery range: base param `DeliveryRange`, metres (absent or 0: unlimited).
 *   - freight_rules tiers, each { RuleType, UpTo, Fee }:
 *       'distance': the first tier (by UpTo, ascending) whose UpTo (metres) covers the distance
 *                   gives the fee; a distance beyond the last distance tier is out of range.
 *       'amount':   the first tier whose UpTo covers the goods amount gives the fee; an amount
 *                   above the last amount tier pays no fee (free delivery above it).
 *     A branch may have both kinds; the fee is then the sum of the two tiers.
 *   - The distance is the great-circle distance (src/core/geo.ts) from the branch to the
 *     delivery location: the diner's "Use my location" point, a saved address's location, or
 *     the geocoder's answer for an address without one (delivery-address.ts, before the quote).
 *     When the branch needs a distance (a range or distance tiers) and the location is still
 *     unknown (0, 0), the quote says `unlocated` and is not in range, and the order is refused
 *     with LOCATION_REQUIRED, never with "beyond delivery range": nothing was measured.
 * Pure rules in quoteDelivery(); the reads around it in deliveryQuote() / dispatchInfo().
 */
import type { Kysely } from 'kysely'
import { DEFAULT_DELIVERY_MINUTES } from '../../../../src/core/appointment-slots'
import { distanceMetres, hasLocation } from '../../../../src/core/geo'
import { Decimal, decimalPoints, roundHalfUp, toDecimal } from '../../../../src/core/money'
import type { DispatchInfoRow, FreightRuleRow } from '../../../../src/gateway/order-rows'
import { findBase } from '../../storage/repositories/base.repository'
import { findEnterpriseSetting } from '../../storage/repositories/enterprise.repository'
import { findBaseParam } from '../../storage/repositories/params.repository'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import type { Base } from '../records'

/** Base param holding the delivery range in metres. */
export const DELIVERY_RANGE_PARAM = 'DeliveryRange'

export type FreightRuleType = 'distance' | 'amount'

export interface FreightRule {
  baseId: string
  sortNo: number
  ruleType: FreightRuleType
  /** Metres ('distance') or goods amount ('amount'), exact decimal text. */
  upTo: string
  fee: string
}

export interface DeliveryQuote {
  /** Metres from the branch; -1 when the location is unknown. */
  distance: number
  /** The branch needs a distance and the delivery point is unknown: the range was not checked. */
  unlocated: boolean
  /** Metres (0 = unlimited): the DeliveryRange param, capped by the last distance tier. */
  maxDistance: number
  inRange: boolean
  /** The delivery fee at AmoPoint ('0.00' when out of range). */
  freight: string
  /** Minutes delivery adds to the lead time (DtbDuration, or 30). */
  dtbMinutes: number
}

/** The branch's tiers: distance tiers first, each kind by UpTo ascending. */
export async function listFreightRules(db: Kysely<Database>, baseId: string): Promise<FreightRule[]> {
  const rows = await db.selectFrom('freight_rules').selectAll().where('base_id', '=', baseId).orderBy('sort_no').execute()
  return rows
    .filter((r) => r.rule_type === 'distance' || r.rule_type === 'amount')
    .map((r) => ({ baseId: r.base_id, sortNo: Number(r.sort_no), ruleType: r.rule_type as FreightRuleType, upTo: r.up_to, fee: r.fee }))
    .sort((a, b) => (a.ruleType === b.ruleType ? toDecimal(a.upTo).comparedTo(toDecimal(b.upTo)) || a.sortNo - b.sortNo : a.ruleType === 'distance' ? -1 : 1))
}

/** DeliveryRange as whole metres (0 = unlimited; malformed counts as unlimited). */
export function parseRange(value: string | null): number {
  const n = Number((value ?? '').trim())
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0
}

/** The fee, range and distance of delivering `goodsAmount` of goods to (lat, lng). Pure. */
export function quoteDelivery(
  base: Pick<Base, 'lat' | 'lng' | 'dtbDuration'>,
  rules: readonly FreightRule[],
  rangeMetres: number,
  location: { lat: number; lng: number },
  goodsAmount: string,
  amoPoint: number
): DeliveryQuote {
  const distanceTiers = rules.filter((r) => r.ruleType === 'distance')
  const amountTiers = rules.filter((r) => r.ruleType === 'amount')
  const lastTier = distanceTiers.length ? Math.floor(toDecimal(distanceTiers[distanceTiers.length - 1].upTo).toNumber()) : 0
  const maxDistance = lastTier > 0 && rangeMetres > 0 ? Math.min(lastTier, rangeMetres) : lastTier || rangeMetres
  const known = hasLocation(location.lat, location.lng) && hasLocation(base.lat, base.lng)
  const distance = known ? distanceMetres(base.lat, base.lng, location.lat, location.lng) : -1
  const needsDistance = maxDistance > 0 || distanceTiers.length > 0
  const inRange = !needsDistance || (distance >= 0 && (maxDistance === 0 || distance <= maxDistance))
  const unlocated = needsDistance && distance < 0
  const dtbMinutes = base.dtbDuration > 0 ? base.dtbDuration : DEFAULT_DELIVERY_MINUTES
  if (!inRange) return { distance, unlocated, maxDistance, inRange, freight: new Decimal(0).toFixed(amoPoint), dtbMinutes }

  let fee = new Decimal(0)
  if (distanceTiers.length) {
    const tier = distanceTiers.find((t) => toDecimal(distance).lessThanOrEqualTo(toDecimal(t.upTo)))
    if (tier) fee = fee.plus(toDecimal(tier.fee))
  }
  const amount = toDecimal(goodsAmount)
  const amountTier = amountTiers.find((t) => amount.lessThanOrEqualTo(toDecimal(t.upTo)))
  if (amountTier) fee = fee.plus(toDecimal(amountTier.fee))
  return { distance, unlocated, maxDistance, inRange, freight: roundHalfUp(fee, amoPoint).toFixed(amoPoint), dtbMinutes }
}

/** quoteDelivery with the branch's rules and range read from the database. */
export async function deliveryQuote(
  db: Kysely<Database>,
  base: Base,
  location: { lat: number; lng: number },
  goodsAmount: string,
  amoPoint: number
): Promise<DeliveryQuote> {
  const [rules, range] = await Promise.all([listFreightRules(db, base.baseId), findBaseParam(db, base.baseId, DELIVERY_RANGE_PARAM)])
  return quoteDelivery(base, rules, parseRange(range), location, goodsAmount, amoPoint)
}

/** A branch of this enterprise, or BASE_NOT_FOUND. */
export async function requireBase(db: Kysely<Database>, entId: string, baseId: string): Promise<Base> {
  const base = baseId ? await findBase(db, entId, baseId) : null
  if (!base) throw new DomainError('BASE_NOT_FOUND')
  return base
}

/** DispatchInfoGet: distance, range and fee of delivering `goodsAmount` from the branch to (lat, lng). */
export async function dispatchInfo(
  db: Kysely<Database>,
  entId: string,
  input: { BaseID: string; Lng: number; Lat: number; Amount: string }
): Promise<DispatchInfoRow> {
  const base = await requireBase(db, entId, input.BaseID)
  const amoPoint = decimalPoints({ AmoPoint: (await findEnterpriseSetting(db, entId, 'AmoPoint')) ?? undefined }).AmoPoint
  const quote = await deliveryQuote(db, base, { lat: input.Lat, lng: input.Lng }, input.Amount, amoPoint)
  return {
    BaseID: base.baseId,
    Distance: quote.distance,
    MaxDistance: quote.maxDistance,
    InRange: quote.inRange ? 1 : 0,
    Freight: quote.freight,
    DtbDuration: quote.dtbMinutes
  }
}

/** FreightRuleGet: the branch's tiers, distance tiers first, each kind by UpTo. */
export async function freightRuleRows(db: Kysely<Database>, entId: string, baseId: string): Promise<FreightRuleRow[]> {
  const base = await requireBase(db, entId, baseId)
  return (await listFreightRules(db, base.baseId)).map((r, i) => ({ BaseID: r.baseId, RuleType: r.ruleType, UpTo: r.upTo, Fee: r.fee, SortNo: i + 1 }))
}
