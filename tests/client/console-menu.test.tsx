/**
 * The console's Menu and Sold out pages (issue 23) with a fake StaffApi, a fake browser and a fake
 * picture upload handed in through ConsoleDeps: who sees which page; the goods form reads a goods,
 * checks it in the staff member's language before anything is sent (errors tied to fields and
 * summed up in role=alert), asks for a reason when a price changes, writes required choice groups
 * as '*Name:…' in every language, uploads a new picture through the signed flow (preview first)
 * and saves the goods whole; classes are added; the server's refusal is shown as it words it;
 * the sold-out switches flip goods and add-ons. Three languages.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { StaffError } from '../../src/console/api/staff-client'
import type { ConsoleBrowser } from '../../src/console/browser'
import { ConsoleStore, STORAGE_KEYS } from '../../src/console/stores/console-store'
import type { PictureUpload } from '../../src/console/stores/menu-store'
import { App } from '../../src/console/ui/App'
import { ROLE_PERMISSIONS, type StaffRole } from '../../src/core/staff-permissions'
import type { Locale } from '../../src/gateway/contract'
import type { MenuFileGoods, StaffSessionRow } from '../../src/gateway/staff-contract'
import { FakeStaffApi } from './support/fake-staff-api'


function fakeBrowser(hash: string, saved: Map<string, string>): ConsoleBrowser {
  let current = hash
  const listeners = new Set<() => void>()
  return {
    storage: { get: (k) => saved.get(k) ?? null, set: (k, v) => void saved.set(k, v), remove: (k) => void saved.delete(k) },
    hash: () => current,
    setHash: (h) => {
      current = h
      listeners.forEach((l) => l())
    },
    replaceHash: (h) => {
      current = h
    },
    path: () => '/console/',
    search: () => '',
    onHashChange: (l) => {
      listeners.add(l)
      return () => void listeners.delete(l)
    },
    download: () => undefined,
    languages: () => ['en-GB'],
    setDocumentLanguage: () => undefined,
    setTitle: () => undefined,
    now: () => new Date('2026-11-28T02:00:00.000Z'),
    every: () => () => undefined
  }
}

const names = (en: string, zh: string) => ({ 'zh-CN': zh, 'zh-TW': zh, en })

const WONTON: MenuFileGoods = {
  code: 'C01',
  class: 'NOODLES',
  names: names('Wonton noodles', '雲吞麵'),
  descriptions: names('', ''),
  unit: names('bowl', '碗'),
  type: 5,
  price: '42',
  salesPrice: '42',
  recommend: false,
  sort: 3,
  stepQua: '1',
  skus: {
    attributes: [{ code: 'size', names: names('Size', '份量'), values: [{ code: 'S', names: names('Small', '細') }, { code: 'L', names: names('Large', '大') }] }],
    items: [
      { code: 'SMALL', values: ['S'], price: '42', salesPrice: '42' },
      { code: 'LARGE', values: ['L'], price: '52', salesPrice: '52', stock: 9 }
    ]
  },
  packUnits: [],
  remarks: { 'zh-CN': '*辣度:不辣;大辣', 'zh-TW': '*辣度:不辣;大辣', en: '*Spice:None;Hot' },
  addOns: [{ code: 'EGG', names: names('Egg', '蛋'), price: '5', salesPrice: '5', soldOut: false }],
  soldOut: false
}

function setUp(role: StaffRole, hash: string, options: { locale?: Locale; upload?: PictureUpload } = {}) {
  const api = new FakeStaffApi()
  const saved = new Map<string, string>([[STORAGE_KEYS.session, JSON.stringify({ token: `st_${role}`, entId: 'E1001' })]])
  const me: StaffSessionRow = {
    Token: '',
    StaffID: `P-${role}`,
    EntID: 'E1001',
    Name: `${role} person`,
    Role: role,
    Permissions: ROLE_PERMISSIONS[role].join(','),
    Locale: options.locale ?? 'en',
    DeviceID: '',
    DeviceName: '',
    ExpiresAt: '2026-11-29T02:00:00.000Z'
  }
  api.on('StaffMe', () => ({ table1: [me], table2: [{ ShopID: 'S101', BaseID: '', Names: names('Tea House', '茶樓') }, { ShopID: 'S101', BaseID: 'B201', Names: names('Senado', '議事亭') }] }))
  api.on('StaffProfileUpdate', () => ({ table1: [me] }))
  api.on('MenuOutlineGet', () => ({
    table1: [
      { ClassID: 'S101.c.NOODLES', Code: 'NOODLES', Names: names('Noodles', '粉麵'), Sort: 1, GoodsCount: 2 },
      { ClassID: 'S101.c.DRINK', Code: 'DRINK', Names: names('Drinks', '飲品'), Sort: 2, GoodsCount: 0 }
    ],
    table2: [
      { GoodsID: 'S101.g.C01', ClassID: 'S101.c.NOODLES', Code: 'C01', Names: WONTON.names, Type: 5, Price: '42', ImageUrl: 'http://shop.test/files/c01.svg', SoldOut: 0, Sort: 3, Required: 1 },
      { GoodsID: 'S101.g.C02', ClassID: 'S101.c.NOODLES', Code: 'C02', Names: names('Beef ho fun', '乾炒牛河'), Type: 5, Price: '68', ImageUrl: '', SoldOut: 1, Sort: 4, Required: 0 }
    ],
    table3: [{ BaseID: 'B201', Names: names('Senado', '議事亭') }],
    table4: [{ Version: 7 }]
  }))
  api.on('MenuGoodsGet', () => ({ table1: [{ GoodsID: 'S101.g.C01', ClassID: 'S101.c.NOODLES', Goods: WONTON, ImageUrl: 'http://shop.test/files/c01.svg', SoldOut: 0, Version: 7 }] }))
  api.on('MenuGoodsSave', (input) => ({ table1: [{ GoodsID: `S101.g.${(input.Goods as unknown as MenuFileGoods).code}`, ClassID: 'S101.c.NOODLES', Goods: input.Goods as unknown as MenuFileGoods, ImageUrl: '', SoldOut: 0, Version: 8 }] }))
  api.on('MenuClassSave', (input) => ({ table1: [{ ClassID: `S101.c.${input.Code}`, Code: input.Code, Names: input.Names, Sort: 3, Version: 8 }] }))
  api.on('MenuPictureUploadTicket', () => ({
    table1: [{ FileID: 'f123', FileName: 'dish.jpg', ObjectKey: 'uploads/x', UploadUrl: 'http://shop.test/storage/upload', FormFields: { key: 'uploads/x', Policy: 'p' }, ExpiresAt: '', MaxBytes: 5242880 }]
  }))
  api.on('StaffMenuGet', () => ({
    table1: [
      { GoodsID: 'S101.g.C01', ClassID: 'S101.c.NOODLES', Code: 'C01', Names: WONTON.names, Price: '42', Image: '', SoldOut: 0 },
      { GoodsID: 'S101.g.H01', ClassID: 'S101.c.DRINK', Code: 'H01', Names: names('Milk tea', '奶茶'), Price: '20', Image: '', SoldOut: 1 }
    ],
    table2: [{ GoodsID: 'S101.g.C01', OptionID: 'S101.g.C01.o.EGG', Names: names('Egg', '蛋'), Price: '5', SoldOut: 0 }],
    table3: [
      { ClassID: 'S101.c.NOODLES', Names: names('Noodles', '粉麵') },
      { ClassID: 'S101.c.DRINK', Names: names('Drinks', '飲品') }
    ]
  }))
  api.on('GoodsSoldOutSet', (input) => ({ table1: [{ GoodsID: input.GoodsID, SoldOut: input.SoldOut, Changed: true }] }))
  api.on('AddOnSoldOutSet', (input) => ({ table1: [{ GoodsID: input.GoodsID, OptionID: input.OptionID, SoldOut: input.SoldOut, Changed: true }] }))
  const store = new ConsoleStore({ api, browser: fakeBrowser(hash, saved), upload: options.upload })
  return { api, store }
}

async function open(role: StaffRole, hash: string, options: { locale?: Locale; upload?: PictureUpload } = {}) {
  const ctx = setUp(role, hash, options)
  global.URL.createObjectURL = jest.fn(() => 'blob:preview')
  await act(async () => {
    render(<App store={ctx.store} />)
    await ctx.store.start()
  })
  return ctx
}

const click = (el: HTMLElement) => act(async () => void fireEvent.click(el))
const type = (el: HTMLElement, value: string) => act(async () => void fireEvent.change(el, { target: { value } }))

describe('who sees the Menu and Sold out pages', () => {
  it('an owner has both Menu and Sold out', async () => {
    await open('owner', '#/account')
    const nav = screen.getByRole('navigation')
    expect(within(nav).getByRole('link', { name: 'Menu' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: 'Sold out' })).toBeTruthy()
  })

  it('a cook has Sold out only, and the Menu page by its address says it is not theirs', async () => {
    await open('kitchen', '#/menu')
    const nav = screen.getByRole('navigation')
    expect(within(nav).queryByRole('link', { name: 'Menu' })).toBeNull()
    expect(within(nav).getByRole('link', { name: 'Sold out' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/not open/i)
  })
})

describe('the Menu page', () => {
  it('lists classes and their goods; a goods opens whole; a changed price asks for a reason; the save sends the goods whole', async () => {
    const { api } = await open('owner', '#/menu')
    expect(screen.getByRole('heading', { level: 1, name: 'Menu' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /Noodles/, pressed: true })).toBeTruthy()
    const table = screen.getByRole('table')
    expect(within(table).getByRole('rowheader', { name: /Wonton noodles/ }).textContent).toContain('Required choices')
    expect(within(table).getByText('Sold out')).toBeTruthy()

    await click(screen.getByRole('button', { name: 'Edit Wonton noodles' }))
    expect(api.inputsOf('MenuGoodsGet')).toEqual([{ ShopID: 'S101', GoodsID: 'S101.g.C01' }])
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Wonton noodles' })).toBeTruthy()
    expect((screen.getByLabelText('Goods number', { selector: 'input' }) as HTMLInputElement).readOnly).toBe(true)
    expect((screen.getByLabelText('Name (English)') as HTMLInputElement).value).toBe('Wonton noodles')
    expect((screen.getByLabelText('Name (繁體中文)') as HTMLInputElement).value).toBe('雲吞麵')
    // The required group reads back with its mark, and its choices per language.
    expect((screen.getByLabelText('Diners must choose one (required)') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Choices (English)') as HTMLInputElement).value).toBe('None; Hot')
    // Stock of the large sku, named by its spec.
    expect((screen.getByLabelText('Stock: Large') as HTMLInputElement).value).toBe('9')

    await type(screen.getByLabelText('Name (English)'), 'Prawn wonton noodles')
    await type(screen.getByLabelText('List price: Large'), '54')
    await click(screen.getByRole('button', { name: 'Save' }))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Reason: Say why the price changes.')
    expect(screen.getByLabelText(/^Reason/).getAttribute('aria-invalid')).toBe('true')
    expect(api.inputsOf('MenuGoodsSave')).toHaveLength(0)

    await type(screen.getByLabelText(/^Reason/), 'prawns cost more')
    // Allergens (issue 26), named in words: the goods' own group comes first, then each value's and add-on's.
    await click(screen.getAllByLabelText('Crustaceans')[0])
    await click(screen.getAllByLabelText('Eggs').at(-1)!)
    await click(screen.getByRole('button', { name: 'Save' }))
    const [sent] = api.inputsOf('MenuGoodsSave')
    const goods = sent.Goods as unknown as MenuFileGoods
    expect(sent).toMatchObject({ ShopID: 'S101', GoodsID: 'S101.g.C01', PictureFileID: '', RemovePicture: 0, KeepStock: 1, Reason: 'prawns cost more' })
    expect(goods.names.en).toBe('Prawn wonton noodles')
    expect(goods.skus!.items).toEqual([
      { code: 'SMALL', values: ['S'], price: '42' },
      { code: 'LARGE', values: ['L'], price: '54', stock: 9 }
    ])
    expect(goods.remarks).toEqual({ 'zh-CN': '*辣度:不辣;大辣', 'zh-TW': '*辣度:不辣;大辣', en: '*Spice:None;Hot' })
    expect(goods.addOns).toEqual([{ code: 'EGG', names: WONTON.addOns![0].names, price: '5', allergens: ['eggs'], diets: [] }])
    expect(goods).toMatchObject({ allergens: ['crustaceans'], diets: [] })
    expect(goods.sort).toBe(3)
    expect(screen.getByText('Prawn wonton noodles is saved. Diners see it now.')).toBeTruthy()
  })

  it('checks a new goods before sending anything: every error tied to its field and summed up; a required group is written with its mark in every language', async () => {
    const { api } = await open('manager', '#/menu')
    await click(screen.getByRole('button', { name: 'Add goods' }))
    expect(screen.getByRole('heading', { level: 1, name: 'New goods' })).toBeTruthy()
    await click(screen.getByRole('button', { name: 'Save' }))
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText('Goods number: Use 1–32 letters, digits, _ or -.')).toBeTruthy()
    expect(within(alert).getByText('Name (English): Fill this in.')).toBeTruthy()
    expect(within(alert).getByText('List price: Fill this in.')).toBeTruthy()
    const nameEn = screen.getByLabelText('Name (English)')
    expect(nameEn.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(nameEn.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe('Fill this in.')
    expect(api.inputsOf('MenuGoodsSave')).toHaveLength(0)

    await type(screen.getByLabelText('Goods number', { selector: 'input' }), 'N09')
    for (const [lang, name, unit] of [['English', 'Dan dan noodles', 'bowl'], ['简体中文', '担担面', '碗'], ['繁體中文', '擔擔麵', '碗']]) {
      await type(screen.getByLabelText(`Name (${lang})`), name)
      await type(screen.getByLabelText(`Unit (${lang})`), unit)
    }
    await type(screen.getByLabelText('List price'), '48')
    await click(screen.getByRole('button', { name: 'Add choice group' }))
    await click(screen.getByLabelText('Diners must choose one (required)'))
    // A required group needs its name; the choices are separated by ';'.
    for (const [lang, group, options] of [['English', 'Noodles', 'Egg; Udon'], ['简体中文', '面底', '全蛋面；乌冬'], ['繁體中文', '麵底', '全蛋麵，烏冬']]) {
      await type(screen.getByLabelText(`Choices (${lang})`), options)
      if (lang !== 'English') await type(screen.getByLabelText(`Group name (${lang})`), group)
    }
    await click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert').textContent).toContain('Choice group 1: Group name (English): Fill this in.')
    await type(screen.getByLabelText('Group name (English)'), 'Noodles')
    await click(screen.getByRole('button', { name: 'Save' }))
    const [sent] = api.inputsOf('MenuGoodsSave')
    const goods = sent.Goods as unknown as MenuFileGoods
    expect(sent).toMatchObject({ GoodsID: '', KeepStock: 1, Reason: '' })
    expect(goods).toMatchObject({ code: 'N09', class: 'NOODLES', type: 5, price: '48', stepQua: '1', names: { en: 'Dan dan noodles', 'zh-TW': '擔擔麵' } })
    expect(goods.remarks).toEqual({ 'zh-CN': '*面底:全蛋面;乌冬', 'zh-TW': '*麵底:全蛋麵;烏冬', en: '*Noodles:Egg;Udon' })
    expect(goods.skus).toBeUndefined()
  })

  it('a new picture is previewed, uploaded through the signed form, and named to the save; a failed upload stops the save', async () => {
    const uploads: { url: string; fields: Record<string, string>; name: string }[] = []
    let status = 403
    const upload: PictureUpload = async (url, fields, _file, name) => {
      uploads.push({ url, fields, name })
      return status
    }
    const { api } = await open('owner', '#/menu', { upload })
    await click(screen.getByRole('button', { name: 'Edit Wonton noodles' }))
    expect(screen.getByRole('img', { name: 'Picture of Wonton noodles' }).getAttribute('src')).toBe('http://shop.test/files/c01.svg')
    const file = new File([new Uint8Array([1, 2, 3])], 'dish.jpg', { type: 'image/jpeg' })
    await act(async () => void fireEvent.change(screen.getByLabelText('New picture'), { target: { files: [file] } }))
    expect(screen.getByRole('img', { name: 'New picture, not saved yet' }).getAttribute('src')).toBe('blob:preview')

    await click(screen.getByRole('button', { name: 'Save' }))
    expect(api.inputsOf('MenuPictureUploadTicket')).toEqual([{ ShopID: 'S101', FileName: 'dish.jpg', FileSize: 3, FileType: 'image/jpeg' }])
    expect(uploads).toEqual([{ url: 'http://shop.test/storage/upload', fields: { key: 'uploads/x', Policy: 'p' }, name: 'dish.jpg' }])
    expect(screen.getByRole('alert').textContent).toContain('New picture: The picture could not be uploaded. Try again.')
    expect(api.inputsOf('MenuGoodsSave')).toHaveLength(0)

    status = 200
    await click(screen.getByRole('button', { name: 'Save' }))
    expect(api.inputsOf('MenuGoodsSave')[0]).toMatchObject({ PictureFileID: 'f123', RemovePicture: 0 })

    // A file of another type is refused at once, before any ticket.
    await click(screen.getByRole('button', { name: 'Edit Wonton noodles' }))
    await act(async () => void fireEvent.change(screen.getByLabelText('New picture'), { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } }))
    await click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert').textContent).toContain('Choose a JPEG, PNG or WebP picture.')
    expect(api.inputsOf('MenuPictureUploadTicket')).toHaveLength(2)
  })

  it("shows the server's refusal as it words it, in role=alert, and keeps the form", async () => {
    const { api } = await open('owner', '#/menu')
    api.on('MenuGoodsSave', () => {
      throw new StaffError('business', 'The menu was not saved: goods "C01" combo: a combo goods (type 3) needs at least one combo class', 'MenuGoodsSave', '0', '21201')
    })
    await click(screen.getByRole('button', { name: 'Edit Wonton noodles' }))
    await type(screen.getByLabelText('Name (English)'), 'Wonton noodles!')
    await click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert').textContent).toContain('The menu was not saved: goods "C01" combo')
    expect(screen.getByRole('heading', { level: 1, name: /^Edit / })).toBeTruthy()
  })

  it('adds a class, in Traditional Chinese', async () => {
    const { api } = await open('owner', '#/menu', { locale: 'zh-TW' })
    expect(screen.getByRole('heading', { level: 1, name: '菜單' })).toBeTruthy()
    await click(screen.getByRole('button', { name: '新增分類' }))
    await click(screen.getByRole('button', { name: '儲存' }))
    expect(screen.getByRole('alert').textContent).toContain('請用 1–32 個字母、數字、_ 或 -。')
    await type(screen.getByLabelText('分類編號'), 'SPECIAL')
    await type(screen.getByLabelText('名稱（English）'), 'Specials')
    await type(screen.getByLabelText('名稱（简体中文）'), '特选')
    await type(screen.getByLabelText('名稱（繁體中文）'), '特選')
    await click(screen.getByRole('button', { name: '儲存' }))
    expect(api.inputsOf('MenuClassSave')).toEqual([{ ShopID: 'S101', ClassID: '', Code: 'SPECIAL', Names: { 'zh-CN': '特选', 'zh-TW': '特選', en: 'Specials' }, Reason: '' }])
    expect(screen.getByText('分類特選已儲存。')).toBeTruthy()
  })
})

describe('the Sold out page', () => {
  it('a cook flips a goods and an add-on with big switches; the state and a status say what changed', async () => {
    const { api } = await open('kitchen', '#/sold-out')
    expect(screen.getByRole('heading', { level: 1, name: 'Sold out' })).toBeTruthy()
    const wonton = screen.getByRole('switch', { name: 'Wonton noodles C01' })
    expect(wonton.getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('switch', { name: 'Milk tea H01' }).getAttribute('aria-checked')).toBe('false')
    await type(screen.getByLabelText('Reason (optional, kept in the audit log)'), 'out of prawns')
    await click(wonton)
    expect(api.inputsOf('GoodsSoldOutSet')).toEqual([{ ShopID: 'S101', GoodsID: 'S101.g.C01', SoldOut: 1, Reason: 'out of prawns' }])
    expect(screen.getByRole('switch', { name: 'Wonton noodles C01' }).getAttribute('aria-checked')).toBe('false')
    expect(screen.getByText('Wonton noodles is now sold out.')).toBeTruthy()
    const addOns = screen.getByRole('list', { name: 'Add-ons of Wonton noodles' })
    await click(within(addOns).getByRole('switch', { name: 'Egg' }))
    expect(api.inputsOf('AddOnSoldOutSet')).toEqual([{ ShopID: 'S101', GoodsID: 'S101.g.C01', OptionID: 'S101.g.C01.o.EGG', SoldOut: 1, Reason: 'out of prawns' }])
    // Only what is sold out: both of them, and the milk tea.
    await click(screen.getByLabelText('Only what is sold out'))
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false'])
    expect(screen.getByText('Sold out now: 3')).toBeTruthy()
  })
})
