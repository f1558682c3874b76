/**
 * Domain records → the contract's row shapes (src/gateway/operations.ts), and the column
 * descriptions the docs show. Each mapper exists once; operations only pick and combine.
 */
import type { Locale, LocalizedText } from '../../../src/gateway/contract'
import { Decimal } from '../../../src/core/money'
import type {
  AttachmentRow,
  BaseRow,
  BomClassRow,
  BomGoodsRow,
  CommentSummaryRow,
  GoodsClassRow,
  GoodsCommentRow,
  GoodsDetailRow,
  GoodsRow,
  GroundingShopRow,
  PackUnitRow,
  ParamRow,
  PromotionGoodsRow,
  ShopRow,
  ShopUserRow,
  SkuAttributeRow,
  SkuAttributeValueRow,
  SkuRow,
  TotalRow
} from '../../../src/gateway/operations'
import { pickText } from '../../../src/i18n/translate'
import { formatMarks, mergeLineMarks } from '../../../src/core/allergens'
import type { GoodsComments, ListedGoods, MenuRead } from '../domain/catalogue/catalogue.service'
import { promotionPriceText, type PackUnitPrice, type SkuPrice } from '../../../src/core/promotion-pricing'
import type { AddOn, CatalogueClass, CatalogueGoods, ComboClass, ComboItem, PackUnit, Promotion, Review, Sku, SkuAttribute, SkuValue } from '../domain/catalogue/records'
import type { Base, Param, Shop } from '../domain/records'
import type { ColumnDocs } from './operation'
import { maskReviewerName } from '../../../src/core/review-rules'

/** A name in the request's language plus all three (ShopName + ShopNames and the like). */
export function localized(names: LocalizedText, locale: Locale): { text: string; names: LocalizedText } {
  return { text: pickText(names, locale), names: { 'zh-CN': names['zh-CN'], 'zh-TW': names['zh-TW'], en: names.en } }
}

export const NO_NAMES: LocalizedText = { 'zh-CN': '', 'zh-TW': '', en: '' }

export function shopRow(shop: Shop, locale: Locale): ShopRow {
  const name = localized(shop.names, locale)
  return {
    EntID: shop.entId,
    ShopID: shop.shopId,
    ShopCode: shop.code,
    ShopName: name.text,
    ShopNames: name.names,
    UserName: shop.userName,
    UserCode: shop.userCode,
    PosType: shop.posType,
    MinaAppID: shop.minaAppId,
    MinaID: shop.minaId,
    QRCode: shop.qrCode,
    Address: shop.address,
    Phone: shop.phone
  }
}

export const shopUserRow = (shop: Shop): ShopUserRow => ({
  UserID: shop.userId,
  UserName: shop.userName,
  UserCode: shop.userCode
})

export function baseRow(base: Base, locale: Locale): BaseRow {
  const name = localized(base.names, locale)
  return {
    EntID: base.entId,
    ShopID: base.shopId,
    BaseID: base.baseId,
    BaseCode: base.code,
    BaseName: name.text,
    BaseNames: name.names,
    BusinessMode: base.businessMode,
    CYType: base.cyType,
    weekday: base.weekday,
    OnlineBeginTime: base.onlineBeginTime,
    OnlineEndTime: base.onlineEndTime,
    BeginTime: base.beginTime,
    EndTime: base.endTime,
    DtbDuration: base.dtbDuration,
    CookingTimeDuration: base.cookingTimeDuration,
    WebOrderDuration: base.webOrderDuration,
    Address: base.address,
    Phone: base.phone,
    Lng: base.lng,
    Lat: base.lat
  }
}

export const paramRow = (param: Param): ParamRow => ({ ParmID: param.parmId, ParmValue: param.parmValue })

export const totalRow = (total: number): TotalRow => ({ Total: total })

// ---------- column descriptions for docs/gateway.md ----------

const NAMES = 'object {"zh-CN","zh-TW","en"}: the name in all three languages'

export const SHOP_COLUMNS: ColumnDocs<ShopRow> = {
  EntID: 'string: enterprise id',
  ShopID: 'string: shop id',
  ShopCode: 'string: shop code',
  ShopName: "string: name in the request's language",
  ShopNames: NAMES,
  UserName: 'string: shop user (owner of web orders)',
  UserCode: 'string: shop user code',
  PosType: 'number: 2 normal shop, 5 business-district shop',
  MinaAppID: 'string: mini-program app id',
  MinaID: 'string: mini-program original id',
  QRCode: "string: the shop's counter QR code",
  Address: 'string',
  Phone: 'string'
}

