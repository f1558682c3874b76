/**
 * Menu (issue 23): a shop's classes and goods for people with 'menu.edit' (the whole shop: the
 * server refuses someone limited to some branches). Classes are added, renamed, moved and removed
 * (MenuClassSave / MenuClassRemove); a goods is opened whole (MenuGoodsGet: one goods of the menu
 * file), edited in a form (names in three languages, class, type, prices, step, sale window,
 * branches, specs with prices and stock, pack units, remark groups and which must be chosen,
 * add-ons, combo classes, picture) and saved whole (MenuGoodsSave), or removed (MenuGoodsRemove).
 *
 * The form checks what the menu import checks before anything is sent, in the staff member's
 * language, each error tied to its field; the server checks everything again (its refusal is
 * shown as it words it). A new picture goes up through the signed upload flow first
 * (MenuPictureUploadTicket, then a form post straight to storage), and the save names its FileID.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { LOCALES, type Locale, type LocalizedText } from '../../gateway/contract'
import type { MenuFileGoods, StaffMenuClassRow, StaffMenuOutlineGoodsRow } from '../../gateway/staff-contract'
import { parseGoodsRemarks } from '../../core/goods-remarks'
import { allergensOf, dietsOf, parseAllergens, parseDiets, SPICE_CODES, spiceCode, type AllergenCode, type DietCode, type SpiceCode } from '../../core/allergens'
import { formatGoodsRemarks } from '../../core/remark-groups'
import { pickText } from '../../i18n/text'
import type { ConsoleKey } from '../i18n'
import type { ConsoleStore } from './console-store'
import type { FieldErrors } from './forms'

export type Texts = LocalizedText
const noTexts = (): Texts => ({ 'zh-CN': '', 'zh-TW': '', en: '' })
const textsOf = (t: Partial<LocalizedText> | undefined): Texts => ({ 'zh-CN': t?.['zh-CN'] ?? '', 'zh-TW': t?.['zh-TW'] ?? '', en: t?.en ?? '' })

/** Goods types the form offers (src/gateway/operations GoodsType), in the order shown. */
export const GOODS_TYPES = [5, 0, 3, 7, 9, 6] as const
export type GoodsTypeCode = (typeof GOODS_TYPES)[number]

const CODE = /^[A-Za-z0-9_-]{1,32}$/
const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/
/** What separates remark groups and options in the menu file: not allowed inside a name or option. */
const REMARK_SEPARATOR = /[;；，:：\r\n]/

/** Posts a signed upload form and the file; answers the HTTP status (0 when nothing could be sent). */
export type PictureUpload = (url: string, fields: Record<string, string>, file: Blob, fileName: string) => Promise<number>

/** The browser's upload: every form field, then the file as 'file' (docs/uploads.md). */
export const fetchUpload: PictureUpload = async (url, fields, file, fileName) => {
  try {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.append(k, v)
    form.append('file', file, fileName)
    return (await fetch(url, { method: 'POST', body: form })).status
  } catch {
    return 0
  }
}

/** A picture chosen in the form, not uploaded yet. */
export interface ChosenPicture {
  name: string
  size: number
  type: string
  blob: Blob
  /** What the preview shows (an object URL). */
  previewUrl: string
}

const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
/** UPLOAD_MAX_BYTES (src/gateway/after-rows.ts): the server refuses more. */
export const PICTURE_MAX_BYTES = 5_242_880

// ---------- the goods form ----------

/** Allergens and dietary marks of the goods, a spec value or an add-on (src/core/allergens.ts). */
export interface MarksForm {
  allergens: AllergenCode[]
  diets: DietCode[]
}

/** Where marks are edited: the goods itself, one value of a spec, one add-on. */
export type MarksTarget = { kind: 'goods' } | { kind: 'value'; attr: number; value: number } | { kind: 'addOn'; index: number }

const marksOfItem = (item: { allergens?: readonly string[]; diets?: readonly string[] } | undefined): MarksForm => ({
  allergens: allergensOf(item?.allergens ?? []),
  diets: dietsOf(item?.diets ?? [])
})
const noMarks = (): MarksForm => ({ allergens: [], diets: [] })
/** Marks as the menu file writes them (every list, empty ones too: saving clears what was unticked). */
const marksOut = (m: MarksForm): { allergens: string[]; diets: string[] } => ({ allergens: [...m.allergens], diets: [...m.diets] })

export interface AttributeForm {
  code: string
  names: Texts
  values: { code: string; names: Texts; marks: MarksForm }[]
}

export interface SkuForm {
  /** The sku's code ('' until saved once: made from its values). */
  code: string
  price: string
  salesPrice: string
  /** '' = unlimited. */
  stock: string
}

export interface PackForm {
  code: string
  names: Texts
  ref: string
  price: string
  salesPrice: string
}

