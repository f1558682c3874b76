/** The confirm page's delivery to a saved address (issue 16): the checkout store with a member's book and a scripted server. */
import { observable, runInAction } from 'mobx'
import { Gateway } from '../../src/gateway/gateway-client'
import type { HttpRequest, HttpResponse } from '../../src/hosts/host'
import type { BaseRow } from '../../src/gateway/operations'
import type { VipAddressRow } from '../../src/gateway/address-rows'
import type { DeliveryInput } from '../../src/gateway/order-rows'
import { completeLine, type CartEntry } from '../../src/core/cart'
import { parseWallClock } from '../../src/core/wall-clock'
import { CheckoutStore, DRAFT_KEY, type CheckoutAddressBook } from '../../src/features/checkout/checkout.store'
import { createFakeHost, envelopeOf, fail, ok } from './support/fake-host'
import { BASE } from './support/fake-gateway-server'
import { lineInput } from './support/menu-rows'
import { orderRow } from './support/orders-fakes'

function address(AddressID: string, over: Partial<VipAddressRow> = {}): VipAddressRow {
  return {
    AddressID,
    VipID: 'V1',
    Contact: 'Ana Lei',
    AreaNo: '853',
    Phone: '66123456',
    RegionCode: 'MO-TPA-CAR',
    RegionName: 'Macau Taipa Our Lady of Carmel',
    RegionPath: 'MO/MO-TPA/MO-TPA-CAR',
    Street: 'Rua do Cunha 10',
    Detail: '',
    HouseNo: '2/F A',
    Tag: '',
    Lat: 22.1536,
    Lng: 113.5565,
    IsDefault: 0,
    UpdatedAt: '2026-11-22 12:00:00',
    ...over
  }
}

const ENTRY: CartEntry = {
  goodsDetails: { GoodsID: 'G1', ShopID: 'S101', BaseID: 'B201', Ref: '1', GoodsName: 'Goods G1', GoodsType: 0, Unit: 'bowl', ImageUrl: '', StepQua: '1' },
  lines: [completeLine(lineInput({ mQua: '2' }), '1700000000000aaaaaaaaaa')],
  businessMode: '0'
}

type Handler = (record: Record<string, unknown>) => HttpResponse

function setup(opts: { signedIn?: boolean; book?: VipAddressRow[] | null; handlers?: Record<string, Handler> } = {}) {
  const calls: { op: string; record: Record<string, unknown> }[] = []
  const handlers: Record<string, Handler> = {
    OrderPricePreview: () => ok({ table1: [orderRow('O1', { ServiceType: 'delivery', Freight: '5.00' })], table2: [] }),
    OrderSubmit: () => ok({ table1: [orderRow('O1', { ServiceType: 'delivery' })], table2: [] }),
    ...opts.handlers
  }
  const host = createFakeHost((req: HttpRequest) => {
    const { fields, records } = envelopeOf(req)
    calls.push({ op: fields.KeyName, record: records[0] })
    const h = handlers[fields.KeyName]
    return h ? h(records[0]) : fail('10003', '0', `unknown ${fields.KeyName}`, 404)
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
  const state = observable({ signedIn: opts.signedIn ?? true, book: (opts.book === undefined ? [address('A1', { IsDefault: 1 }), address('A2', { Contact: 'Bo Chan' })] : opts.book) as VipAddressRow[] | null, loads: 0 })
  const addressBook: CheckoutAddressBook = {
    signedIn: () => state.signedIn,
    load: async () => {
      runInAction(() => state.loads++)
      return state.book
    }
  }
  const checkout = new CheckoutStore(gateway, {
    place: () => ({ ShopID: 'S101', BaseID: 'B201', TableID: '', SheetID: '', base: { ...BASE } as BaseRow }),
    now: () => parseWallClock('2026-11-22 12:00:00'),
    entries: () => [ENTRY],
    previewDelayMs: 0,
    storage: host.storage,
    addressBook
  })
  const callsOf = (op: string) => calls.filter((c) => c.op === op)
  return { checkout, state, callsOf, host }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 2))
}

/** The delivery the last call of `op` sent. */
const sentDelivery = (calls: { record: Record<string, unknown> }[]): DeliveryInput | undefined => calls[calls.length - 1]?.record.Delivery as DeliveryInput | undefined