export const SHOP_USER_COLUMNS: ColumnDocs<ShopUserRow> = {
  UserID: 'string: the shop user web orders belong to',
  UserName: 'string',
  UserCode: 'string'
}

export const BASE_COLUMNS: ColumnDocs<BaseRow> = {
  EntID: 'string',
  ShopID: 'string',
  BaseID: 'string: branch id',
  BaseCode: 'string: branch code',
  BaseName: "string: name in the request's language",
  BaseNames: NAMES,
  BusinessMode: "string: '0' all, '1' takeaway, '2' delivery",
  CYType: "string: '1' fast food, else dine-in",
  weekday: "string: appointment weekdays, '1,2,3,4,5,6,7' (Monday = 1)",
  OnlineBeginTime: "string: 'HH:mm' online ordering from",
  OnlineEndTime: "string: 'HH:mm' online ordering until",
  BeginTime: "string: 'HH:mm' opens ('' = 00:00)",
  EndTime: "string: 'HH:mm' closes ('' = 23:59; before BeginTime = after midnight)",
  DtbDuration: 'number: delivery minutes',
  CookingTimeDuration: 'number: cooking minutes',
  WebOrderDuration: 'number: minutes a table sheet stays orderable (0 = unlimited)',
  Address: 'string',
  Phone: 'string',
  Lng: 'number: longitude (0 with Lat 0 = unknown)',
  Lat: 'number: latitude'
}

export const PARAM_COLUMNS: ColumnDocs<ParamRow> = {
  ParmID: 'string: parameter id',
  ParmValue: "string: value ('' when not set)"
}

export const TOTAL_COLUMNS: ColumnDocs<TotalRow> = {
  Total: 'number: rows in all pages'
}

// ---------- catalogue (issue 3) ----------

const MONEY = "string: exact decimal ('38', '12.5')"

/** Allergens and Diets of a goods, sku value, add-on or combo pick: codes joined by ',' ('' none; src/core/allergens.ts). */
const marksFields = (item: { allergens?: readonly string[]; diets?: readonly string[] }): { Allergens: string; Diets: string } => ({
  Allergens: formatMarks(item.allergens ?? []),
  Diets: formatMarks(item.diets ?? [])
})

/** A sku's marks: its values' together (allergens of every value, the highest spice …; mergeLineMarks). */
function skuMarks(sku: Sku, goods: CatalogueGoods): { Allergens: string; Diets: string } {
  const values = goods.attributes.flatMap((a) => a.values).filter((v) => sku.valueIds.includes(v.valueId))
  const marks = mergeLineMarks({ goods: {}, values: values.map((v) => ({ allergens: v.allergens ?? [], diets: v.diets ?? [] })) })
  return marksFields(marks)
}

const ALLERGENS_DOC = "string: allergen codes joined by ',' ('' none): gluten, crustaceans, eggs, fish, peanuts, soy, milk, nuts, celery, mustard, sesame, sulphites, lupin, molluscs (EU 1169/2011; docs/allergens.md)"
const DIETS_DOC = "string: dietary codes joined by ',' ('' none): vegetarian, vegan, halal, alcohol (contains alcohol), spicy1–spicy3 (spice level; none = not spicy)"

export function goodsClassRow(goodsClass: CatalogueClass, goodsCount: number, read: MenuRead, locale: Locale): GoodsClassRow {
  return {
    ClassID: goodsClass.classId,
    ClassCode: goodsClass.code,
    ClassName: pickText(goodsClass.names, locale),
    SortNo: goodsClass.sortNo,
    GoodsCount: goodsCount,
    ImageUrl: read.imageUrl(goodsClass.image)
  }
}

