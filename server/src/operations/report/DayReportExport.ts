import { z } from 'zod'
import { dayReportCsv } from '../../domain/reports/day-report-csv'
import { defineStaffOperation } from '../staff/staff-operation'
import { dayReportFields, reportFor } from './report-fields'

export default defineStaffOperation({
  name: 'DayReportExport',
  auth: 'reports.read',
  input: z.object(dayReportFields),
  async handler(ctx, input) {
    const report = await reportFor(ctx, input)
    const where = input.BaseID || input.ShopID || 'all'
    return { table1: [{ FileName: `day-report-${report.summary.Day}-${where}.csv`, Csv: dayReportCsv(report, ctx.locale) }] }
  }
})
