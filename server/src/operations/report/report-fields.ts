/** The day report's input (DayReportGet, DayReportExport) and how it becomes a report. */
import { z } from 'zod'
import { dayReport, reportBranches, type DayReport } from '../../domain/reports/day-report.service'
import { idField } from '../staff/staff-fields'
import type { SignedInContext } from '../staff/staff-operation'

/** A calendar date that exists ('2026-02-30' does not). */
const isDate = (text: string): boolean => {
  const d = new Date(`${text}T00:00:00.000Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text
}

export const dayReportFields = {
  BaseID: idField("A branch; '' for every branch of ShopID (or of one's scope) one works at"),
  Day: z
    .preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().regex(/^(\d{4}-\d{2}-\d{2})?$/).refine((d) => d === '' || isDate(d), 'a date'))
    .describe("The business day (YYYY-MM-DD); '' the one running now at the branches asked for (in the small hours of a branch open past midnight, the day before): table1's Day names it"),
  ShopID: idField("With BaseID '': one shop's branches; '' every shop in one's scope").optional()
}

export interface DayReportAsk {
  BaseID: string
  Day: string
  ShopID?: string
}

/** The report the caller asked for, over the branches in their scope (another enterprise's ids are not found). */
export async function reportFor(ctx: SignedInContext, input: DayReportAsk): Promise<DayReport> {
  const ask = { baseId: input.BaseID, shopId: input.ShopID ?? '' }
  const branches = await reportBranches(ctx.db, ctx.staff, ask)
  return dayReport(ctx.db, { entId: ctx.staff.entId, branches, day: input.Day, now: ctx.now, ask })
}
