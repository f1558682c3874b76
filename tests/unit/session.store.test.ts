import { Gateway } from '../../src/gateway/gateway-client'
import { GUEST_PARAMS, SessionStore, SESSION_STORAGE_KEY, VIP_STORAGE_KEY, WALK_IN } from '../../src/features/session/session.store'
import { canRetry, failureText } from '../../src/features/session/failure-text'
import { resolveSheetEntry } from '../../src/features/session/sheet-entry'
import { BUSINESS_MODE_STORAGE_KEY, effectiveBusinessMode, modesOffered, readBusinessMode } from '../../src/core/business-mode'
import { BusinessModeStore } from '../../src/features/session/business-mode.store'
import { translate } from '../../src/i18n/translate'
import { createFakeHost, envelopeOf, fail, ok } from './support/fake-host'
import { BASE, SHOP, demoServer, type Script } from './support/fake-gateway-server'

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

  it("names the code's shop and branch for the menu after the first answer, before the rest of the session", async () => {
    let scopeWhileLoading: unknown = 'not asked'
    let session!: SessionStore
    ;({ session } = setup({
      ServiceLinkGet: () => {
        scopeWhileLoading = { status: session.status, scope: session.menuScope }
        return ok({ table1: [] })
      }
    }))
    expect(session.menuScope).toBeNull()
    await session.initialise({ QRCode: 'QR-A03' })
    expect(scopeWhileLoading).toEqual({ status: 'loading', scope: { ShopID: 'S101', BaseID: 'B201' } })
    expect(session.menuScope).toEqual({ ShopID: 'S101', BaseID: 'B201' })
    await session.initialise({ QRCode: 'QR-NOPE' })
    expect(session.status).toBe('failed')
    expect(session.menuScope).toBeNull()
  })

  it('a page that asks while the stored entry is being restored waits for it, and it is asked for once', async () => {
    const { session, server } = setup()
    await session.initialise({ QRCode: 'QR-A03' })
    const calls = server.calls.length
    const restoring = session.initialise({})
    await session.ensureReady()
    expect(session.status).toBe('ready')
    await restoring
    expect(server.calls.filter((c) => c === 'EntIDGet')).toHaveLength(2)
    expect(server.calls.length).toBe(calls * 2)
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
    expect(failureText(bad.session.failure, (k) => translate('en', k))).toBe(translate('en', 'resultcode.20002'))

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

describe('business mode (spec §4: persisted in local storage)', () => {
  it("reads the stored mode: '0' all, '1' takeaway, '2' delivery; missing or anything else is '0'", () => {
    expect(BUSINESS_MODE_STORAGE_KEY).toBe('scanorder.businessMode')
    expect(readBusinessMode(null)).toBe('0')
    expect(readBusinessMode('1')).toBe('1')
    expect(readBusinessMode(' 2 ')).toBe('2')
    expect(readBusinessMode('3')).toBe('0')
    expect(readBusinessMode('takeaway')).toBe('0')
  })

  it("is bounded by the branch's mode; a dine-in table's rounds are never delivered", () => {
    expect(modesOffered('0', false)).toEqual(['0', '1', '2'])
    expect(modesOffered('0', true)).toEqual(['0', '1'])
    expect(modesOffered('1', false)).toEqual(['1'])
    expect(modesOffered('2', true)).toEqual(['2'])
    expect(effectiveBusinessMode('2', '0', false)).toBe('2')
    expect(effectiveBusinessMode('2', '0', true)).toBe('0')
    expect(effectiveBusinessMode('0', '1', false)).toBe('1')
    expect(effectiveBusinessMode(null, '0', false)).toBe('0')
  })

  it('the diner\'s mode: the stored one where the place offers it, a choice kept in local storage, a mode not offered refused', () => {
    const storage = new Map<string, string>([[BUSINESS_MODE_STORAGE_KEY, '1']])
    const kv = { get: (k: string) => storage.get(k) ?? null, set: (k: string, v: string) => void storage.set(k, v), remove: (k: string) => void storage.delete(k) }
    let place: { branchMode: string; postpay: boolean } | null = null
    const modes = new BusinessModeStore(kv, () => place)
    expect(modes.offered).toEqual([])
    expect(modes.current).toBe('0')
    // A counter of a branch of all modes: the stored takeaway applies; delivery can be chosen and is kept.
    place = { branchMode: '0', postpay: false }
    const counter = new BusinessModeStore(kv, () => place)
    expect(counter.current).toBe('1')
    expect(counter.offered).toEqual(['0', '1', '2'])
    expect(counter.choose('2')).toBe(true)
    expect(counter.current).toBe('2')
    expect(storage.get(BUSINESS_MODE_STORAGE_KEY)).toBe('2')
    // At a dine-in table the stored delivery does not apply, nor can it be chosen there.
    place = { branchMode: '0', postpay: true }
    const table = new BusinessModeStore(kv, () => place)
    expect(table.current).toBe('0')
    expect(table.choose('2')).toBe(false)
    expect(storage.get(BUSINESS_MODE_STORAGE_KEY)).toBe('2')
    expect(table.choose('1')).toBe(true)
    // A takeaway-only branch is takeaway whatever is stored.
    place = { branchMode: '1', postpay: false }
    storage.set(BUSINESS_MODE_STORAGE_KEY, '2')
    expect(new BusinessModeStore(kv, () => place).current).toBe('1')
    // Nothing stored: '0'.
    storage.clear()
    place = { branchMode: '0', postpay: false }
    expect(new BusinessModeStore(kv, () => place).current).toBe('0')
  })
})

describe('walk-in identity (spec §3)', () => {
  it('starts as the walk-in guest: ENTID and USERID empty, both names the walk-in label', () => {
    expect(GUEST_PARAMS).toMatchObject({ EntID: '', UserID: '', EntName: WALK_IN, UserName: WALK_IN })
    const { session } = setup()
    expect(session.params).toMatchObject({ EntName: WALK_IN, UserName: WALK_IN })
  })

  it("keeps the walk-in user when the shop names none for the diner, and the shop's user when it does", async () => {
    const none = setup({
      HomeShopDetailsGet: () => ok({ table1: [SHOP], table2: [], table3: [BASE], table4: [], table5: [{ TableID: 'A03', TableName: 'A03', TableNames: {}, NowDate: '2026-11-22 12:00:00', TimeZone: 'Asia/Macau' }] })
    })
    await none.session.initialise({ QRCode: 'QR-A03' })
    expect(none.session.params).toMatchObject({ EntID: 'E1001', EntName: '蓮香', UserID: '', UserName: WALK_IN })
    const named = setup()
    await named.session.initialise({ QRCode: 'QR-A03' })
    expect(named.session.params).toMatchObject({ UserID: 'U1', UserName: 'web' })
  })
})

describe('entry SheetID (spec §2)', () => {
  const order = (TableID: string) => () => ok({ table1: [{ SheetID: 'O1', TableID, TableSheetID: '' }], table2: [], table3: [] })

  it("opens the table's open sheet without asking for an order", async () => {
    const { session, server } = setup()
    await session.initialise({ QRCode: 'QR-A03', SheetID: 'SH1' })
    expect(session.entrySheetId).toBe('SH1')
    expect(await resolveSheetEntry(session['gateway'], session)).toEqual({ open: 'tableSheet' })
    expect(server.calls).not.toContain('OrderDetailGet')
  })

  it("opens the diner's own order of this table, and refuses another table's", async () => {
    const mine = setup({ OrderDetailGet: order('A03') })
    await mine.session.initialise({ QRCode: 'QR-A03', SheetID: 'O1' })
    expect(await resolveSheetEntry(mine.session['gateway'], mine.session)).toEqual({ open: 'order', sheetId: 'O1' })

    const other = setup({ OrderDetailGet: order('A05') })
    await other.session.initialise({ QRCode: 'QR-A03', SheetID: 'O1' })
    expect(await resolveSheetEntry(other.session['gateway'], other.session)).toEqual({ refuse: 'notThisTable' })
  })

  it("refuses an order that is not the diner's (20017) or does not exist (20016), without a toast", async () => {
    const notYours = setup({ OrderDetailGet: () => fail('0', '20017', 'not yours') })
    await notYours.session.initialise({ QRCode: 'QR-A03', SheetID: 'O1' })
    expect(await resolveSheetEntry(notYours.session['gateway'], notYours.session)).toEqual({ refuse: 'notYours' })
    expect(notYours.host.toasts).toEqual([])
    const unknown = setup({ OrderDetailGet: () => fail('0', '20016', 'no such order') })
    await unknown.session.initialise({ QRCode: 'QR-A03', SheetID: 'O1' })
    expect(await resolveSheetEntry(unknown.session['gateway'], unknown.session)).toEqual({ refuse: 'notFound' })
  })

  it('a SheetID alone reuses the stored entry; without one nothing is opened', async () => {
    const first = setup()
    await first.session.initialise({ QRCode: 'QR-A03' })
    expect(first.session.entrySheetId).toBe('')
    expect(await resolveSheetEntry(first.session['gateway'], first.session)).toBeNull()
    const again = setup()
    again.host.store.set(SESSION_STORAGE_KEY, first.host.store.get(SESSION_STORAGE_KEY)!)
    await again.session.initialise({ SheetID: 'SH1' })
    expect(again.session.status).toBe('ready')
    expect(again.session.entrySheetId).toBe('SH1')
  })
})

describe('a refused entry code', () => {
  it('offers Retry only where trying again can help', async () => {
    const bad = setup()
    await bad.session.initialise({ QRCode: 'NOPE' })
    expect(canRetry(bad.session.failure)).toBe(false)
    const offline = setup({ ServiceLinkGet: () => { throw new Error('request:fail') } })
    await offline.session.initialise({ QRCode: 'QR-A03' })
    expect(canRetry(offline.session.failure)).toBe(true)
    expect(canRetry({ code: '50000', message: '' })).toBe(true)
    expect(canRetry({ code: '20005', message: '' })).toBe(false)
  })
})
