/**
 * The day report's staff operations and rows (issue 24 item 6; docs/live-service.md).
 * Part of the staff contract (./staff-contract.ts spreads them in).
 */

export const REPORT_OPERATIONS = {} as const
export type ReportOperationName = keyof typeof REPORT_OPERATIONS

export interface ReportOperationInputs {}
export interface ReportOperationOutputs {}
