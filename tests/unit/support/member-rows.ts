/** A member as VipDetailGet answers it, for the member and wallet tests: Ada of Macau. */
import type { VipRow } from '../../../src/gateway/member-rows'

export function vipRow(over: Partial<VipRow> = {}): VipRow {
  return {
    VipID: 'V1',
    VipName: 'Ada',
    Sex: '',
    Birthy: '',
    HeadImg: '',
    AreaNo: '853',
    Phone: '62345678',
    IsGuest: 0,
    Balance: '50.00',
    Score: 12,
    CouponCount: 0,
    CreatedDate: '2026-11-01 10:00:00',
    ...over
  }
}
