/**
 * Rows of addresses, regions and places (spec §7 Common: address resolution, batch area select;
 * Members: address list / add / get / update / delete; Params: base info by GPS; Retail: table
 * list by page, shop/branch detail; issue 16), shared by the client and the server. Degrees are
 * WGS-84; (0, 0) means "no location" (src/core/geo.ts hasLocation). Names are in the request's
 * language (docs/addresses.md says which names fall back to which).
 */

/** Address page size (spec §9: 999, one page holds the whole book). */
export const ADDRESS_PAGE_SIZE = 999
/** Most addresses one member keeps (ADDRESS_LIMIT_REACHED beyond). */
export const MAX_ADDRESSES = 20

/** Field limits of an address, in characters (the server refuses longer with errcode 10007 naming the field). */
export const ADDRESS_LIMITS = { Contact: 40, Street: 120, Detail: 120, HouseNo: 40, Tag: 12 } as const

/** Tags the app offers (a member may also type a short tag of their own). */
export const ADDRESS_TAGS = ['home', 'work', 'school'] as const

/** One region of the dataset (AreaBatchSelect). Level 1: Macau, Hong Kong, a mainland province; 2: zone / city; 3: parish / district. */
export interface AreaRow {
  AreaCode: string
  /** '' for a level-1 region. */
  ParentCode: string
  AreaName: string
  Level: number
  /** 1 when it has children (the picker goes on), 0 for a leaf (an address needs a leaf). */
  HasChildren: 0 | 1
}

/** A saved delivery address of a member (vip address). */
export interface VipAddressRow {
  AddressID: string
  VipID: string
  Contact: string
  /** Phone area code without '+', as the SMS phone ('853', '852', '86'). */
  AreaNo: string
  Phone: string
  /** A leaf of the region dataset. */
  RegionCode: string
  /** Its path in the request's language, broadest first ('澳門 嘉模堂區'). */
  RegionName: string
  /**
   * The codes of its path, broadest first, the leaf last, joined by '/' (regionPath(code) on the
   * server: e.g. '820000/820100/820101'); the client's region picker restores the address's levels
   * from it with one AreaBatchSelect ('' when the code is no longer in the dataset).
   */
  RegionPath: string
  Street: string
  Detail: string
  HouseNo: string
  /** 'home', 'work', 'school' or the member's own ('' none). */
  Tag: string
  /** Degrees; 0, 0 when the address has not been located (it is resolved before an order takes it). */
  Lat: number
  Lng: number
  IsDefault: 0 | 1
  /** 'YYYY-MM-DD HH:mm:ss' on the enterprise's clock. */
  UpdatedAt: string
}

/** What VipAddressAdd takes (VipAddressUpdate takes the same with AddressID). */
export interface VipAddressInput {
  Contact: string
  AreaNo: string
  Phone: string
  RegionCode: string
  Street: string
  Detail?: string
  HouseNo?: string
  Tag?: string
  /** Degrees from a map pin or the host's chooseLocation; absent or 0, 0: the server resolves the address. */
  Lat?: number
  Lng?: number
  /** 1 makes it the default (the member's other addresses stop being default). */
  IsDefault?: 0 | 1
}

/** How exactly a place was found. */
export type PlacePrecision = 'point' | 'street' | 'region'

/** A place from the geocoder (AddressResolution, BaseInfoByGPS). */
export interface PlaceRow {
  Lat: number
  Lng: number
  /** The leaf region the place lies in ('' when outside the dataset). */
  RegionCode: string
  RegionName: string
  /** Street (and number) when known. */
  Street: string
  /** One line for people. */
  FormattedAddress: string
  Precision: PlacePrecision
  /** The provider that answered ('development' in the demo: located against the region dataset and the demo branches). */
  Provider: string
}

/** A table of a branch (TableListByPage), for choosing a table by hand. */
export interface TableRow {
  TableID: string
  TableCode: string
  TableName: string
  BaseID: string
  ShopID: string
}

/** A branch with what its page shows (ShopBaseDetailGet). */
export interface BaseDetailRow {
  ShopID: string
  ShopName: string
  BaseID: string
  BaseCode: string
  BaseName: string
  Address: string
  Phone: string
  Lat: number
  Lng: number
  /** 'HH:mm' ('' all day) and weekdays as BaseInfo has them. */
  BeginTime: string
  EndTime: string
  Weekday: string
  /** The OpeningHours param as shown to people ('' none). */
  OpeningHours: string
  BusinessMode: string
  CYType: string
  /** Delivery range in metres (0: unlimited or no delivery). */
  DeliveryRange: number
  /** Tables the branch has (choosing a table by hand needs some). */
  TableCount: number
}
