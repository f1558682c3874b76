import { CATALOGUES } from '../../src/i18n/catalogues'
import { MODAL_BUTTON_LIMIT, modalTextWidth } from '../../src/features/orders/components/modal-limit'

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
