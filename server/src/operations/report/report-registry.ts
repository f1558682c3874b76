/** Day-report staff operations (issue 24 item 6), spread into the staff registry. */
export const REPORT_REGISTRY = {}