export interface RemarkGroupForm {
  names: Texts
  /** Per language, the options separated by ';' ('Egg noodles; Udon'). */
  options: Texts
  required: boolean
}

export interface AddOnForm {
  code: string
  names: Texts
  price: string
  salesPrice: string
  marks: MarksForm
}

export interface ComboClassForm {
  code: string
  names: Texts
  pick: string
  /** 0: exactly `pick`; 1: up to `pick`. */
  select: 0 | 1
  items: { goods: string; price: string; qua: string; default: boolean }[]
}

/** A code not yet in `taken`: PREFIX1, PREFIX2 … */
function freshCode(prefix: string, taken: readonly string[]): string {
  for (let n = 1; ; n++) if (!taken.includes(`${prefix}${n}`)) return `${prefix}${n}`
}

const splitOptions = (text: string): string[] =>
  text
    .split(/[;；，\n]/)
    .map((o) => o.trim())
    .filter(Boolean)

/** Every price of a goods item by what it is the price of (as the server's 'menu.price' audit entry compares them). */
export function priceMap(g: MenuFileGoods): Map<string, string> {
  // '12.50' and '12.5' are one price, as the server stores them.
  const canon = (v: string | undefined): string => (v ?? '').trim().replace(/^0+(?=\d)/, '').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')
  const pair = (price: string, sales: string | undefined) => `${canon(price)} ${canon(sales || price)}`
  const prices = new Map<string, string>([['goods', pair(g.price, g.salesPrice)]])
  for (const s of g.skus?.items ?? []) prices.set(`sku ${s.code}`, pair(s.price, s.salesPrice))
  for (const p of g.packUnits ?? []) prices.set(`pack ${p.code}`, pair(p.price, p.salesPrice))
  for (const a of g.addOns ?? []) prices.set(`addOn ${a.code}`, pair(a.price, a.salesPrice))
  for (const c of g.combo ?? []) for (const i of c.items) prices.set(`combo ${c.code} ${i.goods}`, canon(i.price || '0'))
  return prices
}

/** Whether a price the goods had (and still has) changes: then a reason is asked for. */
function pricesChanged(before: MenuFileGoods, after: MenuFileGoods): boolean {
  const was = priceMap(before)
  for (const [key, value] of priceMap(after)) if (was.has(key) && was.get(key) !== value) return true
  return false
}

export class GoodsForm {
  goodsId: string
  code: string
  classCode: string
  type: GoodsTypeCode = 5
  names: Texts = noTexts()
  descriptions: Texts = noTexts()
  unit: Texts = noTexts()
  price = ''
  salesPrice = ''
  stepQua = '1'
  onSaleTime = ''
  offSaleTime = ''
  recommend = false
  /** null: every branch of the shop. */
  bases: string[] | null = null
  attributes: AttributeForm[] = []
  /** By the sku's values (value codes joined by ','). */
  skus: Record<string, SkuForm> = {}
  packUnits: PackForm[] = []
  remarks: RemarkGroupForm[] = []
  addOns: AddOnForm[] = []
  combo: ComboClassForm[] = []
  marks: MarksForm = noMarks()
  /** Kept as they are (not edited here): the sold-out switches, the sales count, the place. */
  private readonly kept: Pick<MenuFileGoods, 'sort' | 'salesQua' | 'soldOut'>
  readonly original: MenuFileGoods | null
  /** The stock fields were changed: saved as typed (else orders' takes since opening stay). */
  stockTouched = false
  /** The picture now ('' none), a new one chosen, or the current one to go. */
  imageUrl: string
  picture: ChosenPicture | null = null
  removePicture = false
  reason = ''
  errors: FieldErrors<string> = {}

