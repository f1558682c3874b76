/**
 * WeChat Pay's bills as files, read into BillRows (bill.ts) for the reconciliation
 * (npm run payments -- reconcile, docs/payments-reconcile.md). Two files, one way of writing them:
 * CSV whose data fields each start with a backtick (so a spreadsheet keeps long numbers as text),
 * one header row, the rows, and (the domestic bill) a summary header (总交易单数,…) and its row.
 * Columns are found by name, not position (WeChat Pay has added columns before).
 *
 * The domestic direct merchant's trade bill (交易账单, GET /v3/bill/tradebill, bill_type ALL),
 * amounts in yuan with two places:
 *
 *   交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,
 *   付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,
 *   退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注
 *
 * A payment row is 交易状态 SUCCESS (REVOKED for a revoked one); a refund row is 交易状态 REFUND
 * with 商户退款单号, 退款状态 and the amounts. We compare against 订单金额 / 申请退款金额 (what
 * was asked, before any WeChat coupon), falling back to 应结订单金额 / 退款金额 in a file without
 * them.
 *
 * The cross-border merchant's statement (下载对账单, GET /v3/global/statements of WeChat Pay's
 * global API, pay.weixin.qq.com/wiki/doc/api_external/…/chapter3_3_6): the answer is the file
 * itself, its SHA1 in the signed header Wechatpay-Statement-Sha1 (the provider checks both). Its
 * published header:
 *
 *   交易时间,公众账号ID,商户号,子商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,
 *   付款银行,充值券币种,充值券金额,优惠券币种,优惠券金额,微信退款单号,商户退款单号,退款类型,退款状态,
 *   商品名称,商户数据包,手续费,费率,标价币种,订单金额(标价币种),用户支付币种,用户支付金额,结算币种,
 *   应结订单金额,支付汇率,退款汇率,申请退款金额,用户退款币种,用户退款金额,退款结算币种,
 *   退款应结订单金额,充值券退款金额,优惠券退款金额
 *
 * What the shop charged is 订单金额(标价币种) in 标价币种 (the merchant's HKD or MOP); a refund
 * row's 申请退款金额 is read in the same money (the published page does not say which currency
 * that column is in: docs/wechatpay.md). The payer's CNY side (用户支付…, 支付汇率), the settlement
 * side (结算币种, 应结订单金额) and fees are not compared. The reader is strict: a column missing, a
 * row of another merchant or priced in another money, a trade state it does not know, or an amount
 * that is not written with exactly two decimals (is '100' dollars or cents?) refuses the whole file
 * with a BillFormatError naming what it met, rather than half reading it.
 */
import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import { beijingTimeToIso, billAmount, BillFormatError, type BillRow } from './bill'

const PROVIDER = 'wechatpay'

