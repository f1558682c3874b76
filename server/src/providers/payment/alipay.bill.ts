/**
 * Alipay's trade bill (alipay.data.dataservice.bill.downloadurl.query, bill_type trade): a ZIP
 * holding GBK-encoded CSV files, the detail (…_业务明细.csv) and a summary (…_业务明细(汇总).csv).
 * The detail starts with '#' comment lines (#支付宝业务明细查询, #账号, #起始日期, a ruler), then the
 * header and rows, and ends with '#' lines (the closing ruler, #交易合计, #退款合计, #导出时间).
 * Fields end with a tab (again for spreadsheets). Columns used, found by name:
 *
 *   支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,…,订单金额（元）,商家实收（元）,…,
 *   退款批次号/请求号,…
 *
 * 业务类型 交易 is a payment, 退款 a refund (its amounts negative, its 退款批次号/请求号 our
 * out_request_no). Rows are dated by 完成时间 (Alipay puts a row on the day it completed).
 *
 * The zip is read here with node:zlib (stored and deflated entries, from the central directory,
 * each CRC checked): no unzip package is a dependency of this project, and a bill zip needs
 * nothing more. GBK through TextDecoder (Node's full ICU).
 */
import zlib from 'node:zlib'
import { beijingTimeToIso, billAmount, BillFormatError, type BillRow } from './bill'

const PROVIDER = 'alipay'

export interface ZipEntry {
  name: string
  data: Buffer
}

/** The files of a ZIP archive. Throws BillFormatError when it is not one we can read. */
export function unzip(zip: Buffer): ZipEntry[] {
  const bad = (why: string) => new BillFormatError(PROVIDER, `the download is not a readable zip (${why})`)
  // End of central directory: the last PK\5\6 within the final 64 KiB + 22 bytes.
  let eocd = -1
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw bad('no end of central directory')
  const count = zip.readUInt16LE(eocd + 10)
  let p = zip.readUInt32LE(eocd + 16)
  const entries: ZipEntry[] = []
  const gbk = new TextDecoder('gbk')
  for (let n = 0; n < count; n++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50) throw bad('broken central directory')
    const flags = zip.readUInt16LE(p + 8)
    const method = zip.readUInt16LE(p + 10)
    const crc = zip.readUInt32LE(p + 16)
    const compressed = zip.readUInt32LE(p + 20)
    const size = zip.readUInt32LE(p + 24)
    const nameLength = zip.readUInt16LE(p + 28)
    const extraLength = zip.readUInt16LE(p + 30)
    const commentLength = zip.readUInt16LE(p + 32)
    const local = zip.readUInt32LE(p + 42)
    const rawName = zip.subarray(p + 46, p + 46 + nameLength)
    // Bit 11: the name is UTF-8; otherwise Alipay writes it in GBK.
    const name = flags & 0x800 ? rawName.toString('utf8') : gbk.decode(rawName)
    p += 46 + nameLength + extraLength + commentLength
    if (name.endsWith('/')) continue
    if (flags & 0x1) throw bad(`${name} is encrypted`)
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw bad(`no local header for ${name}`)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const body = zip.subarray(start, start + compressed)
    let data: Buffer
    try {
      if (method === 0) data = Buffer.from(body)
      else if (method === 8) data = zlib.inflateRawSync(body)
      else throw bad(`${name} uses compression method ${method}`)
    } catch (e) {
      if (e instanceof BillFormatError) throw e
      throw bad(`${name} does not inflate`)
    }
    if (data.length !== size || zlib.crc32(data) !== crc) throw bad(`${name} fails its CRC`)
    entries.push({ name, data })
  }
  return entries
}

/** One CSV line's fields, each without its trailing tab and blanks. */
const fields = (line: string): string[] => line.split(',').map((f) => f.trim())

/** The rows of the detail file's text (already decoded). */
export function parseAlipayDetail(text: string): BillRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'))
  if (lines.length === 0) return []
  const header = fields(lines[0])
  const need = (name: string): number => {
    const i = header.indexOf(name)
    if (i < 0) throw new BillFormatError(PROVIDER, `the detail header has no column ${name}`)
    return i
  }
  const iTrade = need('支付宝交易号')
  const iOut = need('商户订单号')
  const iType = need('业务类型')
  const iDone = need('完成时间')
  const iAmount = need('订单金额（元）')
  const iRefundNo = need('退款批次号/请求号')
  const rows: BillRow[] = []
  for (let n = 1; n < lines.length; n++) {
    const f = fields(lines[n])
    const at = beijingTimeToIso(f[iDone] ?? '')
    const amount = billAmount(f[iAmount] ?? '')
    // A product name with a comma in it shifts the columns after it: refuse rather than misread.
    if (!at || amount === null || f.length !== header.length) throw new BillFormatError(PROVIDER, `detail row ${n + 1} does not read as a bill row`)
    const type = f[iType]
    if (type === '退款') {
      rows.push({ kind: 'refund', at, outTradeNo: f[iOut], vendorRef: f[iTrade], refundNo: f[iRefundNo] || f[iOut], amount, status: 'refunded' })
    } else if (type === '交易') {
      rows.push({ kind: 'payment', at, outTradeNo: f[iOut], vendorRef: f[iTrade], amount, status: 'paid' })
    } else {
      // Other business types (e.g. 冻结, 转账) carry no trade of ours; keep them visible as unknown payments.
      rows.push({ kind: 'payment', at, outTradeNo: f[iOut], vendorRef: f[iTrade], amount, status: type || 'unknown' })
    }
  }
  return rows
}

/** The bill's rows from the downloaded zip: its detail file (not the summary), decoded from GBK. */
export function parseAlipayBillZip(zip: Buffer): BillRow[] {
  const gbk = new TextDecoder('gbk')
  const files = unzip(zip).map((e) => ({ name: e.name, text: gbk.decode(e.data) }))
  const detail = files.filter((f) => f.text.startsWith('#支付宝业务明细查询') || (f.name.includes('业务明细') && !f.name.includes('汇总')))
  if (detail.length !== 1) throw new BillFormatError(PROVIDER, `the zip holds ${detail.length} detail files (expected one: …_业务明细.csv)`)
  return parseAlipayDetail(detail[0].text)
}