export function goodsRow(item: ListedGoods, read: MenuRead, locale: Locale): GoodsRow {
  const g = item.goods
  return {
    GoodsID: g.goodsId,
    GoodsCode: g.code,
    ShopID: g.shopId,
    BaseID: read.base?.baseId ?? '',
    ClassID: g.classId,
    GoodsName: pickText(g.names, locale),
    Unit: pickText(g.unitNames, locale),
    GoodsType: g.goodsType,
    SkuType: g.skuType,
    Price: item.pricing.price,
    SalesPrice: item.pricing.salesPrice,
    SaleType: item.pricing.saleType,
    PUnitCount: g.packUnits.length,
    HasOptions: item.hasOptions ? 1 : 0,
    StepQua: g.stepQua,
    OnSaleTime: g.onSaleTime,
    OffSaleTime: g.offSaleTime,
    SalesQua: g.salesQua,
    ImageUrl: read.imageUrl(g.image),
    SortNo: g.sortNo,
    IsRecommend: g.isRecommend ? 1 : 0,
    CommentCount: item.commentCount,
    SoldOut: g.soldOut ? 1 : 0,
    ...marksFields(g)
  }
}

export function goodsDetailRow(item: ListedGoods, read: MenuRead, locale: Locale): GoodsDetailRow {
  const g = item.goods
  return {
    ...goodsRow(item, read, locale),
    GoodsNames: localized(g.names, locale).names,
    Description: pickText(g.descriptions, locale),
    GoodsRemarks: pickText(g.remarks, locale),
    Images: [g.image, ...g.images].filter(Boolean).map(read.imageUrl)
  }
}

export const skuAttributeRow = (attribute: SkuAttribute, locale: Locale): SkuAttributeRow => ({
  AttrID: attribute.attrId,
  AttrName: pickText(attribute.names, locale),
  SortNo: attribute.sortNo
})

export const skuAttributeValueRow = (value: SkuValue, locale: Locale): SkuAttributeValueRow => ({
  AttrID: value.attrId,
  ValueID: value.valueId,
  ValueName: pickText(value.names, locale),
  SortNo: value.sortNo,
  ...marksFields(value)
})

/** Stock split into whole packs of the first pack unit and the remaining main units. */
function stockInPacks(stock: number | null, goods: CatalogueGoods): { Qua: number; PQua: number; MQua: number } {
  if (stock === null) return { Qua: -1, PQua: -1, MQua: -1 }
  const ref = goods.packUnits[0]?.ref
  if (!ref) return { Qua: stock, PQua: 0, MQua: stock }
  const packs = new Decimal(stock).dividedToIntegerBy(ref)
  return { Qua: stock, PQua: packs.toNumber(), MQua: new Decimal(stock).minus(packs.times(ref)).toNumber() }
}

export function skuRow(priced: SkuPrice<Sku>, goods: CatalogueGoods, locale: Locale): SkuRow {
  const values = goods.attributes.flatMap((a) => a.values)
  const names = priced.sku.valueIds.map((id) => values.find((v) => v.valueId === id)).map((v) => (v ? pickText(v.names, locale) : ''))
  return {
    SkuID: priced.sku.skuId,
    SkuCode: priced.sku.code,
    SkuItems: priced.sku.valueIds.join(','),
    SkuName: names.join(' / '),
    Price: priced.price,
    SalesPrice: priced.salesPrice,
    ...stockInPacks(priced.sku.stock, goods),
    ...skuMarks(priced.sku, goods)
  }
}

export const packUnitRow = (priced: PackUnitPrice<PackUnit>, locale: Locale): PackUnitRow => ({
  PCode: priced.packUnit.code,
  PUnit: pickText(priced.packUnit.names, locale),
  Ref: priced.packUnit.ref,
  Price: priced.price,
  SalesPrice: priced.salesPrice
})

export const attachmentRow = (goods: CatalogueGoods, addOn: AddOn, locale: Locale): AttachmentRow => ({
  GoodsID: goods.goodsId,
  OptionID: addOn.optionId,
  Value: pickText(addOn.names, locale),
  Value2: addOn.price,
  Value3: addOn.salesPrice,
  SortNo: addOn.sortNo,
  SoldOut: addOn.soldOut ? 1 : 0,
  ...marksFields(addOn)
})

export const bomClassRow = (comboClass: ComboClass, locale: Locale): BomClassRow => ({
  BOMClassID: comboClass.bomClassId,
  BOMClassName: pickText(comboClass.names, locale),
  Qua: comboClass.pick,
  SelectType: comboClass.selectType,
  SortNo: comboClass.sortNo
})

