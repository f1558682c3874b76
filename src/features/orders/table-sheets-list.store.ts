/**
 * My tables (issue 27 item 3; spec §5 PosSheetListByPage, PosSheetClose): the table sheets this
 * device ordered a round on, newest first, optionally only those of one table (TableID), paged.
 *
 * Tapping a sheet leads where the diner expects: an open sheet at the table this device sits at
 * (its code is the session's) opens the table's page; a paid sheet opens its bill when this device
 * may open it (OrderDetailGet of the settlement answers); anything else shows the sheet's rounds
 * here (PosSheetDetailGet: a device that ordered on a sheet may read it).
 *
 * Closing (PosSheetClose): an empty sheet is cancelled ("Leave the table"), one paid in full is
 * closed ("Finish"); an unpaid sheet with rounds is refused (20018) and stays as it was.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Gateway } from '../../gateway/gateway-client'
import { ORDER_STATUS, type OrderLineRow, type RoundRow, type TableSheetRow } from '../../gateway/order-rows'
import { PagedList } from '../../stores/paged-list'
import { callGateway } from '../checkout/gateway-call'
import { serverProblem, type ServerProblem } from '../checkout/checkout.store'
import { ROUTES } from '../shell/routes'
import { tableRoute } from './table-route'

export interface TableSheetsListDeps {
  /** The table this device sits at now (the session's), with the code it scanned; null none. */
  here: () => { tableId: string; qrCode: string } | null
}

export type OpenTarget = { kind: 'route'; url: string } | { kind: 'rounds' } | { kind: 'failed'; problem: ServerProblem }

export type CloseResult = { ok: true; sheet: TableSheetRow } | { ok: false; problem: ServerProblem }

export class TableSheetsListStore {
  /** '' every table; else only this table's sheets. */
  tableId = ''
  readonly list: PagedList<TableSheetRow>
  /** The sheet whose rounds show here ('' none). */
  shownId = ''
  rounds: RoundRow[] = []
  lines: OrderLineRow[] = []
  roundsState: 'idle' | 'loading' | 'ready' | 'failed' = 'idle'
  /** The sheet being opened or closed ('' none): its row waits. */
  busy = ''

  constructor(
    private readonly gateway: Gateway,
    private readonly deps: TableSheetsListDeps
  ) {
    this.list = new PagedList<TableSheetRow>(
      async (pageIndex, pageSize) => {
        const out = await callGateway(this.gateway, 'PosSheetListByPage', { ...(this.tableId ? { TableID: this.tableId } : {}), PageIndex: pageIndex, PageSize: pageSize })
        return { rows: out.table1 ?? [], total: Number(out.table2?.[0]?.Total ?? 0) }
      },
      (row) => row.SheetID
    )
    makeAutoObservable<TableSheetsListStore, 'gateway' | 'deps'>(this, { gateway: false, deps: false, list: false })
  }

  /** The first page again, of every table ('') or of one. */
  refresh(tableId = this.tableId): Promise<void> {
    if (tableId !== this.tableId) {
      this.tableId = tableId
      this.list.rows = []
      this.list.state = 'idle'
      this.hideRounds()
    }
    return this.list.refresh()
  }

  loadMore(): Promise<void> {
    return this.list.loadMore()
  }

  /** Where a tap on a sheet leads (the page navigates), or its rounds shown here. */
  async open(row: TableSheetRow): Promise<OpenTarget> {
    if (this.busy) return { kind: 'rounds' }
    const here = this.deps.here()
    if (row.Status === ORDER_STATUS.AWAITING_PAYMENT && here && here.qrCode && here.tableId === row.TableID) {
      return { kind: 'route', url: tableRoute(here.qrCode, row.SheetID) }
    }
    this.busy = row.SheetID
    try {
      if (row.Status !== ORDER_STATUS.AWAITING_PAYMENT && row.SettlementID) {
        // Only the diner who paid the bill may open it; the others see the rounds here.
        const bill = await callGateway(this.gateway, 'OrderDetailGet', { SheetID: row.SettlementID }).catch(() => null)
        if (bill?.table1?.[0]) return { kind: 'route', url: ROUTES.orderDetails(row.SettlementID) }
      }
      return await this.showRounds(row.SheetID)
    } finally {
      runInAction(() => (this.busy = ''))
    }
  }

  private async showRounds(sheetId: string): Promise<OpenTarget> {
    this.shownId = sheetId
    this.rounds = []
    this.lines = []
    this.roundsState = 'loading'
    try {
      const out = await callGateway(this.gateway, 'PosSheetDetailGet', { SheetID: sheetId, QRCode: '' })
      runInAction(() => {
        if (this.shownId !== sheetId) return
        this.rounds = [...(out.table3 ?? [])].sort((a, b) => a.RoundNo - b.RoundNo)
        this.lines = out.table2 ?? []
        this.roundsState = 'ready'
        if (out.table1?.[0]) this.replace(out.table1[0])
      })
      return { kind: 'rounds' }
    } catch (e) {
      runInAction(() => {
        if (this.shownId === sheetId) this.roundsState = 'failed'
      })
      return { kind: 'failed', problem: serverProblem(e) }
    }
  }

  hideRounds(): void {
    this.shownId = ''
    this.rounds = []
    this.lines = []
    this.roundsState = 'idle'
  }

  /** The shown sheet's rounds, each with its lines. */
  get roundsWithLines(): { round: RoundRow; lines: OrderLineRow[] }[] {
    return this.rounds.map((round) => ({ round, lines: this.lines.filter((l) => l.RoundNo === round.RoundNo) }))
  }

  /** Closes a sheet (PosSheetClose); the answer replaces its row. A refusal leaves everything as it was. */
  async close(sheetId: string, qrCode: string): Promise<CloseResult> {
    this.busy = sheetId
    try {
      const out = await callGateway(this.gateway, 'PosSheetClose', { SheetID: sheetId, QRCode: qrCode })
      const sheet = out.table1?.[0]
      if (!sheet) return { ok: false, problem: { code: '', message: '', backToCart: false } }
      runInAction(() => this.replace(sheet))
      return { ok: true, sheet }
    } catch (e) {
      return { ok: false, problem: serverProblem(e) }
    } finally {
      runInAction(() => (this.busy = ''))
    }
  }

  private replace(sheet: TableSheetRow): void {
    const i = this.list.rows.findIndex((r) => r.SheetID === sheet.SheetID)
    if (i >= 0) this.list.rows[i] = sheet
  }
}
