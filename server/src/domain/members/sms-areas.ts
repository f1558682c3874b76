/**
 * Dialling areas a phone login accepts, with the digits their mobile numbers have. The client
 * gets them from SmsAreaList for its first check; the server checks again (PHONE_INVALID).
 */
import type { Locale, LocalizedText } from '../../../../src/gateway/contract'
import { pickText } from '../../../../src/i18n/translate'
import type { SmsAreaRow } from '../../../../src/gateway/member-rows'
import { DomainError } from '../errors'

interface SmsArea {
  areaNo: string
  names: LocalizedText
  minLength: number
  maxLength: number
  /** The mobile numbers of the area (after a trunk '0' is dropped). */
  mobile: RegExp
  /** A leading trunk prefix diners often type ('0' in Taiwan: 0912… is 912…). */
  trunk?: string
}

export const SMS_AREAS: readonly SmsArea[] = [
  { areaNo: '853', names: { 'zh-CN': '中国澳门', 'zh-TW': '中國澳門', en: 'Macau' }, minLength: 8, maxLength: 8, mobile: /^6\d{7}$/ },
  { areaNo: '852', names: { 'zh-CN': '中国香港', 'zh-TW': '中國香港', en: 'Hong Kong' }, minLength: 8, maxLength: 8, mobile: /^[4-9]\d{7}$/ },
  { areaNo: '86', names: { 'zh-CN': '中国内地', 'zh-TW': '中國內地', en: 'Mainland China' }, minLength: 11, maxLength: 11, mobile: /^1[3-9]\d{9}$/ },
  { areaNo: '886', names: { 'zh-CN': '中国台湾', 'zh-TW': '中國台灣', en: 'Taiwan' }, minLength: 9, maxLength: 10, mobile: /^9\d{8}$/, trunk: '0' }
]

export function smsAreaRows(locale: Locale): SmsAreaRow[] {
  return SMS_AREAS.map((area) => ({ AreaNo: area.areaNo, AreaName: pickText(area.names, locale), MinLength: area.minLength, MaxLength: area.maxLength }))
}

/**
 * The phone as stored (area without '+', national digits without spaces, hyphens or trunk
 * prefix), or PHONE_INVALID for an unknown area or a number that is not a mobile number there.
 */
export function normalisePhone(areaNo: string, phone: string): { areaNo: string; phone: string } {
  // NFKC: a Chinese keyboard types full-width digits ('６６１２３４５６'); other scripts' digits stay refused.
  const area = SMS_AREAS.find((a) => a.areaNo === areaNo.normalize('NFKC').trim().replace(/^\+/, ''))
  let digits = phone.normalize('NFKC').replace(/[\s-]/g, '')
  if (!area || !/^\d+$/.test(digits) || digits.length < area.minLength || digits.length > area.maxLength) throw new DomainError('PHONE_INVALID')
  if (area.trunk && digits.startsWith(area.trunk)) digits = digits.slice(area.trunk.length)
  if (!area.mobile.test(digits)) throw new DomainError('PHONE_INVALID')
  return { areaNo: area.areaNo, phone: digits }
}

/** '6***1234': enough for the diner to recognise, never the whole number. */