  constructor(row: { GoodsID: string; Goods: MenuFileGoods; ImageUrl: string } | null, defaults: { classCode: string }) {
    const g = row?.Goods
    this.original = g ?? null
    this.goodsId = row?.GoodsID ?? ''
    this.imageUrl = row?.ImageUrl ?? ''
    this.code = g?.code ?? ''
    this.classCode = g?.class ?? defaults.classCode
    this.kept = { sort: g?.sort, salesQua: g?.salesQua, soldOut: g?.soldOut }
    if (g) {
      this.type = (GOODS_TYPES as readonly number[]).includes(g.type) ? (g.type as GoodsTypeCode) : 5
      this.names = textsOf(g.names)
      this.descriptions = textsOf(g.descriptions)
      this.unit = textsOf(g.unit)
      this.price = g.price
      this.salesPrice = g.salesPrice && g.salesPrice !== g.price ? g.salesPrice : ''
      this.stepQua = g.stepQua ?? '1'
      this.onSaleTime = g.onSaleTime ?? ''
      this.offSaleTime = g.offSaleTime ?? ''
      this.recommend = g.recommend === true
      this.bases = g.bases && g.bases.length > 0 ? [...g.bases] : null
      this.attributes = (g.skus?.attributes ?? []).map((a) => ({ code: a.code, names: textsOf(a.names), values: a.values.map((v) => ({ code: v.code, names: textsOf(v.names), marks: marksOfItem(v) })) }))
      for (const s of g.skus?.items ?? []) {
        this.skus[s.values.join(',')] = { code: s.code, price: s.price, salesPrice: s.salesPrice && s.salesPrice !== s.price ? s.salesPrice : '', stock: s.stock === undefined ? '' : String(s.stock) }
      }
      this.packUnits = (g.packUnits ?? []).map((p) => ({ code: p.code, names: textsOf(p.names), ref: p.ref, price: p.price, salesPrice: p.salesPrice && p.salesPrice !== p.price ? p.salesPrice : '' }))
      this.remarks = remarkForms(textsOf(g.remarks))
      this.addOns = (g.addOns ?? []).map((a) => ({ code: a.code, names: textsOf(a.names), price: a.price, salesPrice: a.salesPrice && a.salesPrice !== a.price ? a.salesPrice : '', marks: marksOfItem(a) }))
      this.marks = marksOfItem(g)
      this.combo = (g.combo ?? []).map((c) => ({
        code: c.code,
        names: textsOf(c.names),
        pick: String(c.pick),
        select: c.select === 1 ? 1 : 0,
        items: c.items.map((i) => ({ goods: i.goods, price: i.price && i.price !== '0' ? i.price : '', qua: i.qua && i.qua !== '1' ? i.qua : '', default: i.default === true }))
      }))
    }
    makeAutoObservable<GoodsForm, 'kept'>(this, { original: false, kept: false })
  }

  get adding(): boolean {
    return this.goodsId === ''
  }

  // ----- simple fields -----

  set<K extends 'code' | 'classCode' | 'price' | 'salesPrice' | 'stepQua' | 'onSaleTime' | 'offSaleTime' | 'reason'>(field: K, value: string): void {
    this[field] = value
    this.clearError(field)
  }

  setText(field: 'names' | 'descriptions' | 'unit', locale: Locale, value: string): void {
    this[field] = { ...this[field], [locale]: value }
    this.clearError(`${field}.${locale}`)
  }

  setType(type: GoodsTypeCode): void {
    this.type = type
    if (type === 3 && this.combo.length === 0) this.addComboClass()
  }

  setRecommend(on: boolean): void {
    this.recommend = on
  }

  // ----- allergens and dietary marks -----

  marksAt(target: MarksTarget): MarksForm {
    if (target.kind === 'value') return this.attributes[target.attr].values[target.value].marks
    if (target.kind === 'addOn') return this.addOns[target.index].marks
    return this.marks
  }

  private setMarks(target: MarksTarget, next: MarksForm): void {
    if (target.kind === 'value') this.attributes[target.attr].values[target.value].marks = next
    else if (target.kind === 'addOn') this.addOns[target.index].marks = next
    else this.marks = next
  }

  toggleAllergen(target: MarksTarget, code: AllergenCode, on: boolean): void {
    const now = this.marksAt(target)
    const allergens = on ? [...now.allergens, code] : now.allergens.filter((c) => c !== code)
    this.setMarks(target, { ...now, allergens: parseAllergens(allergens).codes })
  }

  /** vegetarian, vegan, halal or alcohol on or off (vegan brings vegetarian; vegetarian off takes vegan too). */
  toggleDiet(target: MarksTarget, code: Exclude<DietCode, SpiceCode>, on: boolean): void {
    const now = this.marksAt(target)
    let diets: DietCode[] = on ? [...now.diets, code] : now.diets.filter((c) => c !== code)
    if (!on && code === 'vegetarian') diets = diets.filter((c) => c !== 'vegan')
    this.setMarks(target, { ...now, diets: parseDiets(diets).codes })
  }

  setSpice(target: MarksTarget, level: number): void {
    const now = this.marksAt(target)
    const spice = spiceCode(level)
    const diets = now.diets.filter((c) => !(SPICE_CODES as readonly string[]).includes(c))
    this.setMarks(target, { ...now, diets: parseDiets(spice ? [...diets, spice] : diets).codes })
  }

  setAllBranches(all: boolean): void {
    this.bases = all ? null : []
  }

  toggleBase(baseId: string, on: boolean): void {
    const now = this.bases ?? []
    this.bases = on ? [...new Set([...now, baseId])] : now.filter((b) => b !== baseId)
    this.clearError('bases')
  }

  clearError(key: string): void {
    if (this.errors[key] || this.errors._form) {
      const next = { ...this.errors }
      delete next[key]
      this.errors = next
    }
  }

  // ----- specs -----

  addAttribute(): void {
    const code = freshCode('A', this.attributes.map((a) => a.code))
    this.attributes = [...this.attributes, { code, names: noTexts(), values: [{ code: 'V1', names: noTexts(), marks: noMarks() }] }]
  }

