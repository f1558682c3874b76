/**
 * The cross-border merchant's statement (GET /v3/global/statements, docs/wechatpay.md
 * "Cross-border merchants") read into bill rows: the published 38 columns, found by name; what the
 * shop charged in 订单金额(标价币种) and a refund's 申请退款金额, in the merchant's HKD or MOP,
 * exact cents. The reader refuses a file it does not understand, naming what it met, rather than
 * half reading it. The signed download itself is tested against the fake in payments-reconcile.test.ts.
 */
import zlib from 'node:zlib'
import { BillFormatError } from '../../../server/src/providers/payment/bill'
import { parseWechatGlobalStatement, plainStatement, statementSignedBody } from '../../../server/src/providers/payment/wechatpay.bill'
import { GLOBAL_STATEMENT_HEADER } from '../../support/fake-wechatpay'

const MERCHANT = { mchId: '1900000109', currency: 'MOP' }

/** A row in the published column order: the fields a test sets, the rest as a real row would leave them. */
function row(f: { time?: string; mch?: string; txn?: string; out?: string; state?: string; refundNo?: string; refundState?: string; currency?: string; total?: string; asked?: string; extra?: string[] }): string {
  const refund = f.state === 'REFUND'
  const fields = [
    f.time ?? '2026-11-20 12:00:00', 'wx00mini0000test1', f.mch ?? MERCHANT.mchId, '', '', f.txn ?? '4200000001202611201234567890', f.out ?? 'PWX0001', 'oPayer', 'JSAPI', f.state ?? 'SUCCESS',
    'OTHERS', '', '0.00', '', '0.00', refund ? '50300001' : '', f.refundNo ?? (refund ? 'AS0001' : ''), refund ? 'ORIGINAL' : '', f.refundState ?? (refund ? 'SUCCESS' : ''),
    '點餐, 測試', '', '0.14', '0.60%', f.currency ?? 'MOP', f.total ?? '23.50', 'CNY', '20.92', 'MOP', refund ? '0.00' : f.total ?? '23.50', '89000000', refund ? '89000000' : '',
    f.asked ?? (refund ? '3.20' : '0.00'), refund ? 'CNY' : '', refund ? '2.85' : '0.00', refund ? 'MOP' : '', refund ? f.asked ?? '3.20' : '0.00', '0.00', '0.00',
    ...(f.extra ?? [])
  ]
  return fields.map((x) => `\`${x}`).join(',')
}

/** The header as the stored copy of the published page prints it (ASCII brackets). */
const ASCII_HEADER = GLOBAL_STATEMENT_HEADER.replace('（', '(').replace('）', ')')
const file = (...rows: string[]) => [ASCII_HEADER, ...rows].join('\n')
const parse = (text: string, merchant = MERCHANT) => parseWechatGlobalStatement(text, merchant)

test('the published columns: a payment, a refund given, one processing, a revoked trade; Beijing time; exact cents', () => {
  const rows = parse(
    file(
      row({}),
      row({ time: '2026-11-20 23:59:59', out: 'PWX0002', total: '0.01' }),
      row({ state: 'REFUND', time: '2026-11-20 13:00:00' }),
      row({ state: 'REFUND', refundNo: 'AS0002', refundState: 'PROCESSING', asked: '99999.99' }),
      row({ out: 'PWX0003', state: 'REVOKED', total: '5.00' })
    )
  )
  expect(rows).toEqual([
    { kind: 'payment', at: '2026-11-20T04:00:00.000Z', outTradeNo: 'PWX0001', vendorRef: '4200000001202611201234567890', amount: '23.50', status: 'paid' },
    { kind: 'payment', at: '2026-11-20T15:59:59.000Z', outTradeNo: 'PWX0002', vendorRef: '4200000001202611201234567890', amount: '0.01', status: 'paid' },
    { kind: 'refund', at: '2026-11-20T05:00:00.000Z', outTradeNo: 'PWX0001', vendorRef: '4200000001202611201234567890', refundNo: 'AS0001', amount: '3.20', status: 'refunded' },
    { kind: 'refund', at: '2026-11-20T04:00:00.000Z', outTradeNo: 'PWX0001', vendorRef: '4200000001202611201234567890', refundNo: 'AS0002', amount: '99999.99', status: 'processing' },
    { kind: 'payment', at: '2026-11-20T04:00:00.000Z', outTradeNo: 'PWX0003', vendorRef: '4200000001202611201234567890', amount: '5.00', status: 'revoked' }
  ])
  // A refund the vendor lists as failed keeps its word (the comparison lists it as 'refund status differs').
  expect(parse(file(row({ state: 'REFUND', refundState: 'ABNORMAL' })))[0].status).toBe('ABNORMAL')
  // An HKD merchant's file, for the HKD merchant.
  expect(parse(file(row({ currency: 'HKD', total: '88.80' })), { ...MERCHANT, currency: 'HKD' })[0].amount).toBe('88.80')
})

