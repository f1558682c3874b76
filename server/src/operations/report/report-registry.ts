/** Day-report staff operations (issue 24 item 6), spread into the staff registry. */
import DayReportGet from './DayReportGet'
import DayReportExport from './DayReportExport'

export const REPORT_REGISTRY = {
  DayReportGet,
  DayReportExport
}
