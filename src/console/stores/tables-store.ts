/**
 * Tables and QR codes (issue 23): a shop's tables by branch and area (StaffTableList), adding them
 * in bulk ('A01–A12' in an area or floor: TablesAdd), renaming (TableRename: the QR code stays),
 * removing (TableRemove), a new code for a table with a reason (TableRotate: the old one stops at
 * once), and the printable QR sheet, an A4 PDF downloaded from TableQrSheet's base64. Owners and
 * managers ('tables.manage'), within their branches.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Locale } from '../../gateway/contract'
import type { StaffTableRow } from '../../gateway/staff-contract'
import { bytesOfBase64, emptyNames, failureOf, namesOf, type Names, type SetupRoot } from './setup-forms'

/** A branch's tables in one area ('' none), by code. */
export interface TableGroup {
  baseId: string
  area: string
  tables: StaffTableRow[]
}

export type TablesView =
  | { kind: 'list' }
  | { kind: 'rename'; table: StaffTableRow; code: string; area: string; names: Names; reason: string }
  | { kind: 'rotate'; table: StaffTableRow; reason: string }
  | { kind: 'remove'; table: StaffTableRow; reason: string }

export class TablesStore {
  /** The shop shown ('' before one is chosen: the first of the person's). */
  shopId = ''
  /** '' every branch of the shop. */
  baseId = ''
  rows: StaffTableRow[] = []
  loading = false
  loaded = false
  busy = false
  error = ''
  problems: string[] = []
  notice = ''
  view: TablesView = { kind: 'list' }

  /** Adding in bulk. */
  addBase = ''
  addPattern = ''
  addArea = ''
  addError = ''

  /** The QR sheet's language. */
  sheetLocale: Locale

  constructor(private readonly root: SetupRoot) {
    this.sheetLocale = root.locale
    makeAutoObservable<TablesStore, 'root'>(this, { root: false })
  }

  /** The person's shops (StaffMe's scope). */
  get shops(): { shopId: string; names: Names }[] {
    return this.root.scope.filter((r) => !r.BaseID).map((r) => ({ shopId: r.ShopID, names: namesOf(r.Names) }))
  }

  /** The chosen shop's branches in the person's scope. */
  get branches(): { baseId: string; names: Names }[] {
    return this.root.scope.filter((r) => r.BaseID && r.ShopID === this.shopId).map((r) => ({ baseId: r.BaseID, names: namesOf(r.Names) }))
  }

  /** Rows by branch, then area, then code (as the server lists them). */
  get groups(): TableGroup[] {
    const groups: TableGroup[] = []
    for (const row of this.rows) {
      if (this.baseId && row.BaseID !== this.baseId) continue
      const last = groups[groups.length - 1]
      if (last && last.baseId === row.BaseID && last.area === row.Area) last.tables.push(row)
      else groups.push({ baseId: row.BaseID, area: row.Area, tables: [row] })
    }
    return groups
  }

  nameOf(names: Names | undefined, fallback: string): string {
    if (!names) return fallback
    return names[this.root.locale] || names['zh-TW'] || names.en || names['zh-CN'] || fallback
  }

  branchName(baseId: string): string {
    return this.nameOf(this.branches.find((b) => b.baseId === baseId)?.names, baseId)
  }

  async load(): Promise<void> {
    // The first of the person's shops, or again when the chosen one left the scope.
    if (!this.shopId || !this.shops.some((s) => s.shopId === this.shopId)) this.shopId = this.shops[0]?.shopId ?? ''
    if (!this.shopId) {
      this.loaded = true
      return
    }
    if (!this.addBase || !this.branches.some((b) => b.baseId === this.addBase)) this.addBase = this.baseId || this.branches[0]?.baseId || ''
    this.loading = true
    this.error = ''
    try {
      const res = await this.root.call('StaffTableList', { ShopID: this.shopId, BaseID: '' })
      runInAction(() => {
        this.rows = res.table1 ?? []
        this.loaded = true
      })
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
    } finally {
      runInAction(() => (this.loading = false))
    }
  }

  async chooseShop(shopId: string): Promise<void> {
    this.shopId = shopId
    this.baseId = ''
    this.addBase = ''
    this.notice = ''
    await this.load()
  }

  chooseBranch(baseId: string): void {
    this.baseId = baseId
    if (baseId) this.addBase = baseId
  }

  setAdd(field: 'addBase' | 'addPattern' | 'addArea', value: string): void {
    this[field] = value
    this.addError = ''
  }

  setSheetLocale(locale: Locale): void {
    this.sheetLocale = locale
  }

