/**
 * Migration 0012: members who held recharge gift coupons (member_coupons) before coupon cards
 * existed keep them as cards of the gift's plan, with their days and state. SQLite, and
 * PostgreSQL with DATABASE_URL.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { Migrator } from 'kysely'
import { sql } from 'kysely'
import { createDatabase, type AppDatabase } from '../../server/src/storage/database'
import { MIGRATIONS, migrateToLatest } from '../../server/src/storage/migrations'
import { seedDemo } from '../../server/src/storage/seed'

let database: AppDatabase
const schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-mig-'))
  database = await createDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir }, { schema })
})
afterAll(async () => {
  if (schema) await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db)
  await database.destroy()
})

test('gift coupons held before 0012 become cards of the gift plan: same ids, days and state; one plan per gift of a rule', async () => {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => ({ ...MIGRATIONS }) },
    ...(database.schema ? { migrationTableSchema: database.schema } : {})
  })
  const { error } = await migrator.migrateTo('0011_coupons')
  expect(error).toBeUndefined()
  await seedDemo(database.db)
  const db = database.db
  const at = '2031-01-05T04:00:00.000Z'
  await db.insertInto('members').values({ vip_id: 'VOLD', ent_id: 'E1001', code_ref: 'ref-old', created_at: at, updated_at: at }).execute()
  const recharge = { ent_id: 'E1001', shop_id: 'S101', vip_id: 'VOLD', rule_id: 'E1001-RR500', request_key: 'k', request_hash: 'h', amount: '500', gift_amount: '100', status: 1, provider: 'sandbox', created_at: at, paid_at: at }
  await db.insertInto('recharges').values({ ...recharge, recharge_id: 'RC1' }).execute()
  const coupon = { ent_id: 'E1001', vip_id: 'VOLD', names: JSON.stringify({ 'zh-CN': '满 50 减 10', 'zh-TW': '滿 50 減 10', en: '10 off 50' }), value: '10', min_amount: '50', source: 'recharge', source_id: 'RC1', created_at: at }
  await db
    .insertInto('member_coupons')
    .values([
      { ...coupon, coupon_id: 'RC1-C1-1', valid_from: '2031-01-05', valid_to: '2031-02-03', status: 0 },
      { ...coupon, coupon_id: 'RC1-C1-2', valid_from: '2031-01-05', valid_to: '2031-02-03', status: 1 }
    ])
    .execute()

  await migrateToLatest(database)

  const cards = await db.selectFrom('coupon_cards').selectAll().where('vip_id', '=', 'VOLD').orderBy('card_id').execute()
  expect(cards.map((c) => [c.card_id, c.status, c.valid_from, c.valid_to, c.source])).toEqual([
    ['RC1-C1-1', 0, '2031-01-05', '2031-02-03', 'migrated'],
    ['RC1-C1-2', 1, '2031-01-05', '2031-02-03', 'migrated']
  ])
  expect(cards[0].code).toMatch(/^\d{12}$/)
  expect(cards[0].code).not.toBe(cards[1].code)
  // The seed's gift plan of that rule is the one they join (the same code settlement uses).
  const plan = await db.selectFrom('coupon_plans').selectAll().where('plan_id', '=', cards[0].plan_id).executeTakeFirstOrThrow()
  expect(plan).toMatchObject({ code: 'recharge-gift:E1001-RR500:1', amount: '10', min_amount: '50', claimable: 0 })
  expect(cards[1].plan_id).toBe(cards[0].plan_id)
  const events = await db.selectFrom('coupon_card_events').selectAll().where('card_id', '=', 'RC1-C1-1').execute()
  expect(events.map((e) => e.action)).toEqual(['migrate'])
})
