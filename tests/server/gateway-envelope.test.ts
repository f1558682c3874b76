/**
 * The envelope: every way a request can be malformed gets its errcode, HTTP status and a
 * message in the caller's language; never a 5xx for bad input, never a stack trace.
 */
import { ENVELOPE_FIELDS } from '../../src/gateway/contract'
import { AUTH_CODE, createTestServer, type GatewayResult, type TestServer } from './helpers/test-server'
import { tableCode } from './helpers/table-codes'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

function expectEnvelopeError(res: GatewayResult, errcode: string, status: number): void {
  expect(res.body.errcode).toBe(errcode)
  expect(res.status).toBe(status)
  expect(res.body.errmsg).not.toBe('')
  expect(res.body.resultcode).toBe('')
  expect(res.body.data).toEqual({})
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+/) // no stack frames
}

describe('successful envelope', () => {
  it("answers errcode '0', resultcode '0', empty messages, and JSON", async () => {
    const res = await server.call('ShopListByPage', [{}])
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.body).toMatchObject({ errcode: '0', errmsg: '', resultcode: '0', resultmsg: '' })
    expect(Object.keys(res.body.data)).toEqual(['table1', 'table2'])
  })

  it('percent-encodes every string, nested ones too, and leaves numbers alone', async () => {
    const res = await server.call('HomeShopDetailsGet', [{ QRCode: await tableCode(server.db, 'B201-A03') }], { lang: 'zh-TW' })
    const raw = JSON.parse(res.text)
    expect(raw.data.table1[0].ShopName).toBe(encodeURIComponent('蓮香茶室'))
    expect(raw.data.table1[0].ShopNames['zh-CN']).toBe(encodeURIComponent('莲香茶室'))
    expect(raw.data.table5[0].TimeZone).toBe('Asia%2FMacau')
    expect(raw.data.table3[0].Lat).toBe(22.1936)
    expect(raw.data.table4[0].Status).toBe(0)
    expect(res.text).not.toMatch(/[\u4e00-\u9fff]/)
  })
})

