import { AddressStore, addressLine, type AddressStoreDeps } from '../../src/features/addresses/address.store'
import type { AreaRow, VipAddressInput, VipAddressRow } from '../../src/gateway/address-rows'
import type { SmsAreaRow } from '../../src/gateway/member-rows'
import type { MessageKey } from '../../src/i18n/catalogues'
import { translate } from '../../src/i18n/translate'
import { fakeGateway, networkDown, refused, settle, type Script } from './support/orders-fakes'
import { ConfirmCancelled } from '../../src/hosts/confirm-signal'

// ---------- a small region dataset and a member's address book on a fake server ----------

const area = (AreaCode: string, ParentCode: string, AreaName: string, Level: number, HasChildren: 0 | 1): AreaRow => ({ AreaCode, ParentCode, AreaName, Level, HasChildren })

/** Names per language, as the server would answer them. */
const REGIONS: Record<string, AreaRow[]> = {
  en: [
    area('MO', '', 'Macau', 1, 1),
    area('HK', '', 'Hong Kong', 1, 1),
    area('MO-TPA', 'MO', 'Taipa', 2, 1),
    area('MO-PEN', 'MO', 'Macau Peninsula', 2, 1),
    area('MO-TPA-CAR', 'MO-TPA', 'Our Lady of Carmel', 3, 0),
    area('MO-PEN-SE', 'MO-PEN', 'Sé', 3, 0),
    area('HK-WC', 'HK', 'Wan Chai', 2, 0)
  ],
  'zh-TW': [
    area('MO', '', '澳門', 1, 1),
    area('HK', '', '香港', 1, 1),
    area('MO-TPA', 'MO', '氹仔', 2, 1),
    area('MO-PEN', 'MO', '澳門半島', 2, 1),
    area('MO-TPA-CAR', 'MO-TPA', '嘉模堂區', 3, 0),
    area('MO-PEN-SE', 'MO-PEN', '大堂區', 3, 0),
    area('HK-WC', 'HK', '灣仔區', 2, 0)
  ]
}

const SMS_AREAS: SmsAreaRow[] = [
  { AreaNo: '853', AreaName: 'Macau', MinLength: 8, MaxLength: 8 },
  { AreaNo: '86', AreaName: 'Mainland China', MinLength: 11, MaxLength: 11 }
]

function row(AddressID: string, over: Partial<VipAddressRow> = {}): VipAddressRow {
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
    Detail: 'Edf. Lotus',
    HouseNo: '2/F A',
    Tag: 'home',
    Lat: 22.1536,
    Lng: 113.5565,
    IsDefault: 0,
    UpdatedAt: '2026-11-22 12:00:00',
    ...over
  }
}