  removeAttribute(index: number): void {
    this.attributes = this.attributes.filter((_, i) => i !== index)
  }

  setAttributeName(index: number, locale: Locale, value: string): void {
    this.attributes[index].names = { ...this.attributes[index].names, [locale]: value }
    this.clearError(`attributes.${index}.names.${locale}`)
  }

  addValue(index: number): void {
    const a = this.attributes[index]
    a.values = [...a.values, { code: freshCode('V', a.values.map((v) => v.code)), names: noTexts(), marks: noMarks() }]
  }

  removeValue(index: number, valueIndex: number): void {
    const a = this.attributes[index]
    if (a.values.length > 1) a.values = a.values.filter((_, i) => i !== valueIndex)
  }

  setValueName(index: number, valueIndex: number, locale: Locale, value: string): void {
    const v = this.attributes[index].values[valueIndex]
    v.names = { ...v.names, [locale]: value }
    this.clearError(`attributes.${index}.values.${valueIndex}.names.${locale}`)
  }

  /** Every combination of the attributes' values: one sku each (value codes, in attribute order). */
  get skuCombos(): string[][] {
    if (this.attributes.length === 0) return []
    return this.attributes.reduce<string[][]>((combos, a) => combos.flatMap((c) => a.values.map((v) => [...c, v.code])), [[]])
  }

  /** A sku's label: its values' names in `locale`. */
  skuLabel(values: readonly string[], locale: Locale): string {
    return values.map((code, i) => pickText(this.attributes[i]?.values.find((v) => v.code === code)?.names, locale, code)).join(' / ')
  }

  skuOf(values: readonly string[]): SkuForm {
    return this.skus[values.join(',')] ?? { code: '', price: '', salesPrice: '', stock: '' }
  }

  setSku(values: readonly string[], field: 'price' | 'salesPrice' | 'stock', value: string): void {
    const key = values.join(',')
    this.skus = { ...this.skus, [key]: { ...this.skuOf(values), [field]: value } }
    if (field === 'stock') this.stockTouched = true
    this.clearError(`skus.${key}.${field}`)
  }

  // ----- pack units, remarks, add-ons, combo -----

  addPackUnit(): void {
    this.packUnits = [...this.packUnits, { code: freshCode('P', this.packUnits.map((p) => p.code)), names: noTexts(), ref: '', price: '', salesPrice: '' }]
  }

  removePackUnit(index: number): void {
    this.packUnits = this.packUnits.filter((_, i) => i !== index)
  }

  setPack(index: number, field: 'ref' | 'price' | 'salesPrice', value: string): void {
    this.packUnits[index][field] = value
    this.clearError(`packUnits.${index}.${field}`)
  }

  setPackName(index: number, locale: Locale, value: string): void {
    this.packUnits[index].names = { ...this.packUnits[index].names, [locale]: value }
    this.clearError(`packUnits.${index}.names.${locale}`)
  }

  addRemarkGroup(): void {
    this.remarks = [...this.remarks, { names: noTexts(), options: noTexts(), required: false }]
  }

  removeRemarkGroup(index: number): void {
    this.remarks = this.remarks.filter((_, i) => i !== index)
  }

  setRemark(index: number, field: 'names' | 'options', locale: Locale, value: string): void {
    this.remarks[index][field] = { ...this.remarks[index][field], [locale]: value }
    this.clearError(`remarks.${index}.${field}.${locale}`)
  }

  setRemarkRequired(index: number, on: boolean): void {
    this.remarks[index].required = on
  }

  addAddOn(): void {
    this.addOns = [...this.addOns, { code: freshCode('O', this.addOns.map((a) => a.code)), names: noTexts(), price: '', salesPrice: '', marks: noMarks() }]
  }

  removeAddOn(index: number): void {
    this.addOns = this.addOns.filter((_, i) => i !== index)
  }

  setAddOn(index: number, field: 'price' | 'salesPrice', value: string): void {
    this.addOns[index][field] = value
    this.clearError(`addOns.${index}.${field}`)
  }

  setAddOnName(index: number, locale: Locale, value: string): void {
    this.addOns[index].names = { ...this.addOns[index].names, [locale]: value }
    this.clearError(`addOns.${index}.names.${locale}`)
  }

  addComboClass(): void {
    this.combo = [...this.combo, { code: freshCode('B', this.combo.map((c) => c.code)), names: noTexts(), pick: '1', select: 0, items: [] }]
  }

  removeComboClass(index: number): void {
    this.combo = this.combo.filter((_, i) => i !== index)
  }

  setComboName(index: number, locale: Locale, value: string): void {
    this.combo[index].names = { ...this.combo[index].names, [locale]: value }
    this.clearError(`combo.${index}.names.${locale}`)
  }

  setComboPick(index: number, value: string): void {
    this.combo[index].pick = value
    this.clearError(`combo.${index}.pick`)
  }

  setComboSelect(index: number, select: 0 | 1): void {
    this.combo[index].select = select
  }

