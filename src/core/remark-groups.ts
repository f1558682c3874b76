/**
 * Remark groups beyond parsing (./goods-remarks.ts, which is on the diner's first screen): which
 * required groups a choice leaves out (goodsDetails, the server's order pricing), and writing
 * groups back as remark text (the console's menu editor).
 */
import type { RemarkGroup } from './goods-remarks'

/**
 * Writes groups back as remark text ('*' before a required group's name), one group per line,
 * options joined by ';'. Options and names may not contain the separators (';', '；', '，', a line
 * break; a name no ':' or '：'): parseGoodsRemarks(formatGoodsRemarks(groups)) gives the groups back.
 */
export function formatGoodsRemarks(groups: readonly RemarkGroup[]): string {
  return groups
    .filter((g) => g.options.length > 0)
    .map((g) => `${g.required ? '*' : ''}${g.name}:${g.options.join(';')}`)
    .join('\n')
}

/** Characters a remark option (or, with ':' and '：', a group name) cannot hold: they separate. */
export const REMARK_SEPARATORS = /[;；，\r\n]/

/** The required groups of `groups` that `chosen` (group name → option) has no option of, in order. */
export function missingRequiredGroups(groups: readonly RemarkGroup[], chosen: readonly { name: string; option: string }[]): RemarkGroup[] {
  return groups.filter((g) => g.required && !chosen.some((c) => c.name === g.name && g.options.includes(c.option)))
}
