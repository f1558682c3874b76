/** What the branch page says about hours, days, services, delivery and the number it dials (issue 16 item 5). */
import { daysText, deliveryText, dialable, hoursText, serviceTexts } from '../../src/features/branch/branch-texts'
import type { BaseDetailRow } from '../../src/gateway/address-rows'
import type { Locale } from '../../src/gateway/contract'
import type { MessageKey } from '../../src/i18n/catalogues'
import { translate } from '../../src/i18n/translate'

const tIn = (locale: Locale) => (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params)
const en = tIn('en')

const base = (over: Partial<BaseDetailRow> = {}): BaseDetailRow => ({
  ShopID: 'S102', ShopName: 'Cotai Night Market Food Court', BaseID: 'B203', BaseCode: '203', BaseName: 'Cotai Strip',
  Address: 'Estrada do Istmo, Cotai, Macau', Phone: '+853 2888 3160', Lat: 22.144, Lng: 113.564,
  BeginTime: '18:00', EndTime: '02:00', Weekday: '1,2,3,4,5,6,7', OpeningHours: '', BusinessMode: '0', CYType: '0',
  DeliveryRange: 8000, TableCount: 4, ...over
})

describe('branch texts', () => {
  it('shows the OpeningHours param when set, else the hours (crossing midnight as given), else all day', () => {
    expect(hoursText(base({ OpeningHours: '08:00-22:00' }), en)).toBe('08:00–22:00')
    expect(hoursText(base(), en)).toBe('18:00–02:00')
    expect(hoursText(base({ BeginTime: '', EndTime: '' }), en)).toBe('Open 24 hours')
    expect(hoursText(base({ BeginTime: '00:00', EndTime: '23:59' }), tIn('zh-TW'))).toBe(translate('zh-TW', 'home.allDay'))
  })

  it('names the weekdays open, or every day', () => {
    expect(daysText(base(), en, ', ')).toBe('Every day')
    expect(daysText(base({ Weekday: '' }), en, ', ')).toBe('Every day')
    expect(daysText(base({ Weekday: '6,7,1' }), en, ', ')).toBe('Mon, Sat, Sun')
    expect(daysText(base({ Weekday: '1,2,3,4,5' }), tIn('zh-CN'), '、')).toBe(['1', '2', '3', '4', '5'].map((n) => translate('zh-CN', `checkout.weekday.${n}` as MessageKey)).join('、'))
  })

  it('lists the services the branch offers as the confirm page names them', () => {
    expect(serviceTexts(base(), en)).toEqual(['Dine-in', 'Takeaway', 'Delivery'])
    expect(serviceTexts(base({ CYType: '1' }), en)).toEqual(['Fast food', 'Takeaway', 'Delivery'])
    expect(serviceTexts(base({ BusinessMode: '1' }), en)).toEqual(['Takeaway'])
  })

  it('gives the delivery range in km, no limit at 0, and no delivery where it is not offered', () => {
    expect(deliveryText(base(), en)).toBe('Within 8 km')
    expect(deliveryText(base({ DeliveryRange: 2500 }), en)).toBe('Within 2.5 km')
    expect(deliveryText(base({ DeliveryRange: 0 }), en)).toBe('No distance limit')
    expect(deliveryText(base({ BusinessMode: '1' }), en)).toBe('No delivery')
    expect(deliveryText(base(), tIn('zh-TW'))).toBe('8 公里內')
  })

  it('dials digits and a leading +', () => {
    expect(dialable('+853 2835 6721')).toBe('+85328356721')
    expect(dialable('(853) 2888-3160')).toBe('85328883160')
  })
})
