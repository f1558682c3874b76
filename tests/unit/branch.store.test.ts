/**
 * The branch page's store, choosing a table by hand (issue 16 item 5), and what a table chosen so
 * does to the session: orders prepay (its sheet needs the table's QR code).
 */
import { BranchStore } from '../../src/features/branch/branch.store'
import { TablesStore } from '../../src/features/branch/tables.store'
import type { BaseDetailRow, TableRow } from '../../src/gateway/address-rows'
import { Gateway } from '../../src/gateway/gateway-client'
import { SessionStore } from '../../src/features/session/session.store'
import { fakeGateway, networkDown, refused, settle } from './support/orders-fakes'
import { createFakeHost, ok } from './support/fake-host'
import { BASE, SHOP, demoServer } from './support/fake-gateway-server'

function detail(over: Partial<BaseDetailRow> = {}): BaseDetailRow {
  return {
    ShopID: 'S101',
    ShopName: 'Lotus Tea House',
    BaseID: 'B201',
    BaseCode: '201',
    BaseName: 'Lotus Tea House (Senado Square)',
    Address: 'G/F, 14 Largo do Senado, Macau',
    Phone: '+853 2835 6721',
    Lat: 22.1936,
    Lng: 113.5399,
    BeginTime: '08:00',
    EndTime: '22:00',
    Weekday: '1,2,3,4,5,6,7',
    OpeningHours: '08:00-22:00',
    BusinessMode: '0',
    CYType: '0',
    DeliveryRange: 5000,
    TableCount: 6,
    ...over
  }
}

const table = (code: string, baseId = 'B201'): TableRow => ({ TableID: `${baseId}-${code}`, TableCode: code, TableName: `Table ${code}`, BaseID: baseId, ShopID: 'S101' })

describe('branch store (ShopBaseDetailGet)', () => {
  it('loads a branch silently and hands it only for that branch', async () => {
    const g = fakeGateway({ ShopBaseDetailGet: (r) => ({ table1: [detail({ BaseID: r.BaseID })] }) })
    const store = new BranchStore(g, () => 'en')
    const loading = store.load('B201')
    expect(store.state).toBe('loading')
    await loading
    expect(store.state).toBe('ready')
    expect(store.of('B201')?.TableCount).toBe(6)
    expect(store.of('B203')).toBeNull()
    expect(g.calls).toEqual([{ op: 'ShopBaseDetailGet', record: { BaseID: 'B201' }, silent: true }])
  })

  it("never shows one branch's details as another's while the other loads", async () => {
    const answers: Record<string, BaseDetailRow> = { B201: detail(), B203: detail({ BaseID: 'B203', BaseName: 'Night Market', TableCount: 4 }) }
    const store = new BranchStore(fakeGateway({ ShopBaseDetailGet: (r) => ({ table1: [answers[r.BaseID]] }) }), () => 'en')
    await store.load('B201')
    const next = store.load('B203')
    expect(store.of('B201')).toBeNull()
    expect(store.state).toBe('loading')
    await next
    expect(store.of('B203')?.BaseName).toBe('Night Market')
  })

  it('keeps what it shows when asking the same branch again fails, and fails when it had nothing', async () => {
    let down = false
    const store = new BranchStore(fakeGateway({ ShopBaseDetailGet: () => (down ? networkDown('ShopBaseDetailGet') : { table1: [detail()] }) }), () => 'en')
    await store.load('B201')
    down = true
    await store.load('B201')
    expect(store.state).toBe('ready')
    expect(store.of('B201')?.BaseName).toBe('Lotus Tea House (Senado Square)')
    const fresh = new BranchStore(fakeGateway({ ShopBaseDetailGet: () => refused('ShopBaseDetailGet', '20004', 'Branch not found') }), () => 'en')
    await fresh.load('B999')
    expect(fresh.state).toBe('failed')
    expect(fresh.of('B999')).toBeNull()
  })

  it('asks again in a new language (names and hours come in it) and drops the old one meanwhile', async () => {
    let locale = 'en'
    const g = fakeGateway({ ShopBaseDetailGet: () => ({ table1: [detail({ BaseName: locale === 'en' ? 'Senado Square' : '議事亭前地店' })] }) })
    const store = new BranchStore(g, () => locale)
    await store.load('B201')
    locale = 'zh-TW'
    const again = store.load('B201')
    expect(store.of('B201')).toBeNull()
    await again
    expect(store.of('B201')?.BaseName).toBe('議事亭前地店')
  })

  it('answers the later of two loads when they cross', async () => {
    const resolvers: ((v: { table1: BaseDetailRow[] }) => void)[] = []
    const g = {
      request: () => new Promise<{ table1: BaseDetailRow[] }>((resolve) => resolvers.push(resolve))
    }
    const store = new BranchStore(g, () => 'en')
    const first = store.load('B201')
    const second = store.load('B203')
    resolvers[1]({ table1: [detail({ BaseID: 'B203', BaseName: 'Night Market' })] })
    resolvers[0]({ table1: [detail()] })
    await Promise.all([first, second])
    expect(store.of('B203')?.BaseName).toBe('Night Market')
    expect(store.of('B201')).toBeNull()
  })
})