  toggleComboItem(index: number, goods: string, on: boolean): void {
    const c = this.combo[index]
    c.items = on ? (c.items.some((i) => i.goods === goods) ? c.items : [...c.items, { goods, price: '', qua: '', default: false }]) : c.items.filter((i) => i.goods !== goods)
    this.clearError(`combo.${index}.items`)
  }

  setComboItemPrice(index: number, goods: string, value: string): void {
    const item = this.combo[index].items.find((i) => i.goods === goods)
    if (item) item.price = value
    this.clearError(`combo.${index}.items.${goods}.price`)
  }

  setComboItemDefault(index: number, goods: string, on: boolean): void {
    const item = this.combo[index].items.find((i) => i.goods === goods)
    if (item) item.default = on
  }

  // ----- picture -----

  choosePicture(picture: ChosenPicture | null): void {
    this.picture = picture
    if (picture) this.removePicture = false
    this.clearError('picture')
  }

  setRemovePicture(on: boolean): void {
    this.removePicture = on
    if (on) this.picture = null
  }

  /** What the preview shows: the chosen picture, else the current one unless it is to go. */
  get previewUrl(): string {
    if (this.picture) return this.picture.previewUrl
    return this.removePicture ? '' : this.imageUrl
  }

  // ----- to the menu file -----

  /** The goods as one goods of the menu file (what MenuGoodsSave takes). */
  toFile(): MenuFileGoods {
    const sales = (salesPrice: string) => (salesPrice.trim() ? { salesPrice: salesPrice.trim() } : {})
    const combos = this.skuCombos
    const usedCodes: string[] = []
    const skuCode = (values: string[]): string => {
      const known = this.skuOf(values).code
      let code = known || values.join('-').slice(0, 32)
      if (usedCodes.includes(code)) code = freshCode('K', usedCodes)
      usedCodes.push(code)
      return code
    }
    const texts = (t: Texts): Texts => ({ 'zh-CN': t['zh-CN'].trim(), 'zh-TW': t['zh-TW'].trim(), en: t.en.trim() })
    const remarks = noTexts()
    for (const l of LOCALES) {
      remarks[l] = formatGoodsRemarks(this.remarks.map((r) => ({ name: r.names[l].trim(), options: splitOptions(r.options[l]), ...(r.required ? { required: true as const } : {}) })))
    }
    const g: MenuFileGoods = {
      code: this.code.trim(),
      class: this.classCode,
      names: texts(this.names),
      descriptions: texts(this.descriptions),
      unit: texts(this.unit),
      type: this.type,
      price: this.price.trim(),
      ...sales(this.salesPrice),
      recommend: this.recommend,
      ...(this.kept.sort !== undefined ? { sort: this.kept.sort } : {}),
      ...(this.onSaleTime.trim() ? { onSaleTime: this.onSaleTime.trim() } : {}),
      ...(this.offSaleTime.trim() ? { offSaleTime: this.offSaleTime.trim() } : {}),
      ...(this.bases ? { bases: [...this.bases] } : {}),
      stepQua: this.stepQua.trim() || '1',
      ...(combos.length > 0
        ? {
            skus: {
              attributes: this.attributes.map((a) => ({ code: a.code, names: texts(a.names), values: a.values.map((v) => ({ code: v.code, names: texts(v.names), ...marksOut(v.marks) })) })),
              items: combos.map((values) => {
                const s = this.skuOf(values)
                return { code: skuCode(values), values, price: s.price.trim(), ...sales(s.salesPrice), ...(s.stock.trim() ? { stock: Number(s.stock.trim()) } : {}) }
              })
            }
          }
        : {}),
      packUnits: this.packUnits.map((p) => ({ code: p.code, names: texts(p.names), ref: p.ref.trim(), price: p.price.trim(), ...sales(p.salesPrice) })),
      remarks,
      addOns: this.addOns.map((a) => ({ code: a.code, names: texts(a.names), price: a.price.trim(), ...sales(a.salesPrice), ...marksOut(a.marks) })),
      ...(this.type === 3
        ? {
            combo: this.combo.map((c) => ({
              code: c.code,
              names: texts(c.names),
              pick: Number(c.pick),
              select: c.select,
              items: c.items.map((i) => ({ goods: i.goods, ...(i.price.trim() ? { price: i.price.trim() } : {}), ...(i.qua.trim() ? { qua: i.qua.trim() } : {}), default: i.default }))
            }))
          }
        : {}),
      ...marksOut(this.marks)
    }
    return g
  }

  /** Whether saving changes a price the goods had (then the audit log wants a reason). */
  get changesPrice(): boolean {
    return this.original !== null && pricesChanged(this.original, this.toFile())
  }

