/**
 * Catalogue ids, derived from the ShopID and the menu file's codes: a re-import of the same
 * codes gives the same ids, so carts and orders that hold a GoodsID or SkuID stay valid
 * across menu updates. Codes are [A-Za-z0-9_-] (menu-import.service checks), so the '.'
 * separators make every id unambiguous within its kind: 'S101.g.A07', 'S101.g.A07.k.L'.
 */
export const menuIds = {
  classId: (shopId: string, code: string): string => `${shopId}.c.${code}`,
  goodsId: (shopId: string, code: string): string => `${shopId}.g.${code}`,
  attrId: (goodsId: string, code: string): string => `${goodsId}.a.${code}`,
  valueId: (attrId: string, code: string): string => `${attrId}.v.${code}`,
  skuId: (goodsId: string, code: string): string => `${goodsId}.k.${code}`,
  optionId: (goodsId: string, code: string): string => `${goodsId}.o.${code}`,
  bomClassId: (goodsId: string, code: string): string => `${goodsId}.b.${code}`,
  promotionId: (shopId: string, code: string): string => `${shopId}.p.${code}`,
  /** Imported reviews are numbered by their place in the file (1-based). */
  importedReviewId: (shopId: string, n: number): string => `${shopId}.r.${n}`
}

/** What a code may be: letters, digits, '_' and '-', 1–32 characters. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/
