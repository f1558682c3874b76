/**
 * A kitchen ticket (KitchenTicketRow) as ESC/POS bytes for an 80 mm network printer.
 *
 * The commands (initialise, character size, bold, white-on-black, feed and cut) come from
 * @point-of-sale/receipt-printer-encoder; the text goes in as GB18030 bytes (./gb18030.ts), with
 * Chinese mode (FS &) switched on after the initialise whenever the ticket holds a character beyond
 * ASCII — the library's own text() only knows single-byte code pages and would print '?' for every
 * Chinese character. Layout (centring, wrapping) is done here in printer cells: one for ASCII, two
 * for a Chinese character, times the character width.
 *
 * 42 cells a line by default: what an 80 mm Epson TM-T88 prints in font A (512 dots); a 203 dpi
 * printer (Xprinter XP-N160II, 576 dots, 48 cells) prints it with a wider right margin.
 *
 * What the diner typed (remarks) can never reach the printer as a command: control characters are
 * turned into spaces before encoding.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder'
import type { KitchenTicketLineRow, KitchenTicketRow } from '../../../src/gateway/kitchen-contract'
import { encodeGb18030, textCells } from './gb18030'
import { kitchenLabels, type KitchenPrintLabels } from './kitchen-labels'
import { allergensOf, markWords } from '../../../src/core/allergens'
import { listSeparator, splitList } from '../../../src/core/choice-text'
import { LOCALES, type Locale } from '../../../src/gateway/contract'
import type { MessageKey } from '../../../src/i18n/catalogues/zh-CN'
import { translate } from '../../../src/i18n/translate'

/** The ticket's language as a catalogue language (English for anything else, as kitchenLabels). */
const kitchenLocale = (locale: string): Locale => ((LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'en')

export interface KitchenTicketPrintOptions {
  /** Printed again on request: a REPRINT banner and the time it was reprinted. */
  reprint?: boolean
  /** The ticket changed since it was first printed: a CHANGED banner; changed lines show old → new. */
  changed?: boolean
  /** IANA zone the times print in (the enterprise's TimeZone); absent: UTC, marked so. */
  timeZone?: string
  /** Cells a line at normal width (default 42). */
  columns?: number
  /** The time of printing (reprints show it); default now. */
  now?: Date
}

export const DEFAULT_COLUMNS = 42
/** FS & : select Chinese (Kanji) character mode. The library's initialise sends FS . (cancel). */
const CHINESE_MODE_ON = [0x1c, 0x26]

interface Segment {
  text: string
  invert?: boolean
}

interface PrintLine {
  segments: Segment[]
  /** Character width and height multipliers (1–8). */
  width: number
  height: number
  bold: boolean
  align: 'left' | 'center'
}

/** Control characters (C0, DEL, C1) become spaces: a remark cannot smuggle in a command. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim()
}

/** Splits text into rows of at most `cells` cells, breaking ASCII at spaces where it can. */
export function wrapCells(text: string, cells: number): string[] {
  const rows: string[] = []
  let row = ''
  let used = 0
  for (const ch of text) {
    const w = textCells(ch)
    if (used + w > cells && row !== '') {
      const space = row.lastIndexOf(' ')
      // Break at the last space when the word after it is ASCII and the row keeps half its room.
      if (space > 0 && /^[\x21-\x7e]*$/.test(row.slice(space + 1)) && /[\x21-\x7e]/.test(ch) && textCells(row.slice(0, space)) >= cells / 2) {
        rows.push(row.slice(0, space))
        row = row.slice(space + 1)
        used = textCells(row)
      } else {
        rows.push(row.trimEnd())
        row = ''
        used = 0
      }
      if (ch === ' ' && row === '') continue
    }
    row += ch
    used += w
  }
  if (row.trim() !== '' || rows.length === 0) rows.push(row.trimEnd())
  return rows
}

function formatTime(iso: string, timeZone: string | undefined): string {
  if (!iso) return ''
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ''
  const format = (zone: string): string => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at)
  if (timeZone) {
    try {
      return format(timeZone)
    } catch {
      // An unknown zone: UTC, marked so, rather than no ticket.
    }
  }
  return `${format('UTC')} UTC`
}

const quantity = (qua: string, unit: string): string => (unit ? `${qua} ${unit}` : qua)

