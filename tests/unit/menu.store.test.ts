import { parseGoodsRemarks } from '../../src/core/goods-remarks'
import { autorun } from 'mobx'
import { Gateway } from '../../src/gateway/gateway-client'
import type { Locale } from '../../src/gateway/contract'
import type { HttpRequest, HttpResponse } from '../../src/hosts/host'
import type {
  AttachmentRow,
  BomClassRow,
  BomGoodsRow,
  GoodsDetailRow
} from '../../src/gateway/operations'
import { MenuStore } from '../../src/features/menu/menu.store'
import { parseWallClock, type WallClock } from '../../src/core/wall-clock'
import { createFakeHost, envelopeOf, fail, ok } from './support/fake-host'
import { classRow as cls, goodsRow as goods } from './support/menu-rows'

// ---------- rows ----------



function detail(GoodsID: string, over: Partial<GoodsDetailRow> = {}): GoodsDetailRow {
  return {
    ...goods(GoodsID, 'C1'),
    GoodsNames: { 'zh-CN': GoodsID, 'zh-TW': GoodsID, en: GoodsID },
    Description: '',
    GoodsRemarks: '',
    Images: [],
    ...over
  }
}

// ---------- a scripted server ----------

type Handler = (record: Record<string, unknown>, req: HttpRequest) => HttpResponse | Promise<HttpResponse>

interface Call {
  op: string
  record: Record<string, unknown>
  language: string
}

function setup(handlers: Record<string, Handler>) {
  const calls: Call[] = []
  const host = createFakeHost((req) => {
    const { fields, records } = envelopeOf(req)
    calls.push({ op: fields.KeyName, record: records[0], language: req.headers['Accept-Language'] })
    const handler = handlers[fields.KeyName]
    if (!handler) return fail('10003', '0', `unknown ${fields.KeyName}`, 404)
    return handler(records[0], req)
  })
  let locale: Locale = 'en'
  let now: WallClock | null = parseWallClock('2026-11-22 12:00:00')
  let scope: { ShopID: string; BaseID: string } | null = { ShopID: 'S101', BaseID: 'B201' }
  const gateway = new Gateway({
    host,
    identity: () => ({ EntID: 'E1001', UserID: 'U1' }),
    locale: () => locale,
    networkErrorText: () => 'Network connection error',
    appName: 'test',
    authCode: 'c',
    liveUrl: '',
    testUrl: ''
  })
  const menu = new MenuStore(gateway, { scope: () => scope, locale: () => locale, now: () => now })
  // The root store's feature stores hand the remark parser in (stores/feature-stores.ts).
  menu.useRemarkReader(parseGoodsRemarks)
  return {
    menu,
    host,
    calls,
    ops: () => calls.map((c) => c.op),
    setLocale: (l: Locale) => (locale = l),
    setNow: (text: string | null) => (now = text === null ? null : parseWallClock(text)),
    setScope: (s: typeof scope) => (scope = s)
  }
}

/** A response the test releases when it wants, to control which answer arrives first. */
function deferred() {
  let release!: (res: HttpResponse) => void
  const promise = new Promise<HttpResponse>((resolve) => (release = resolve))
  return { promise, release }
}

const CLASSES = [cls('C3', 3), cls('C1', 1), cls('C2', 2), cls('C4', 4)]
const GOODS = [goods('G1', 'C1'), goods('G2', 'C3'), goods('G3', 'C1'), goods('G4', 'C2')]

const menuHandlers = (): Record<string, Handler> => ({
  GoodsClassAllGet: () => ok({ table1: CLASSES }),
  GoodsListByClass: () => ok({ table1: GOODS, table2: [{ Total: GOODS.length }] })
})

