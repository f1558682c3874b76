/** The console's texts for the live service's counter pages (issue 24), in the three languages; merged into ../en.ts, ../zh-CN.ts, ../zh-TW.ts. */
export const counterEn = {} as const

type CounterKey = keyof typeof counterEn

export const counterZhCN: Record<CounterKey, string> = {}

export const counterZhTW: Record<CounterKey, string> = {}