/** The ticket as lines to print (the layout, before any byte). */
export function kitchenTicketLayout(ticket: KitchenTicketRow, locale: string, opts: KitchenTicketPrintOptions = {}): PrintLine[] {
  const L = kitchenLabels(locale)
  const columns = opts.columns ?? DEFAULT_COLUMNS
  const out: PrintLine[] = []
  const push = (text: string, style: Partial<Omit<PrintLine, 'segments'>> = {}, indent = 0): void => {
    const width = style.width ?? 1
    const room = Math.floor(columns / width) - indent
    for (const row of wrapCells(printable(text), room)) {
      out.push({ segments: [{ text: ' '.repeat(indent) + row }], width, height: style.height ?? 1, bold: style.bold ?? false, align: style.align ?? 'left' })
    }
  }
  const rule = (): void => {
    out.push({ segments: [{ text: '-'.repeat(columns) }], width: 1, height: 1, bold: false, align: 'left' })
  }
  const banner = (text: string): void => {
    out.push({ segments: [{ text: ` ${printable(text)} `, invert: true }], width: 2, height: 2, bold: true, align: 'center' })
  }

  if (opts.reprint) banner(L.reprint)
  if (opts.changed) banner(L.changed)
  push(ticket.StationName || L.kitchen, { height: 2, bold: true, align: 'center' })
  if (ticket.TableName) {
    push(`${L.table} ${ticket.TableName}`, { width: 2, height: 2, bold: true, align: 'center' })
    if (ticket.PickupNo) push(`${L.pickup} ${ticket.PickupNo}`, { height: 2, bold: true, align: 'center' })
  } else if (ticket.PickupNo) {
    push(`${L.pickup} ${ticket.PickupNo}`, { width: 2, height: 2, bold: true, align: 'center' })
  }
  const service = L.service[ticket.ServiceType] ?? ticket.ServiceType
  const styleAndRound = [service, ticket.RoundNo > 0 ? L.round(ticket.RoundNo) : ''].filter(Boolean).join(' · ')
  if (styleAndRound) push(styleAndRound, { height: 2, bold: true, align: 'center' })
  const times = [
    ticket.SentAt ? `${L.sent} ${formatTime(ticket.SentAt, opts.timeZone)}` : '',
    opts.changed && ticket.ChangedAt ? `${L.changedAt} ${formatTime(ticket.ChangedAt, opts.timeZone)}` : '',
    opts.reprint ? `${L.printedAt} ${formatTime((opts.now ?? new Date()).toISOString(), opts.timeZone)}` : ''
  ].filter(Boolean)
  if (times.length) push(times.join('  '), { align: 'center' })
  rule()
  for (const line of ticket.Lines) lineRows(line, L, kitchenLocale(locale), columns, out, push)
  rule()
  if (ticket.OrderRemarks.trim()) {
    push(`${L.orderRemark}${L.colon}${ticket.OrderRemarks}`, { height: 2, bold: true })
    rule()
  }
  push(`${L.order} ${ticket.OrderID}`)
  return out
}

function lineRows(
  line: KitchenTicketLineRow,
  L: KitchenPrintLabels,
  locale: Locale,
  columns: number,
  out: PrintLine[],
  push: (text: string, style?: Partial<Omit<PrintLine, 'segments'>>, indent?: number) => void
): void {
  const shown = line.Change !== '' && line.PrevQua !== ''
  const qty = shown ? `${line.PrevQua} ${L.arrow} ${quantity(line.Qua, line.Unit)}` : quantity(line.Qua, line.Unit)
  const marker = line.Change === 'cancelled' ? L.cancelled : line.Change !== '' ? L.lineChanged : ''
  const head: Segment[] = [{ text: `${printable(qty)}  ` }]
  if (marker) head.push({ text: ` ${marker} `, invert: true }, { text: ' ' })
  const headCells = head.reduce((n, s) => n + textCells(s.text), 0)
  const name = printable(line.GoodsName)
  // The name follows the quantity; what does not fit wraps under it, indented by four.
  const firstRoom = Math.max(columns - headCells, 8)
  const first = wrapCells(name, firstRoom)[0]
  const remainder = name.slice(first.length).trim()
  const restRows = remainder ? wrapCells(remainder, columns - 4) : []
  out.push({ segments: [...head, { text: first }], width: 1, height: 2, bold: true, align: 'left' })
  for (const row of restRows) out.push({ segments: [{ text: `    ${row}` }], width: 1, height: 2, bold: true, align: 'left' })
  const detail = (label: string, text: string, bold = false): void => {
    if (printable(text)) push(`${label}${L.colon}${text}`, { bold }, 4)
  }
  detail(L.spec, line.SkuName)
  detail(L.addOns, line.AddOnText)
  // One combo pick a row, the rows after the first under the first: a pick with its own choices
  // ('咖喱鱼蛋（辣度：大辣）', issue 27 item 21) reads whole instead of breaking across a long row.
  const picks = splitList(printable(line.BomText))
  picks.forEach((pick, i) => (i === 0 ? detail(L.combo, pick) : push(pick, {}, 4 + textCells(`${L.combo}${L.colon}`))))
  detail(L.remark, line.RemarkText, true)
  // Allergens as words in the kitchen's language (never bare symbols), bold like the remark.
  const allergens = allergensOf(line.Allergens)
  if (allergens.length > 0) detail(L.allergens, markWords(allergens, 'allergen', (key) => translate(locale, key as MessageKey), listSeparator(locale)), true)
}

/** True when some text on the ticket needs the printer's Chinese mode. */
const needsChinese = (lines: readonly PrintLine[]): boolean => lines.some((l) => l.segments.some((s) => /[^\x00-\x7f]/.test(s.text)))

/** The ticket as the bytes an 80 mm ESC/POS printer prints and cuts. */
export function encodeKitchenTicket(ticket: KitchenTicketRow, locale: string, opts: KitchenTicketPrintOptions = {}): Uint8Array {
  const columns = opts.columns ?? DEFAULT_COLUMNS
  const lines = kitchenTicketLayout(ticket, locale, opts)
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, newline: '\n', feedBeforeCut: 4 })
  encoder.initialize()
  if (needsChinese(lines)) encoder.raw(CHINESE_MODE_ON)
  for (const line of lines) {
    const cells = line.segments.reduce((n, s) => n + textCells(s.text), 0)
    const pad = line.align === 'center' ? Math.max(0, Math.floor((Math.floor(columns / line.width) - cells) / 2)) : 0
    encoder.size(line.width, line.height).bold(line.bold)
    if (pad) encoder.raw(encodeGb18030(' '.repeat(pad)))
    for (const segment of line.segments) {
      if (segment.invert) encoder.invert(true)
      encoder.raw(encodeGb18030(segment.text))
      if (segment.invert) encoder.invert(false)
    }
    encoder.bold(false).size(1, 1).newline()
  }
  encoder.cut('partial')
  return encoder.encode()
}