/** A member's book kept by the fake server: the default rules as the server keeps them. */
function bookServer(initial: VipAddressRow[] = []) {
  let book = [...initial]
  let seq = book.length
  const byKey = new Map<string, VipAddressRow>()
  let locale = 'en'
  const fromInput = (AddressID: string, input: VipAddressInput, old?: VipAddressRow): VipAddressRow =>
    row(AddressID, {
      ...input,
      Detail: input.Detail ?? '',
      HouseNo: input.HouseNo ?? '',
      Tag: input.Tag ?? '',
      Lat: input.Lat ?? 0,
      Lng: input.Lng ?? 0,
      IsDefault: input.IsDefault ?? old?.IsDefault ?? 0
    })
  const settleDefault = (id: string, on: boolean) => {
    if (on) book = book.map((a) => ({ ...a, IsDefault: a.AddressID === id ? 1 : 0 }))
    if (!book.some((a) => a.IsDefault === 1) && book.length) book[0] = { ...book[0], IsDefault: 1 }
  }
  const script: Script = {
    VipAddressListByPage: () => ({ table1: [...book].sort((a, b) => b.IsDefault - a.IsDefault), table2: [{ Total: book.length }] }),
    VipAddressGet: ({ AddressID }) => {
      const a = book.find((x) => x.AddressID === AddressID)
      return a ? { table1: [a] } : refused('VipAddressGet', '20061', 'This address was not found')
    },
    VipAddressAdd: (input) => {
      const known = input.RequestKey ? byKey.get(input.RequestKey) : undefined
      if (known) return { table1: [known] }
      const a = fromInput(`A${++seq}`, input)
      book = [a, ...book]
      settleDefault(a.AddressID, a.IsDefault === 1)
      const saved = book.find((x) => x.AddressID === a.AddressID)!
      if (input.RequestKey) byKey.set(input.RequestKey, saved)
      return { table1: [saved] }
    },
    VipAddressUpdate: (input) => {
      const old = book.find((x) => x.AddressID === input.AddressID)
      if (!old) return refused('VipAddressUpdate', '20061', 'This address was not found')
      book = book.map((x) => (x.AddressID === input.AddressID ? fromInput(input.AddressID, input, old) : x))
      settleDefault(input.AddressID, input.IsDefault === 1)
      return { table1: [book.find((x) => x.AddressID === input.AddressID)!] }
    },
    VipAddressDelete: ({ AddressID }) => {
      book = book.filter((x) => x.AddressID !== AddressID)
      settleDefault('', false)
      return { table1: book }
    },
    AreaBatchSelect: ({ ParentCodes }) => ({ table1: REGIONS[locale].filter((r) => ParentCodes.includes(r.ParentCode)) }),
    BaseInfoByGPS: () => ({
      table1: [{ Lat: 22.1536, Lng: 113.5565, RegionCode: 'MO-TPA-CAR', RegionName: 'Macau Taipa Our Lady of Carmel', Street: 'Rua do Cunha', FormattedAddress: 'Rua do Cunha, Taipa', Precision: 'street', Provider: 'development' }],
      table2: []
    })
  }
  return {
    script,
    get book() {
      return book
    },
    setLocale: (l: string) => (locale = l)
  }
}

function setup(opts: { rows?: VipAddressRow[]; signedIn?: boolean; confirm?: boolean; script?: Script } = {}) {
  const server = bookServer(opts.rows)
  const gateway = fakeGateway({ ...server.script, ...opts.script })
  const state = { signedIn: opts.signedIn ?? true, locale: 'en', asked: 0, confirms: [] as string[] }
  const deps: AddressStoreDeps = {
    signedIn: () => state.signedIn,
    askLogin: () => void state.asked++,
    confirm: async (texts) => {
      state.confirms.push(texts.content)
      if (!(opts.confirm ?? true)) throw new ConfirmCancelled()
    },
    t: (key: MessageKey, params?: Record<string, string | number>) => translate('en', key, params),
    locale: () => state.locale,
    area: (no) => SMS_AREAS.find((a) => a.AreaNo === no),
    defaultAreaNo: () => '853',
    now: () => 1764000000000,
    random: () => 0.5
  }
  const store = new AddressStore(gateway, deps)
  return { store, gateway, server, state }
}

/** Types a complete address into the form. */
function fillForm(store: AddressStore): void {
  const f = store.form
  f.setContact('Ana Lei')
  f.setPhone('6612 3456')
  f.setRegion([REGIONS.en[0], REGIONS.en[2], REGIONS.en[4]])
  f.setStreet('Rua do Cunha 10')
  f.setDetail('Edf. Lotus')
  f.setHouseNo('2/F A')
}