export const bomGoodsRow = (comboClass: ComboClass, item: ComboItem, goods: CatalogueGoods, read: MenuRead, locale: Locale): BomGoodsRow => ({
  BOMClassID: comboClass.bomClassId,
  GoodsID: goods.goodsId,
  GoodsName: pickText(goods.names, locale),
  BOMQua: item.qua,
  BOMGoodsPUnit: pickText(item.unitNames ?? goods.unitNames, locale),
  Price: item.price,
  ImageUrl: read.imageUrl(goods.image),
  IsDefault: item.isDefault ? 1 : 0,
  SoldOut: goods.soldOut ? 1 : 0,
  ...marksFields(goods),
  GoodsRemarks: pickText(goods.remarks, locale)
})

export const promotionGoodsRow = (promotion: Promotion, goods: CatalogueGoods, locale: Locale): PromotionGoodsRow => ({
  PromotionID: promotion.promotionId,
  PromotionName: pickText(promotion.names, locale),
  GoodsID: goods.goodsId,
  SaleType: promotion.saleType,
  Price: promotionPriceText(promotion),
  Discount: promotion.discount,
  BeginDate: promotion.beginDate,
  EndDate: promotion.endDate,
  BeginTime: promotion.beginTime,
  EndTime: promotion.endTime
})

export const groundingShopRow = (shop: Shop, base: Base, locale: Locale): GroundingShopRow => ({
  ShopID: shop.shopId,
  ShopName: pickText(shop.names, locale),
  BaseID: base.baseId,
  BaseName: pickText(base.names, locale)
})

/**
 * A review as the public list shows it. A member's: the name masked (maskReviewerName), or no
 * name nor avatar when anonymous; photos as checked pictures with thumbnails. An imported one: as
 * the menu file gives it (its picture is its own thumbnail).
 */
export const goodsCommentRow = (review: Review, comments: GoodsComments): GoodsCommentRow => {
  const photos = (review.fileIds ?? []).flatMap((id) => comments.photos.get(id) ?? [])
  const imported = review.images.map(comments.imageUrl)
  const anonymous = review.anonymous === true
  return {
    CommentID: review.reviewId,
    GoodsID: review.goodsId,
    VipName: anonymous ? '' : review.vipId ? maskReviewerName(review.vipName) : review.vipName,
    HeadImg: anonymous ? '' : comments.imageUrl(review.headImg),
    Stars: review.stars,
    Content: review.content,
    Images: [...imported, ...photos.map((p) => p.Url)],
    Thumbs: [...imported, ...photos.map((p) => p.ThumbUrl)],
    CreatedDate: comments.wallClock(review.createdAt),
    Anonymous: anonymous ? 1 : 0,
    Reply: review.reply ?? '',
    ReplyDate: review.repliedAt ? comments.wallClock(review.repliedAt) : ''
  }
}

export const commentSummaryRow = (comments: GoodsComments): CommentSummaryRow => ({ Total: comments.total, AvgStars: comments.avgStars })

export const GOODS_CLASS_COLUMNS: ColumnDocs<GoodsClassRow> = {
  ClassID: 'string: class id (stable across menu imports)',
  ClassCode: "string: the menu file's class code",
  ClassName: "string: in the request's language",
  SortNo: 'number: ascending',
  GoodsCount: 'number: goods of the class sold on the branch asked about (the whole menu without BaseID)',
  ImageUrl: "string: absolute URL, '' without a picture"
}

