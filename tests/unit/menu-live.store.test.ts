/**
 * The open menu, live (issue 23; docs/live-events.md): MenuLiveStore follows the shop's stream
 * while a page showing goods is on screen and applies what it hears to the menu store in place:
 * a goods sold out and back on the list, Home, search and details rows (what observers re-render
 * from), an add-on sold out on the details (the goods page's choice drops it and refuses it), a
 * reset or a menu import reloads; it resumes from its last id when the page comes back and starts
 * anew for another shop.
 */
import { autorun, observable, runInAction } from 'mobx'
import { Gateway } from '../../src/gateway/gateway-client'
import type { AttachmentRow, GoodsDetailRow } from '../../src/gateway/operations'
import type { LiveHandlers, LiveRequest, LiveSubscribe } from '../../src/hosts/host'
import { MenuStore } from '../../src/features/menu/menu.store'
import { MenuLiveStore, MENU_LIVE_KINDS } from '../../src/features/menu/menu-live.store'
import { GoodsChoice } from '../../src/features/menu/goods-choice'
import { createFakeHost, envelopeOf, ok } from './support/fake-host'
import { classRow, goodsRow } from './support/menu-rows'

const detail = (GoodsID: string): GoodsDetailRow => ({
  ...goodsRow(GoodsID, 'C1', { SoldOut: 0, HasOptions: 1 }),
  GoodsNames: { 'zh-CN': GoodsID, 'zh-TW': GoodsID, en: GoodsID },
  Description: '',
  GoodsRemarks: '',
  Images: []
})
const addOn = (OptionID: string): AttachmentRow => ({ GoodsID: 'G1', OptionID, Value: OptionID, Value2: '5', Value3: '5', SortNo: 1, SoldOut: 0 })

function setup() {
  const ops: string[] = []
  const host = createFakeHost((req) => {
    const { fields } = envelopeOf(req)
    ops.push(fields.KeyName)
    switch (fields.KeyName) {
      case 'GoodsClassAllGet':
        return ok({ table1: [classRow('C1', 1)] })
      case 'GoodsListByClass':
        return ok({ table1: [goodsRow('G1', 'C1', { SoldOut: 0 }), goodsRow('G2', 'C1', { SoldOut: 0 })], table2: [{ Total: 2 }] })
      case 'GoodsDetailGet':
        return ok({ table1: [detail('G1')], table2: [], table3: [], table4: [], table5: [] })
      case 'AttachmentChargingList':
        return ok({ table1: [addOn('EGG'), addOn('WONTON3')] })
      default:
        return ok({ table1: [] })
    }
  })
  const gateway = new Gateway({
    host,
    identity: () => ({ EntID: 'E1001', UserID: 'U1' }),
    locale: () => 'en',
    networkErrorText: () => 'Network connection error',
    appName: 'test',
    authCode: 'c',
    liveUrl: '',
    testUrl: ''
  })
  const place = observable.box<{ EntID: string; ShopID: string; BaseID: string } | null>({ EntID: 'E1001', ShopID: 'S101', BaseID: 'B201' })
  const menu = new MenuStore(gateway, {
    scope: () => {
      const p = place.get()
      return p ? { ShopID: p.ShopID, BaseID: p.BaseID } : null
    },
    locale: () => 'en',
    now: () => null
  })
  const subscriptions: { request: LiveRequest; handlers: LiveHandlers; closed: boolean }[] = []
  const subscribe: LiveSubscribe = (request, handlers) => {
    const s = { request, handlers, closed: false }
    subscriptions.push(s)
    return { close: () => void (s.closed = true) }
  }
  const live = new MenuLiveStore(menu, {
    subscribe,
    base: () => 'https://shop.example',
    where: () => place.get(),
    active: () => menu.statusTimerRunning
  })
  const current = () => subscriptions.filter((s) => !s.closed)
  const hear = (id: number, kind: string, data: Record<string, unknown> = {}) => {
    const [s] = current()
    if (!s) throw new Error('not subscribed')
    s.handlers.onMessage({ id, kind, data })
  }
  return { menu, live, ops, subscriptions, current, hear, place }
}

let cleanup: (() => void)[] = []
afterEach(() => {
  for (const c of cleanup.splice(0)) c()
})

