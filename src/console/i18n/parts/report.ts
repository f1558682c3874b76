/** The console's texts for the live service's report pages (issue 24), in the three languages; merged into ../en.ts, ../zh-CN.ts, ../zh-TW.ts. */
export const reportEn = {} as const

type ReportKey = keyof typeof reportEn

export const reportZhCN: Record<ReportKey, string> = {}

export const reportZhTW: Record<ReportKey, string> = {}
