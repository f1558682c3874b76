/**
 * The kitchen (issue 24; docs/live-service.md "Kitchen"):
 *   - kitchen_stations: a branch's stations (wok, cold, bar …), which classes they cook and which
 *     goods they cook whatever their class (the per-goods override), the alert timer of their
 *     tickets and an optional network printer (ESC/POS over TCP). A branch without stations
 *     has one implicit station, id ''.
 *   - kitchen_sends: the per-line sent-quantity ledger. Every quantity that reached the kitchen,
 *     and every change of it (raised, lowered, cancelled), is one row with its difference; the sum
 *     of a line's rows is what the kitchen has been asked to make. Append-only.
 *   - kitchen_tickets: one per order (prepay order or dine-in round) and station; a change to the
 *     order changes its ticket (and reopens a bumped one), never makes a second one.
 *   - kitchen_ticket_lines: one per order line: the quantity the ledger sums to, the quantity
 *     before the last change (what the board shows struck through), item-level done.
 *   - orders.kitchen_stage: '' not sent, 'preparing', 'ready' (every ticket bumped); rounds of a
 *     table bill move through it too while the bill stays open.
 * Quantities are exact decimal text in the line's stepper unit (packs on a pack line, main units
 * otherwise). Portable DDL only (SQLite and PostgreSQL).
 */
import { sql, type Kysely, type Migration } from 'kysely'

const REF_ID = 'varchar(64)'
const INSTANT = 'varchar(32)'
const QUANTITY = 'varchar(32)'

export const kitchen: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('kitchen_stations')
      .addColumn('station_id', REF_ID, (c) => c.primaryKey())
      .addColumn('ent_id', REF_ID, (c) => c.notNull())
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('base_id', REF_ID, (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      // JSON arrays of class ids and goods ids.
      .addColumn('class_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('goods_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('alert_minutes', 'integer', (c) => c.notNull().defaultTo(10))
      .addColumn('printer_host', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('printer_port', 'integer', (c) => c.notNull().defaultTo(9100))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('kitchen_stations_base').on('kitchen_stations').columns(['base_id', 'sort']).execute()

    await db.schema
      .createTable('kitchen_tickets')
      .addColumn('ticket_id', REF_ID, (c) => c.primaryKey())
      .addColumn('ent_id', REF_ID, (c) => c.notNull())
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('base_id', REF_ID, (c) => c.notNull())
      .addColumn('station_id', REF_ID, (c) => c.notNull().defaultTo(''))
      .addColumn('order_id', REF_ID, (c) => c.notNull())
      // 'open' on the board; 'bumped' done (recall reopens it).
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('changed_at', INSTANT)
      .addColumn('bumped_at', INSTANT)
      .addColumn('bumped_by', REF_ID, (c) => c.notNull().defaultTo(''))
      // Someone heard it: the board stops sounding for it (on every board).
      .addColumn('acked_at', INSTANT)
      .execute()
    await db.schema.createIndex('kitchen_tickets_order_station').on('kitchen_tickets').columns(['order_id', 'station_id']).unique().execute()
    await db.schema.createIndex('kitchen_tickets_base').on('kitchen_tickets').columns(['base_id', 'status', 'created_at']).execute()

    await db.schema
      .createTable('kitchen_ticket_lines')
      .addColumn('order_id', REF_ID, (c) => c.notNull())
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('ticket_id', REF_ID, (c) => c.notNull())
      .addColumn('qua', QUANTITY, (c) => c.notNull())
      // Before the last change ('' never changed).
      .addColumn('prev_qua', QUANTITY, (c) => c.notNull().defaultTo(''))
      .addColumn('changed_at', INSTANT)
      .addColumn('done_at', INSTANT)
      .addPrimaryKeyConstraint('kitchen_ticket_lines_pk', ['order_id', 'line_no'])
      .execute()
    await db.schema.createIndex('kitchen_ticket_lines_ticket').on('kitchen_ticket_lines').column('ticket_id').execute()

    await db.schema
      .createTable('kitchen_sends')
      .addColumn('order_id', REF_ID, (c) => c.notNull())
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('delta', QUANTITY, (c) => c.notNull())
      // 'sent' | 'raised' | 'lowered' | 'cancelled'
      .addColumn('reason', 'varchar(16)', (c) => c.notNull())
      .addColumn('at', INSTANT, (c) => c.notNull())
      .addPrimaryKeyConstraint('kitchen_sends_pk', ['order_id', 'line_no', 'seq'])
      .execute()

    await db.schema.alterTable('orders').addColumn('kitchen_stage', 'varchar(16)', (c) => c.notNull().defaultTo('')).execute()
    await db.schema
      .createIndex('orders_kitchen_stage')
      .on('orders')
      .columns(['base_id', 'kitchen_stage'])
      .where(sql.ref('kitchen_stage'), '<>', '')
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_kitchen_stage').execute()
    await db.schema.alterTable('orders').dropColumn('kitchen_stage').execute()
    await db.schema.dropTable('kitchen_sends').execute()
    await db.schema.dropTable('kitchen_ticket_lines').execute()
    await db.schema.dropTable('kitchen_tickets').execute()
    await db.schema.dropTable('kitchen_stations').execute()
  }
}