function start() {
  const t = setup()
  cleanup.push(() => {
    t.menu.stopStatusTimer()
    t.live.close()
  })
  return t
}

describe('the open menu, live', () => {
  it('subscribes only while a page showing goods is on screen, to the diner’s shop, from now on', () => {
    const { menu, subscriptions, current, hear, live } = start()
    expect(subscriptions).toHaveLength(0)
    menu.startStatusTimer()
    expect(current()).toHaveLength(1)
    expect(current()[0].request).toEqual({ base: 'https://shop.example', scope: 'ent=E1001&shop=S101&base=B201', kinds: MENU_LIVE_KINDS, afterId: null })
    hear(41, 'ready', { position: 41 })
    expect(live).toMatchObject({ lastId: 41, connected: true })
    menu.stopStatusTimer()
    expect(current()).toHaveLength(0)
  })

  it('a goods sold out and back changes its rows in place (observers see it; nothing is read again)', async () => {
    const { menu, current, hear, ops } = start()
    await menu.loadMenu()
    await menu.loadDetails('G1')
    menu.startStatusTimer()
    hear(1, 'ready')
    const seen: (number | undefined)[] = []
    cleanup.push(autorun(() => void seen.push(menu.sections[0]?.goods.find((g) => g.GoodsID === 'G1')?.SoldOut)))
    const choice = new GoodsChoice(menu.details.G1, { AmoPoint: 2, PricePoint: 2, QuaPoint: 0, PQuaPoint: 0, DiscountPoint: 2 })
    expect(choice.soldOut).toBe(false)
    const before = ops.length

    hear(2, 'goods.soldOut', { kind: 'goods.soldOut', goodsId: 'G1', soldOut: true })
    expect(menu.goods.find((g) => g.GoodsID === 'G1')?.SoldOut).toBe(1)
    expect(menu.goods.find((g) => g.GoodsID === 'G2')?.SoldOut).toBe(0)
    expect(menu.details.G1.goods.SoldOut).toBe(1)
    expect(seen).toEqual([0, 1])
    // The goods page's choice: nothing left to add, shown as sold out.
    expect(choice.soldOut).toBe(true)
    expect(choice.stockLeft).toBe(0)
    expect(choice.canIncrease).toBe(false)

    hear(3, 'goods.soldOut', { kind: 'goods.soldOut', goodsId: 'G1', soldOut: false })
    expect(seen).toEqual([0, 1, 0])
    expect(choice.soldOut).toBe(false)
    expect(ops.length).toBe(before)
    expect(current()).toHaveLength(1)
  })

  it('an add-on sold out cannot be chosen and drops out of a choice that had it', async () => {
    const { menu, hear } = start()
    await menu.loadDetails('G1')
    menu.startStatusTimer()
    const choice = new GoodsChoice(menu.details.G1, { AmoPoint: 2, PricePoint: 2, QuaPoint: 0, PQuaPoint: 0, DiscountPoint: 2 })
    choice.toggleAddOn('WONTON3')
    expect(choice.pickedAddOns.map((a) => a.OptionID)).toEqual(['WONTON3'])
    hear(5, 'addOn.soldOut', { goodsId: 'G1', optionId: 'WONTON3', soldOut: true })
    expect(menu.details.G1.addOns.find((a) => a.OptionID === 'WONTON3')?.SoldOut).toBe(1)
    expect(choice.pickedAddOns).toEqual([])
    expect(choice.toLine().attachmentList).toEqual([])
    choice.toggleAddOn('WONTON3') // unpicks the stale choice
    choice.toggleAddOn('WONTON3') // and cannot pick it again
    expect(choice.addOns).toEqual([])
    choice.toggleAddOn('EGG')
    expect(choice.pickedAddOns.map((a) => a.OptionID)).toEqual(['EGG'])
    hear(6, 'addOn.soldOut', { goodsId: 'G1', optionId: 'WONTON3', soldOut: false })
    choice.toggleAddOn('WONTON3')
    expect(choice.pickedAddOns.map((a) => a.OptionID).sort()).toEqual(['EGG', 'WONTON3'])
  })

  it('a reset or a menu import reads the menu and the details shown again', async () => {
    const { menu, hear, ops } = start()
    await menu.loadMenu()
    await menu.loadDetails('G1')
    menu.startStatusTimer()
    ops.length = 0
    hear(9, 'reset', { position: 9 })
    await new Promise((r) => setTimeout(r, 0))
    expect(ops.sort()).toEqual(['AttachmentChargingList', 'GoodsClassAllGet', 'GoodsDetailGet', 'GoodsListByClass'])
    ops.length = 0
    hear(10, 'menu.changed', { version: 4 })
    await new Promise((r) => setTimeout(r, 0))
    expect(ops).toContain('GoodsListByClass')
  })

  it('resumes from its last id when the page comes back; another shop starts from now', () => {
    const { menu, current, hear, place, subscriptions } = start()
    menu.startStatusTimer()
    hear(7, 'ready')
    hear(8, 'goods.soldOut', { goodsId: 'G9', soldOut: true })
    menu.stopStatusTimer()
    menu.startStatusTimer()
    expect(current()[0].request.afterId).toBe(8)
    runInAction(() => place.set({ EntID: 'E1001', ShopID: 'S102', BaseID: 'B301' }))
    expect(current()).toHaveLength(1)
    expect(current()[0].request).toMatchObject({ scope: 'ent=E1001&shop=S102&base=B301', afterId: null })
    expect(subscriptions.filter((s) => s.closed)).toHaveLength(2)
    // Messages of a closed subscription are ignored.
    subscriptions[0].handlers.onMessage({ id: 99, kind: 'goods.soldOut', data: { goodsId: 'G1', soldOut: true } })
  })
})