describe('checkout: delivery to a saved address', () => {
  it("takes the member's default address and sends its id with the preview and the order", async () => {
    const { checkout, callsOf } = setup()
    checkout.begin('prepay')
    checkout.chooseService('delivery')
    await checkout.syncAddressBook()
    expect(checkout.savedAddress?.AddressID).toBe('A1')
    await settle()
    expect(sentDelivery(callsOf('OrderPricePreview'))).toMatchObject({ AddressID: 'A1', Contact: 'Ana Lei', Lat: 22.1536, Lng: 113.5565 })
    expect(checkout.preview?.Freight).toBe('5.00')
    checkout.setAgreed(true)
    const result = await checkout.submit()
    expect(result.ok).toBe(true)
    expect(sentDelivery(callsOf('OrderSubmit'))?.AddressID).toBe('A1')
    checkout.end()
  })

  it('an address chosen on the list is the one ordered to, and it is kept with the draft', async () => {
    const { checkout, callsOf, host } = setup()
    checkout.begin('prepay')
    checkout.chooseService('delivery')
    await checkout.syncAddressBook()
    checkout.chooseAddress(address('A2', { Contact: 'Bo Chan' }))
    // Back on the confirm page: the book again, the choice stands.
    await checkout.syncAddressBook()
    expect(checkout.savedAddress?.Contact).toBe('Bo Chan')
    await settle()
    expect(sentDelivery(callsOf('OrderPricePreview'))?.AddressID).toBe('A2')
    expect(JSON.parse(host.storage.get(`${DRAFT_KEY}.S101.B201..prepay`) ?? '{}').addressId).toBe('A2')
    checkout.end()
    // A new visit (a reload) starts from the kept choice.
    checkout.begin('prepay')
    await checkout.syncAddressBook()
    expect(checkout.addressId).toBe('A2')
    checkout.end()
  })

  it('an address edited meanwhile is priced afresh; one deleted meanwhile gives way to the default', async () => {
    const { checkout, state, callsOf } = setup()
    checkout.begin('prepay')
    checkout.chooseService('delivery')
    await checkout.syncAddressBook()
    checkout.chooseAddress(state.book![1])
    await settle()
    const before = callsOf('OrderPricePreview').length
    runInAction(() => (state.book = [state.book![0], address('A2', { Contact: 'Bo Chan', Street: 'Estrada de Cacilhas 7', Lat: 22.2, Lng: 113.55 })]))
    await checkout.syncAddressBook()
    await settle()
    expect(callsOf('OrderPricePreview').length).toBe(before + 1)
    expect(sentDelivery(callsOf('OrderPricePreview'))).toMatchObject({ AddressID: 'A2', Lat: 22.2 })
    runInAction(() => (state.book = [state.book![0]]))
    await checkout.syncAddressBook()
    expect(checkout.addressId).toBe('A1')
    checkout.end()
  })

  it('a member without addresses must add one: nothing is priced or placed without it', async () => {
    const { checkout, callsOf } = setup({ book: [] })
    checkout.begin('prepay')
    checkout.chooseService('delivery')
    await checkout.syncAddressBook()
    await settle()
    expect(checkout.bookState).toBe('ready')
    expect(checkout.previewBlockedBy).toBe('address.chooseForOrder')
    // (The dine-in price from before delivery was chosen is the only one asked for.)
    expect(callsOf('OrderPricePreview').filter((c) => c.record.ServiceType === 'delivery')).toHaveLength(0)
    checkout.setAgreed(true)
    const result = await checkout.submit()
    expect(result).toEqual({ ok: false, problem: 'address.chooseForOrder', server: null })
    checkout.end()
  })

  it('a book that fails to load keeps the address already chosen and says so', async () => {
    const { checkout, state } = setup()
    checkout.begin('prepay')
    checkout.chooseService('delivery')
    await checkout.syncAddressBook()
    runInAction(() => (state.book = null))
    await checkout.syncAddressBook()
    expect(checkout.bookState).toBe('failed')
    expect(checkout.savedAddress?.AddressID).toBe('A1')
    checkout.end()
  })

  it("beyond the delivery range: the server's words (distance and limit), and the order is blocked", async () => {
    const { checkout } = setup({
      handlers: { OrderPricePreview: () => fail('0', '20023', 'This address is 9.3 km from the shop; it delivers within 5.0 km') }
    })
    checkout.begin('prepay')
    checkout.chooseService('delivery')
    await checkout.syncAddressBook()
    await settle()
    expect(checkout.previewProblem).toMatchObject({ code: '20023', message: 'This address is 9.3 km from the shop; it delivers within 5.0 km' })
    expect(checkout.outOfRange).toBe(true)
    // Another service style is not a delivery: nothing out of range there.
    checkout.chooseService('takeaway')
    expect(checkout.outOfRange).toBe(false)
    checkout.end()
  })

  it('a guest types the delivery details as before: no address id, the book never asked', async () => {
    const { checkout, state, callsOf } = setup({ signedIn: false })
    checkout.begin('prepay')
    checkout.chooseService('delivery')
    await checkout.syncAddressBook()
    expect(state.loads).toBe(0)
    expect(checkout.usesAddressBook).toBe(false)
    expect(checkout.previewBlockedBy).toBe('checkout.fillContact')
    checkout.setContact('Ana')
    checkout.setPhone('66123456')
    checkout.setAddress('Rua do Cunha 10, Taipa')
    await settle()
    const sent = sentDelivery(callsOf('OrderPricePreview'))
    expect(sent).toMatchObject({ Contact: 'Ana', Phone: '66123456', Address: 'Rua do Cunha 10, Taipa' })
    expect(sent).not.toHaveProperty('AddressID')
    checkout.end()
  })
})
