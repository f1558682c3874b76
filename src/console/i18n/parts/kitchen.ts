/** The console's texts for the live service's kitchen pages (issue 24), in the three languages; merged into ../en.ts, ../zh-CN.ts, ../zh-TW.ts. */
export const kitchenEn = {} as const

type KitchenKey = keyof typeof kitchenEn

export const kitchenZhCN: Record<KitchenKey, string> = {}

export const kitchenZhTW: Record<KitchenKey, string> = {}
