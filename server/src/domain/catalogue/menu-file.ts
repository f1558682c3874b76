/**
 * The menu import format (`npm run menu:import -- <file.json>`), also used by the demo menus in
 * server/seed/. One file is one shop's whole menu: importing it replaces that shop's classes,
 * goods, promotions and imported reviews in one transaction. IDs are derived from the codes
 * (stable across re-imports), so diners' stored carts stay valid after a menu update.
 *
 * Money and quantities are decimal strings ('38', '12.50'); never JSON numbers, never floats.
 * Pictures are paths relative to the menu file; the importer copies them into FILES_DIR.
 */
import type { AllergenCode, DietCode } from '../../../../src/core/allergens'
import type { LocalizedText } from '../../../../src/gateway/contract'
import type { BomSelectType, GoodsType, SaleType, SkuType } from '../../../../src/gateway/operations'

export const MENU_FORMAT = 'scanorder-menu/1'

export interface MenuFile {
  format: typeof MENU_FORMAT
  EntID: string
  ShopID: string
  classes: MenuClass[]
  goods: MenuGoods[]
  promotions?: MenuPromotion[]
  reviews?: MenuReview[]
}

export interface MenuClass {
  /** Unique in the file. */
  code: string
  names: LocalizedText
  /** Ascending; defaults to the position in the file. */
  sort?: number
  image?: string
}

export interface MenuGoods {
  /** The goods number diners search by; unique in the file. */
  code: string
  /** A class code of this file. */
  class: string
  names: LocalizedText
  descriptions?: LocalizedText
  /** Main unit name. */
  unit: LocalizedText
  type: GoodsType
  /**
   * Optional check: 0 no skus, 1 one attribute, 2 several. The sku type always follows from
   * `skus`; when given, the importer rejects a goods whose skus say otherwise.
   */
  skuType?: SkuType
  /** List price of one main unit (goods with skus list their cheapest sku's price instead). */
  price: string
  /** Now price; defaults to price. */
  salesPrice?: string
  image?: string
  /** Further pictures for the image preview. */
  images?: string[]
  recommend?: boolean
  sort?: number
  /** 'HH:mm'; both absent = always on sale; end before start crosses midnight. */
  onSaleTime?: string
  offSaleTime?: string
  salesQua?: number
  /** BaseIDs of the shop selling it; absent or empty = every branch of the shop. */
  bases?: string[]
  /** Quantity of one tap; '1' by default, e.g. '0.5' for weight goods (type 7). */
  stepQua?: string
  skus?: MenuSkus
  packUnits?: MenuPackUnit[]
  /** Remark groups per language, one group per line: 'Name:opt;opt，opt'. */
  remarks?: LocalizedText
  addOns?: MenuAddOn[]
  /** Required for type 3 (combo), absent otherwise. */
  combo?: MenuComboClass[]
  /** Sold out now (the shop's sold-out switch, docs/live-events.md); absent = false. */
  soldOut?: boolean
  /**
   * Allergen codes (EU 1169/2011: gluten, crustaceans, eggs, fish, peanuts, soy, milk, nuts, celery,
   * mustard, sesame, sulphites, lupin, molluscs) and dietary marks (vegetarian, vegan, halal, alcohol,
   * spicy1–spicy3); src/core/allergens.ts, docs/allergens.md. Absent: none.
   */
  allergens?: AllergenCode[]
  diets?: DietCode[]
}

export interface MenuSkus {
  /** One attribute for sku type 1, several for sku type 2. */
  attributes: { code: string; names: LocalizedText; values: { code: string; names: LocalizedText; allergens?: AllergenCode[]; diets?: DietCode[] }[] }[]
  items: {
    code: string
    /** One value code per attribute, in attribute order. */
    values: string[]
    price: string
    salesPrice?: string
    /** Stock in main units; absent = unlimited. */
    stock?: number
  }[]
}

export interface MenuPackUnit {
  code: string
  names: LocalizedText
  /** Main units per pack, > 0. */
  ref: string
  price: string
  salesPrice?: string
}

export interface MenuAddOn {
  code: string
  names: LocalizedText
  price: string
  salesPrice?: string
  /** Sold out now; absent = false. */
  soldOut?: boolean
  /** Allergen and dietary codes the add-on brings (see MenuGoods). */
  allergens?: AllergenCode[]
  diets?: DietCode[]
}

export interface MenuComboClass {
  code: string
  names: LocalizedText
  /** Goods to pick: exactly this many when required, up to this many when optional. */
  pick: number
  select: BomSelectType
  items: {
    /** A goods code of this file (not itself a combo). */
    goods: string
    /** Quantity per combo; '1' by default. */
    qua?: string
    unit?: LocalizedText
    /** Markup when picked; '0' by default. */
    price?: string
    default?: boolean
  }[]
}

export interface MenuPromotion {
  code: string
  names: LocalizedText
  saleType: Exclude<SaleType, 0>
  /** Goods codes of this file. */
  goods: string[]
  /** Promotion price (sale types other than 3). */
  price?: string
  /** Rate for sale type 3: '0.8' = 20% off. */
  discount?: string
  /** 'YYYY-MM-DD' inclusive; absent = open-ended. */
  beginDate?: string
  endDate?: string
  /** 'HH:mm' daily window; absent = all day. */
  beginTime?: string
  endTime?: string
}

export interface MenuReview {
  /** A goods code of this file. */
  goods: string
  vipName: string
  stars: 1 | 2 | 3 | 4 | 5
  text: string
  images?: string[]
  /**
   * When it was written on the enterprise's clock: 'YYYY-MM-DD HH:mm', or relative to the import
   * ({ daysAgo, time }) so a demo menu's reviews stay recent.
   */
  at: string | { daysAgo: number; time: string }
}