  /** 'A01–A12' into the chosen branch and area. */
  async addTables(): Promise<boolean> {
    if (this.busy) return false
    if (!this.addBase) {
      this.addError = this.root.t('tables.error.branch')
      return false
    }
    if (!this.addPattern.trim()) {
      this.addError = this.root.t('tables.error.pattern')
      return false
    }
    return this.send(async () => {
      const res = await this.root.call('TablesAdd', { BaseID: this.addBase, Pattern: this.addPattern.trim(), Area: this.addArea.trim() })
      const added = res.table1 ?? []
      runInAction(() => (this.addPattern = ''))
      return this.root.t('tables.added', { n: added.length, codes: added.map((t) => t.Code).join(this.root.t('common.listSeparator')) })
    }, true)
  }

  startRename(table: StaffTableRow): void {
    this.open({ kind: 'rename', table, code: table.Code, area: table.Area, names: namesOf(table.Names), reason: '' })
  }

  startRotate(table: StaffTableRow): void {
    this.open({ kind: 'rotate', table, reason: '' })
  }

  startRemove(table: StaffTableRow): void {
    this.open({ kind: 'remove', table, reason: '' })
  }

  /** A field of the open form. */
  setField(field: 'code' | 'area' | 'reason', value: string): void {
    const v = this.view
    if (v.kind === 'list') return
    if (field === 'reason') v.reason = value
    else if (v.kind === 'rename') v[field] = value
    this.error = ''
  }

  setName(locale: keyof Names, value: string): void {
    if (this.view.kind === 'rename') this.view.names[locale] = value
  }

  back(): void {
    this.view = { kind: 'list' }
    this.error = ''
    this.problems = []
  }

  async confirm(): Promise<boolean> {
    const v = this.view
    if (v.kind === 'list') return false
    const t = this.root.t
    const name = this.nameOf(namesOf(v.table.Names), v.table.Code)
    if (v.kind === 'rename') {
      if (!/^[A-Za-z0-9_-]{1,16}$/.test(v.code.trim())) {
        this.error = t('tables.error.code')
        return false
      }
      const names = v.names
      const changed = names['zh-CN'] !== v.table.Names['zh-CN'] || names['zh-TW'] !== v.table.Names['zh-TW'] || names.en !== v.table.Names.en
      return this.send(async () => {
        await this.root.call('TableRename', {
          TableID: v.table.TableID,
          Table: { code: v.code.trim(), area: v.area.trim(), ...(changed ? { names: { ...emptyNames(), ...names } } : {}) },
          Reason: v.reason.trim()
        })
        return t('tables.renamed', { name })
      })
    }
    if (!v.reason.trim()) {
      this.error = t('error.reasonRequired')
      return false
    }
    if (v.kind === 'rotate') {
      return this.send(async () => {
        await this.root.call('TableRotate', { TableID: v.table.TableID, Reason: v.reason.trim() })
        return t('tables.rotated', { name })
      })
    }
    return this.send(async () => {
      const res = await this.root.call('TableRemove', { TableID: v.table.TableID, Reason: v.reason.trim() })
      return t(res.table1?.[0]?.Removed === 'retired' ? 'tables.retired' : 'tables.removed', { name })
    })
  }

  /** The A4 QR sheet of the shop, or of the chosen branch, as a PDF download. */
  async downloadSheet(): Promise<boolean> {
    if (this.busy || !this.shopId) return false
    this.busy = true
    this.error = ''
    this.notice = ''
    try {
      const res = await this.root.call('TableQrSheet', { ShopID: this.shopId, BaseID: this.baseId, Locale: this.sheetLocale })
      const file = res.table1?.[0]
      if (!file) throw new Error('no file')
      this.root.browser.download(file.FileName, bytesOfBase64(file.PdfBase64), 'application/pdf')
      runInAction(() => (this.notice = this.root.t('tables.sheetDownloaded', { file: file.FileName })))
      return true
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
      return false
    } finally {
      runInAction(() => (this.busy = false))
    }
  }

  private open(view: TablesView): void {
    this.view = view
    this.error = ''
    this.problems = []
    this.notice = ''
  }

  private async send(action: () => Promise<string>, stay = false): Promise<boolean> {
    if (this.busy) return false
    this.busy = true
    this.error = ''
    this.problems = []
    this.notice = ''
    try {
      const notice = await action()
      runInAction(() => {
        if (!stay) this.view = { kind: 'list' }
        this.notice = notice
      })
      await this.load()
      return true
    } catch (e) {
      const failure = failureOf(this.root, e)
      runInAction(() => {
        if (stay) this.addError = failure.message
        else {
          this.error = failure.message
          this.problems = failure.problems
        }
      })
      return false
    } finally {
      runInAction(() => (this.busy = false))
    }
  }
}
