import { z } from 'zod'
import { defineStaffOperation } from '../staff/staff-operation'
import { dayReportFields, reportFor } from './report-fields'

export default defineStaffOperation({
  name: 'DayReportGet',
  auth: 'reports.read',
  input: z.object(dayReportFields),
  async handler(ctx, input) {
    const report = await reportFor(ctx, input)
    return { table1: [report.summary], table2: report.payments, table3: report.refunds, table4: report.goods, table5: report.stations }
  }
})
