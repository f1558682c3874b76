/**
 * Allergens and dietary marks (issue 26 item 1; src/core/allergens.ts, docs/allergens.md): on goods,
 * on sku attribute values and on add-ons. A combo pick is a goods, so it carries its goods' own.
 * Each column holds codes joined by ',' in canonical order ('' none): allergens 'gluten,peanuts',
 * diets 'vegetarian,spicy2'. Portable DDL only: the same migration runs on SQLite and PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely'

const MARKS = 'varchar(255)'
const TABLES = ['goods', 'sku_values', 'goods_add_ons'] as const

export const allergens: Migration = {
  async up(db: Kysely<any>) {
    for (const table of TABLES) {
      await db.schema.alterTable(table).addColumn('allergens', MARKS, (c) => c.notNull().defaultTo('')).execute()
      await db.schema.alterTable(table).addColumn('diets', MARKS, (c) => c.notNull().defaultTo('')).execute()
    }
  },
  async down(db: Kysely<any>) {
    for (const table of TABLES) {
      await db.schema.alterTable(table).dropColumn('diets').execute()
      await db.schema.alterTable(table).dropColumn('allergens').execute()
    }
  }
}
