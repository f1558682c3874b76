/** The gateway's shortcuts give the answers of the long way round. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { parse as formbodyParse } from 'fast-querystring'
import { z } from 'zod'
import { importMenuFile } from '../../server/src/domain/catalogue/menu-import.service'
import { parseForm } from '../../server/src/http/form-body'
import { safeParseRecord } from '../../server/src/http/record-parse'
import { baseRecordSchema } from '../../server/src/operations/fields'
import GoodsListByClass from '../../server/src/operations/goods/GoodsListByClass'
import { createDatabase, type AppDatabase } from '../../server/src/storage/database'
import { changeStampNow } from '../../server/src/storage/prepared'
import { findEnterprise } from '../../server/src/storage/repositories/enterprise.repository'
import * as menuRepository from '../../server/src/storage/repositories/menu.repository'
import { createTestServer, DEMO_ENT, type SecondInstance, type TestServer } from './helpers/test-server'

describe('form body parsing', () => {
  // What @fastify/formbody (fast-querystring) made of these, the route's own parser must make too.
  const bodies = [
    '',
    'a=1&b=2',
    'a=1&a=2&a=3',
    'a&b=&=c&&=&d==e',
    'a+b=c+d&%61=%62',
    'key=%E9%A3%B2%E5%93%81&bad=%E9%A3&worse=%zz&half=%4',
    'x=%2B%26%3D&y=a%20b+c',
    '__proto__=1&constructor=2&toString=3',
    'ServerType=Goods&KeyName=GoodsListByClass&strJsonData=%7B%22tableData%22%3A%5B%5D%7D&AuthCode=c&IsRSA=0&EntID=E1001',
    '&&a=1&',
    '%ED%A0%80=lone&s=%F0%9F%8D%B5'
  ]

  it.each(bodies)('reads %j as formbody did', (body) => {
    expect({ ...parseForm(body) }).toEqual({ ...formbodyParse(body) })
  })
})

describe('record validation memo', () => {
  const records: Record<string, unknown>[] = [
    { EntID: 'E1001', UserID: 'u1', AppName: 'app', ShopID: 'S101', BaseID: 'B201', ClassID: 'c1' },
    { EntID: 'E1001', UserID: 'u1', AppName: 'app', ShopID: 'S101', BaseID: 'B201', ClassID: 'c1' },
    { EntID: 1001, UserID: null, AppName: '  ', ShopID: 101, BaseID: '', ClassID: null, Keyword: 7, PageSize: '20' },
    { EntID: 1001, UserID: null, AppName: '  ', ShopID: 101, BaseID: '', ClassID: null, Keyword: 7, PageSize: '20' },
    { EntID: 'E1001', ShopID: ' S101 ', PageSize: 20, PageIndex: '2' },
    { EntID: 'E1001', ShopID: 'S101', BaseID: undefined },
    { EntID: 'E1001', ShopID: 'S101' },
    { EntID: 'E1001', ShopID: 'S101', PageSize: 0 },
    { EntID: 'E1001', ShopID: 'S101', PageSize: 0 },
    { EntID: 'E1001', ShopID: '' },
    { EntID: 'E1001', ShopID: 'S101', ClassID: { nested: true } },
    { EntID: 'x'.repeat(129), UserID: true, ShopID: 'S101' }
  ]

  it.each([baseRecordSchema, GoodsListByClass.input])('answers like zod, again and again (%#)', (schema) => {
    for (let round = 0; round < 3; round++) {
      for (const record of records) expect(safeParseRecord(schema, record)).toEqual(schema.safeParse(record))
    }
  })

  it('hands out a copy: changing an answer does not change the next one', () => {
    const record = { EntID: 'E1001', ShopID: 'S101', ClassID: 'c9' }
    const first = safeParseRecord(GoodsListByClass.input, record)
    if (!first.success) throw new Error('expected success')
    first.data.ClassID = 'changed'
    expect(safeParseRecord(GoodsListByClass.input, record)).toEqual(GoodsListByClass.input.safeParse(record))
  })

  it('leaves schemas that read other keys to zod', () => {
    const strict = z.object({ A: z.string() }).strict()
    expect(safeParseRecord(strict, { A: 'a' }).success).toBe(true)
    expect(safeParseRecord(strict, { A: 'a', B: 'b' }).success).toBe(false)
    const passthrough = z.object({ A: z.string() }).passthrough()
    expect(safeParseRecord(passthrough, { A: 'a' })).toEqual({ success: true, data: { A: 'a' } })
    expect(safeParseRecord(passthrough, { A: 'a', B: 'b' })).toEqual({ success: true, data: { A: 'a', B: 'b' } })
  })
})

describe('hot reads beside a transaction', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
  })
  afterAll(() => server.close())

  it("never see a transaction's uncommitted rows", async () => {
    const original = await findEnterprise(server.db, DEMO_ENT)
    expect(original).not.toBeNull()
    let inside!: () => void
    const reached = new Promise<void>((resolve) => (inside = resolve))
    let finish!: () => void
    const release = new Promise<void>((resolve) => (finish = resolve))
    const names = JSON.stringify({ 'zh-CN': '改名', 'zh-TW': '改名', en: 'Renamed' })
    const transaction = server.db.transaction().execute(async (trx) => {
      await trx.updateTable('enterprises').set({ names }).where('ent_id', '=', DEMO_ENT).execute()
      inside()
      await release
      throw new Error('roll back')
    })
    await reached
    // Read while the transaction is open (SQLite: on the one connection the transaction holds,
    // so the read must wait for it; PostgreSQL: on another connection).
    const during = findEnterprise(server.db, DEMO_ENT)
    finish()
    await expect(transaction).rejects.toThrow('roll back')
    expect(await during).toEqual(original)
    expect(await findEnterprise(server.db, DEMO_ENT)).toEqual(original)
  })
})

describe('kept answers', () => {
  const FIXTURE = path.join(__dirname, 'fixtures', 'menu', 'tea-house.json')
  const DRINKS = { ShopID: 'S101', ClassID: 'S101.c.DRINKS' }
  let server: TestServer
  let other: SecondInstance
  let fresh = 0
  beforeAll(async () => {
    server = await createTestServer()
    await importMenuFile(server.db, FIXTURE, { filesDir: server.config.filesDir })
    // Changes come through another connection, as from another server process or the CLI.
    other = await server.openSecondInstance()
  })
  afterAll(() => server.close())
  afterEach(() => jest.restoreAllMocks())

  /** The same body every time: answered from the kept answer once there is one. */
  const repeated = (options = {}) => server.call('GoodsListByClass', [DRINKS], options)
  /** A body never sent before (its UserID): always the full way. */
  const fullWay = (options = {}) => server.call('GoodsListByClass', [{ ...DRINKS, UserID: `fresh-${fresh++}` }], options)

  it('answers a repeated request with the same bytes, without running the operation again', async () => {
    const first = await repeated()
    expect([first.body.errcode, first.body.resultcode]).toEqual(['0', '0'])
    const handler = jest.spyOn(GoodsListByClass, 'handler')
    const again = await repeated()
    expect(handler).not.toHaveBeenCalled()
    expect(again.text).toBe(first.text)
    expect(again.headers['content-type']).toBe(first.headers['content-type'])
    expect((await fullWay()).text).toBe(first.text)
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it('reads the menu head again only when something was committed (SQLite)', async () => {
    if (server.database.dialect !== 'sqlite') return
    await repeated()
    await repeated()
    const headReads = jest.spyOn(menuRepository, 'findMenuHeadNow')
    await repeated()
    expect(headReads).not.toHaveBeenCalled()
    // A commit through this connection (total_changes), then one through another (data_version).
    await server.db.insertInto('enterprise_settings').values({ ent_id: DEMO_ENT, parm_id: 'HotPathTest', parm_value: '1' }).execute()
    await repeated()
    expect(headReads).toHaveBeenCalledTimes(1)
    await repeated()
    expect(headReads).toHaveBeenCalledTimes(1)
    await other.db.deleteFrom('enterprise_settings').where('parm_id', '=', 'HotPathTest').execute()
    await repeated()
    expect(headReads).toHaveBeenCalledTimes(2)
  })

  it('keeps answers apart by language and by the origin the caller reached', async () => {
    await repeated()
    const en = await repeated()
    const zh = await repeated({ lang: 'zh-TW' })
    expect(zh.body.data.table1.map((g) => g.GoodsName)).not.toEqual(en.body.data.table1.map((g) => g.GoodsName))
    expect((await repeated({ lang: 'zh-TW' })).text).toBe(zh.text)
    const elsewhere = await repeated({ headers: { host: 'order.example.mo:8443' } })
    expect(elsewhere.text).toContain('order.example.mo')
    expect(en.text).not.toContain('order.example.mo')
  })

  it.each([
    ['the PricePoint setting', true, (db: SecondInstance['db']) => db.updateTable('enterprise_settings').set({ parm_value: '0' }).where('ent_id', '=', DEMO_ENT).where('parm_id', '=', 'PricePoint').execute()],
    // Only which promotions run now depends on it: the answer may stay the same.
    ['the TimeZone setting', false, (db: SecondInstance['db']) => db.updateTable('enterprise_settings').set({ parm_value: 'America/Los_Angeles' }).where('ent_id', '=', DEMO_ENT).where('parm_id', '=', 'TimeZone').execute()],
    ['the picture link', true, (db: SecondInstance['db']) => db.updateTable('service_links').set({ url: 'https://img.example.mo/menu/' }).where('ent_id', '=', DEMO_ENT).where('link_type', '=', 'image').execute()],
    ['the menu version', false, (db: SecondInstance['db']) => db.updateTable('menus').set((eb) => ({ version: eb('version', '+', 1) })).where('shop_id', '=', 'S101').execute()],
    ['the shop being disabled', true, (db: SecondInstance['db']) => db.updateTable('shops').set({ is_enable: 0 }).where('shop_id', '=', 'S101').execute()]
  ] as const)('follows a change of %s made elsewhere on the next request', async (_change, changesAnswer, change) => {
    // The first goes the full way; the second's check reads the menu head; the third's finds
    // the database's change stamp as the second left it and reads nothing more.
    await repeated()
    await repeated()
    const before = await repeated()
    await change(other.db)
    const after = await repeated()
    expect(after.text).toBe((await fullWay()).text)
    if (changesAnswer) expect(after.text).not.toBe(before.text)
  })

  it('follows a change made through its own connection too', async () => {
    await server.db.updateTable('shops').set({ is_enable: 1 }).where('shop_id', '=', 'S101').execute()
    await repeated()
    await repeated()
    const before = await repeated()
    await server.db.updateTable('service_links').set({ url: 'https://cdn.example.mo/pictures/' }).where('ent_id', '=', DEMO_ENT).where('link_type', '=', 'image').execute()
    const after = await repeated()
    expect(after.text).toContain('cdn.example.mo')
    expect(after.text).not.toBe(before.text)
    expect(after.text).toBe((await fullWay()).text)
  })

  it("never answers from a transaction's uncommitted rows", async () => {
    await repeated()
    const before = await repeated()
    let inside!: () => void
    const reached = new Promise<void>((resolve) => (inside = resolve))
    let finish!: () => void
    const release = new Promise<void>((resolve) => (finish = resolve))
    const transaction = server.db.transaction().execute(async (trx) => {
      await trx.updateTable('shops').set({ is_enable: 0 }).where('shop_id', '=', 'S101').execute()
      inside()
      await release
      throw new Error('roll back')
    })
    await reached
    // SQLite: the check waits for the one connection the transaction holds; PostgreSQL: reads
    // on another connection.
    const during = repeated()
    finish()
    await expect(transaction).rejects.toThrow('roll back')
    expect((await during).text).toBe(before.text)
  })

  it('does not keep errors', async () => {
    const handler = jest.spyOn(GoodsListByClass, 'handler')
    const unknownClass = () => server.call('GoodsListByClass', [{ ShopID: 'S102', ClassID: 'nope' }])
    const first = await unknownClass()
    const second = await unknownClass()
    expect(second.text).toBe(first.text)
    expect(first.body.errcode).toBe('0')
    expect(first.body.resultcode).not.toBe('0')
    expect(handler).toHaveBeenCalledTimes(2)
  })

  it('answers a repeated request with a wrong AuthCode the full way, with 10004', async () => {
    const good = await server.call('GoodsClassAllGet', [{ ShopID: 'S102' }])
    expect(good.body.errcode).toBe('0')
    const wrong = await server.call('GoodsClassAllGet', [{ ShopID: 'S102' }], { authCode: 'not-the-code' })
    expect(wrong.body.errcode).toBe('10004')
  })
})

