/**
 * The result codes the entry page and Home act on, for code of the first screen to import without
 * the whole list (./codes.ts RESULTCODES holds the same values).
 */
export const OK = '0'
/** The code is unknown, expired or disabled. */
export const QR_CODE_INVALID = '20002'
export const SHOP_NOT_FOUND = '20003'
/** An entry SheetID: no such order, or another diner's. */
export const ORDER_NOT_FOUND = '20016'
export const ORDER_NOT_YOURS = '20017'
/** No such goods on this menu (a goods page opened from an odd link). */
export const GOODS_NOT_FOUND = '20007'