export const GOODS_COLUMNS: ColumnDocs<GoodsRow> = {
  GoodsID: 'string: goods id (stable across menu imports)',
  GoodsCode: 'string: the goods number diners search by, unique in the shop',
  ShopID: 'string',
  BaseID: "string: the branch asked about ('' without BaseID)",
  ClassID: 'string',
  GoodsName: "string: in the request's language",
  Unit: "string: main unit name in the request's language",
  GoodsType: 'number: 0 common, 3 combo, 5 catering, 6 prescription, 7 weight, 9 bag',
  SkuType: 'number: 0 none, 1 single attribute, 2 multiple attributes',
  Price: `${MONEY}: list price of one main unit (the cheapest sku's for goods with skus)`,
  SalesPrice: `${MONEY}: now price of one main unit under the promotion running now on the enterprise's clock (sale type 3: Price × rate, half-up at PricePoint), else the goods' own now price`,
  SaleType: 'number: the running promotion: 1 gift, 2 promote, 3 discount, 4 changed, 5 coupon; 0 none',
  PUnitCount: 'number: pack units the goods can be bought in',
  HasOptions: 'number: 1 when the diner must choose on goodsDetails (skus, pack units, remarks, add-ons, combo or weight goods)',
  StepQua: "string: quantity of one tap ('1'; e.g. '0.5' for weight goods)",
  OnSaleTime: "string: 'HH:mm' daily sale start on the enterprise's clock ('' with OffSaleTime '' = always on sale); goods off sale now are still listed",
  OffSaleTime: "string: 'HH:mm' daily sale end (before OnSaleTime: crosses midnight)",
  SalesQua: 'number: quantity sold so far',
  ImageUrl: "string: absolute URL of the main picture, '' without",
  SortNo: 'number: order within the class',
  IsRecommend: 'number: 1 when recommended on Home',
  CommentCount: 'number: reviews of the goods',
  SoldOut: "number: 1 while the shop has switched the goods off as sold out (shown and refused like goods with no stock left: GOODS_OFF_SALE); the live stream tells open menus (docs/live-events.md)",
  Allergens: `${ALLERGENS_DOC}: the goods' own; its chosen sku values, add-ons and combo picks may add more`,
  Diets: `${DIETS_DOC}: the goods' own`
}

export const GOODS_DETAIL_COLUMNS: ColumnDocs<GoodsDetailRow> = {
  ...GOODS_COLUMNS,
  GoodsNames: NAMES,
  Description: "string: in the request's language ('' without)",
  GoodsRemarks: "string: remark groups in the request's language, one per line: 'Name:opt;opt，opt' (':' or '：'; options split by ';' '；' or '，')",
  Images: 'list of string: absolute URLs of every picture, the main one first'
}

export const SKU_ATTRIBUTE_COLUMNS: ColumnDocs<SkuAttributeRow> = {
  AttrID: 'string: attribute id',
  AttrName: "string: in the request's language",
  SortNo: 'number: attribute order (SkuItems follow it)'
}

export const SKU_ATTRIBUTE_VALUE_COLUMNS: ColumnDocs<SkuAttributeValueRow> = {
  AttrID: 'string: the attribute the value belongs to',
  ValueID: 'string: value id',
  ValueName: "string: in the request's language",
  SortNo: 'number: order within the attribute',
  Allergens: `${ALLERGENS_DOC}: what choosing this value adds`,
  Diets: `${DIETS_DOC}: the value's own (vegetarian, vegan, halal here make the choice suitable; alcohol and spice add)`
}

export const SKU_COLUMNS: ColumnDocs<SkuRow> = {
  SkuID: 'string: sku id (stable across menu imports)',
  SkuCode: "string: the menu file's sku code",
  SkuItems: "string: the sku's ValueIDs in attribute order, joined by ','",
  SkuName: "string: the values' names joined by ' / ' ('Large / Hot')",
  Price: `${MONEY}: list price of one main unit`,
  SalesPrice: `${MONEY}: now price under the goods' running promotion (a promotion price keeps each sku's markup over the cheapest sku)`,
  Qua: 'number: stock in main units, -1 unlimited',
  PQua: 'number: the stock as whole packs of the first pack unit (0 without pack units), -1 unlimited',
  MQua: 'number: main units left over beside PQua packs, -1 unlimited',
  Allergens: `${ALLERGENS_DOC}: those of the sku's values together`,
  Diets: `${DIETS_DOC}: those of the sku's values together (the highest spice level)`
}

export const PACK_UNIT_COLUMNS: ColumnDocs<PackUnitRow> = {
  PCode: 'string: pack unit code',
  PUnit: "string: pack unit name in the request's language",
  Ref: 'string: main units per pack (decimal)',
  Price: `${MONEY}: list price of one pack`,
  SalesPrice: `${MONEY}: now price of one pack (discount: Price × rate; promotion price: price × Ref)`
}

