import { Gateway, GatewayError, REQUEST_TIMEOUT_MS } from '../../src/gateway/gateway-client'
import { createFakeHost, envelopeOf, fail, ok } from './support/fake-host'
import type { HttpRequest, HttpResponse } from '../../src/hosts/host'

function setup(respond: (req: HttpRequest) => HttpResponse | Promise<HttpResponse>, test = false) {
  const host = createFakeHost(respond, { isTestEnvironment: () => test })
  const gateway = new Gateway({
    host,
    identity: () => ({ EntID: 'E1001', UserID: 'U9' }),
    locale: () => 'zh-CN',
    networkErrorText: () => '网络连接异常',
    appName: 'ScanOrder/2.0.3 (web)',
    authCode: 'code-1',
    liveUrl: '',
    testUrl: 'https://test.example/',
    token: () => null
  })
  return { host, gateway }
}

describe('gateway client', () => {
  it('posts the envelope: form fields, EntID and UserID on every record, AppName on the first', async () => {
    const { host, gateway } = setup(() => ok({ table1: [] }))
    await gateway.request('BaseListByLocation', [{ Lng: 1, Lat: 2 }, { PageIndex: 2 }])
    const req = host.requests[0]
    expect(req.url).toBe('http://shop.test/GetData')
    expect(req.method).toBe('POST')
    expect(req.timeoutMs).toBe(REQUEST_TIMEOUT_MS)
    expect(req.timeoutMs).toBe(60000)
    expect(req.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(req.headers['Accept-Language']).toBe('zh-CN')
    const { fields, records } = envelopeOf(req)
    expect(fields).toMatchObject({ ServerType: 'Retail', KeyName: 'BaseListByLocation', AuthCode: 'code-1', IsRSA: '0', EntID: 'E1001' })
    expect(records).toEqual([
      { Lng: 1, Lat: 2, EntID: 'E1001', UserID: 'U9', AppName: 'ScanOrder/2.0.3 (web)' },
      { PageIndex: 2, EntID: 'E1001', UserID: 'U9' }
    ])
  })

  it('uses the test host when the page asks for it', async () => {
    const { host, gateway } = setup(() => ok({}), true)
    await gateway.request('ServiceLinkGet')
    expect(host.requests[0].url).toBe('https://test.example/GetData')
  })

  it('decodes every string of the response', async () => {
    const { gateway } = setup(() => ok({ table1: [{ Url: 'https://x/?a=1&b=蓮', LinkType: 'api' }] }))
    const data = await gateway.request('ServiceLinkGet')
    expect(data.table1).toEqual([{ Url: 'https://x/?a=1&b=蓮', LinkType: 'api' }])
  })

  it('toasts 网络连接异常 and rejects on a network failure', async () => {
    const { host, gateway } = setup(() => Promise.reject(new Error('request:fail')))
    await expect(gateway.request('ServiceLinkGet')).rejects.toMatchObject({ kind: 'network', message: '网络连接异常' })
    expect(host.toasts).toEqual(['网络连接异常'])
  })

  it('calls a timeout a timeout', async () => {
    const { gateway } = setup(() => Promise.reject(new Error('request:fail timeout')))
    await expect(gateway.request('ServiceLinkGet')).rejects.toMatchObject({ kind: 'timeout' })
  })

  it('toasts errmsg, else resultmsg, else the raw response, and rejects with a typed error', async () => {
    const a = setup(() => fail('10004', '0', '应用授权码错误', 401))
    await expect(a.gateway.request('ServiceLinkGet')).rejects.toMatchObject({ kind: 'envelope', errcode: '10004' })
    expect(a.host.toasts).toEqual(['应用授权码错误'])

    const b = setup(() => fail('0', '20003', '门店不存在'))
    const err = await b.gateway.request('HomeShopDetailsGet', [{ ShopID: 'X' }]).catch((e) => e)
    expect(err).toBeInstanceOf(GatewayError)
    expect([err.kind, err.resultcode]).toEqual(['business', '20003'])
    expect(b.host.toasts).toEqual(['门店不存在'])

    const c = setup(() => ({ statusCode: 200, data: { errcode: '0', resultcode: '7', errmsg: '', resultmsg: '' } }))
    await expect(c.gateway.request('ServiceLinkGet')).rejects.toMatchObject({ resultcode: '7' })
    expect(c.host.toasts[0]).toContain('"resultcode":"7"')
  })

  it('shows the parse error when the body is not JSON, and the raw text for a proxy error page', async () => {
    const a = setup(() => ({ statusCode: 200, data: '{"errcode": ' }))
    await expect(a.gateway.request('ServiceLinkGet')).rejects.toMatchObject({ kind: 'decode' })
    expect(a.host.toasts[0]).toMatch(/JSON|Unexpected/)

    const b = setup(() => ({ statusCode: 502, data: 'Bad Gateway' }))
    await expect(b.gateway.request('ServiceLinkGet')).rejects.toMatchObject({ kind: 'http' })
    expect(b.host.toasts).toEqual(['Bad Gateway'])
  })

  it("says 'temporarily not available' (spec §8) for an HTTP error without the envelope, not the proxy's page", async () => {
    const host = createFakeHost(() => ({ statusCode: 503, data: '<html><body><h1>503 Service Temporarily Unavailable</h1><hr>nginx</body></html>' }))
    const gateway = new Gateway({
      host,
      identity: () => ({ EntID: 'E1001', UserID: 'U9' }),
      locale: () => 'zh-CN',
      networkErrorText: () => '网络连接异常',
      unavailableText: () => '暂时无法使用，请稍后再试',
      appName: 'ScanOrder/2.0.3 (web)',
      authCode: 'code-1',
      liveUrl: '',
      testUrl: '',
      token: () => null
    })
    await expect(gateway.request('ServiceLinkGet')).rejects.toMatchObject({ kind: 'http', message: '暂时无法使用，请稍后再试' })
    expect(host.toasts).toEqual(['暂时无法使用，请稍后再试'])
  })

  it('runs a registered errcode or resultcode handler instead of the toast', async () => {
    const { host, gateway } = setup(() => fail('0', '42000', 'not registered'))
    const seen: string[] = []
    gateway.onResultcode('42000', (e) => seen.push(e.resultcode))
    await expect(gateway.request('ServiceLinkGet')).rejects.toMatchObject({ resultcode: '42000', handled: true })
    expect(seen).toEqual(['42000'])
    expect(host.toasts).toEqual([])

    const env = setup(() => fail('10009', '0', 'slow down', 429))
    env.gateway.onErrcode('10009', () => seen.push('rate'))
    await expect(env.gateway.request('ServiceLinkGet')).rejects.toMatchObject({ handled: true })
    expect(seen).toContain('rate')
  })

  it('lets a call opt out of handling', async () => {
    const { host, gateway } = setup(() => fail('0', '20002', 'bad code'))
    gateway.onResultcode('20002', () => host.toasts.push('handler ran'))
    await expect(gateway.request('EntIDGet', [{ QRCode: 'x' }], { silent: true, entId: '' })).rejects.toMatchObject({
      resultcode: '20002',
      handled: false
    })
    expect(host.toasts).toEqual([])
    const { fields, records } = envelopeOf(host.requests[0])
    expect(fields.EntID).toBe('')
    expect(records[0].EntID).toBe('')
  })

  it('sends the member token as a bearer header when there is one', async () => {
    const host = createFakeHost(() => ok({}))
    const gateway = new Gateway({
      host,
      identity: () => ({ EntID: 'E1', UserID: 'U1' }),
      locale: () => 'en',
      networkErrorText: () => 'x',
      appName: 'a',
      authCode: 'c',
      liveUrl: 'https://live.example',
      testUrl: '',
      token: () => 'tok'
    })
    await gateway.request('ServiceLinkGet')
    expect(host.requests[0].headers.Authorization).toBe('Bearer tok')
    expect(host.requests[0].url).toBe('https://live.example/GetData')
  })
})
