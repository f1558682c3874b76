import { CATALOGUES } from '../../src/i18n/catalogues'
import { MODAL_BUTTON_LIMIT, modalTextWidth } from '../../src/features/orders/components/modal-limit'
import { statusNote } from '../../src/features/orders/components/order-texts'
import { translate } from '../../src/i18n/translate'
import { orderRow } from './support/orders-fakes'

describe('order texts', () => {
  it.each(Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[])('the cancel modal buttons fit the hosts\' limit in %s', (locale) => {
    for (const key of ['order.cancelYes', 'order.cancelNo'] as const) {
      expect(modalTextWidth(CATALOGUES[locale][key])).toBeLessThanOrEqual(MODAL_BUTTON_LIMIT)
    }
  })

  it('the spec\'s sentences and labels, verbatim in English', () => {
    const en = CATALOGUES.en
    expect(en['order.cancelConfirm']).toBe('Cancel this order?')
    expect(en['order.completedNote']).toBe('Your order is complete. Thank you, and see you again soon!')
    expect([en['order.status.1'], en['order.status.4'], en['order.status.5'], en['order.status.2']]).toEqual(['Paid', 'Expired', 'Ready for pickup', 'Completed'])
  })
})

describe('the note under a paid order (issue 27 item 11)', () => {
  const en = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('en', key, params)
  const zhTW = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('zh-TW', key, params)

  it('an order to make now: the kitchen is preparing it', () => {
    expect(statusNote(en, orderRow('O1', { Status: 1, PayMode: 'prepay', AppointedTime: '' }))).toBe('Paid — the kitchen is preparing your order')
  })

  it('a table\'s bill paid after the meal: thanks, not the kitchen', () => {
    const bill = orderRow('B1', { Status: 1, PayMode: 'postpay', RoundNo: 0, TableSheetID: 'B201-A01-0001' })
    expect(statusNote(en, bill)).toBe('The bill is paid. Thank you, and see you again soon!')
    expect(statusNote(zhTW, bill)).toBe('本枱已埋單。多謝光臨，歡迎再來！')
  })

  it('a pre-order for 18:30: made for that time, and the time is said', () => {
    const later = orderRow('O2', { Status: 1, PayMode: 'prepay', CreatedDate: '2026-11-28 07:10:00', AppointedTime: '2026-11-28 18:30' })
    expect(statusNote(en, later)).toBe('Paid — your order will be ready for 18:30')
    expect(statusNote(zhTW, later)).toBe('已付款，將於 18:30 為您準備好')
    const tomorrow = orderRow('O3', { Status: 1, PayMode: 'prepay', CreatedDate: '2026-11-28 23:10:00', AppointedTime: '2026-11-29 09:00' })
    // Another day is written in the reader's way (item 19), not as 'YYYY-MM-DD HH:mm'.
    expect(statusNote(en, tomorrow, 'en')).toBe('Paid — your order will be ready for 29 Nov 2026, 09:00')
    expect(statusNote(zhTW, tomorrow, 'zh-TW')).toBe('已付款，將於 2026年11月29日 09:00 為您準備好')
  })
})