describe('tables store (TableListByPage, choosing a table by hand)', () => {
  const codes = ['N01', 'N02', 'N03', 'N04', 'N05']
  const pagedTables = () =>
    fakeGateway({
      TableListByPage: (r) => {
        const all = codes.map((c) => table(c, r.BaseID))
        const size = r.PageSize ?? 30
        const from = ((r.PageIndex ?? 1) - 1) * size
        return { table1: all.slice(from, from + size), table2: [{ Total: all.length }] }
      }
    })

  it("lists a branch's tables a page at a time and loads the rest on 'load more'", async () => {
    const g = pagedTables()
    const store = new TablesStore(g, { switchToTable: async () => true, pageSize: 2 })
    await store.open('B203')
    expect(store.list.rows.map((t) => t.TableCode)).toEqual(['N01', 'N02'])
    expect(store.list.hasMore).toBe(true)
    await store.list.loadMore()
    await store.list.loadMore()
    expect(store.list.rows.map((t) => t.TableCode)).toEqual(codes)
    expect(store.list.hasMore).toBe(false)
    expect(g.callsOf('TableListByPage').map((c) => c.record)).toEqual([
      { BaseID: 'B203', PageIndex: 1, PageSize: 2 },
      { BaseID: 'B203', PageIndex: 2, PageSize: 2 },
      { BaseID: 'B203', PageIndex: 3, PageSize: 2 }
    ])
    expect(g.calls.every((c) => c.silent)).toBe(true)
  })

  it("drops one branch's tables before another's are listed", async () => {
    const store = new TablesStore(pagedTables(), { switchToTable: async () => true })
    await store.open('B201')
    expect(store.list.rows[0].BaseID).toBe('B201')
    const opening = store.open('B203')
    expect(store.list.rows).toEqual([])
    await opening
    expect(store.list.rows.every((t) => t.BaseID === 'B203')).toBe(true)
  })

  it('says the list failed when the first page does not come', async () => {
    const store = new TablesStore(fakeGateway({ TableListByPage: () => networkDown('TableListByPage') }), { switchToTable: async () => true })
    await store.open('B201')
    expect(store.list.state).toBe('failed')
  })

  it('switches the session to the chosen table once, however often it is tapped meanwhile', async () => {
    const switched: string[] = []
    let finish!: (ok: boolean) => void
    const store = new TablesStore(pagedTables(), {
      switchToTable: (id) => {
        switched.push(id)
        return new Promise<boolean>((resolve) => (finish = resolve))
      }
    })
    await store.open('B201')
    const first = store.choose(store.list.rows[1])
    expect(store.switching).toBe('B201-N02')
    expect(await store.choose(store.list.rows[0])).toBe(false)
    finish(true)
    expect(await first).toBe(true)
    expect(switched).toEqual(['B201-N02'])
    expect(store.switching).toBe('')
    expect(store.switchFailed).toBe(false)
  })

  it('says a switch failed (the diner may choose again)', async () => {
    const store = new TablesStore(pagedTables(), {
      switchToTable: async () => {
        throw new Error('offline')
      }
    })
    await store.open('B201')
    expect(await store.choose(store.list.rows[0])).toBe(false)
    expect(store.switchFailed).toBe(true)
    expect(store.switching).toBe('')
  })
})

describe('the session at a table chosen by hand', () => {
  function setup() {
    const server = demoServer({
      // An entry by TableID (a table chosen by hand): the server never hands out the table's code.
      EntIDGet: (r) =>
        r[0].TableID === 'B201-A02'
          ? ok({ table1: [{ EntID: 'E1001', EntName: '蓮香', EntNames: {}, ShopID: 'S101', BaseID: 'B201', TableID: 'B201-A02', QRCode: '' }] })
          : ok({ table1: [{ EntID: 'E1001', EntName: '蓮香', EntNames: {}, ShopID: 'S101', BaseID: 'B201', TableID: 'A03', QRCode: 'QR-A03' }] }),
      HomeShopDetailsGet: (r) =>
        ok({
          table1: [SHOP],
          table2: [],
          table3: [BASE],
          // A TableID alone never shows the table's open sheet.
          table4: r[0].QRCode ? [{ SheetID: 'SH1', CreatedDate: '2026-11-22 11:50:00', Status: 0 }] : [],
          table5: [{ TableID: String(r[0].TableID), TableName: '', TableNames: {}, NowDate: '2026-11-22 12:00:00', TimeZone: 'Asia/Macau' }]
        })
    })
    const host = createFakeHost(server.respond)
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
    session = new SessionStore(gateway, host)
    return { session }
  }

  it('pays first at a dine-in table chosen by hand, and after paying later at a scanned one', async () => {
    const { session } = setup()
    await session.initialise({ QRCode: 'QR-A03' })
    expect(session.payMode).toBe('postpay')
    expect(session.tableByHand).toBe(false)
    await session.initialise({ TableID: 'B201-A02' })
    await settle()
    expect(session.params).toMatchObject({ TableID: 'B201-A02', QRCode: '' })
    expect(session.sheet).toBeNull()
    expect(session.tableByHand).toBe(true)
    expect(session.payMode).toBe('prepay')
  })
})
