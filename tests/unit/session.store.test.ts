import { Gateway } from '../../src/gateway/gateway-client'
import { SessionStore, SESSION_STORAGE_KEY, VIP_STORAGE_KEY } from '../../src/features/session/session.store'
import { failureText } from '../../src/features/session/failure-text'
import { translate } from '../../src/i18n/translate'
import { createFakeHost, envelopeOf, fail } from './support/fake-host'
import { demoServer, type Script } from './support/fake-gateway-server'

function setup(script: Script = {}, nowDate?: string) {
  const server = demoServer(script, nowDate)
  const host = createFakeHost(server.respond)
  let deviceNow = 1_000_000
  let session!: SessionStore
  const gateway = new Gateway({
    host,
    identity: () => ({ EntID: session.params.EntID, UserID: session.params.UserID }),
    locale: () => 'en',
    networkErrorText: () => 'Network connection error',
    appName: 'test',
    authCode: 'c',
    liveUrl: '',
    testUrl: ''
  })
  session = new SessionStore(gateway, host, () => deviceNow)
  return { session, host, server, advance: (ms: number) => (deviceNow += ms) }
}

describe('session store', () => {
  it('resolves a table code into enterprise, shop, branch, table, sheet and params', async () => {
    const { session, server } = setup()
    await session.initialise({ QRCode: 'QR-A03' })
    expect(session.status).toBe('ready')
    expect(session.params).toMatchObject({ EntID: 'E1001', UserID: 'U1', ShopID: 'S101', BaseID: 'B201', TableID: 'A03', QRCode: 'QR-A03', PosSignSheetID: 'SH1' })
    expect(session.shopInfo?.ShopNames.en).toBe('Lotus Tea House')
    expect(session.table?.TableNames.en).toBe('Table A03')
    expect(session.sheet?.SheetID).toBe('SH1')
    expect(session.entSysParams).toEqual({ AppLanguage: '2', Currency: 'MOP$' })
    expect(session.shopParams).toEqual({ BagFee: '1' })
    expect(session.openingHours).toEqual({ B201: '08:00-22:00' })
    expect(session.isPayLaterOnlineCheckout).toEqual({ B201: '1' })
    expect(session.serviceLinks.image).toBe('http://shop.test/files/')
    expect(server.calls[0]).toBe('EntIDGet')
  })

  it('sends the enterprise lookup without an EntID and later calls with it', async () => {
    const { session, host } = setup()
    await session.initialise({ QRCode: 'QR-A03' })
    const [first, ...rest] = host.requests.map(envelopeOf)
    expect(first.fields.EntID).toBe('')
    for (const r of rest) expect(r.fields.EntID).toBe('E1001')
  })

  it('ends in a clear "Shop does not exist" failure when the shop is missing', async () => {
    const { session, host } = setup({ HomeShopDetailsGet: () => fail('0', '20003', 'Shop does not exist') })
    await session.initialise({ QRCode: 'QR-A03' })
    expect(session.status).toBe('failed')
    expect(session.failure?.code).toBe('20003')
    expect(failureText(session.failure, (k) => translate('en', k))).toBe('Shop does not exist')
    expect(failureText(session.failure, (k) => translate('zh-TW', k))).toBe('門店不存在')
    // Shown on the screen, not as a toast.
    expect(host.toasts).toEqual([])
  })

  it('fails on an unknown code with the reason, and with "no entry" when there is nothing to resolve', async () => {
    const bad = setup()
    await bad.session.initialise({ QRCode: 'nope' })
    expect(bad.session.status).toBe('failed')
    expect(failureText(bad.session.failure, (k) => translate('en', k))).toBe('QR code invalid or expired')

    const none = setup()
    await none.session.initialise({})
    expect(none.session.status).toBe('no-entry')
  })

  it('says network trouble in the diner language when the server cannot be reached', async () => {
    const { session } = setup({ ServiceLinkGet: () => { throw new Error('request:fail') } })
    await session.initialise({ QRCode: 'QR-A03' })
    expect(session.status).toBe('failed')
    expect(failureText(session.failure, (k) => translate('en', k))).toBe('Network connection error')
  })

  it('keeps the entry so a reload lands on the same table, with hideTabBar', async () => {
    const first = setup()
    await first.session.initialise({ QRCode: 'QR-A03', hideTabBar: '1', VipID: 'V77' })
    expect(first.session.hideTabBar).toBe(true)
    expect(first.host.store.get(VIP_STORAGE_KEY)).toBe('V77')
    expect(first.session.params.VipID).toBe('V77')
    const stored = first.host.store.get(SESSION_STORAGE_KEY)!

    const reload = setup()
    reload.host.store.set(SESSION_STORAGE_KEY, stored)
    await reload.session.ensureReady()
    expect(reload.session.status).toBe('ready')
    expect(reload.session.params.TableID).toBe('A03')
    expect(reload.session.hideTabBar).toBe(true)
  })

  it('a new scan replaces the stored entry', async () => {
    const { session, host } = setup()
    host.store.set(SESSION_STORAGE_KEY, JSON.stringify({ QRCode: 'old' }))
    await session.initialise({ QRCode: 'QR-A03' })
    expect(JSON.parse(host.store.get(SESSION_STORAGE_KEY)!)).toEqual({ QRCode: 'QR-A03' })
  })

  it("tells open or closed by the enterprise's clock, moving on with time", async () => {
    const { session, advance } = setup({}, '2026-11-22 21:58:00')
    await session.initialise({ QRCode: 'QR-A03' })
    expect(session.openState).toMatchObject({ open: true, begin: '08:00', end: '22:00', allDay: false })
    advance(3 * 60 * 1000) // 22:01
    expect(session.openState?.open).toBe(false)
  })
})
