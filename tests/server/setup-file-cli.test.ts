/**
 * npm run setup-file (docs/setup.md): export a restaurant's setup, import it as a new enterprise or
 * over an existing one, a refused file with every problem numbered, usage errors. On this test's
 * SQLite file, or its PostgreSQL schema when DATABASE_URL is set.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseSetupFileArgs } from '../../server/src/cli/setup-file'
import { createTestServer, ok, runCli, type TestServer } from './helpers/test-server'

let server: TestServer
let dir: string

beforeAll(async () => {
  server = await createTestServer()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-file-cli-'))
}, 60_000)
afterAll(async () => {
  await server?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

test('the command line: flags per command, anything else a usage error', () => {
  expect(parseSetupFileArgs(['export', 'a.json', '--ent', 'E1001', '--keep-codes', '--no-menus'])).toEqual({ command: 'export', file: 'a.json', entId: 'E1001', keepCodes: true, menus: false })
  expect(parseSetupFileArgs(['import', 'a.json', '--replace', 'E1001', '--pictures', '/tmp/p'])).toEqual({ command: 'import', file: 'a.json', replace: 'E1001', keepCodes: false, menus: true, pictures: '/tmp/p' })
  for (const argv of [[], ['export'], ['export', '--ent', 'E1001'], ['import', 'a.json', '--ent', 'E1001'], ['export', 'a.json', '--replace', 'E1001'], ['export', 'a.json', '--ent'], ['copy', 'a.json']]) {
    expect({ argv, args: parseSetupFileArgs(argv) }).toEqual({ argv, args: null })
  }
})

test('export the demo, import it as a new enterprise (its own ids and codes), change it and import it over that one', async () => {
  const file = path.join(dir, 'demo.json')
  const exported = await runCli(server, 'setup-file', 'export', file, '--ent', 'E1001', '--no-menus')
  expect(exported).toMatchObject({ code: 0 })
  expect(exported.stdout).toMatch(/the setup of E1001: 2 shops, 12 tables, without menus\./)
  const setup = JSON.parse(fs.readFileSync(file, 'utf8'))
  expect(setup.enterprise).toMatchObject({ quantityEditAllowed: true, lowerSentAllowed: true })

  const made = await runCli(server, 'setup-file', 'import', file)
  expect(made.code).toBe(0)
  const entId = /made the new enterprise (\S+):/.exec(made.stdout)?.[1] as string
  expect(entId).toMatch(/^E[A-Z]/)
  expect(made.stdout).toContain(`npm run setup -- --ent ${entId}`)
  const counter = /shop 101 = \S+, counter code (\S+);/.exec(made.stdout)?.[1] as string
  expect(ok(await server.call('EntIDGet', [{ QRCode: counter }], { entId: '' })).table1[0].EntID).toBe(entId)

  setup.enterprise.lowerSentAllowed = false
  setup.shops[0].pageConfig = 'notice,order,links,language,recommended'
  fs.writeFileSync(file, JSON.stringify(setup))
  const replaced = await runCli(server, 'setup-file', 'import', file, '--replace', entId)
  expect(replaced.code).toBe(0)
  expect(replaced.stdout).toContain(`replaced the setup of enterprise ${entId}`)
  const settings = await server.db.selectFrom('enterprise_settings').select(['parm_id', 'parm_value']).where('ent_id', '=', entId).execute()
  expect(Object.fromEntries(settings.map((s) => [s.parm_id, s.parm_value]))).toMatchObject({ CYSheetSentQuaLower: '0', CYSheetGoodsQuaEdit: '1' })
  const shop = await server.db.selectFrom('shops').select('shop_id').where('ent_id', '=', entId).where('code', '=', '101').executeTakeFirstOrThrow()
  const param = await server.db.selectFrom('shop_params').select('parm_value').where('shop_id', '=', shop.shop_id).where('parm_id', '=', 'ShopPageConfig').executeTakeFirstOrThrow()
  expect(param.parm_value).toBe('notice,order,links,language,recommended')
}, 120_000)

test('a refused file lists every problem, numbered, and imports nothing; unknown enterprises and usage errors', async () => {
  const before = await server.db.selectFrom('enterprises').select('ent_id').execute()
  const file = path.join(dir, 'bad.json')
  fs.writeFileSync(
    file,
    JSON.stringify({ format: 'scanorder-setup/1', enterprise: { names: { en: 'X' }, currency: 'MOP$', timeZone: 'Mars/Base' }, shops: [{ code: '101', names: { en: 'A' }, pageConfig: 'order', branches: [] }] })
  )
  const refused = await runCli(server, 'setup-file', 'import', file)
  expect(refused.code).toBe(1)
  expect(refused.stderr).toContain('refused, nothing was imported:')
  expect(refused.stderr).toContain('  1. enterprise.timeZone: unknown time zone "Mars/Base"')
  expect(refused.stderr).toContain('  2. shops[0] "101" pageConfig: must show "language"')
  fs.writeFileSync(path.join(dir, 'broken.json'), '{"format":')
  expect(await runCli(server, 'setup-file', 'import', path.join(dir, 'broken.json'))).toMatchObject({ code: 1, stderr: expect.stringContaining('not JSON') })
  expect(await server.db.selectFrom('enterprises').select('ent_id').execute()).toHaveLength(before.length)
  expect(await runCli(server, 'setup-file', 'export', path.join(dir, 'x.json'), '--ent', 'E0000')).toMatchObject({ code: 1, stderr: expect.stringContaining('No enterprise E0000') })
  expect((await runCli(server, 'setup-file', 'copy', 'x')).code).toBe(2)
}, 120_000)