  /** The menu import's rules the form can check here; errors by field, in the staff member's words. */
  validate(t: (key: ConsoleKey, params?: Record<string, string | number>) => string): boolean {
    const e: FieldErrors<string> = {}
    const need = (key: string, value: string) => {
      if (!value.trim()) e[key] = t('menu.error.required')
    }
    const decimal = (key: string, value: string, optional = false, positive = false) => {
      const v = value.trim()
      if (!v) {
        if (!optional) e[key] = t('menu.error.required')
      } else if (!DECIMAL.test(v)) e[key] = t('menu.error.decimal')
      else if (positive && Number(v) <= 0) e[key] = t('menu.error.positive')
    }
    const names = (key: string, texts: Texts) => {
      for (const l of LOCALES) need(`${key}.${l}`, texts[l])
    }
    if (!CODE.test(this.code.trim())) e.code = t('menu.error.code')
    if (!this.classCode) e.classCode = t('menu.error.required')
    names('names', this.names)
    names('unit', this.unit)
    decimal('price', this.price)
    decimal('salesPrice', this.salesPrice, true)
    decimal('stepQua', this.stepQua, false, true)
    for (const f of ['onSaleTime', 'offSaleTime'] as const) if (this[f].trim() && !CLOCK.test(this[f].trim())) e[f] = t('menu.error.time')
    if (Boolean(this.onSaleTime.trim()) !== Boolean(this.offSaleTime.trim())) e[this.onSaleTime.trim() ? 'offSaleTime' : 'onSaleTime'] = t('menu.error.window')
    if (this.bases !== null && this.bases.length === 0) e.bases = t('menu.error.bases')
    this.attributes.forEach((a, ai) => {
      names(`attributes.${ai}.names`, a.names)
      a.values.forEach((v, vi) => names(`attributes.${ai}.values.${vi}.names`, v.names))
    })
    for (const values of this.skuCombos) {
      const key = values.join(',')
      const s = this.skuOf(values)
      decimal(`skus.${key}.price`, s.price)
      decimal(`skus.${key}.salesPrice`, s.salesPrice, true)
      if (s.stock.trim() && !/^\d{1,9}$/.test(s.stock.trim())) e[`skus.${key}.stock`] = t('menu.error.stock')
    }
    this.packUnits.forEach((p, i) => {
      names(`packUnits.${i}.names`, p.names)
      decimal(`packUnits.${i}.ref`, p.ref, false, true)
      decimal(`packUnits.${i}.price`, p.price)
      decimal(`packUnits.${i}.salesPrice`, p.salesPrice, true)
    })
    this.remarks.forEach((r, i) => {
      for (const l of LOCALES) {
        if (REMARK_SEPARATOR.test(r.names[l])) e[`remarks.${i}.names.${l}`] = t('menu.error.remarkName')
        if (!splitOptions(r.options[l]).length) e[`remarks.${i}.options.${l}`] = t('menu.error.options')
        else if (/[:：]/.test(r.options[l])) e[`remarks.${i}.options.${l}`] = t('menu.error.remarkOption')
      }
      // A required group must be named: the diner is told to choose it.
      if (r.required) for (const l of LOCALES) if (!r.names[l].trim()) e[`remarks.${i}.names.${l}`] = t('menu.error.required')
    })
    this.addOns.forEach((a, i) => {
      names(`addOns.${i}.names`, a.names)
      decimal(`addOns.${i}.price`, a.price)
      decimal(`addOns.${i}.salesPrice`, a.salesPrice, true)
    })
    if (this.type === 3) {
      if (this.combo.length === 0) e.combo = t('menu.error.comboNone')
      this.combo.forEach((c, i) => {
        names(`combo.${i}.names`, c.names)
        const pick = Number(c.pick)
        if (!/^\d{1,3}$/.test(c.pick.trim()) || pick < 1) e[`combo.${i}.pick`] = t('menu.error.pick')
        if (c.items.length === 0) e[`combo.${i}.items`] = t('menu.error.comboItems')
        else if (c.select === 0 && pick > c.items.length) e[`combo.${i}.pick`] = t('menu.error.pickMore', { n: c.items.length })
        c.items.forEach((item) => decimal(`combo.${i}.items.${item.goods}.price`, item.price, true))
      })
    }
    if (this.picture) {
      if (!PICTURE_TYPES.includes(this.picture.type)) e.picture = t('menu.error.pictureType')
      else if (this.picture.size > PICTURE_MAX_BYTES) e.picture = t('menu.error.pictureSize')
    }
    if (this.changesPrice && !this.reason.trim()) e.reason = t('menu.error.reason')
    this.errors = e
    return Object.keys(e).length === 0
  }
}

