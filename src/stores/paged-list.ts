/**
 * One paged list (the order list, balance records, points records): the first page again on open and on a pull
 * down, the next page on a pull up, rows already on screen kept while a refresh loads or fails.
 */
import { makeAutoObservable, runInAction } from 'mobx'

export type ListState = 'idle' | 'loading' | 'ready' | 'failed'

export interface Page<Row> {
  rows: Row[]
  total: number
}

export class PagedList<Row> {
  rows: Row[] = []
  total = 0
  page = 0
  state: ListState = 'idle'
  refreshing = false
  moreState: 'idle' | 'loading' | 'failed' = 'idle'

  private seq = 0

  constructor(
    private readonly fetchPage: (pageIndex: number, pageSize: number) => Promise<Page<Row>>,
    private readonly idOf: (row: Row) => string,
    readonly pageSize = 20
  ) {
    makeAutoObservable<PagedList<Row>, 'fetchPage' | 'idOf' | 'seq'>(this, { fetchPage: false, idOf: false, seq: false })
  }

  get hasMore(): boolean {
    return this.page > 0 && this.rows.length < this.total
  }

  async refresh(): Promise<void> {
    const seq = ++this.seq
    if (this.rows.length === 0) this.state = 'loading'
    else this.refreshing = true
    this.moreState = 'idle'
    try {
      const res = await this.fetchPage(1, this.pageSize)
      runInAction(() => {
        if (seq !== this.seq) return
        this.rows = res.rows
        this.total = res.total
        this.page = 1
        this.state = 'ready'
      })
    } catch {
      runInAction(() => {
        if (seq === this.seq && this.rows.length === 0) this.state = 'failed'
      })
    } finally {
      runInAction(() => {
        if (seq === this.seq) this.refreshing = false
      })
    }
  }

  async loadMore(): Promise<void> {
    if (this.state !== 'ready' || !this.hasMore || this.moreState === 'loading' || this.refreshing) return
    const seq = this.seq
    const next = this.page + 1
    this.moreState = 'loading'
    try {
      const res = await this.fetchPage(next, this.pageSize)
      runInAction(() => {
        if (seq !== this.seq) return
        // A new entry meanwhile shifts the pages: skip what is already listed.
        const seen = new Set(this.rows.map(this.idOf))
        this.rows = [...this.rows, ...res.rows.filter((r) => !seen.has(this.idOf(r)))]
        this.total = res.total
        this.page = next
        this.moreState = 'idle'
      })
    } catch {
      runInAction(() => {
        if (seq === this.seq) this.moreState = 'failed'
      })
    }
  }

  /** Signed out: nothing of the last member stays. */
  clear(): void {
    this.seq++
    this.rows = []
    this.total = 0
    this.page = 0
    this.state = 'idle'
    this.refreshing = false
    this.moreState = 'idle'
  }
}
