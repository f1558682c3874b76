/**
 * The gateway contract shared by the client and the server (design.md §3).
 * Pure data: no Taro, no I/O. The server's registry must implement exactly these
 * operations, and docs/gateway.md is generated from the registry and these lists.
 */
import type { OPERATIONS } from './operation-list'

/** Envelope field names of the form-urlencoded POST to `/GetData`. */
export const ENVELOPE_FIELDS = ['ServerType', 'KeyName', 'strJsonData', 'AuthCode', 'IsRSA', 'EntID'] as const

export const GATEWAY_PATH = '/GetData'

/** ServerType values: the operation groups of spec §7. */
export const SERVER_TYPES = [
  'Common',
  'Retail',
  'Bank',
  'Members',
  'Recharge',
  'Coupons',
  'Goods',
  'Params',
  'Files',
  'Logging'
] as const
export type ServerType = (typeof SERVER_TYPES)[number]

/** Every operation the gateway serves (./operation-list.ts, apart so the H5 first screen can leave it out). */
export type OperationName = keyof typeof OPERATIONS

// The error and result codes are in ./codes.ts (apart, so the H5 first screen does not carry them).


/** The gateway's JSON response. Every string in it is percent-encoded by the server. */
export interface GatewayResponse<T = GatewayTables> {
  errcode: string
  errmsg: string
  resultcode: string
  resultmsg: string
  data: T
}

export type GatewayRow = Record<string, unknown>
export interface GatewayTables {
  table1?: GatewayRow[]
  table2?: GatewayRow[]
  table3?: GatewayRow[]
  table4?: GatewayRow[]
  table5?: GatewayRow[]
}

export const isSuccess = (r: Pick<GatewayResponse, 'errcode' | 'resultcode'>): boolean =>
  String(r.errcode) === '0' && String(r.resultcode) === '0'

/** Languages the gateway answers in, chosen by the request's Accept-Language. */
export const LOCALES = ['zh-CN', 'zh-TW', 'en'] as const
export type Locale = (typeof LOCALES)[number]

/** A name given in all three languages. */
export type LocalizedText = Record<Locale, string>
