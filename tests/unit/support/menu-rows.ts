/** Catalogue rows and cart lines for tests, with plain defaults; each test overrides what it is about. */
import type { GoodsClassRow, GoodsRow } from '../../../src/gateway/operations'
import type { CartLineInput } from '../../../src/core/cart'

export function classRow(ClassID: string, SortNo: number, over: Partial<GoodsClassRow> = {}): GoodsClassRow {
  return { ClassID, ClassCode: ClassID, ClassName: `Class ${ClassID}`, SortNo, GoodsCount: 0, ImageUrl: '', ...over }
}

export function goodsRow(GoodsID: string, ClassID: string, over: Partial<GoodsRow> = {}): GoodsRow {
  return {
    GoodsID,
    GoodsCode: GoodsID,
    ShopID: 'S101',
    BaseID: 'B201',
    ClassID,
    GoodsName: `Goods ${GoodsID}`,
    Unit: 'bowl',
    GoodsType: 0,
    SkuType: 0,
    Price: '10',
    SalesPrice: '10',
    SaleType: 0,
    PUnitCount: 0,
    HasOptions: 0,
    StepQua: '1',
    OnSaleTime: '',
    OffSaleTime: '',
    SalesQua: 0,
    ImageUrl: '',
    SortNo: 0,
    IsRecommend: 0,
    CommentCount: 0,
    ...over
  }
}

/** A main-unit line of one at MOP 10 (list price 12), no choices. */
export function lineInput(over: Partial<CartLineInput> = {}): CartLineInput {
  return {
    sku: null,
    Ref: '',
    PSalesPrice: '',
    SalesPrice: '10',
    PUnitPrice: '',
    Price: '12',
    PUnit: '',
    PCode: '',
    mQua: '1',
    pQua: '0',
    remarkList: [],
    bomList: [],
    attachmentList: [],
    ...over
  }
}
