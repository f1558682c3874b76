/**
 * Sheet position type of a dine-in table sheet (spec §4): takeaway (7) when the business mode is
 * takeout, otherwise fast food (4) when the branch's CYType is '1', else meal (2).
 */
import { POSI_TYPE, type PosiType, type ServiceType } from '../gateway/order-rows'

/** Business modes (spec §4, §9): all 0, takeaway 1, delivery 2. */
export const BUSINESS_MODE = { ALL: '0', TAKEAWAY: '1', DELIVERY: '2' } as const

export function sheetPositionType(businessMode: string, cyType: string): PosiType {
  if (businessMode === BUSINESS_MODE.TAKEAWAY) return POSI_TYPE.TAKEAWAY
  return cyType === '1' ? POSI_TYPE.FAST : POSI_TYPE.MEAL
}

/** The position type an order of a service style carries; delivery has none (0). */
export function positionTypeOf(service: ServiceType): PosiType {
  switch (service) {
    case 'dinein':
      return POSI_TYPE.MEAL
    case 'fastfood':
      return POSI_TYPE.FAST
    case 'takeaway':
      return POSI_TYPE.TAKEAWAY
    default:
      return 0
  }
}

/**
 * Service styles a branch offers. BusinessMode '1' (takeaway) and '2' (delivery) name the one
 * style; '0' (all) offers every style; dine-in and fast food need the branch's CYType to match.
 */
export function servicesOffered(businessMode: string, cyType: string): ServiceType[] {
  if (businessMode === BUSINESS_MODE.TAKEAWAY) return ['takeaway']
  if (businessMode === BUSINESS_MODE.DELIVERY) return ['delivery']
  return [cyType === '1' ? 'fastfood' : 'dinein', 'takeaway', 'delivery']
}
