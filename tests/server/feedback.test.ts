/** HelpFeedbackAdd: stored as sent, and rate-limited per client IP from the table itself. */
import { createTestServer, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ feedbackRatePerMinute: 3 })
})
afterAll(() => server.close())

beforeEach(async () => {
  await server.db.deleteFrom('feedback').execute()
})

describe('HelpFeedbackAdd', () => {
  it('stores the trimmed report with enterprise, user, app name, type and client IP, and returns its id', async () => {
    const content = '  TypeError: cannot read properties of undefined (reading "ShopID") 點餐頁 & 100%  '
    const res = await server.call('HelpFeedbackAdd', [{ UserID: 'V42', AppName: 'ScanOrder H5 2.0.3', FbContent: content, FbType: 0 }], {
      headers: { 'x-forwarded-for': '203.0.113.9' }
    })
    expect(res.body).toMatchObject({ errcode: '0', resultcode: '0' })
    const [row] = res.body.data.table1
    expect(row.FbID).toMatch(/^[0-9a-f-]{36}$/)

    const stored = await server.db.selectFrom('feedback').selectAll().where('fb_id', '=', row.FbID).executeTakeFirstOrThrow()
    expect(stored).toMatchObject({
      ent_id: 'E1001',
      user_id: 'V42',
      app_name: 'ScanOrder H5 2.0.3',
      fb_content: content.trim(),
      fb_type: 0,
      // Forwarded headers are not trusted unless TRUST_PROXY says so.
      client_ip: '127.0.0.1'
    })
    expect(Date.now() - Date.parse(stored.created_at)).toBeLessThan(60_000)
  })

  it('stores one report per record, with the AppName of the first', async () => {
    const res = await server.call('HelpFeedbackAdd', [{ FbContent: 'first', AppName: 'ScanOrder weapp' }, { FbContent: 'second' }])
    expect(res.body.data.table1).toHaveLength(2)
    const rows = await server.db.selectFrom('feedback').select(['fb_content', 'app_name', 'fb_type']).orderBy('fb_content').execute()
    expect(rows).toEqual([
      { fb_content: 'first', app_name: 'ScanOrder weapp', fb_type: 0 },
      { fb_content: 'second', app_name: 'ScanOrder weapp', fb_type: 0 }
    ])
  })

  it('takes a report before the app knows its enterprise, and refuses an unknown one', async () => {
    const early = await server.call('HelpFeedbackAdd', [{ FbContent: 'crash on the entry page' }], { entId: '' })
    expect(early.body).toMatchObject({ errcode: '0', resultcode: '0' })
    const stored = await server.db.selectFrom('feedback').select(['ent_id', 'fb_content']).execute()
    expect(stored).toEqual([{ ent_id: '', fb_content: 'crash on the entry page' }])

    const unknown = await server.call('HelpFeedbackAdd', [{ FbContent: 'x' }], { entId: 'NOPE' })
    expect(unknown.body.resultcode).toBe('20001')
  })

  it('requires FbContent, at most 4000 characters', async () => {
    for (const FbContent of [undefined, '   ', 'x'.repeat(4001)]) {
      const res = await server.call('HelpFeedbackAdd', [{ FbContent }])
      expect(res.body.errcode).toBe('10007')
      expect(res.body.errmsg).toBe('Invalid request parameters: FbContent')
    }
    expect((await server.call('HelpFeedbackAdd', [{ FbContent: 'x'.repeat(4000) }])).body.errcode).toBe('0')
  })

  it('allows FEEDBACK_RATE_PER_MINUTE reports per IP in 60 s, then answers 10009', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await server.call('HelpFeedbackAdd', [{ FbContent: `report ${i}` }])).body.errcode).toBe('0')
    }
    const limited = await server.call('HelpFeedbackAdd', [{ FbContent: 'one too many' }], { lang: 'zh-CN' })
    expect(limited.status).toBe(429)
    expect(limited.body.errcode).toBe('10009')
    expect(limited.body.errmsg).toBe('请求过于频繁，请稍后再试')
    const count = await server.db.selectFrom('feedback').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(3)
  })

  it('counts from the table, so reports stored by another process count too, and old ones do not', async () => {
    const row = (minutesAgo: number, ip: string, i: number) => ({
      fb_id: `other-${ip}-${minutesAgo}-${i}`,
      ent_id: 'E1001',
      user_id: '',
      app_name: 'other process',
      fb_content: 'x',
      fb_type: 0,
      client_ip: ip,
      created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString()
    })
    // Three reports from our IP two minutes ago, three from another IP just now.
    await server.db.insertInto('feedback').values([0, 1, 2].map((i) => row(2, '127.0.0.1', i))).execute()
    await server.db.insertInto('feedback').values([0, 1, 2].map((i) => row(0, '198.51.100.7', i))).execute()
    expect((await server.call('HelpFeedbackAdd', [{ FbContent: 'fresh' }])).body.errcode).toBe('0')
    await server.db.insertInto('feedback').values([0, 1].map((i) => row(0.1, '127.0.0.1', i))).execute()
    expect((await server.call('HelpFeedbackAdd', [{ FbContent: 'now too many' }])).body.errcode).toBe('10009')
  })

  it('needs a known enterprise', async () => {
    const res = await server.call('HelpFeedbackAdd', [{ FbContent: 'hello' }], { entId: 'E0000' })
    expect(res.body.resultcode).toBe('20001')
  })
})
