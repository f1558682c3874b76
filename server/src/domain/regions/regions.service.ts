/** What the region picker asks: the children of several regions at once (AreaBatchSelect). */
import type { Locale } from '../../../../src/gateway/contract'
import type { AreaRow } from '../../../../src/gateway/address-rows'
import { DomainError } from '../errors'
import { findRegion, regionChildren } from './region-dataset'

/** Most parents one request may name (the picker asks for one level, or a saved address's whole path). */
export const MAX_PARENT_CODES = 10
/** Longest region code (GB/T 2260's are 6; a village-level code is 12). */
export const MAX_REGION_CODE = 12

/**
 * The children of each parent, parent by parent in the order asked (a parent asked twice is
 * answered once), each parent's children in the picker's order. '' asks for level 1. A code the
 * dataset does not know → REGION_NOT_FOUND (20063); a leaf has no children (nothing for it).
 */
export function childrenOf(parentCodes: readonly string[], locale: Locale): AreaRow[] {
  const rows: AreaRow[] = []
  for (const parent of new Set(parentCodes)) {
    if (parent !== '' && !findRegion(parent)) throw new DomainError('REGION_NOT_FOUND')
    for (const region of regionChildren(parent)) {
      rows.push({ AreaCode: region.code, ParentCode: region.parentCode, AreaName: region.names[locale], Level: region.level, HasChildren: region.hasChildren ? 1 : 0 })
    }
  }
  return rows
}
