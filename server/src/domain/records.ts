/** What the domain works with: storage rows parsed (names as objects, flags as booleans). */
import type { LocalizedText } from '../../../src/gateway/contract'

export interface Enterprise {
  entId: string
  names: LocalizedText
}

export interface Shop {
  entId: string
  shopId: string
  code: string
  names: LocalizedText
  userId: string
  userName: string
  userCode: string
  posType: number
  minaAppId: string
  minaId: string
  qrCode: string
  address: string
  phone: string
  isEnable: boolean
}

export interface Base {
  entId: string
  shopId: string
  baseId: string
  code: string
  names: LocalizedText
  businessMode: string
  cyType: string
  weekday: string
  onlineBeginTime: string
  onlineEndTime: string
  beginTime: string
  endTime: string
  dtbDuration: number
  cookingTimeDuration: number
  webOrderDuration: number
  address: string
  phone: string
  lng: number
  lat: number
}

export interface DiningTable {
  entId: string
  shopId: string
  baseId: string
  tableId: string
  code: string
  names: LocalizedText
  qrCode: string
}

export interface QrCode {
  code: string
  entId: string
  shopId: string
  baseId: string | null
  tableId: string | null
  /** ISO instant, or null for a code that never expires. */
  expiresAt: string | null
  isEnable: boolean
}

export interface TableSheet {
  sheetId: string
  entId: string
  shopId: string
  baseId: string
  tableId: string
  status: number
  /** ISO instant. */
  createdAt: string
}

export interface Param {
  parmId: string
  parmValue: string
}

/** Shop types of spec §4. */
export const POS_TYPE = { NORMAL: 2, BUSINESS_DISTRICT: 5 } as const