describe('database change stamp', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-stamp-'))
  const open = () => createDatabase({ databaseUrl: null, dataDir: dir })
  const insert = (database: AppDatabase, x: number) => sql`insert into t (x) values (${x})`.execute(database.db)
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  // SQLite only (PostgreSQL has no stamp: changeStampNow answers null there).
  it('moves with every commit through any handle, and only then, also after the file is closed and opened again', async () => {
    const a = await open()
    await sql`create table t (x integer)`.execute(a.db)
    const b = await open()
    const first = changeStampNow(a.db)
    expect(first).toHaveLength(48) // the WAL index header, read without SQL
    expect(changeStampNow(a.db)).toBe(first)
    await insert(b, 1)
    const second = changeStampNow(a.db)
    expect(second).not.toBe(first)
    await insert(a, 2)
    expect(changeStampNow(a.db)).not.toBe(second)
    await a.destroy()
    await b.destroy()

    // Opened again: SQLite may make a new WAL index file; the stamp must follow the new one.
    const c = await open()
    const d = await open()
    const reopened = changeStampNow(c.db)
    expect(reopened).not.toBeNull()
    await insert(d, 3)
    const afterInsert = changeStampNow(c.db)
    expect(afterInsert).not.toBe(reopened)

    // Uncommitted rows do not move it; the commit does.
    let inside!: () => void
    const reached = new Promise<void>((resolve) => (inside = resolve))
    let finish!: () => void
    const release = new Promise<void>((resolve) => (finish = resolve))
    const transaction = c.db.transaction().execute(async (trx) => {
      await sql`insert into t (x) values (4)`.execute(trx)
      inside()
      await release
    })
    await reached
    expect(changeStampNow(c.db)).toBe(afterInsert)
    finish()
    await transaction
    expect(changeStampNow(c.db)).not.toBe(afterInsert)
    await c.destroy()
    await d.destroy()
  })
})
