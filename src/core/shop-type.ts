/**
 * Shop types (spec §4, §9 "Shop position types 2 and 5"): a normal shop is PosType 2, a
 * business-district (BD) shop PosType 5 — a food court or market whose stalls order as one shop.
 * The external shop list (ExternalShopList) names a BD shop ShopType '2', any other '7'. Pure:
 * the server's external shop list and the client's shop choice use the same rule.
 */
export const SHOP_POS_TYPE = { NORMAL: 2, BUSINESS_DISTRICT: 5 } as const

/** Whether a shop's PosType is the business district's (5). */
export const isBusinessDistrictPosType = (posType: number | string | null | undefined): boolean => Number(posType) === SHOP_POS_TYPE.BUSINESS_DISTRICT

/** The external shop list's ShopType of a shop: '2' business district, else '7'. */
export const externalShopType = (posType: number | string | null | undefined): '2' | '7' => (isBusinessDistrictPosType(posType) ? '2' : '7')

/** A shop is a business-district one by its PosType, or by the external list's ShopType '2'. */
export const isBusinessDistrictShop = (shop: { PosType?: number | string | null }, external?: { ShopType?: string } | null): boolean =>
  isBusinessDistrictPosType(shop.PosType) || external?.ShopType === '2'
