/**
 * Remark groups of a goods (spec §3 GoodsRemarks: "name, colon, options separated by semicolons
 * and full-width commas"), e.g.
 *
 *   Spice:Mild;Medium；Hot
 *   甜度：少甜，正常
 *
 * One group per line (\n, \r\n or \r). The name ends at the first ':' or '：'; options are split
 * by ';', '；' or '，' (the half-width ',' is not a separator: it may appear inside an option).
 * Names and options are trimmed; empty options are dropped, and so are repeated options of a
 * group (the cart compares remarks as sets). Decisions:
 * - a line without a colon is a group named '' whose options are the whole line;
 * - a group left with no options ('Spice:' or blank lines) is dropped: nothing to choose.
 * Groups keep their order, and two lines with the same name stay two groups.
 */

export interface RemarkGroup {
  name: string
  options: string[]
}

export function parseGoodsRemarks(text: string | null | undefined): RemarkGroup[] {
  if (!text) return []
  const groups: RemarkGroup[] = []
  for (const line of text.split(/\r\n|\r|\n/)) {
    const colon = line.search(/[:：]/)
    const name = colon < 0 ? '' : line.slice(0, colon).trim()
    const rest = colon < 0 ? line : line.slice(colon + 1)
    const options: string[] = []
    for (const raw of rest.split(/[;；，]/)) {
      const option = raw.trim()
      if (option && !options.includes(option)) options.push(option)
    }
    if (options.length > 0) groups.push({ name, options })
  }
  return groups
}
