import { goodsStatusMap, saleStatus } from '../../src/core/sale-status'
import { parseClock } from '../../src/core/daily-window'

describe('goods sale status (spec §4)', () => {
  it('is on sale inside the window and not yet on sale outside it, with the start time', () => {
    expect(saleStatus('08:00', '14:00', '10:00')).toEqual({ isOnSale: true, startsAt: '' })
    expect(saleStatus('08:00', '14:00', '07:59')).toEqual({ isOnSale: false, startsAt: '08:00' })
    // After the window: still "will go on sale at" the next start.
    expect(saleStatus('08:00', '14:00', '15:00')).toEqual({ isOnSale: false, startsAt: '08:00' })
  })

  it('crosses midnight when the end is before the start (22:00–02:00)', () => {
    expect(saleStatus('22:00', '02:00', '23:30').isOnSale).toBe(true)
    expect(saleStatus('22:00', '02:00', '01:59').isOnSale).toBe(true)
    expect(saleStatus('22:00', '02:00', '02:01')).toEqual({ isOnSale: false, startsAt: '22:00' })
    expect(saleStatus('22:00', '02:00', '21:59')).toEqual({ isOnSale: false, startsAt: '22:00' })
  })

  it('treats 00:00–23:59, 00:00–00:00 and both empty as always on sale', () => {
    for (const now of ['00:00', '03:17', '12:00', '23:59:59']) {
      expect(saleStatus('00:00', '23:59', now).isOnSale).toBe(true)
      expect(saleStatus('00:00', '00:00', now).isOnSale).toBe(true)
      expect(saleStatus('', '', now).isOnSale).toBe(true)
    }
  })

  it('shows the first five characters of the start time: 08:00:00 → 08:00', () => {
    expect(saleStatus('08:00:00', '09:00:00', '07:00').startsAt).toBe('08:00')
    expect(saleStatus('8:30', '09:00', '07:00').startsAt).toBe('08:30')
  })

  it('takes the time as seconds since midnight or as HH:mm[:ss]', () => {
    expect(saleStatus('08:00', '14:00', parseClock('10:00')!).isOnSale).toBe(true)
    expect(saleStatus('08:00', '14:00', 7 * 3600).isOnSale).toBe(false)
    expect(saleStatus('08:00', '14:00', '07:59:59').isOnSale).toBe(false)
  })

  it('reports on sale while the clock is unknown (the server checks again)', () => {
    expect(saleStatus('08:00', '09:00', null)).toEqual({ isOnSale: true, startsAt: '' })
    expect(saleStatus('08:00', '09:00', 'soon')).toEqual({ isOnSale: true, startsAt: '' })
  })

  it('builds goodsStatus per GoodsID', () => {
    const map = goodsStatusMap(
      [
        { GoodsID: 'G1', OnSaleTime: '', OffSaleTime: '' },
        { GoodsID: 'G2', OnSaleTime: '22:00:00', OffSaleTime: '02:00:00' }
      ],
      '12:00'
    )
    expect(map).toEqual({
      G1: { isOnSale: true, startsAt: '', OnSaleTime: '', OffSaleTime: '' },
      G2: { isOnSale: false, startsAt: '22:00', OnSaleTime: '22:00:00', OffSaleTime: '02:00:00' }
    })
  })
})
