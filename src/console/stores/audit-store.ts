/**
 * The audit log: filters (action, person, date range), a paged table (AuditListByPage, newest
 * first) and "Export CSV" (AuditExport's text, saved as a file through the browser adapter).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { AuditRow, StaffRow } from '../../gateway/staff-contract'
import type { ConsoleStore } from './console-store'

export const AUDIT_PAGE_SIZE = 20

export interface AuditFilters {
  action: string
  staffId: string
  /** 'YYYY-MM-DD' or ''. */
  from: string
  to: string
}

const NO_FILTERS: AuditFilters = { action: '', staffId: '', from: '', to: '' }

/** A day's start on this device's clock, as the instant the server compares ('' stays ''). */
export function dayStart(date: string, days = 0): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return ''
  const d = new Date(`${date}T00:00:00`)
  d.setDate(d.getDate() + days)
  return Number.isNaN(d.getTime()) ? '' : d.toISOString()
}

/** The filters as the server takes them: From inclusive, To exclusive (the day after the last day). */
export function auditQuery(f: AuditFilters): { Action: string; StaffID: string; From: string; To: string } {
  return { Action: f.action, StaffID: f.staffId, From: dayStart(f.from), To: dayStart(f.to, 1) }
}

export class AuditStore {
  /** The filters being edited. */
  draft: AuditFilters = { ...NO_FILTERS }
  /** The filters the table shows. */
  applied: AuditFilters = { ...NO_FILTERS }
  rows: AuditRow[] = []
  total = 0
  /** From 1. */
  page = 1
  loading = false
  loaded = false
  error = ''
  filterError = ''
  exporting = false
  exportError = ''
  /** 'Downloaded audit-….csv.' */
  exported = ''
  /** People to filter by (StaffList, when the role may read it). */
  people: StaffRow[] = []
  /** Actions met so far, for the action filter's list. */
  seenActions: string[] = []

  constructor(private readonly root: ConsoleStore) {
    makeAutoObservable<AuditStore, 'root'>(this, { root: false })
  }

  get pages(): number {
    return Math.max(1, Math.ceil(this.total / AUDIT_PAGE_SIZE))
  }

  get hasPrevious(): boolean {
    return this.page > 1
  }

  get hasNext(): boolean {
    return this.page < this.pages
  }

  setDraft<K extends keyof AuditFilters>(field: K, value: AuditFilters[K]): void {
    this.draft = { ...this.draft, [field]: value }
    this.filterError = ''
  }

  /** The first page, and the people to filter by. */
  async open(): Promise<void> {
    if (this.root.can('staff.manage') && this.people.length === 0) void this.loadPeople()
    await this.load(1)
  }

  private async loadPeople(): Promise<void> {
    try {
      const res = await this.root.call('StaffList', {})
      runInAction(() => {
        this.people = res.table1 ?? []
      })
    } catch {
      // The person filter then lists only who the log itself names.
    }
  }

  async apply(): Promise<void> {
    const { from, to } = this.draft
    if (from && to && from > to) {
      this.filterError = this.root.t('error.dateRange')
      return
    }
    this.applied = { ...this.draft }
    await this.load(1)
  }

  async reset(): Promise<void> {
    this.draft = { ...NO_FILTERS }
    this.filterError = ''
    await this.apply()
  }

  async load(page: number): Promise<void> {
    this.loading = true
    this.error = ''
    this.exported = ''
    const f = this.applied
    try {
      const res = await this.root.call('AuditListByPage', { ...auditQuery(f), PageIndex: page, PageSize: AUDIT_PAGE_SIZE })
      runInAction(() => {
        this.rows = res.table1 ?? []
        this.total = Number(res.table2?.[0]?.Total ?? this.rows.length) || 0
        this.page = page
        this.loaded = true
        const actions = new Set([...this.seenActions, ...this.rows.map((r) => r.Action)])
        this.seenActions = [...actions].sort()
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

  async next(): Promise<void> {
    if (this.hasNext && !this.loading) await this.load(this.page + 1)
  }

  async previous(): Promise<void> {
    if (this.hasPrevious && !this.loading) await this.load(this.page - 1)
  }

  /** People the person filter offers: StaffList's, else those the log names. */
  get personOptions(): { id: string; name: string }[] {
    if (this.people.length) return this.people.map((p) => ({ id: p.StaffID, name: p.Name }))
    const seen = new Map<string, string>()
    for (const r of this.rows) if (r.StaffID && !seen.has(r.StaffID)) seen.set(r.StaffID, r.StaffName)
    return [...seen].map(([id, name]) => ({ id, name }))
  }

  /** Downloads the filtered log as CSV (the filters the table shows). */
  async exportCsv(): Promise<boolean> {
    if (this.exporting) return false
    this.exporting = true
    this.exportError = ''
    this.exported = ''
    const f = this.applied
    try {
      const res = await this.root.call('AuditExport', auditQuery(f))
      const file = res.table1?.[0]
      if (!file) throw new Error('no file')
      const name = file.FileName || 'audit.csv'
      this.root.browser.download(name, file.Csv, 'text/csv;charset=utf-8')
      runInAction(() => {
        this.exported = this.root.t('audit.exported', { file: name })
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.exportError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.exporting = false
      })
    }
  }
}
