/**
 * Domain records → the contract's row shapes (src/gateway/operations.ts), and the column
 * descriptions the docs show. Each mapper exists once; operations only pick and combine.
 */
import type { Locale, LocalizedText } from '../../../src/gateway/contract'
import type { BaseRow, ParamRow, ShopRow, ShopUserRow, TotalRow } from '../../../src/gateway/operations'
import { pickText } from '../../../src/i18n/translate'
import type { Base, Param, Shop } from '../domain/records'
import type { ColumnDocs } from './operation'

/** A name in the request's language plus all three (ShopName + ShopNames and the like). */
export function localized(names: LocalizedText, locale: Locale): { text: string; names: LocalizedText } {
  return { text: pickText(names, locale), names: { 'zh-CN': names['zh-CN'], 'zh-TW': names['zh-TW'], en: names.en } }
}

export const NO_NAMES: LocalizedText = { 'zh-CN': '', 'zh-TW': '', en: '' }

export function shopRow(shop: Shop, locale: Locale): ShopRow {
  const name = localized(shop.names, locale)
  return {
    EntID: shop.entId,
    ShopID: shop.shopId,
    ShopCode: shop.code,
    ShopName: name.text,
    ShopNames: name.names,
    UserName: shop.userName,
    UserCode: shop.userCode,
    PosType: shop.posType,
    MinaAppID: shop.minaAppId,
    MinaID: shop.minaId,
    QRCode: shop.qrCode,
    Address: shop.address,
    Phone: shop.phone
  }
}

export const shopUserRow = (shop: Shop): ShopUserRow => ({
  UserID: shop.userId,
  UserName: shop.userName,
  UserCode: shop.userCode
})

export function baseRow(base: Base, locale: Locale): BaseRow {
  const name = localized(base.names, locale)
  return {
    EntID: base.entId,
    ShopID: base.shopId,
    BaseID: base.baseId,
    BaseCode: base.code,
    BaseName: name.text,
    BaseNames: name.names,
    BusinessMode: base.businessMode,
    CYType: base.cyType,
    weekday: base.weekday,
    OnlineBeginTime: base.onlineBeginTime,
    OnlineEndTime: base.onlineEndTime,
    BeginTime: base.beginTime,
    EndTime: base.endTime,
    DtbDuration: base.dtbDuration,
    CookingTimeDuration: base.cookingTimeDuration,
    WebOrderDuration: base.webOrderDuration,
    Address: base.address,
    Phone: base.phone,
    Lng: base.lng,
    Lat: base.lat
  }
}

export const paramRow = (param: Param): ParamRow => ({ ParmID: param.parmId, ParmValue: param.parmValue })

export const totalRow = (total: number): TotalRow => ({ Total: total })

// ---------- column descriptions for docs/gateway.md ----------

const NAMES = 'object {"zh-CN","zh-TW","en"}: the name in all three languages'

export const SHOP_COLUMNS: ColumnDocs<ShopRow> = {
  EntID: 'string: enterprise id',
  ShopID: 'string: shop id',
  ShopCode: 'string: shop code',
  ShopName: "string: name in the request's language",
  ShopNames: NAMES,
  UserName: 'string: shop user (owner of web orders)',
  UserCode: 'string: shop user code',
  PosType: 'number: 2 normal shop, 5 business-district shop',
  MinaAppID: 'string: mini-program app id',
  MinaID: 'string: mini-program original id',
  QRCode: "string: the shop's counter QR code",
  Address: 'string',
  Phone: 'string'
}

export const SHOP_USER_COLUMNS: ColumnDocs<ShopUserRow> = {
  UserID: 'string: the shop user web orders belong to',
  UserName: 'string',
  UserCode: 'string'
}

export const BASE_COLUMNS: ColumnDocs<BaseRow> = {
  EntID: 'string',
  ShopID: 'string',
  BaseID: 'string: branch id',
  BaseCode: 'string: branch code',
  BaseName: "string: name in the request's language",
  BaseNames: NAMES,
  BusinessMode: "string: '0' all, '1' takeaway, '2' delivery",
  CYType: "string: '1' fast food, else dine-in",
  weekday: "string: appointment weekdays, '1,2,3,4,5,6,7' (Monday = 1)",
  OnlineBeginTime: "string: 'HH:mm' online ordering from",
  OnlineEndTime: "string: 'HH:mm' online ordering until",
  BeginTime: "string: 'HH:mm' opens ('' = 00:00)",
  EndTime: "string: 'HH:mm' closes ('' = 23:59; before BeginTime = after midnight)",
  DtbDuration: 'number: delivery minutes',
  CookingTimeDuration: 'number: cooking minutes',
  WebOrderDuration: 'number: minutes a table sheet stays orderable (0 = unlimited)',
  Address: 'string',
  Phone: 'string',
  Lng: 'number: longitude (0 with Lat 0 = unknown)',
  Lat: 'number: latitude'
}

export const PARAM_COLUMNS: ColumnDocs<ParamRow> = {
  ParmID: 'string: parameter id',
  ParmValue: "string: value ('' when not set)"
}

export const TOTAL_COLUMNS: ColumnDocs<TotalRow> = {
  Total: 'number: rows in all pages'
}
