/**
 * Record and row shapes of each operation (spec §7). Shared by the client stores and
 * the server's operations, so both sides agree on field names. Every request record
 * also carries EntID and UserID, and the first one AppName (see BaseRecord).
 */
import type { LocalizedText } from './contract'

export interface BaseRecord {
  EntID: string
  UserID: string
  AppName?: string
}

// ---------- rows ----------

export interface ShopRow {
  EntID: string
  ShopID: string
  ShopCode: string
  /** Name in the request's language; ShopNames has all three. */
  ShopName: string
  ShopNames: LocalizedText
  UserName: string
  UserCode: string
  /** 2 normal shop, 5 business-district shop. */
  PosType: number
  MinaAppID: string
  MinaID: string
  QRCode: string
  Address: string
  Phone: string
}

export interface ShopUserRow {
  UserID: string
  UserName: string
  UserCode: string
}

export interface BaseRow {
  EntID: string
  ShopID: string
  BaseID: string
  BaseCode: string
  BaseName: string
  BaseNames: LocalizedText
  /** '0' all, '1' takeaway, '2' delivery. */
  BusinessMode: string
  /** '1' fast food; anything else dine-in. */
  CYType: string
  /** Allowed weekdays for appointments, '1,2,3,4,5,6,7' (Monday = 1). */
  weekday: string
  OnlineBeginTime: string
  OnlineEndTime: string
  /** 'HH:mm'; empty means the default 00:00–23:59. End before begin crosses midnight. */
  BeginTime: string
  EndTime: string
  /** Minutes. */
  DtbDuration: number
  CookingTimeDuration: number
  /** Minutes a table sheet stays orderable; 0 = unlimited. */
  WebOrderDuration: number
  Address: string
  Phone: string
  Lng: number
  Lat: number
}

export interface BaseWithDistanceRow extends BaseRow {
  /** Metres from the given location; null when no location was given. */
  Distance: number | null
}

export interface TableExtrasRow {
  TableID: string
  TableName: string
  TableNames: LocalizedText
  /** The enterprise's wall-clock time now, 'YYYY-MM-DD HH:mm:ss' in TimeZone. */
  NowDate: string
  TimeZone: string
}

export interface ParamRow {
  ParmID: string
  ParmValue: string
}

export interface TotalRow {
  Total: number
}

export interface ServiceLinkRow {
  /** 'api' gateway base, 'h5' app base, 'image' image-storage domain. */
  LinkType: 'api' | 'h5' | 'image'
  Url: string
}

export interface EntIdRow {
  EntID: string
  EntName: string
  EntNames: LocalizedText
  ShopID: string
  BaseID: string
  TableID: string
  QRCode: string
}

export interface ExternalShopRow {
  ShopID: string
  ShopName: string
  ShopNames: LocalizedText
  /** '1' enabled, '0' disabled. */
  IsEnable: string
  /** '2' for business-district shops (PosType 5), else '7'. */
  ShopType: string
  /** Comma lists of the shop's branches. */
  BaseID: string
  BaseName: string
}

// ---------- per operation: input record (beyond BaseRecord) and output tables ----------

export interface OperationTypes {
  EntIDGet: {
    input: { QRCode?: string; TableID?: string; BaseID?: string; ShopID?: string }
    output: { table1: EntIdRow[] }
  }
  ServiceLinkGet: {
    input: Record<string, never>
    output: { table1: ServiceLinkRow[] }
  }
  ShopListByPage: {
    input: { PageIndex?: number; PageSize?: number }
    output: { table1: ShopRow[]; table2: TotalRow[] }
  }
  HomeShopDetailsGet: {
    input: { ShopID?: string; BaseID?: string; TableID?: string; QRCode?: string }
    output: {
      table1: ShopRow[]
      table2: ShopUserRow[]
      table3: BaseRow[]
      table4: { SheetID: string; CreatedDate: string; Status: number }[]
      table5: TableExtrasRow[]
    }
  }
  BaseListByLocation: {
    input: { Lng?: number; Lat?: number; PageIndex?: number; PageSize?: number; BaseClass?: number; ShopID?: string }
    output: { table1: BaseWithDistanceRow[]; table2: TotalRow[] }
  }
  EntSysParamsGet: {
    input: { Other_EntID: string }
    output: { table1: ParamRow[] }
  }
  ShopParamsGet: {
    input: { ShopID: string }
    output: { table1: (ParamRow & { ShopID: string })[] }
  }
  BaseSysParamGet: {
    input: { BaseID: string; ParmID: 'OpeningHours' | 'IsPayLaterOnlineCheckout' }
    output: { table1: (ParamRow & { BaseID: string })[] }
  }
  ExternalShopList: {
    input: { Other_EntID: string; PageIndex?: number; PageSize?: number }
    output: { table1: ExternalShopRow[]; table2: BaseRow[] }
  }
  HelpFeedbackAdd: {
    input: { FbContent: string; FbType: number }
    output: { table1: { FbID: string }[] }
  }
}

/** Branch params that BaseSysParamGet knows. */
export const BASE_PARAM_IDS = ['OpeningHours', 'IsPayLaterOnlineCheckout'] as const