/** One line's fields: the backtick before each dropped, surrounding blanks trimmed. */
function fields(line: string): string[] {
  // Splitting on ",`" keeps a comma inside a product name in its field.
  const parts = line.startsWith('`') ? line.slice(1).split(',`') : line.split(',')
  return parts.map((f) => f.replace(/^`/, '').trim())
}

export function sha1Hex(data: Buffer | string): string {
  return createHash('sha1').update(data).digest('hex')
}

/** The file's non-blank lines and its header's column finder (names compared in NFKC: '（标价币种）' is '(标价币种)'). */
function table(text: string): { lines: string[]; header: string[]; col: (name: string) => number; need: (name: string) => number } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '')
  const header = lines.length > 0 ? fields(lines[0]).map((h) => h.normalize('NFKC')) : []
  const col = (name: string): number => header.indexOf(name)
  const need = (name: string): number => {
    const i = col(name)
    if (i < 0) throw new BillFormatError(PROVIDER, `the header has no column ${name}`)
    return i
  }
  return { lines, header, col, need }
}

/** The summary header that ends the rows ('总交易单数,…'). */
const isSummary = (f: string[]): boolean => f[0]?.normalize('NFKC').startsWith('总交易单数') ?? false

/** The rows of a trade bill's text. Throws BillFormatError when the header lacks a column we need or a row does not read. */
export function parseWechatTradeBill(text: string): BillRow[] {
  const { lines, header, col, need } = table(text)
  if (lines.length === 0) return []
  const iTime = need('交易时间')
  const iTxn = need('微信订单号')
  const iOut = need('商户订单号')
  const iState = need('交易状态')
  const iSettled = need('应结订单金额')
  const iOrderAmount = col('订单金额')
  const iRefundNo = need('商户退款单号')
  const iRefund = need('退款金额')
  const iAsked = col('申请退款金额')
  const iRefundState = need('退款状态')

  const rows: BillRow[] = []
  for (let n = 1; n < lines.length; n++) {
    const f = fields(lines[n])
    if (isSummary(f)) break
    const where = `row ${n + 1}`
    const at = beijingTimeToIso(f[iTime] ?? '')
    if (!at || f.length < header.length) throw new BillFormatError(PROVIDER, `${where} does not read as a bill row`)
    const state = f[iState]
    const outTradeNo = f[iOut]
    if (state === 'REFUND') {
      const amount = billAmount(iAsked >= 0 && f[iAsked] ? f[iAsked] : f[iRefund])
      if (amount === null || !f[iRefundNo]) throw new BillFormatError(PROVIDER, `${where}: refund without an amount or 商户退款单号`)
      rows.push({ kind: 'refund', at, outTradeNo, vendorRef: f[iTxn], refundNo: f[iRefundNo], amount, status: refundStatus(f[iRefundState]) })
    } else {
      const amount = billAmount(iOrderAmount >= 0 && f[iOrderAmount] ? f[iOrderAmount] : f[iSettled])
      if (amount === null) throw new BillFormatError(PROVIDER, `${where}: no amount`)
      rows.push({ kind: 'payment', at, outTradeNo, vendorRef: f[iTxn], amount, status: state === 'SUCCESS' ? 'paid' : state.toLowerCase() || 'unknown' })
    }
  }
  return rows
}

/** 退款状态 as BillRow.status: SUCCESS refunded, PROCESSING processing, the vendor's word for a failed one (ABNORMAL, CLOSED …). */
function refundStatus(state: string): string {
  return state === 'SUCCESS' ? 'refunded' : state === 'PROCESSING' ? 'processing' : state || 'unknown'
}

// ---------- the cross-border merchant's statement ----------

/** The columns of the global statement we read (the published names; a file in full-width brackets reads the same). */
export const GLOBAL_STATEMENT_COLUMNS = ['交易时间', '商户号', '微信订单号', '商户订单号', '交易状态', '商户退款单号', '退款状态', '标价币种', '订单金额(标价币种)', '申请退款金额'] as const

/** 交易状态 values a statement row may carry: SUCCESS a payment, REVOKED a revoked one, REFUND a refund. */
const GLOBAL_TRADE_STATES = new Set(['SUCCESS', 'REVOKED', 'REFUND'])

/**
 * What a global statement's signature covers in place of its body: the response's signature string
 * is "timestamp\nnonce\n{"sha1":"<Wechatpay-Statement-Sha1>"}\n" (docs/wechatpay.md says where that
 * form comes from).
 */
export function statementSignedBody(sha1: string): string {
  return `{"sha1":"${sha1}"}`
}

/** The statement's bytes as CSV: a gzip body (asked with Accept-Encoding: gzip and not undone on the way) inflated. */
export function plainStatement(body: Buffer): Buffer {
  if (body.length < 2 || body[0] !== 0x1f || body[1] !== 0x8b) return body
  try {
    return zlib.gunzipSync(body)
  } catch {
    throw new BillFormatError(PROVIDER, 'the statement is gzip that does not inflate')
  }
}

/** An amount a global statement writes: dollars with exactly two decimals ('23.50', '0.00'); the sign dropped. */
function globalAmount(text: string | undefined, column: string, where: string): string {
  const t = (text ?? '').trim()
  const amount = /^-?\d{1,13}\.\d{2}$/.test(t) ? billAmount(t) : null
  if (amount === null) throw new BillFormatError(PROVIDER, `${where}: ${column} '${t.slice(0, 20)}' is not an amount with two decimals`)
  return amount
}

/**
 * The rows of a cross-border merchant's statement, for the merchant `mchId` charging `currency`
 * (HKD or MOP). Throws BillFormatError naming what it does not understand (see the file's comment).
 */
export function parseWechatGlobalStatement(text: string, merchant: { mchId: string; currency: string }): BillRow[] {
  const { lines, header, need } = table(text)
  if (lines.length === 0) throw new BillFormatError(PROVIDER, 'the statement is empty: not even a header')
  const [iTime, iMch, iTxn, iOut, iState, iRefundNo, iRefundState, iCurrency, iOrderAmount, iAsked] = GLOBAL_STATEMENT_COLUMNS.map(need)

  const rows: BillRow[] = []
  for (let n = 1; n < lines.length; n++) {
    const f = fields(lines[n])
    if (isSummary(f)) break
    const where = `row ${n + 1}`
    if (f.length !== header.length) throw new BillFormatError(PROVIDER, `${where} has ${f.length} fields, the header ${header.length}`)
    const at = beijingTimeToIso(f[iTime])
    if (!at) throw new BillFormatError(PROVIDER, `${where}: 交易时间 '${f[iTime].slice(0, 30)}' is not a time`)
    if (f[iMch] !== merchant.mchId) throw new BillFormatError(PROVIDER, `${where} is merchant ${f[iMch].slice(0, 32)}'s, not ours (${merchant.mchId})`)
    if (f[iCurrency] !== merchant.currency) throw new BillFormatError(PROVIDER, `${where} is priced in '${f[iCurrency].slice(0, 8)}', not ${merchant.currency}`)
    const state = f[iState]
    if (!GLOBAL_TRADE_STATES.has(state)) throw new BillFormatError(PROVIDER, `${where}: 交易状态 '${state.slice(0, 20)}' is none of ${[...GLOBAL_TRADE_STATES].join(', ')}`)
    const outTradeNo = f[iOut]
    if (!outTradeNo || !f[iTxn]) throw new BillFormatError(PROVIDER, `${where}: no 商户订单号 or 微信订单号`)
    if (state === 'REFUND') {
      if (!f[iRefundNo] || !f[iRefundState]) throw new BillFormatError(PROVIDER, `${where}: a refund without 商户退款单号 or 退款状态`)
      rows.push({ kind: 'refund', at, outTradeNo, vendorRef: f[iTxn], refundNo: f[iRefundNo], amount: globalAmount(f[iAsked], '申请退款金额', where), status: refundStatus(f[iRefundState]) })
    } else {
      rows.push({ kind: 'payment', at, outTradeNo, vendorRef: f[iTxn], amount: globalAmount(f[iOrderAmount], '订单金额(标价币种)', where), status: state === 'SUCCESS' ? 'paid' : 'revoked' })
    }
  }
  return rows
}