describe('the poll (mini-programs, src/hosts/live.ts)', () => {
  afterEach(() => jest.useRealTimers())

  it('starts from now, hands each wanted event once in order, resumes after its last id, says reset, retries after a failure', async () => {
    jest.useFakeTimers()
    const { liveSubscribe, LIVE_POLL_MS } = await import('../../src/hosts/live')
    const answers: { statusCode: number; data: unknown }[] = [
      { statusCode: 200, data: { position: 5, reset: false, more: false, events: [] } },
      {
        statusCode: 200,
        data: {
          position: 8,
          reset: false,
          more: false,
          events: [
            { id: 6, kind: 'goods.soldOut', data: { goodsId: 'G1', soldOut: true } },
            { id: 7, kind: 'not.wanted', data: {} },
            { id: 8, kind: 'addOn.soldOut', data: { goodsId: 'G1', optionId: 'O', soldOut: true } }
          ]
        }
      },
      { statusCode: 503, data: 'busy' },
      { statusCode: 200, data: { position: 20, reset: true, more: false, events: [] } }
    ]
    const urls: string[] = []
    const subscribe = liveSubscribe({
      request: async (req) => {
        urls.push(req.url)
        return answers.shift() ?? { statusCode: 200, data: { position: 20, reset: false, more: false, events: [] } }
      }
    })
    const heard: [number, string][] = []
    const status: boolean[] = []
    const sub = subscribe(
      { base: 'https://shop.example', scope: 'ent=E1001&shop=S101', kinds: ['goods.soldOut', 'addOn.soldOut'], afterId: null },
      { onMessage: (m) => heard.push([m.id, m.kind]), onStatus: (c) => status.push(c) }
    )
    await jest.advanceTimersByTimeAsync(0)
    expect(heard).toEqual([[5, 'ready']])
    await jest.advanceTimersByTimeAsync(LIVE_POLL_MS)
    expect(heard).toEqual([
      [5, 'ready'],
      [6, 'goods.soldOut'],
      [8, 'addOn.soldOut']
    ])
    await jest.advanceTimersByTimeAsync(LIVE_POLL_MS)
    expect(status).toEqual([true, false])
    await jest.advanceTimersByTimeAsync(LIVE_POLL_MS * 2)
    expect(heard[heard.length - 1]).toEqual([20, 'reset'])
    expect(status).toEqual([true, false, true])
    expect(urls).toEqual([
      'https://shop.example/live/poll?ent=E1001&shop=S101',
      'https://shop.example/live/poll?ent=E1001&shop=S101&after=5',
      'https://shop.example/live/poll?ent=E1001&shop=S101&after=8',
      'https://shop.example/live/poll?ent=E1001&shop=S101&after=8'
    ])
    sub.close()
    const polls = urls.length
    await jest.advanceTimersByTimeAsync(LIVE_POLL_MS * 10)
    expect(urls.length).toBe(polls)
  })
})