/** The remark groups of a goods in three languages, side by side (groups matched by their place). */
export function remarkForms(remarks: Texts): RemarkGroupForm[] {
  const groups = Object.fromEntries(LOCALES.map((l) => [l, parseGoodsRemarks(remarks[l])])) as Record<Locale, ReturnType<typeof parseGoodsRemarks>>
  const count = Math.max(...LOCALES.map((l) => groups[l].length))
  return Array.from({ length: count }, (_, i) => ({
    names: Object.fromEntries(LOCALES.map((l) => [l, groups[l][i]?.name ?? ''])) as Texts,
    options: Object.fromEntries(LOCALES.map((l) => [l, (groups[l][i]?.options ?? []).join('; ')])) as Texts,
    required: LOCALES.some((l) => groups[l][i]?.required === true)
  }))
}

// ---------- classes ----------

export class ClassForm {
  classId: string
  code: string
  names: Texts
  /** '' = last (new) or where it is. */
  sort: string
  errors: FieldErrors<string> = {}

  constructor(row: StaffMenuClassRow | null) {
    this.classId = row?.ClassID ?? ''
    this.code = row?.Code ?? ''
    this.names = textsOf(row?.Names)
    this.sort = row ? String(row.Sort) : ''
    makeAutoObservable(this)
  }

  get adding(): boolean {
    return this.classId === ''
  }

  setCode(value: string): void {
    this.code = value
    delete this.errors.code
  }

  setSort(value: string): void {
    this.sort = value
    delete this.errors.sort
  }

  setName(locale: Locale, value: string): void {
    this.names = { ...this.names, [locale]: value }
    delete this.errors[`names.${locale}`]
  }

  validate(t: (key: ConsoleKey) => string): boolean {
    const e: FieldErrors<string> = {}
    if (!CODE.test(this.code.trim())) e.code = t('menu.error.code')
    for (const l of LOCALES) if (!this.names[l].trim()) e[`names.${l}`] = t('menu.error.required')
    if (this.sort.trim() && !/^-?\d{1,9}$/.test(this.sort.trim())) e.sort = t('menu.error.sort')
    this.errors = e
    return Object.keys(e).length === 0
  }
}

// ---------- the page ----------

export type Removal = { kind: 'goods'; id: string; name: string } | { kind: 'class'; id: string; name: string }

export class MenuStore {
  shopId = ''
  classes: StaffMenuClassRow[] = []
  goods: StaffMenuOutlineGoodsRow[] = []
  bases: { BaseID: string; Names: LocalizedText }[] = []
  classId = ''
  loading = false
  loaded = false
  /** Loading failed, or a save: the server's words. */
  error = ''
  notice = ''
  editor: GoodsForm | null = null
  /** The goods being opened (MenuGoodsGet on its way). */
  opening = ''
  classForm: ClassForm | null = null
  removing: Removal | null = null
  removeReason = ''
  busy = false

  constructor(
    private readonly root: ConsoleStore,
    private readonly upload: PictureUpload = fetchUpload
  ) {
    makeAutoObservable<MenuStore, 'root' | 'upload'>(this, { root: false, upload: false })
  }

  /** Shops the person may edit the menu of: their scope's shops (the server checks the whole-shop rule). */
  get shops(): { ShopID: string; name: string }[] {
    const ids = [...new Set(this.root.scope.map((r) => r.ShopID))]
    return ids.map((id) => ({ ShopID: id, name: pickText(this.root.scope.find((r) => r.ShopID === id && !r.BaseID)?.Names, this.root.locale, id) }))
  }

  name(names: Partial<LocalizedText> | undefined, fallback = ''): string {
    return pickText(names, this.root.locale, fallback)
  }

  get classGoods(): StaffMenuOutlineGoodsRow[] {
    return this.goods.filter((g) => g.ClassID === this.classId).sort((a, b) => a.Sort - b.Sort || a.Code.localeCompare(b.Code))
  }

  get currentClass(): StaffMenuClassRow | null {
    return this.classes.find((c) => c.ClassID === this.classId) ?? null
  }

  /** Goods a combo class may offer: the shop's goods that are not combos themselves (not this one). */
  comboChoices(exceptCode: string): StaffMenuOutlineGoodsRow[] {
    return this.goods.filter((g) => g.Type !== 3 && g.Code !== exceptCode)
  }

  async load(shopId = this.shopId || this.shops[0]?.ShopID || ''): Promise<void> {
    if (!shopId) return
    this.shopId = shopId
    this.loading = true
    this.error = ''
    try {
      const res = await this.root.call('MenuOutlineGet', { ShopID: shopId })
      runInAction(() => {
        this.classes = [...(res.table1 ?? [])].sort((a, b) => a.Sort - b.Sort)
        this.goods = res.table2 ?? []
        this.bases = res.table3 ?? []
        if (!this.classes.some((c) => c.ClassID === this.classId)) this.classId = this.classes[0]?.ClassID ?? ''
        this.loaded = true
      })
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
    } finally {
      runInAction(() => {
        this.loading = false
      })
    }
  }

  chooseShop(shopId: string): void {
    this.classId = ''
    this.notice = ''
    void this.load(shopId)
  }

  chooseClass(classId: string): void {
    this.classId = classId
  }

