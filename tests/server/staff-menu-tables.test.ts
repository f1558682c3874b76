/**
 * The console's menu and tables operations (issue 23): the sold-out switch from a kitchen PIN
 * session reaches diners' menu reads on this and a second server process and is audited; a
 * cashier's shop scope holds; tables added in bulk get codes the gateway accepts; a rotated code
 * stops working at once; the QR sheet's printed codes decode to URLs this server accepts.
 */
import { readPdf } from './helpers/pdf-qr'
import { addPerson, ownerOf, pairDevice, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  owner = await ownerOf(server)
})
afterAll(() => server.close())

const codes = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`
const diner = (call: TestServer['call']) => async (goodsId: string) =>
  ok(await call('GoodsListByClass', [{ ShopID: 'S101', BaseID: 'B201', ClassID: '' }])).table1.find((g: { GoodsID: string }) => g.GoodsID === goodsId)

test('a cook on the kitchen tablet marks a goods sold out: diners on both server processes see it, it is audited, and back on sale undoes it', async () => {
  const cook = await addPerson(server, owner, 'kitchen', { pin: '1357', shopIds: 'S101', name: 'Cook Kim' })
  const { deviceToken } = await pairDevice(server, owner, 'S101', 'B201', 'kitchen')
  const device = { 'x-staff-device': deviceToken }
  const token = ok(await server.call('StaffPinLogin', [{ StaffID: cook.staffId, Pin: '1357' }], { headers: device })).table1[0].Token
  const headers = { ...device, authorization: `Bearer ${token}` }
  const menu = ok(await server.call('StaffMenuGet', [{ ShopID: 'S101' }], { headers }))
  expect(menu.table1.length).toBeGreaterThan(5)
  const goods = menu.table1[0]
  expect(goods.SoldOut).toBe(0)
  const second = await server.openSecondInstance()
  // Both processes have read (and cached) the menu before the switch.
  expect((await diner(server.call)(goods.GoodsID)).SoldOut ?? 0).toBe(0)
  expect((await diner(second.call)(goods.GoodsID)).SoldOut ?? 0).toBe(0)
  const switched = await server.call('GoodsSoldOutSet', [{ ShopID: 'S101', GoodsID: goods.GoodsID, SoldOut: 1, Reason: 'ran out of brisket' }], { headers })
  if (switched.body.errcode !== '0') throw new Error(switched.body.errmsg)
  expect(ok(switched).table1[0]).toMatchObject({ Changed: true })
  expect((await diner(server.call)(goods.GoodsID)).SoldOut).toBe(1)
  expect((await diner(second.call)(goods.GoodsID)).SoldOut).toBe(1)
  const audit = ok(await server.call('AuditListByPage', [{ Action: 'goods.soldOut' }], { headers: owner.headers })).table1[0]
  expect(audit).toMatchObject({ StaffName: 'Cook Kim', Role: 'kitchen', DeviceName: 'Counter tablet', TargetID: goods.GoodsID, Reason: 'ran out of brisket' })
  ok(await server.call('GoodsSoldOutSet', [{ ShopID: 'S101', GoodsID: goods.GoodsID, SoldOut: 0, Reason: '' }], { headers }))
  expect((await diner(second.call)(goods.GoodsID)).SoldOut ?? 0).toBe(0)
  // An add-on too.
  const addOn = menu.table2[0]
  if (addOn) {
    expect(ok(await server.call('AddOnSoldOutSet', [{ ShopID: 'S101', GoodsID: addOn.GoodsID, OptionID: addOn.OptionID, SoldOut: 1, Reason: '' }], { headers })).table1[0].Changed).toBe(true)
    const listed = await server.call('AttachmentChargingList', [{ ShopID: 'S101', GoodsID: addOn.GoodsID }])
    if (listed.body.errcode !== '0') throw new Error(listed.body.errmsg + ' ' + addOn.GoodsID)
    const options = listed.body.data.table1
    expect(options.find((o: { OptionID?: string; AttachmentID?: string }) => (o.OptionID ?? o.AttachmentID) === addOn.OptionID)?.SoldOut).toBe(1)
  }
  // The cook's shop only: another shop's goods are not theirs to switch.
  expect(codes(await server.call('StaffMenuGet', [{ ShopID: 'S102' }], { headers }))).toBe('10013/')
  expect(codes(await server.call('GoodsSoldOutSet', [{ ShopID: 'S102', GoodsID: goods.GoodsID, SoldOut: 1, Reason: '' }], { headers }))).toBe('10013/')
})

test('tables added in bulk get working codes; a rotated code stops at once; a cashier cannot add tables', async () => {
  const added = ok(await server.call('TablesAdd', [{ BaseID: 'B201', Pattern: 'X01–X08', Area: 'Floor 2' }], { headers: owner.headers })).table1
  expect(added.map((t: { Code: string }) => t.Code)).toEqual(['X01', 'X02', 'X03', 'X04', 'X05', 'X06', 'X07', 'X08'])
  const code = (url: string) => new URL(url).searchParams.get('QRCode') as string
  const entry = await server.call('EntIDGet', [{ QRCode: code(added[0].EntryUrl) }], { entId: '' })
  expect(ok(entry).table1[0]).toMatchObject({ TableID: added[0].TableID })
  const rotated = ok(await server.call('TableRotate', [{ TableID: added[0].TableID, Reason: 'card photographed' }], { headers: owner.headers })).table1[0]
  expect(rotated.EntryUrl).not.toBe(added[0].EntryUrl)
  expect(codes(await server.call('EntIDGet', [{ QRCode: code(added[0].EntryUrl) }], { entId: '' }))).not.toBe('0/0')
  ok(await server.call('EntIDGet', [{ QRCode: code(rotated.EntryUrl) }], { entId: '' }))
  expect(codes(await server.call('TablesAdd', [{ BaseID: 'B201', Pattern: 'X01', Area: '' }], { headers: owner.headers }))).not.toBe('0/0')
  const cashier = await personWithRole(server, owner, 'cashier', { shopIds: 'S101' })
  expect(codes(await server.call('TablesAdd', [{ BaseID: 'B201', Pattern: 'Y01-Y02', Area: '' }], { headers: cashier.headers }))).toBe('10013/')
  expect(codes(await server.call('TableQrSheet', [{ ShopID: 'S101', BaseID: '', Locale: 'en' }], { headers: cashier.headers }))).toBe('10013/')
})

test("the QR sheet from the console prints every table and the counter of the shop, each decoding to a URL the gateway accepts", async () => {
  const sheet = ok(await server.call('TableQrSheet', [{ ShopID: 'S101', BaseID: '', Locale: 'zh-TW' }], { headers: owner.headers })).table1[0]
  expect(sheet.FileName).toMatch(/\.pdf$/)
  const file = readPdf(Buffer.from(sheet.PdfBase64, 'base64'))
  const decoded = file.pages.flatMap((p) => p.qrCodes).filter((c): c is string => c !== null)
  const tables = ok(await server.call('StaffTableList', [{ ShopID: 'S101', BaseID: '' }], { headers: owner.headers })).table1
  for (const t of tables) expect(decoded).toContain(t.EntryUrl)
  expect(decoded.length).toBe(tables.length + 1)
  for (const url of decoded) {
    const res = await server.call('EntIDGet', [{ QRCode: new URL(url).searchParams.get('QRCode') }], { entId: '' })
    expect(codes(res)).toBe('0/0')
  }
})
