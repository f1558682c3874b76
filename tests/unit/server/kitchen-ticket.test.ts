/** The orders CLI's kitchen ticket for lines the gateway tests do not place: packs and main units on one line, several add-ons, an appointed pickup. */
import { kitchenTicket } from '../../../server/src/domain/orders/order-view'
import { lineRow, orderRow } from '../support/orders-fakes'

describe('kitchen ticket', () => {
  it('counts packs and main units of one line, and one of each add-on per pack or unit', () => {
    const order = orderRow('O1', { ServiceType: 'dinein', TableName: 'Table A01', PickupNo: '', AppointedTime: '', Remarks: '' })
    const line = lineRow('O1', 1, { GoodsName: 'Egg Tart', PUnit: 'Box of 6', PQua: '2', MQua: '1', Unit: 'piece', Qua: '13', Amount: '90', AddOnText: 'Extra custard, Gift wrap' })
    expect(kitchenTicket(order, [line])).toEqual([
      '  Dine-in, Table A01, as soon as possible',
      '    1. Egg Tart × 2 Boxes of 6 + 1 piece  90',
      '       + Extra custard × 3',
      '       + Gift wrap × 3'
    ])
  })

  it('puts a table bill’s rounds under headers of their own, and a weighed dish with its unit', () => {
    const order = orderRow('S1', { ServiceType: 'dinein', TableName: 'A05', PickupNo: '', AppointedTime: '', Remarks: '' })
    const lines = [
      lineRow('R1', 1, { RoundNo: 1, GoodsName: 'Roast Goose', PUnit: '', PQua: '0', MQua: '0.5', Unit: 'kg', Qua: '0.5', Amount: '90' }),
      lineRow('R1', 2, { RoundNo: 1, GoodsName: 'Soup', PUnit: '', PQua: '0', MQua: '2', Unit: 'bowl', Qua: '2', Amount: '44' }),
      lineRow('R2', 1, { RoundNo: 2, GoodsName: 'Soup', PUnit: '', PQua: '0', MQua: '1', Unit: 'bowl', Qua: '1', Amount: '22' })
    ]
    expect(kitchenTicket(order, lines)).toEqual([
      '  Dine-in, A05, as soon as possible',
      '  Round 1',
      '    1. Roast Goose × 0.5 kg  90',
      '    2. Soup × 2 bowls  44',
      '  Round 2',
      '    1. Soup × 1 bowl  22'
    ])
  })

  it('keeps its labels in English and the remark as the diner typed it', () => {
    const order = orderRow('O2', { ServiceType: 'takeaway', TableName: '', PickupNo: '12', AppointedTime: '2026-11-24 12:30', Remarks: '走青' })
    expect(kitchenTicket(order, [])).toEqual(['  Takeaway, pickup #12, for 2026-11-24 12:30', '  Remark: 走青'])
  })

  it('sends a delivery to its contact and address, not to the table it was ordered from', () => {
    const order = orderRow('O3', {
      ServiceType: 'delivery',
      TableName: 'Table T01',
      PickupNo: '2',
      AppointedTime: '',
      Remarks: '',
      Contact: 'Ana Lei',
      Phone: '+853 6612 3456',
      Address: 'Rua do Cunha 10, Taipa'
    })
    expect(kitchenTicket(order, [])).toEqual(['  Delivery, pickup #2, as soon as possible', '  Deliver to: Ana Lei, +853 6612 3456, Rua do Cunha 10, Taipa'])
  })
})