describe('menu store', () => {
  describe('the whole menu', () => {
    it('shows sections in class order, each with its goods, leaving out classes without goods', async () => {
      const { menu } = setup(menuHandlers())
      await menu.loadMenu()
      expect(menu.menuState).toBe('ready')
      expect(menu.sections.map((s) => s.cls.ClassID)).toEqual(['C1', 'C2', 'C3'])
      expect(menu.sections.map((s) => s.goods.map((g) => g.GoodsID))).toEqual([['G1', 'G3'], ['G4'], ['G2']])
      expect(menu.goodsById('G4')?.GoodsName).toBe('Goods G4')
      expect(menu.goodsById('nope')).toBeUndefined()
    })

    it('asks for the branch of the scope', async () => {
      const { menu, calls } = setup(menuHandlers())
      await menu.loadMenu()
      for (const c of calls) expect(c.record).toMatchObject({ ShopID: 'S101', BaseID: 'B201', EntID: 'E1001' })
    })

    it('loads once for the same scope and language, and again after a language change', async () => {
      const { menu, ops, calls, setLocale } = setup(menuHandlers())
      await Promise.all([menu.loadMenu(), menu.loadMenu()])
      await menu.loadMenu()
      expect(ops().sort()).toEqual(['GoodsClassAllGet', 'GoodsListByClass'])

      setLocale('zh-TW')
      await menu.loadMenu()
      expect(ops()).toHaveLength(4)
      expect(calls.slice(2).map((c) => c.language)).toEqual(['zh-TW', 'zh-TW'])
      expect(menu.menuState).toBe('ready')
    })

    it('loads again for another branch', async () => {
      const { menu, ops, setScope } = setup(menuHandlers())
      await menu.loadMenu()
      setScope({ ShopID: 'S101', BaseID: 'B202' })
      await menu.loadMenu()
      expect(ops()).toHaveLength(4)
    })

    it('does nothing before the session gives a scope', async () => {
      const { menu, ops, setScope } = setup(menuHandlers())
      setScope(null)
      await menu.loadMenu()
      expect(ops()).toEqual([])
      expect(menu.menuState).toBe('idle')
    })

    it('fails when a call fails, and a second try loads', async () => {
      let broken = true
      const { menu, host } = setup({
        ...menuHandlers(),
        GoodsClassAllGet: () => (broken ? fail('0', '50000', 'Server busy') : ok({ table1: CLASSES }))
      })
      await menu.loadMenu()
      expect(menu.menuState).toBe('failed')
      expect(menu.sections).toEqual([])
      expect(host.toasts).toEqual(['Server busy'])

      broken = false
      await menu.loadMenu()
      expect(menu.menuState).toBe('ready')
      expect(menu.sections).toHaveLength(3)
    })
  })

  describe('search', () => {
    it('drops an older answer that arrives after a newer keyword was answered', async () => {
      const pending: Record<string, ReturnType<typeof deferred>> = {}
      const { menu } = setup({
        GoodsListByClass: (r) => {
          const d = deferred()
          pending[String(r.Keyword)] = d
          return d.promise
        }
      })
      const first = menu.search('1')
      const second = menu.search('12')
      await new Promise((r) => setTimeout(r, 0))
      expect(Object.keys(pending).sort()).toEqual(['1', '12'])

      pending['12'].release(ok({ table1: [goods('G12', 'C1')], table2: [{ Total: 1 }] }))
      await second
      expect(menu.searchResults.map((g) => g.GoodsID)).toEqual(['G12'])

      pending['1'].release(ok({ table1: [goods('G1', 'C1'), goods('G12', 'C1'), goods('G13', 'C1')], table2: [{ Total: 3 }] }))
      await first
      expect(menu.searchKeyword).toBe('12')
      expect(menu.searchResults.map((g) => g.GoodsID)).toEqual(['G12'])
      expect(menu.searchState).toBe('ready')
    })

    it('sends the trimmed keyword and shows the answer', async () => {
      const { menu, calls } = setup({ GoodsListByClass: () => ok({ table1: [goods('G7', 'C1')], table2: [{ Total: 1 }] }) })
      await menu.search(' 7 ')
      expect(calls[0].record).toMatchObject({ Keyword: '7', ShopID: 'S101', BaseID: 'B201' })
      expect(menu.searchResults.map((g) => g.GoodsID)).toEqual(['G7'])
    })

    it('clears on an empty keyword without asking, and a late answer does not bring results back', async () => {
      const d = deferred()
      const { menu, ops } = setup({ GoodsListByClass: () => d.promise })
      const typing = menu.search('3')
      await new Promise((r) => setTimeout(r, 0))
      await menu.search('   ')
      expect(menu.searchResults).toEqual([])
      expect(menu.searchState).toBe('idle')

      d.release(ok({ table1: [goods('G3', 'C1')], table2: [{ Total: 1 }] }))
      await typing
      expect(menu.searchResults).toEqual([])
      expect(menu.searchState).toBe('idle')
      expect(ops()).toEqual(['GoodsListByClass'])
    })
  })

  describe('goods details', () => {
    const bomClasses: BomClassRow[] = [
      { BOMClassID: 'K2', BOMClassName: 'Drink', Qua: 1, SelectType: 1, SortNo: 2 },
      { BOMClassID: 'K1', BOMClassName: 'Main', Qua: 1, SelectType: 0, SortNo: 1 }
    ]
    const bomGoods: BomGoodsRow[] = [
      { BOMClassID: 'K1', GoodsID: 'B1', GoodsName: 'Rice', BOMQua: '1', BOMGoodsPUnit: 'bowl', Price: '0', ImageUrl: '', IsDefault: 1 }
    ]
    const addOns: AttachmentRow[] = [
      { GoodsID: 'G1', OptionID: 'O2', Value: 'Egg', Value2: '3', Value3: '3', SortNo: 2 },
      { GoodsID: 'G1', OptionID: 'O1', Value: 'Pearls', Value2: '2', Value3: '2', SortNo: 1 }
    ]
    const detailHandlers = (row: GoodsDetailRow): Record<string, Handler> => ({
      GoodsDetailGet: () => ok({ table1: [row], table2: [], table3: [], table4: [], table5: [] }),
      AttachmentChargingList: () => ok({ table1: addOns }),
      GoodsBOMListGet: () => ok({ table1: bomClasses, table2: bomGoods })
    })

    it('fetches the combo of a combo goods', async () => {
      const { menu, ops, calls } = setup(detailHandlers(detail('G9', { GoodsType: 3 })))
      const details = await menu.loadDetails('G9')
      expect(ops().sort()).toEqual(['AttachmentChargingList', 'GoodsBOMListGet', 'GoodsDetailGet'])
      expect(calls.find((c) => c.op === 'GoodsBOMListGet')?.record).toMatchObject({ GoodsID: 'G9', ShopID: 'S101', BaseID: 'B201' })
      expect(details?.bomClasses.map((c) => c.BOMClassName)).toEqual(['Main', 'Drink'])
      expect(details?.bomGoods.map((g) => g.GoodsName)).toEqual(['Rice'])
      expect(menu.detailState.G9).toBe('ready')
      expect(menu.details.G9.goods.GoodsID).toBe('G9')
    })

    it('does not fetch a combo for other goods, and lists add-ons in their order', async () => {
      const { menu, ops } = setup(detailHandlers(detail('G1', { GoodsType: 0 })))
      const details = await menu.loadDetails('G1')
      expect(ops().sort()).toEqual(['AttachmentChargingList', 'GoodsDetailGet'])
      expect(details?.bomClasses).toEqual([])
      expect(details?.addOns.map((a) => a.Value)).toEqual(['Pearls', 'Egg'])
    })

    it('uses the loaded details again unless forced', async () => {
      const { menu, ops } = setup(detailHandlers(detail('G1')))
      await menu.loadDetails('G1')
      await menu.loadDetails('G1')
      expect(ops()).toHaveLength(2)
      await menu.loadDetails('G1', true)
      expect(ops()).toHaveLength(4)
    })

    it('reads the details again after a language switch (names follow the language on screen)', async () => {
      const { menu, ops, setLocale } = setup(detailHandlers(detail('G1')))
      await menu.loadDetails('G1')
      setLocale('zh-TW')
      await menu.loadDetails('G1')
      expect(ops()).toHaveLength(4)
    })

    it('reads the remark groups from GoodsRemarks', async () => {
      const { menu } = setup(detailHandlers(detail('G1', { GoodsRemarks: 'Spice:Mild;Medium；Hot\n甜度：少甜，正常' })))
      const details = await menu.loadDetails('G1')
      expect(details?.remarks).toEqual([
        { name: 'Spice', options: ['Mild', 'Medium', 'Hot'] },
        { name: '甜度', options: ['少甜', '正常'] }
      ])
    })

    it('keeps the newest details when an older answer arrives late (language switched while loading)', async () => {
      const pending: Record<string, ReturnType<typeof deferred>> = {}
      const { menu, setLocale } = setup({
        GoodsDetailGet: (_r, req) => {
          const d = deferred()
          pending[req.headers['Accept-Language']] = d
          return d.promise
        },
        AttachmentChargingList: () => ok({ table1: [] })
      })
      const english = menu.loadDetails('G1', true)
      setLocale('zh-TW')
      const chinese = menu.loadDetails('G1', true)
      await new Promise((r) => setTimeout(r, 0))

      pending['zh-TW'].release(ok({ table1: [detail('G1', { GoodsName: '奶茶' })], table2: [], table3: [], table4: [], table5: [] }))
      await chinese
      pending.en.release(ok({ table1: [detail('G1', { GoodsName: 'Milk tea' })], table2: [], table3: [], table4: [], table5: [] }))
      await english
      expect(menu.details.G1.goods.GoodsName).toBe('奶茶')
      expect(menu.detailState.G1).toBe('ready')
    })

    it('fails when the goods is missing or a call fails', async () => {
      const missing = setup({ ...detailHandlers(detail('G1')), GoodsDetailGet: () => ok({ table1: [] }) })
      expect(await missing.menu.loadDetails('G1')).toBeNull()
      expect(missing.menu.detailState.G1).toBe('failed')

      const broken = setup({ ...detailHandlers(detail('G1')), AttachmentChargingList: () => fail('0', '50000', 'Server busy') })
      expect(await broken.menu.loadDetails('G1')).toBeNull()
      expect(broken.menu.detailState.G1).toBe('failed')
      expect(broken.menu.details.G1).toBeUndefined()
    })

    it('tells a goods this menu has not (an odd link) from a failure that a retry may mend (issue 27 item 12)', async () => {
      const unknown = setup({ ...detailHandlers(detail('G1')), GoodsDetailGet: () => fail('0', '20007', 'This item is not on the menu') })
      expect(await unknown.menu.loadDetails('NOPE')).toBeNull()
      expect(unknown.menu.detailMissing.NOPE).toBe(true)
      const empty = setup({ ...detailHandlers(detail('G1')), GoodsDetailGet: () => ok({ table1: [] }) })
      await empty.menu.loadDetails('G1')
      expect(empty.menu.detailMissing.G1).toBe(true)
      const broken = setup({ ...detailHandlers(detail('G1')), AttachmentChargingList: () => fail('0', '50000', 'Server busy') })
      await broken.menu.loadDetails('G1')
      expect(broken.menu.detailMissing.G1).toBe(false)
    })
  })

  describe('sale status', () => {
    const evening = goods('G21', 'C1', { OnSaleTime: '21:00', OffSaleTime: '22:00' })
    const always = goods('G22', 'C1')
    const statusHandlers = (): Record<string, Handler> => ({
      GoodsClassAllGet: () => ok({ table1: [cls('C1', 1)] }),
      GoodsListByClass: () => ok({ table1: [evening, always], table2: [{ Total: 2 }] })
    })

    afterEach(() => jest.useRealTimers())

    it('shows goods outside their window as off sale until their start time', async () => {
      const { menu } = setup(statusHandlers())
      await menu.loadMenu()
      expect(menu.statusOf('G21')).toEqual({ isOnSale: false, startsAt: '21:00' })
      expect(menu.statusOf('G22')).toEqual({ isOnSale: true, startsAt: '' })
      expect(menu.goodsStatus.G21.isOnSale).toBe(false)
    })

    it('holds nothing back before the enterprise clock is known', async () => {
      const { menu, setNow } = setup(statusHandlers())
      await menu.loadMenu()
      setNow(null)
      expect(menu.statusOf('G21')).toEqual({ isOnSale: true, startsAt: '' })
    })

    it('re-evaluates on the 5-second timer once the clock has moved, and stops with the timer', async () => {
      const { menu, setNow } = setup(statusHandlers())
      await menu.loadMenu()
      jest.useFakeTimers()

      // What an observing page renders.
      const seen: boolean[] = []
      const stop = autorun(() => void seen.push(menu.statusOf('G21').isOnSale))
      expect(seen).toEqual([false])

      menu.startStatusTimer()
      expect(menu.statusTimerRunning).toBe(true)
      setNow('2026-11-22 21:00:02')
      jest.advanceTimersByTime(4999)
      expect(seen[seen.length - 1]).toBe(false)
      jest.advanceTimersByTime(1)
      expect(seen[seen.length - 1]).toBe(true)
      expect(menu.statusOf('G21')).toEqual({ isOnSale: true, startsAt: '' })

      setNow('2026-11-22 22:01:00')
      jest.advanceTimersByTime(5000)
      expect(seen[seen.length - 1]).toBe(false)

      menu.stopStatusTimer()
      expect(menu.statusTimerRunning).toBe(false)
      setNow('2026-11-22 21:30:00')
      const rendered = seen.length
      jest.advanceTimersByTime(20000)
      expect(seen).toHaveLength(rendered)
      expect(seen[seen.length - 1]).toBe(false)
      expect(jest.getTimerCount()).toBe(0)
      stop()
    })

    it('runs one timer however often a page starts it', () => {
      const { menu } = setup(statusHandlers())
      jest.useFakeTimers()
      menu.startStatusTimer()
      menu.startStatusTimer()
      expect(jest.getTimerCount()).toBe(1)
      menu.stopStatusTimer()
      expect(jest.getTimerCount()).toBe(0)
    })

    it('lets an observer see the timer start and stop', () => {
      const { menu } = setup(statusHandlers())
      jest.useFakeTimers()
      const seen: boolean[] = []
      const stop = autorun(() => void seen.push(menu.statusTimerRunning))
      menu.startStatusTimer()
      menu.stopStatusTimer()
      expect(seen).toEqual([false, true, false])
      stop()
    })
  })
})
