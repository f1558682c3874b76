/**
 * Business-district shops (spec §4): PosType 5 (normal 2); the external shop list names them
 * ShopType '2', any other '7'; the shop choice marks them.
 */
import { externalShopType, isBusinessDistrictPosType, isBusinessDistrictShop, SHOP_POS_TYPE } from '../../src/core/shop-type'
import { PlaceStore } from '../../src/features/checkout/place.store'
import type { ExternalShopRow, ShopRow } from '../../src/gateway/operations'
import { fakeGateway } from './support/orders-fakes'

test('PosType 5 is a business-district shop; the external list says 2 for it, else 7', () => {
  expect(SHOP_POS_TYPE).toEqual({ NORMAL: 2, BUSINESS_DISTRICT: 5 })
  expect(isBusinessDistrictPosType(5)).toBe(true)
  expect(isBusinessDistrictPosType('5')).toBe(true)
  expect(isBusinessDistrictPosType(2)).toBe(false)
  expect(externalShopType(5)).toBe('2')
  expect(externalShopType(2)).toBe('7')
  expect(externalShopType(undefined)).toBe('7')
  expect(isBusinessDistrictShop({ PosType: 2 }, { ShopType: '2' })).toBe(true)
  expect(isBusinessDistrictShop({ PosType: 2 }, { ShopType: '7' })).toBe(false)
})

test("the shop choice marks the business district's shops", async () => {
  const shop = (ShopID: string, PosType: number) => ({ ShopID, ShopName: ShopID, ShopNames: null, PosType }) as unknown as ShopRow
  const ext = (ShopID: string, ShopType: string): ExternalShopRow => ({ ShopID, ShopName: ShopID, ShopNames: null as never, IsEnable: '1', ShopType, BaseID: 'B1', BaseName: 'b' })
  const gateway = fakeGateway({
    ShopListByPage: () => ({ table1: [shop('S101', 2), shop('S102', 5)] }),
    ExternalShopList: () => ({ table1: [ext('S101', '7'), ext('S102', '2')] })
  })
  const place = new PlaceStore(gateway as never, { entId: () => 'E1001' })
  await place.loadShops()
  expect(place.shopChoices.map((c) => [c.shop.ShopID, c.businessDistrict])).toEqual([
    ['S101', false],
    ['S102', true]
  ])
})
