/**
 * The catalogue as the domain has it: one shop's menu, storage rows parsed (names as
 * LocalizedText, flags as booleans, lists nested under their goods). Money and quantities
 * stay exact decimal strings; src/core/promotion-pricing.ts computes with src/core/money.
 */
import type { Promotion as PricedPromotion } from '../../../../src/core/promotion-pricing'
import type { AllergenCode, DietCode } from '../../../../src/core/allergens'
import type { LocalizedText } from '../../../../src/gateway/contract'
import type { BomSelectType, GoodsType, SkuType } from '../../../../src/gateway/operations'

export interface CatalogueClass {
  classId: string
  code: string
  names: LocalizedText
  sortNo: number
  /** Path under FILES_DIR, '' without a picture. */
  image: string
}

export interface SkuValue {
  valueId: string
  attrId: string
  code: string
  names: LocalizedText
  sortNo: number
  /** Allergen and dietary codes (src/core/allergens.ts), canonical, each once; absent: none. */
  allergens?: AllergenCode[]
  diets?: DietCode[]
}

export interface SkuAttribute {
  attrId: string
  code: string
  names: LocalizedText
  sortNo: number
  values: SkuValue[]
}

export interface Sku {
  skuId: string
  code: string
  /** One ValueID per attribute, in attribute order. */
  valueIds: string[]
  price: string
  salesPrice: string
  /** Main units in stock; null = unlimited. */
  stock: number | null
  sortNo: number
}

export interface PackUnit {
  code: string
  names: LocalizedText
  /** Main units per pack (> 0). */
  ref: string
  price: string
  salesPrice: string
  sortNo: number
}

export interface AddOn {
  optionId: string
  code: string
  names: LocalizedText
  price: string
  salesPrice: string
  sortNo: number
  /** The shop switched it off as sold out (sold-out.service.ts); absent: false. */
  soldOut?: boolean
  /** Allergen and dietary codes (src/core/allergens.ts), canonical, each once; absent: none. */
  allergens?: AllergenCode[]
  diets?: DietCode[]
}

export interface ComboItem {
  goodsId: string
  qua: string
  /** null: the item goods' own unit. */
  unitNames: LocalizedText | null
  /** Markup added to the combo when picked. */
  price: string
  isDefault: boolean
  sortNo: number
}

export interface ComboClass {
  bomClassId: string
  code: string
  names: LocalizedText
  pick: number
  selectType: BomSelectType
  sortNo: number
  items: ComboItem[]
}

export interface CatalogueGoods {
  goodsId: string
  code: string
  shopId: string
  classId: string
  names: LocalizedText
  descriptions: LocalizedText
  unitNames: LocalizedText
  goodsType: GoodsType
  skuType: SkuType
  /** The goods' own list and now price (goods with skus show their cheapest sku instead). */
  price: string
  salesPrice: string
  stepQua: string
  onSaleTime: string
  offSaleTime: string
  salesQua: number
  isRecommend: boolean
  sortNo: number
  remarks: LocalizedText
  /** Main picture ('' without) and further ones, paths under FILES_DIR. */
  image: string
  images: string[]
  /** Branches selling it; null = every branch of the shop. */
  baseIds: string[] | null
  attributes: SkuAttribute[]
  skus: Sku[]
  packUnits: PackUnit[]
  addOns: AddOn[]
  combo: ComboClass[]
  /**
   * The shop switched it off as sold out (sold-out.service.ts): listed, shown as sold out,
   * refused by orders like goods with no stock left. Absent: false.
   */
  soldOut?: boolean
  /** Allergen and dietary codes (src/core/allergens.ts), canonical, each once; absent: none. */
  allergens?: AllergenCode[]
  diets?: DietCode[]
}

/** A promotion as the catalogue keeps it: what pricing reads (src/core), and how it is named and sorted. */
export interface Promotion extends PricedPromotion {
  promotionId: string
  code: string
  names: LocalizedText
  sortNo: number
  /** In the order the menu file lists them. */
  goodsIds: string[]
}

export interface Review {
  reviewId: string
  shopId: string
  goodsId: string
  vipId: string | null
  vipName: string
  /** Path under FILES_DIR or an absolute URL; '' = default avatar. */
  headImg: string
  stars: number
  content: string
  images: string[]
  /** ISO instant. */
  createdAt: string
  isImported: boolean
  /** Issue 17 (members' reviews; imported ones: false, [], '', ''): not named; photos as checked uploads; the shop's reply. */
  anonymous?: boolean
  fileIds?: string[]
  reply?: string
  repliedAt?: string
}

/** One shop's whole menu, classes and goods in menu order (class sort, then goods sort). */
export interface ShopMenu {
  entId: string
  shopId: string
  /** 0 before the first import. */
  version: number
  classes: CatalogueClass[]
  goods: CatalogueGoods[]
  promotions: Promotion[]
  /** Reviews per GoodsID (imported and members'). */
  commentCounts: Map<string, number>
}
