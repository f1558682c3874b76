/**
 * WeChat Pay's trade bill (交易账单, GET /v3/bill/tradebill, bill_type ALL) as a file: CSV whose
 * data fields each start with a backtick (so a spreadsheet keeps long numbers as text), one header
 * row, the rows, then a summary header (总交易单数,…) and its row. Amounts are yuan with two
 * places. The columns of the direct merchant's ALL bill:
 *
 *   交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,
 *   付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,
 *   退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注
 *
 * Columns are found by name, not position (WeChat Pay has added columns before: 订单金额 and
 * 申请退款金额 came later). A payment row is 交易状态 SUCCESS (REVOKED for a revoked one); a refund
 * row is 交易状态 REFUND with 商户退款单号, 退款状态 and the amounts. We compare against 订单金额 /
 * 申请退款金额 (what was asked, before any WeChat coupon), falling back to 应结订单金额 / 退款金额
 * in a file without them.
 */
import { createHash } from 'node:crypto'
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

/** The rows of a trade bill's text. Throws BillFormatError when the header lacks a column we need or a row does not read. */
export function parseWechatTradeBill(text: string): BillRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '')
  if (lines.length === 0) return []
  const header = fields(lines[0])
  const col = (name: string): number => header.indexOf(name)
  const need = (name: string): number => {
    const i = col(name)
    if (i < 0) throw new BillFormatError(PROVIDER, `the header has no column ${name}`)
    return i
  }
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
    // The summary header ends the rows.
    if (f[0] === '总交易单数') break
    const where = `row ${n + 1}`
    const at = beijingTimeToIso(f[iTime] ?? '')
    if (!at || f.length < header.length) throw new BillFormatError(PROVIDER, `${where} does not read as a bill row`)
    const state = f[iState]
    const outTradeNo = f[iOut]
    if (state === 'REFUND') {
      const amount = billAmount(iAsked >= 0 && f[iAsked] ? f[iAsked] : f[iRefund])
      if (amount === null || !f[iRefundNo]) throw new BillFormatError(PROVIDER, `${where}: refund without an amount or 商户退款单号`)
      const refundState = f[iRefundState]
      rows.push({ kind: 'refund', at, outTradeNo, vendorRef: f[iTxn], refundNo: f[iRefundNo], amount, status: refundState === 'SUCCESS' ? 'refunded' : refundState === 'PROCESSING' ? 'processing' : refundState || 'unknown' })
    } else {
      const amount = billAmount(iOrderAmount >= 0 && f[iOrderAmount] ? f[iOrderAmount] : f[iSettled])
      if (amount === null) throw new BillFormatError(PROVIDER, `${where}: no amount`)
      rows.push({ kind: 'payment', at, outTradeNo, vendorRef: f[iTxn], amount, status: state === 'SUCCESS' ? 'paid' : state.toLowerCase() || 'unknown' })
    }
  }
  return rows
}