test('full-width brackets in the header, a backticked header, a BOM, CRLF, a day without trades, a summary after the rows: read the same', () => {
  expect(parse(`\uFEFF${GLOBAL_STATEMENT_HEADER}\r\n${row({})}\r\n`).map((r) => r.amount)).toEqual(['23.50'])
  expect(parse(`\`${ASCII_HEADER.split(',').join(',`')}\n${row({})}`).map((r) => r.amount)).toEqual(['23.50'])
  expect(parse(file())).toEqual([])
  expect(parse(file(row({}), '总交易单数,应结订单总金额,退款总金额', '`1,`23.50,`0.00')).map((r) => r.outTradeNo)).toEqual(['PWX0001'])
})

test('refused rather than misread, the refusal naming what was unexpected', () => {
  const refused = (text: string, message: RegExp, merchant = MERCHANT) => {
    expect(() => parse(text, merchant)).toThrow(BillFormatError)
    expect(() => parse(text, merchant)).toThrow(message)
  }
  refused('', /the statement is empty/)
  // The domestic trade bill is not a statement: its header lacks the priced money.
  refused('交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注', /the header has no column 标价币种/)
  refused(file(row({})).replace('申请退款金额', '退款申请金额'), /the header has no column 申请退款金额/)
  refused(file(row({}), row({ currency: 'HKD' })), /row 3 is priced in 'HKD', not MOP/)
  refused(file(row({ currency: 'CNY' })), /priced in 'CNY', not MOP/)
  refused(file(row({ mch: '1900000999' })), /row 2 is merchant 1900000999's, not ours \(1900000109\)/)
  // Dollars or cents? '2350' is refused, as are three decimals and no amount at all.
  refused(file(row({ total: '2350' })), /row 2: 订单金额\(标价币种\) '2350' is not an amount with two decimals/)
  refused(file(row({ total: '23.505' })), /'23.505' is not an amount with two decimals/)
  refused(file(row({ state: 'REFUND', asked: '' })), /申请退款金额 '' is not an amount with two decimals/)
  refused(file(row({ state: 'NOTPAY' })), /交易状态 'NOTPAY' is none of SUCCESS, REVOKED, REFUND/)
  refused(file(row({ state: 'REFUND', refundNo: '' })), /a refund without 商户退款单号 or 退款状态/)
  refused(file(row({ out: '' })), /no 商户订单号 or 微信订单号/)
  refused(file(row({ time: '20/11/2026 12:00' })), /交易时间 '20\/11\/2026 12:00' is not a time/)
  // A column added the header does not name: the row no longer lines up with it.
  refused(file(row({ extra: ['0.00'] })), /row 2 has 39 fields, the header 38/)
})

test('the statement asked gzipped: gzip bytes inflate to the CSV, plain bytes pass, broken gzip is refused; the signature covers {"sha1":"…"}', () => {
  const csv = Buffer.from(file(row({})), 'utf8')
  expect(plainStatement(zlib.gzipSync(csv)).equals(csv)).toBe(true)
  expect(plainStatement(csv)).toBe(csv)
  expect(() => plainStatement(Buffer.concat([zlib.gzipSync(csv).subarray(0, 20)]))).toThrow(/gzip that does not inflate/)
  expect(statementSignedBody('79bb0f45fc4c42234a918000b2668d689e2bde04')).toBe('{"sha1":"79bb0f45fc4c42234a918000b2668d689e2bde04"}')
})
