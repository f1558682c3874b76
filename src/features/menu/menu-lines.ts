/** Cart lines for goods added straight from a list (no choices to make: HasOptions 0). */
import type { CartGoodsDetails, CartLineInput } from '../../core/cart'
import type { GoodsRow } from '../../gateway/operations'
import type { MenuScope } from './menu.store'

export function plainGoods(goods: GoodsRow, scope: MenuScope): CartGoodsDetails {
  return {
    GoodsID: goods.GoodsID,
    ShopID: scope.ShopID,
    BaseID: scope.BaseID,
    Ref: '1',
    GoodsName: goods.GoodsName,
    GoodsType: goods.GoodsType,
    Unit: goods.Unit,
    ImageUrl: goods.ImageUrl,
    StepQua: goods.StepQua || '1'
  }
}

export function plainLine(goods: GoodsRow): CartLineInput {
  return {
    sku: null,
    Ref: '1',
    PSalesPrice: '0',
    SalesPrice: goods.SalesPrice,
    PUnitPrice: '0',
    Price: goods.Price,
    PUnit: '',
    PCode: '',
    mQua: goods.StepQua || '1',
    pQua: '0',
    remarkList: [],
    bomList: [],
    attachmentList: []
  }
}
