/**
 * The catalogue (issue 3): per-shop menu version, goods classes, goods with their pictures,
 * branches, sku attributes / values / skus, pack units, add-ons, combo classes and items,
 * promotions and reviews. Portable DDL only: the same migration runs on SQLite and PostgreSQL.
 *
 * Money and quantities are decimal strings (MONEY): exact on both databases, normalised and
 * validated by the importer, computed with decimal.js-light (see schema.ts).
 */
import type { Kysely, Migration } from 'kysely'

// Catalogue ids are derived from ShopID and codes ('S101.g.A07.k.L'), so they are longer
// than the gateway-base ids.
const ID = 'varchar(255)'
const REF_ID = 'varchar(64)' // enterprise, shop and branch ids of migration 0001
const CODE = 'varchar(64)'
const MONEY = 'varchar(32)'
const CLOCK = 'varchar(8)'
const DATE = 'varchar(10)'
const INSTANT = 'varchar(32)'
const PATH = 'varchar(512)'

const shopRef = (table: string) => `${table}_shop`

export const catalogue: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('menus')
      .addColumn('shop_id', REF_ID, (c) => c.primaryKey().references('shops.shop_id').onDelete('cascade'))
      .addColumn('ent_id', REF_ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('imported_at', INSTANT, (c) => c.notNull())
      .addColumn('source', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .execute()

    await db.schema
      .createTable('goods_classes')
      .addColumn('class_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', REF_ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull().references('shops.shop_id').onDelete('cascade'))
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .addColumn('image', PATH, (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema.createIndex('goods_classes_shop_code').on('goods_classes').columns(['shop_id', 'code']).unique().execute()

    await db.schema
      .createTable('goods')
      .addColumn('goods_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', REF_ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull().references('shops.shop_id').onDelete('cascade'))
      .addColumn('class_id', ID, (c) => c.notNull().references('goods_classes.class_id').onDelete('cascade'))
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('descriptions', 'text', (c) => c.notNull())
      .addColumn('unit_names', 'text', (c) => c.notNull())
      .addColumn('goods_type', 'integer', (c) => c.notNull())
      .addColumn('sku_type', 'integer', (c) => c.notNull())
      .addColumn('price', MONEY, (c) => c.notNull())
      .addColumn('sales_price', MONEY, (c) => c.notNull())
      .addColumn('step_qua', MONEY, (c) => c.notNull())
      .addColumn('on_sale_time', CLOCK, (c) => c.notNull().defaultTo(''))
      .addColumn('off_sale_time', CLOCK, (c) => c.notNull().defaultTo(''))
      .addColumn('sales_qua', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_recommend', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .addColumn('remarks', 'text', (c) => c.notNull())
      .addColumn('image', PATH, (c) => c.notNull().defaultTo(''))
      .addColumn('all_bases', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    await db.schema.createIndex('goods_shop_code').on('goods').columns(['shop_id', 'code']).unique().execute()
    await db.schema.createIndex('goods_ent').on('goods').columns(['ent_id', 'goods_id']).execute()

    await db.schema
      .createTable('goods_images')
      .addColumn('goods_id', ID, (c) => c.notNull().references('goods.goods_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .addColumn('image', PATH, (c) => c.notNull())
      .addPrimaryKeyConstraint('goods_images_pk', ['goods_id', 'sort_no'])
      .execute()

    await db.schema
      .createTable('goods_bases')
      .addColumn('goods_id', ID, (c) => c.notNull().references('goods.goods_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('base_id', REF_ID, (c) => c.notNull().references('bases.base_id').onDelete('cascade'))
      .addPrimaryKeyConstraint('goods_bases_pk', ['goods_id', 'base_id'])
      .execute()

    await db.schema
      .createTable('sku_attributes')
      .addColumn('attr_id', ID, (c) => c.primaryKey())
      .addColumn('goods_id', ID, (c) => c.notNull().references('goods.goods_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('sku_values')
      .addColumn('value_id', ID, (c) => c.primaryKey())
      .addColumn('attr_id', ID, (c) => c.notNull().references('sku_attributes.attr_id').onDelete('cascade'))
      .addColumn('goods_id', ID, (c) => c.notNull())
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('skus')
      .addColumn('sku_id', ID, (c) => c.primaryKey())
      .addColumn('goods_id', ID, (c) => c.notNull().references('goods.goods_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('items', 'text', (c) => c.notNull())
      .addColumn('price', MONEY, (c) => c.notNull())
      .addColumn('sales_price', MONEY, (c) => c.notNull())
      .addColumn('stock', 'integer')
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('pack_units')
      .addColumn('goods_id', ID, (c) => c.notNull().references('goods.goods_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('ref', MONEY, (c) => c.notNull())
      .addColumn('price', MONEY, (c) => c.notNull())
      .addColumn('sales_price', MONEY, (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('pack_units_pk', ['goods_id', 'code'])
      .execute()

    await db.schema
      .createTable('goods_add_ons')
      .addColumn('option_id', ID, (c) => c.primaryKey())
      .addColumn('goods_id', ID, (c) => c.notNull().references('goods.goods_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('price', MONEY, (c) => c.notNull())
      .addColumn('sales_price', MONEY, (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('combo_classes')
      .addColumn('bom_class_id', ID, (c) => c.primaryKey())
      .addColumn('goods_id', ID, (c) => c.notNull().references('goods.goods_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('pick', 'integer', (c) => c.notNull())
      .addColumn('select_type', 'integer', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('combo_items')
      .addColumn('bom_class_id', ID, (c) => c.notNull().references('combo_classes.bom_class_id').onDelete('cascade'))
      .addColumn('item_goods_id', ID, (c) => c.notNull().references('goods.goods_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('qua', MONEY, (c) => c.notNull())
      .addColumn('unit_names', 'text', (c) => c.notNull())
      .addColumn('price', MONEY, (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('combo_items_pk', ['bom_class_id', 'item_goods_id'])
      .execute()

    await db.schema
      .createTable('promotions')
      .addColumn('promotion_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', REF_ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull().references('shops.shop_id').onDelete('cascade'))
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('sale_type', 'integer', (c) => c.notNull())
      .addColumn('price', MONEY, (c) => c.notNull().defaultTo(''))
      .addColumn('discount', MONEY, (c) => c.notNull().defaultTo(''))
      .addColumn('begin_date', DATE, (c) => c.notNull().defaultTo(''))
      .addColumn('end_date', DATE, (c) => c.notNull().defaultTo(''))
      .addColumn('begin_time', CLOCK, (c) => c.notNull().defaultTo(''))
      .addColumn('end_time', CLOCK, (c) => c.notNull().defaultTo(''))
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('promotion_goods')
      .addColumn('promotion_id', ID, (c) => c.notNull().references('promotions.promotion_id').onDelete('cascade'))
      .addColumn('goods_id', ID, (c) => c.notNull().references('goods.goods_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addPrimaryKeyConstraint('promotion_goods_pk', ['promotion_id', 'goods_id'])
      .execute()

    await db.schema
      .createTable('goods_reviews')
      .addColumn('review_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', REF_ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('shop_id', REF_ID, (c) => c.notNull().references('shops.shop_id').onDelete('cascade'))
      .addColumn('goods_id', ID, (c) => c.notNull())
      .addColumn('vip_id', REF_ID)
      .addColumn('vip_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('head_img', PATH, (c) => c.notNull().defaultTo(''))
      .addColumn('stars', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('images', 'text', (c) => c.notNull())
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('is_imported', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    // Newest first per goods; the summary counts per goods.
    await db.schema.createIndex('goods_reviews_goods_time').on('goods_reviews').columns(['goods_id', 'created_at']).execute()

    // Loading one shop's menu reads every table by shop_id.
    for (const table of [
      'goods',
      'goods_images',
      'goods_bases',
      'sku_attributes',
      'sku_values',
      'skus',
      'pack_units',
      'goods_add_ons',
      'combo_classes',
      'combo_items',
      'promotions',
      'promotion_goods',
      'goods_reviews'
    ]) {
      await db.schema.createIndex(shopRef(table)).on(table).column('shop_id').execute()
    }
  },

  async down(db: Kysely<any>) {
    for (const table of [
      'goods_reviews',
      'promotion_goods',
      'promotions',
      'combo_items',
      'combo_classes',
      'goods_add_ons',
      'pack_units',
      'skus',
      'sku_values',
      'sku_attributes',
      'goods_bases',
      'goods_images',
      'goods',
      'goods_classes',
      'menus'
    ]) {
      await db.schema.dropTable(table).ifExists().execute()
    }
  }
}
