/**
 * Choosing a table by hand (issue 16 item 5; spec §7 Retail "table list by page (BaseID)"): a
 * diner who has the shop's or the branch's code but not a table's picks one from the branch's
 * tables, a page at a time. Choosing switches the session to that table as an entry by TableID
 * does; without the table's QR code that entry holds no proof of sitting there, so the table's
 * open sheet and its pay-later bill stay closed to it (the server's TABLE_CODE_REQUIRED) and
 * orders are paid first, to that table.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes } from '../../gateway/operations'
import type { RequestOptions } from '../../gateway/gateway-client'
import type { TableRow } from '../../gateway/address-rows'
import { PagedList } from '../../stores/paged-list'

/** Tables a page (a dining room fits; a food court's 'load more' fetches the rest). */
export const TABLE_PAGE_SIZE = 30

export interface TablesGateway {
  request(
    operation: 'TableListByPage',
    records?: OperationTypes['TableListByPage']['input'][],
    options?: RequestOptions
  ): Promise<Partial<OperationTypes['TableListByPage']['output']>>
}

export interface TablesStoreDeps {
  /** Switches the session to the table (an entry by TableID); true once it is there. */
  switchToTable(tableId: string): Promise<boolean>
  pageSize?: number
}

export class TablesStore {
  /** The branch whose tables `list` holds. */
  baseId = ''
  list: PagedList<TableRow>
  /** The table being switched to ('' none). */
  switching = ''
  /** The last switch failed (the page says so; the diner may choose again). */
  switchFailed = false

  constructor(
    private readonly gateway: TablesGateway,
    private readonly deps: TablesStoreDeps
  ) {
    this.list = this.listOf('')
    makeAutoObservable<TablesStore, 'gateway' | 'deps'>(this, { gateway: false, deps: false })
  }

  private listOf(baseId: string): PagedList<TableRow> {
    return new PagedList(
      async (PageIndex, PageSize) => {
        const res = await this.gateway.request('TableListByPage', [{ BaseID: baseId, PageIndex, PageSize }], { silent: true })
        return { rows: res.table1 ?? [], total: res.table2?.[0]?.Total ?? res.table1?.length ?? 0 }
      },
      (t) => t.TableID,
      this.deps.pageSize ?? TABLE_PAGE_SIZE
    )
  }

  /** The branch's first page of tables (another branch's are dropped first, never shown for this one). */
  async open(baseId: string): Promise<void> {
    if (!baseId) return
    if (baseId !== this.baseId) {
      this.baseId = baseId
      this.list = this.listOf(baseId)
    }
    this.switchFailed = false
    await this.list.refresh()
  }

  /** Switches the session to `table`; true when the session is there. A second tap meanwhile does nothing. */
  async choose(table: TableRow): Promise<boolean> {
    if (this.switching) return false
    this.switching = table.TableID
    this.switchFailed = false
    let ok = false
    try {
      ok = await this.deps.switchToTable(table.TableID)
    } catch {
      ok = false
    }
    runInAction(() => {
      this.switching = ''
      this.switchFailed = !ok
    })
    return ok
  }
}