describe('address store', () => {
  describe('the list', () => {
    it('asks for page 1 of size 999 and shows the default first', async () => {
      const { store, gateway } = setup({ rows: [row('A1'), row('A2', { IsDefault: 1 })] })
      expect(await store.loadList()).toBe(true)
      expect(gateway.callsOf('VipAddressListByPage')[0].record).toEqual({ PageIndex: 1, PageSize: 999 })
      expect(store.rows.map((r) => r.AddressID)).toEqual(['A2', 'A1'])
      expect(store.defaultAddress?.AddressID).toBe('A2')
    })

    it('keeps the rows on screen when a refresh fails, and says why', async () => {
      const { store, gateway } = setup({ rows: [row('A1', { IsDefault: 1 })] })
      await store.loadList()
      gateway.script.VipAddressListByPage = () => networkDown('VipAddressListByPage')
      expect(await store.loadList()).toBe(false)
      expect(store.rows.map((r) => r.AddressID)).toEqual(['A1'])
      expect(store.listState).toBe('ready')
      expect(store.listProblem?.message).toBe('Network connection error')
    })

    it('asks nothing of the server for a visitor, and forgets the last member', async () => {
      const { store, gateway, state } = setup({ rows: [row('A1')] })
      await store.loadList()
      state.signedIn = false
      expect(await store.loadList()).toBe(false)
      expect(store.rows).toEqual([])
      expect(gateway.callsOf('VipAddressListByPage')).toHaveLength(1)
    })
  })

  describe('delete and default', () => {
    it('deletes only after the diner confirms, in their language', async () => {
      const { store, server, state } = setup({ rows: [row('A1', { IsDefault: 1 }), row('A2')], confirm: false })
      await store.loadList()
      expect(await store.remove('A2')).toBe(false)
      expect(state.confirms).toEqual(['Delete this address?'])
      expect(server.book).toHaveLength(2)
    })

    it('deleting the default leaves another default, as the server answers', async () => {
      const { store } = setup({ rows: [row('A1', { IsDefault: 1 }), row('A2')] })
      await store.loadList()
      expect(await store.remove('A1')).toBe(true)
      expect(store.rows.map((r) => [r.AddressID, r.IsDefault])).toEqual([['A2', 1]])
    })

    it('makes another address the default with the whole address sent again', async () => {
      const { store, gateway } = setup({ rows: [row('A1', { IsDefault: 1 }), row('A2', { Tag: 'work' })] })
      await store.loadList()
      expect(await store.makeDefault('A2')).toBe(true)
      const sent = gateway.callsOf('VipAddressUpdate')[0].record
      expect(sent).toMatchObject({ AddressID: 'A2', IsDefault: 1, Tag: 'work', Street: 'Rua do Cunha 10', RegionCode: 'MO-TPA-CAR' })
      expect(store.defaultAddress?.AddressID).toBe('A2')
      expect(store.rows.filter((r) => r.IsDefault === 1)).toHaveLength(1)
    })

    it('shows a refused delete beside its address', async () => {
      const { store } = setup({ rows: [row('A1')], script: { VipAddressDelete: () => refused('VipAddressDelete', '20061', 'This address was not found') } })
      await store.loadList()
      expect(await store.remove('A1')).toBe(false)
      expect(store.rowProblem.A1).toEqual({ code: '20061', message: 'This address was not found' })
    })
  })

  describe('the edit form', () => {
    it('finds what is missing before asking the server', async () => {
      const { store, gateway } = setup()
      await store.loadList()
      await store.startEdit('')
      expect(await store.save()).toBeNull()
      expect(store.errors).toEqual({ contact: 'address.fillContact', region: 'resultcode.20063', street: 'address.streetRequired' })
      expect(store.firstError).toBe('contact')
      store.form.setContact('Ana')
      store.form.setPhone('6612')
      expect(await store.save()).toBeNull()
      // The phone's digits are checked by its area (Macau: 8).
      expect(store.errors.phone).toBe('resultcode.20036')
      expect(gateway.callsOf('VipAddressAdd')).toHaveLength(0)
    })

    it('adds the address, the first one being the default', async () => {
      const { store, gateway } = setup()
      await store.loadList()
      await store.startEdit('')
      expect(store.form.isDefault).toBe(true)
      fillForm(store)
      store.form.setTag('work')
      const saved = await store.save()
      expect(saved?.AddressID).toBe('A1')
      const sent = gateway.callsOf('VipAddressAdd')[0].record
      expect(sent).toMatchObject({ Contact: 'Ana Lei', AreaNo: '853', Phone: '66123456', RegionCode: 'MO-TPA-CAR', Street: 'Rua do Cunha 10', Tag: 'work', IsDefault: 1 })
      // Not pinned: no location sent, the server resolves the address.
      expect(sent).not.toHaveProperty('Lat')
      expect(String(sent.RequestKey)).toMatch(/^AD1764000000000/)
      expect(store.rows.map((r) => r.AddressID)).toEqual(['A1'])
    })

    it('keeps everything typed when the save fails, and a lost answer adds once with the same key', async () => {
      const { store, gateway, server } = setup()
      await store.loadList()
      await store.startEdit('')
      fillForm(store)
      const add = server.script.VipAddressAdd!
      let lose = true
      gateway.script.VipAddressAdd = (input, o) => {
        // The server adds it, but the answer is lost on the way.
        const answer = add(input, o)
        if (lose) {
          lose = false
          return networkDown('VipAddressAdd')
        }
        return answer
      }
      expect(await store.save()).toBeNull()
      expect(store.saveProblem).toEqual({ code: '', message: 'Network connection error' })
      expect([store.form.contact, store.form.phone, store.form.street, store.form.houseNo, store.form.regionCode]).toEqual(['Ana Lei', '66123456', 'Rua do Cunha 10', '2/F A', 'MO-TPA-CAR'])
      expect((await store.save())?.AddressID).toBe('A1')
      const keys = gateway.callsOf('VipAddressAdd').map((c) => c.record.RequestKey)
      expect(keys).toHaveLength(2)
      expect(keys[0]).toBe(keys[1])
      expect(server.book).toHaveLength(1)
    })

    it("shows the server's refusal in the diner's language and keeps the form", async () => {
      const { store } = setup({ script: { VipAddressAdd: () => refused('VipAddressAdd', '20062', 'Your address book is full (at most 20). Please delete an address first.') } })
      await store.loadList()
      await store.startEdit('')
      fillForm(store)
      expect(await store.save()).toBeNull()
      expect(store.saveProblem).toEqual({ code: '20062', message: 'Your address book is full (at most 20). Please delete an address first.' })
      expect(store.form.street).toBe('Rua do Cunha 10')
    })

    it('edits a saved address: its region levels restored in one call, then updated (never added again)', async () => {
      const { store, gateway } = setup({ rows: [row('A1', { IsDefault: 1 })] })
      await store.loadList()
      await store.startEdit('A1')
      expect(gateway.callsOf('AreaBatchSelect').map((c) => c.record.ParentCodes)).toEqual([['', 'MO', 'MO-TPA']])
      expect(store.form.regionPath.map((r) => r.AreaName)).toEqual(['Macau', 'Taipa', 'Our Lady of Carmel'])
      store.form.setHouseNo('3/F B')
      const saved = await store.save()
      expect(saved?.HouseNo).toBe('3/F B')
      expect(gateway.callsOf('VipAddressUpdate')[0].record).toMatchObject({ AddressID: 'A1', HouseNo: '3/F B', Lat: 22.1536, Lng: 113.5565 })
      expect(gateway.callsOf('VipAddressAdd')).toHaveLength(0)
    })

    it('opens an address not in the list through VipAddressGet; an unknown one says so', async () => {
      const { store, gateway } = setup({ rows: [row('A1')] })
      await store.startEdit('A1')
      expect(gateway.callsOf('VipAddressGet')).toHaveLength(1)
      expect(store.form.contact).toBe('Ana Lei')
      await store.startEdit('A9')
      expect(store.formState).toBe('failed')
      expect(store.saveProblem?.code).toBe('20061')
    })

    it('a map pin sets the point, fills an empty street and finds the region', async () => {
      const { store, gateway } = setup()
      await store.startEdit('')
      await store.applyPlace({ Lat: 22.1536, Lng: 113.5565, Name: 'Rua do Cunha', Address: 'Rua do Cunha, Taipa' })
      expect(store.form.located).toBe(true)
      expect(store.form.street).toBe('Rua do Cunha, Taipa')
      expect(store.form.regionCode).toBe('MO-TPA-CAR')
      expect(store.form.regionText).toBe('Macau Taipa Our Lady of Carmel')
      expect(gateway.callsOf('BaseInfoByGPS')[0].record).toMatchObject({ Lat: 22.1536, Lng: 113.5565 })
      // A street already typed stays.
      store.form.setStreet('Rua Correia da Silva 5')
      await store.applyPlace({ Lat: 22.15, Lng: 113.55, Name: 'Elsewhere', Address: 'Elsewhere' })
      expect(store.form.street).toBe('Rua Correia da Silva 5')
      expect(gateway.callsOf('BaseInfoByGPS')).toHaveLength(1)
    })
  })

  describe('the region picker', () => {
    it('goes down a level at a time, back by a breadcrumb, and a leaf is the region', async () => {
      const { store, gateway } = setup()
      await store.startEdit('')
      store.openPicker()
      await settle()
      expect(store.pickerOptions.map((r) => r.AreaName)).toEqual(['Macau', 'Hong Kong'])
      store.pickRegion(store.pickerOptions[0])
      await settle()
      expect(store.pickerOptions.map((r) => r.AreaName)).toEqual(['Taipa', 'Macau Peninsula'])
      store.pickRegion(store.pickerOptions[1])
      await settle()
      expect(store.pickerOptions.map((r) => r.AreaName)).toEqual(['Sé'])
      // Back to Macau's level, then Taipa's parish.
      store.pickerBack(1)
      store.pickRegion(store.pickerOptions[0])
      await settle()
      store.pickRegion(store.pickerOptions[0])
      expect(store.pickerOpen).toBe(false)
      expect(store.form.regionCode).toBe('MO-TPA-CAR')
      expect(store.form.regionText).toBe('Macau Taipa Our Lady of Carmel')
      // Each level was fetched once: going back asked nothing again.
      expect(gateway.callsOf('AreaBatchSelect').map((c) => c.record.ParentCodes)).toEqual([[''], ['MO'], ['MO-PEN'], ['MO-TPA']])
    })

    it('keeps levels per language: another language fetches its own names', async () => {
      const { store, gateway, server, state } = setup()
      await store.loadLevels([''])
      await store.loadLevels([''])
      expect(gateway.callsOf('AreaBatchSelect')).toHaveLength(1)
      server.setLocale('zh-TW')
      state.locale = 'zh-TW'
      await store.loadLevels([''])
      expect(store.children('').map((r) => r.AreaName)).toEqual(['澳門', '香港'])
      expect(gateway.callsOf('AreaBatchSelect')).toHaveLength(2)
    })

    it('a region chosen in one language is named in the next one chosen', async () => {
      const { store, server, state } = setup({ rows: [row('A1')] })
      await store.loadList()
      await store.startEdit('A1')
      expect(store.form.regionText).toBe('Macau Taipa Our Lady of Carmel')
      server.setLocale('zh-TW')
      state.locale = 'zh-TW'
      await store.relabelRegion()
      expect(store.form.regionText).toBe('澳門 氹仔 嘉模堂區')
    })

    it('opens at the chosen region’s level, and a failed level can be asked again', async () => {
      const { store, gateway } = setup({ rows: [row('A1')] })
      await store.loadList()
      await store.startEdit('A1')
      store.openPicker()
      expect(store.pickerPath.map((r) => r.AreaCode)).toEqual(['MO', 'MO-TPA'])
      expect(store.pickerOptions.map((r) => r.AreaCode)).toEqual(['MO-TPA-CAR'])
      gateway.script.AreaBatchSelect = () => networkDown('AreaBatchSelect')
      store.pickerBack(0)
      store.pickRegion(store.pickerOptions[1])
      await settle()
      expect(store.pickerState).toBe('failed')
      gateway.script.AreaBatchSelect = bookServer().script.AreaBatchSelect
      store.retryLevel()
      await settle()
      expect(store.pickerOptions.map((r) => r.AreaName)).toEqual(['Wan Chai'])
    })
  })

  it('writes an address on one line for people', () => {
    expect(addressLine(row('A1'))).toBe('Macau Taipa Our Lady of Carmel · Rua do Cunha 10 · Edf. Lotus · 2/F A')
    expect(addressLine(row('A1', { Detail: '', HouseNo: ' ' }))).toBe('Macau Taipa Our Lady of Carmel · Rua do Cunha 10')
  })
})