  // ----- goods -----

  startAddGoods(): void {
    this.notice = ''
    this.error = ''
    this.editor = new GoodsForm(null, { classCode: this.currentClass?.Code ?? this.classes[0]?.Code ?? '' })
  }

  async startEditGoods(goodsId: string): Promise<void> {
    this.notice = ''
    this.error = ''
    this.opening = goodsId
    try {
      const res = await this.root.call('MenuGoodsGet', { ShopID: this.shopId, GoodsID: goodsId })
      const row = res.table1?.[0]
      runInAction(() => {
        if (row && this.opening === goodsId) this.editor = new GoodsForm(row, { classCode: row.Goods.class })
      })
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
    } finally {
      runInAction(() => {
        if (this.opening === goodsId) this.opening = ''
      })
    }
  }

  closeEditor(): void {
    this.editor = null
    this.error = ''
  }

  /** The errors of the editor in reading order, for the summary at its top. */
  get editorErrors(): string[] {
    return Object.values(this.editor?.errors ?? {}).filter((e): e is string => Boolean(e))
  }

  async saveGoods(): Promise<boolean> {
    const form = this.editor
    if (!form || this.busy) return false
    this.error = ''
    if (!form.validate(this.root.t)) return false
    this.busy = true
    try {
      let fileId = ''
      if (form.picture) {
        const p = form.picture
        const ticket = (await this.root.call('MenuPictureUploadTicket', { ShopID: this.shopId, FileName: p.name.slice(-200) || 'picture', FileSize: p.size, FileType: p.type })).table1?.[0]
        if (!ticket) throw new Error('no upload ticket')
        const status = await this.upload(ticket.UploadUrl, ticket.FormFields, p.blob, p.name || 'picture')
        if (status !== 200) {
          runInAction(() => {
            form.errors = { ...form.errors, picture: this.root.t('menu.error.upload') }
          })
          return false
        }
        fileId = ticket.FileID
      }
      const res = await this.root.call('MenuGoodsSave', {
        ShopID: this.shopId,
        GoodsID: form.goodsId,
        Goods: form.toFile() as unknown as Record<string, unknown>,
        PictureFileID: fileId,
        RemovePicture: form.removePicture ? 1 : 0,
        KeepStock: form.stockTouched ? 0 : 1,
        Reason: form.reason.trim()
      })
      const saved = res.table1?.[0]
      runInAction(() => {
        this.notice = this.root.t('menu.goodsSaved', { name: this.name(saved?.Goods.names ?? form.names, form.code) })
        this.editor = null
        if (saved) this.classId = saved.ClassID
      })
      await this.load()
      return true
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }

  // ----- classes -----

  startAddClass(): void {
    this.notice = ''
    this.error = ''
    this.classForm = new ClassForm(null)
  }

  startEditClass(row: StaffMenuClassRow): void {
    this.notice = ''
    this.error = ''
    this.classForm = new ClassForm(row)
  }

  closeClassForm(): void {
    this.classForm = null
    this.error = ''
  }

  async saveClass(): Promise<boolean> {
    const form = this.classForm
    if (!form || this.busy) return false
    this.error = ''
    if (!form.validate(this.root.t)) return false
    this.busy = true
    try {
      const res = await this.root.call('MenuClassSave', {
        ShopID: this.shopId,
        ClassID: form.classId,
        Code: form.code.trim(),
        Names: { 'zh-CN': form.names['zh-CN'].trim(), 'zh-TW': form.names['zh-TW'].trim(), en: form.names.en.trim() },
        ...(form.sort.trim() ? { Sort: Number(form.sort.trim()) } : {}),
        Reason: ''
      })
      const saved = res.table1?.[0]
      runInAction(() => {
        this.notice = this.root.t('menu.classSaved', { name: this.name(saved?.Names ?? form.names, form.code) })
        this.classForm = null
        if (saved) this.classId = saved.ClassID
      })
      await this.load()
      return true
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }

  // ----- removing -----

  startRemove(removal: Removal): void {
    this.notice = ''
    this.error = ''
    this.removing = removal
    this.removeReason = ''
  }

  setRemoveReason(value: string): void {
    this.removeReason = value
  }

  cancelRemove(): void {
    this.removing = null
    this.error = ''
  }

  async confirmRemove(): Promise<boolean> {
    const r = this.removing
    if (!r || this.busy) return false
    this.busy = true
    this.error = ''
    try {
      if (r.kind === 'goods') await this.root.call('MenuGoodsRemove', { ShopID: this.shopId, GoodsID: r.id, Reason: this.removeReason.trim() })
      else await this.root.call('MenuClassRemove', { ShopID: this.shopId, ClassID: r.id, Reason: this.removeReason.trim() })
      runInAction(() => {
        this.removing = null
        this.notice = this.root.t('menu.removed', { name: r.name })
      })
      await this.load()
      return true
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }
}
