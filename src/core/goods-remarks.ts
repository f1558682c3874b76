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
 *
 * Required groups (issue 23): a '*' (or the full-width '＊') first in the name marks a group the
 * diner must choose from before the goods goes into the cart, and the server refuses an order
 * line without a choice there (CHOICE_REQUIRED). The mark is not part of the name:
 *
 *   *Noodles:Egg noodles;Rice noodles
 *   ＊辣度：不辣；小辣
 *
 * read as { name: 'Noodles', options: [...], required: true }. Only a named group (one with a
 * colon) can be required; a line without a colon keeps a leading '*' in its option. Text written
 * before the mark existed reads as before (no group is required).
 */

export interface RemarkGroup {
  name: string
  options: string[]
  /** The diner must choose one option of this group; absent: optional. */
  required?: true
}

// Writing groups back and checking a choice against required groups: ./remark-groups.ts (kept
// apart: this parser is on the diner's first screen, those are not).

export function parseGoodsRemarks(text: string | null | undefined): RemarkGroup[] {
  if (!text) return []
  const groups: RemarkGroup[] = []
  for (const line of text.split(/\r\n|\r|\n/)) {
    const colon = line.search(/[:：]/)
    let name = colon < 0 ? '' : line.slice(0, colon).trim()
    // A leading '*' or '＊' on the name: the group is required.
    const required = /^[*＊]/.test(name)
    if (required) name = name.slice(1).trim()
    const rest = colon < 0 ? line : line.slice(colon + 1)
    const options: string[] = []
    for (const raw of rest.split(/[;；，]/)) {
      const option = raw.trim()
      if (option && !options.includes(option)) options.push(option)
    }
    if (options.length > 0) groups.push(required ? { name, options, required } : { name, options })
  }
  return groups
}
