/**
 * Routes of pages only reached past Home (issues 16–17): apart from ./routes.ts, which the H5
 * first screen carries, so their builders cost it nothing.
 */
import { page, withQuery } from './routes'

export const PAST_HOME_ROUTES = {
  /** `choose`: picking one for the confirm page. */
  addressList: (choose = false) => withQuery(page('addressList'), { choose: choose ? '1' : '' }),
  /** `choose`: the address saved there is taken for the confirm page's order. */
  addressEdit: (addressId = '', choose = false) => withQuery(page('addressEdit'), { AddressID: addressId, choose: choose ? '1' : '' }),
  /** H5 map page (mini-programs use the host's own): `choose` drops a pin near Lat/Lng, `open` shows a place. */
  location: (q: { mode: 'choose' | 'open'; Lat?: string; Lng?: string; Name?: string; Address?: string }) => withQuery(page('location'), q as Record<string, string>),
  reviewEdit: (sheetId: string) => withQuery(page('reviewEdit'), { SheetID: sheetId }),
  afterSale: (sheetId: string) => withQuery(page('afterSale'), { SheetID: sheetId }),
  receipt: (sheetId: string) => withQuery(page('receipt'), { SheetID: sheetId }),
  // issue 27: pages for the calls no page used
  /** Goods on promotion now (AvailablePromotionGoods), from the menu's header (Home's first screen carries no more for it). */
  promotionGoods: page('promotionGoods'),
  /** The member's recharges (RechargeRecordList), from My account. */
  rechargeRecordList: page('rechargeRecordList'),
  /** The branches that sell a goods (GroundingShopList), from its details. */
  goodsShops: (goodsId: string) => withQuery(page('goodsShops'), { GoodsID: goodsId }),
  /** A coupon plan (CouponPlanDetail), or how one's own card was issued and its plan (CouponIssueCardDetail). */
  /** My tables (PosSheetListByPage): the table sheets this device ordered on, or only those of TableID; from Orders and the table's page. */
  tableSheetList: (tableId = '') => withQuery(page('tableSheetList'), { TableID: tableId }),
  /** issue 26: split the table's bill (BillSplitGet, BillShareStart), from the table's page. */
  billSplit: (sheetId: string) => withQuery(page('billSplit'), { SheetID: sheetId }),
  couponPlan: (ids: { PlanID?: string; CardID?: string }) => withQuery(page('couponPlan'), { PlanID: ids.PlanID ?? '', CardID: ids.CardID ?? '' })
}