describe('envelope errors', () => {
  it.each(ENVELOPE_FIELDS.filter((f) => f !== 'EntID'))('names a missing %s (10001)', async (field) => {
    const res = await server.call('ShopListByPage', [{}], { fields: { [field]: undefined } })
    expectEnvelopeError(res, '10001', 400)
    expect(res.body.errmsg).toBe(`The request is missing a required field: ${field}`)
  })

  it('names a missing EntID field (10001), while an empty EntID is allowed', async () => {
    const res = await server.call('EntIDGet', [{ QRCode: 'QR-S101' }], { fields: { EntID: undefined } })
    expectEnvelopeError(res, '10001', 400)
    expect(res.body.errmsg).toContain('EntID')
  })

  it('rejects strJsonData that is not JSON, or has no tableData list (10002)', async () => {
    for (const strJsonData of ['{tableData:', '[]', '{"tableData":{"EntID":"E1001"}}', 'null']) {
      const res = await server.call('ShopListByPage', [{}], { fields: { strJsonData } })
      expectEnvelopeError(res, '10002', 400)
      expect(res.body.errmsg).toBe('The request data is not valid JSON')
    }
  })

  it('rejects an empty tableData list (10007)', async () => {
    const res = await server.call('ShopListByPage', [], { raw: true })
    expectEnvelopeError(res, '10007', 400)
  })

  it('rejects an unknown KeyName and a KeyName under the wrong ServerType (10003)', async () => {
    const unknown = await server.call('MenuDelete', [{}], { fields: { ServerType: 'Goods' } })
    expectEnvelopeError(unknown, '10003', 404)
    expect(unknown.body.errmsg).toBe('Unknown operation: Goods/MenuDelete')
    const misplaced = await server.call('ShopListByPage', [{}], { fields: { ServerType: 'Retail' } })
    expectEnvelopeError(misplaced, '10003', 404)
    const bogusGroup = await server.call('ShopListByPage', [{}], { fields: { ServerType: 'Admin' } })
    expectEnvelopeError(bogusGroup, '10003', 404)
  })

  it('rejects a wrong AuthCode (10004) before looking at the operation', async () => {
    const res = await server.call('ShopListByPage', [{}], { authCode: `${AUTH_CODE}x` })
    expectEnvelopeError(res, '10004', 401)
    const unknownOp = await server.call('NoSuchOp', [{}], { authCode: 'wrong' })
    expect(unknownOp.body.errcode).toBe('10004')
  })

  it("rejects a record whose EntID differs from the envelope's (10005), also on the 2nd record", async () => {
    const first = await server.call('ShopListByPage', [{ EntID: 'E2002' }])
    expectEnvelopeError(first, '10005', 400)
    const second = await server.call('HelpFeedbackAdd', [{ FbContent: 'a' }, { FbContent: 'b', EntID: 'E2002' }])
    expectEnvelopeError(second, '10005', 400)
    const count = await server.db.selectFrom('feedback').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()
    expect(Number(count?.n)).toBe(0)
  })

  it('rejects a body over BODY_LIMIT as an envelope (10006), not as Fastify error JSON', async () => {
    const res = await server.call('HelpFeedbackAdd', [{ FbContent: 'x'.repeat(server.config.bodyLimit + 10) }])
    expectEnvelopeError(res, '10006', 413)
    expect(res.body.errmsg).toBe('The request is too large')
    expect(res.text).not.toContain('FST_')
  })

  it('names the field that fails the schema (10007), on any record', async () => {
    const res = await server.call('ShopParamsGet', [{ ShopID: { id: 'S101' } }])
    expectEnvelopeError(res, '10007', 400)
    expect(res.body.errmsg).toBe('Invalid request parameters: ShopID')
    const second = await server.call('HelpFeedbackAdd', [{ FbContent: 'ok' }, { FbContent: '' }])
    expectEnvelopeError(second, '10007', 400)
    expect(second.body.errmsg).toBe('Invalid request parameters: tableData[1].FbContent')
  })

  it('refuses a NUL character in any text of any operation (10007 naming the field), never a 5xx: PostgreSQL cannot store it', async () => {
    const first = await server.call('HelpFeedbackAdd', [{ FbContent: 'the soup\u0000was cold' }])
    expectEnvelopeError(first, '10007', 400)
    expect(first.body.errmsg).toBe('Invalid request parameters: FbContent')
    const nested = await server.call('ShopParamsGet', [{ ShopID: 'S101' }, { Lines: [{ Remarks: 'ok' }, { Remarks: '\u0000' }] }])
    expectEnvelopeError(nested, '10007', 400)
    expect(nested.body.errmsg).toBe('Invalid request parameters: tableData[1].Lines[1].Remarks')
  })

  it('refuses a record nested thousands of levels deep (about 10 KB of brackets) with 10007 naming where, never a 5xx or a stack trace', async () => {
    // Written as text: JSON.stringify itself recurses. No sign-in needed, any operation, any field, any record.
    const record = (fields: string) => `{"EntID":"E1001","UserID":"guest","AppName":"t",${fields}}`
    const data = (...records: string[]) => ({ fields: { strJsonData: `{"tableData":[${records.join(',')}]}` } })
    const arrays = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`
    const objects = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`
    const first = await server.call('ShopParamsGet', [], data(record(`"ShopID":"S101","Extra":${arrays}`)))
    expectEnvelopeError(first, '10007', 400)
    expect(first.body.errmsg).toBe(`Invalid request parameters: Extra${'[0]'.repeat(31)}`)
    const second = await server.call('HelpFeedbackAdd', [], data(record('"FbContent":"ok"'), record(`"FbContent":"ok","Note":${objects}`)))
    expectEnvelopeError(second, '10007', 400)
    expect(second.body.errmsg).toBe(`Invalid request parameters: tableData[1].Note${'.a'.repeat(31)}`)
    // As deep as real input goes is still read, and the schema decides.
    const shallow = await server.call('ShopParamsGet', [], data(record(`"ShopID":"S101","Extra":${'['.repeat(30)}"x"${']'.repeat(30)}`)))
    expect(shallow.status).toBe(200)
    expect(shallow.body.errcode).toBe('0')
  })

  it('rejects other content types, other methods and IsRSA other than 0 (10008)', async () => {
    const json = await server.post(JSON.stringify({ KeyName: 'ShopListByPage' }), { 'content-type': 'application/json' })
    expectEnvelopeError(json, '10008', 415)
    const text = await server.post('KeyName=ShopListByPage', { 'content-type': 'text/plain' })
    expectEnvelopeError(text, '10008', 415)
    const none = await server.post('')
    expectEnvelopeError(none, '10008', 415)
    const get = await server.post('', {}, 'GET')
    expectEnvelopeError(get, '10008', 405)
    const rsa = await server.call('ShopListByPage', [{}], { fields: { IsRSA: '1' } })
    expectEnvelopeError(rsa, '10008', 400)
  })

  it('accepts a charset parameter on the form content type', async () => {
    const form = new URLSearchParams({
      ServerType: 'Common',
      KeyName: 'ShopListByPage',
      strJsonData: JSON.stringify({ tableData: [{ EntID: 'E1001', UserID: '' }] }),
      AuthCode: AUTH_CODE,
      IsRSA: '0',
      EntID: 'E1001'
    })
    const res = await server.post(form.toString(), { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' })
    expect(res.body.errcode).toBe('0')
  })

  it('answers in the language of Accept-Language', async () => {
    const messages: Record<string, [string, string]> = {
      'zh-CN': ['应用授权码错误', '门店不存在'],
      'zh-TW': ['應用授權碼錯誤', '門店不存在'],
      'zh-HK,zh;q=0.9': ['應用授權碼錯誤', '門店不存在'],
      'en-GB,en;q=0.8': ['Wrong application authorisation code', 'Shop does not exist'],
      'fr-FR': ['應用授權碼錯誤', '門店不存在']
    }
    for (const [lang, [errmsg, resultmsg]] of Object.entries(messages)) {
      const auth = await server.call('ShopListByPage', [{}], { lang, authCode: 'nope' })
      expect(auth.body.errmsg).toBe(errmsg)
      const shop = await server.call('HomeShopDetailsGet', [{ ShopID: 'S999' }], { lang })
      expect(shop.body.resultmsg).toBe(resultmsg)
    }
    const missing = await server.call('ShopListByPage', [{}], { lang: 'zh-CN', fields: { KeyName: undefined } })
    expect(missing.body.errmsg).toBe('请求缺少必要字段：KeyName')
  })

  it('round-trips a message with Chinese and &=% through the percent-encoding', async () => {
    const keyName = '點餐&x=100%'
    const res = await server.call(keyName, [{}], { fields: { ServerType: 'Common' } })
    expect(res.body.errmsg).toBe(`Unknown operation: Common/${keyName}`)
    const raw = JSON.parse(res.text)
    expect(raw.errmsg).toBe(encodeURIComponent(`Unknown operation: Common/${keyName}`))
    expect(raw.errmsg).not.toMatch(/[&=\u4e00-\u9fff]/)
  })

  it('never answers bad input with a 5xx', async () => {
    const bodies = [
      'garbage',
      '%%%',
      'ServerType=Common&ServerType=Retail&KeyName=ShopListByPage',
      `ServerType=Common&KeyName=ShopListByPage&strJsonData=${encodeURIComponent('{"tableData":[1,2]}')}&AuthCode=${AUTH_CODE}&IsRSA=0&EntID=E1001`,
      `ServerType=Common&KeyName=ShopListByPage&strJsonData=${encodeURIComponent('{"tableData":[{"EntID":null}]}')}&AuthCode=${AUTH_CODE}&IsRSA=0&EntID=E1001`,
      `ServerType=Common&KeyName=__proto__&strJsonData=x&AuthCode=${AUTH_CODE}&IsRSA=0&EntID=`,
      `ServerType=Common&KeyName=toString&strJsonData=x&AuthCode=${AUTH_CODE}&IsRSA=0&EntID=`
    ]
    for (const body of bodies) {
      const res = await server.post(body, FORM)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(res.body.errcode).not.toBe('0')
    }
  })
})

describe('unexpected failures', () => {
  it('answer 50000 with the envelope and no internals when storage breaks', async () => {
    const broken = await createTestServer()
    try {
      await broken.db.schema.dropTable('service_links').execute()
      const res = await broken.call('ServiceLinkGet', [{}], { lang: 'en' })
      expect(res.status).toBe(500)
      expect(res.body).toEqual({
        errcode: '50000',
        errmsg: 'The server cannot handle this right now. Please try again later.',
        resultcode: '',
        resultmsg: '',
        data: {}
      })
      expect(res.text).not.toMatch(/service_links|stack|Error/)
    } finally {
      await broken.close()
    }
  })
})

describe('health', () => {
  it('GET /healthz answers ok', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
  })
})