export const ATTACHMENT_COLUMNS: ColumnDocs<AttachmentRow> = {
  GoodsID: 'string: the goods the add-on is for',
  OptionID: 'string: add-on id',
  Value: "string: add-on name in the request's language",
  Value2: `${MONEY}: list price`,
  Value3: `${MONEY}: now price (add-ons are not promoted)`,
  SortNo: 'number',
  SoldOut: 'number: 1 while the shop has switched the add-on off as sold out: it cannot be chosen (an order naming it: GOODS_OFF_SALE)',
  Allergens: `${ALLERGENS_DOC}: what adding it adds`,
  Diets: `${DIETS_DOC}: the add-on's own (an add-on without vegetarian, vegan or halal takes that mark from the line)`
}

export const BOM_CLASS_COLUMNS: ColumnDocs<BomClassRow> = {
  BOMClassID: 'string: combo class id',
  BOMClassName: "string: in the request's language",
  Qua: 'number: goods to pick (required: exactly this many; optional: up to)',
  SelectType: 'number: 0 required, 1 optional',
  SortNo: 'number'
}

export const BOM_GOODS_COLUMNS: ColumnDocs<BomGoodsRow> = {
  BOMClassID: 'string: the combo class',
  GoodsID: 'string: the goods picked',
  GoodsName: "string: in the request's language",
  BOMQua: 'string: quantity of the goods in one combo (decimal)',
  BOMGoodsPUnit: "string: unit of BOMQua in the request's language",
  Price: `${MONEY}: markup added to the combo's price when picked ('0' none)`,
  ImageUrl: "string: absolute URL, '' without a picture",
  IsDefault: 'number: 1 when picked by default',
  SoldOut: 'number: 1 while the goods is switched off as sold out: it cannot be picked (GOODS_OFF_SALE)',
  Allergens: `${ALLERGENS_DOC}: the picked goods' own`,
  Diets: `${DIETS_DOC}: the picked goods' own`,
  GoodsRemarks:
    "string: the picked goods' own remark groups, as GoodsRemarks of a goods row; chosen per pick in the order line's Bom[].Remarks, a required group ('*') must be (CHOICE_REQUIRED)"
}

export const PROMOTION_GOODS_COLUMNS: ColumnDocs<PromotionGoodsRow> = {
  PromotionID: 'string',
  PromotionName: "string: in the request's language",
  GoodsID: 'string',
  SaleType: 'number: 1 gift, 2 promote, 3 discount, 4 changed, 5 coupon',
  Price: `${MONEY}: promotion price of one main unit ('' for a discount)`,
  Discount: "string: rate for sale type 3 ('0.8' = 20% off), '' otherwise",
  BeginDate: "string: 'YYYY-MM-DD' first day, '' open-ended",
  EndDate: "string: 'YYYY-MM-DD' last day, '' open-ended",
  BeginTime: "string: 'HH:mm' daily start, '' with EndTime '' = all day",
  EndTime: "string: 'HH:mm' daily end (before BeginTime: crosses midnight)"
}

export const GROUNDING_SHOP_COLUMNS: ColumnDocs<GroundingShopRow> = {
  ShopID: 'string',
  ShopName: "string: in the request's language",
  BaseID: 'string: a branch selling the goods',
  BaseName: "string: in the request's language"
}

export const GOODS_COMMENT_COLUMNS: ColumnDocs<GoodsCommentRow> = {
  CommentID: 'string: review id',
  GoodsID: 'string',
  VipName: "string: the reviewer as shown (a member's name masked: first character then '*'; '' anonymous or nameless)",
  HeadImg: "string: absolute URL of the avatar, '' for the default one",
  Stars: 'number: 1–5',
  Content: 'string: the review text',
  Images: 'list of string: absolute URLs of the pictures',
  Thumbs: 'list of string: the same pictures small, in the same order',
  CreatedDate: "string: 'YYYY-MM-DD HH:mm:ss' on the enterprise's wall clock",
  Anonymous: "number: 1 when the member chose not to be named (VipName and HeadImg are '')",
  Reply: "string: the shop's reply, '' none",
  ReplyDate: "string: when the shop replied, 'YYYY-MM-DD HH:mm:ss', '' none"
}

export const COMMENT_SUMMARY_COLUMNS: ColumnDocs<CommentSummaryRow> = {
  Total: 'number: reviews of the goods in all pages',
  AvgStars: "string: average stars, one decimal half-up ('4.5'), '0' without reviews"
}
