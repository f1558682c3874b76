/**
 * The bill parsers (issue 25 item 5): WeChat Pay's trade bill CSV and Alipay's zip of GBK CSV,
 * read from the vendors' published shapes. The WeChat Pay lines are those of a real v3 ALL bill
 * as the official wechatpay-go SDK's download test shows them (header without backticks, rows
 * with, the summary header and row); the Alipay lines are a 业务明细 file as merchants' public
 * integrations show it (# lines, tab-ended fields, a refund row with a negative amount and its
 * 退款批次号/请求号). No live account is involved: docs/payments-reconcile.md says what only one proves.
 */
import zlib from 'node:zlib'
import { parseAlipayBillZip, parseAlipayDetail, unzip } from '../../../server/src/providers/payment/alipay.bill'
import { beijingDay, beijingTimeToIso, BillFormatError, isBillDate } from '../../../server/src/providers/payment/bill'
import { parseWechatTradeBill } from '../../../server/src/providers/payment/wechatpay.bill'
import { gbkEncode, zipFiles } from '../../support/fake-alipay'

const WECHAT_SAMPLE = [
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注',
  '`2021-01-28 17:07:11,`wx81be3101902f7cb2,`1601959334,`0,`,`4200000925202101284997714292,`S20210128170702357723,`ofyak5qR_1wYsC99CsWA6R9MJazA,`NATIVE,`SUCCESS,`OTHERS,`CNY,`0.01,`0.00,`0,`0,`0.00,`0.00,`,`,`for testing,`cipher code,`0.00000,`1.00%,`0.01,`0.00,`',
  '`2021-01-28 15:35:18,`wx81be3101902f7cb2,`1601959334,`0,`,`4200000910202101282955148400,`S20210128153505214586,`ofyak5qR_1wYsC99CsWA6R9MJazA,`NATIVE,`SUCCESS,`OTHERS,`CNY,`0.01,`0.00,`0,`0,`0.00,`0.00,`,`,`for testing,`cipher code,`0.00000,`1.00%,`0.01,`0.00,`',
  // A refund row in the same columns (交易状态 REFUND, its 商户退款单号 and amounts).
  '`2021-01-28 18:00:00,`wx81be3101902f7cb2,`1601959334,`0,`,`4200000910202101282955148400,`S20210128153505214586,`ofyak5qR_1wYsC99CsWA6R9MJazA,`NATIVE,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`50300807092021020105990201735,`AS0001,`0.01,`0.00,`ORIGINAL,`SUCCESS,`for testing, with a comma,`cipher code,`0.00000,`1.00%,`0.01,`0.01,`',
  '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
  '`3,`0.02,`0.01,`0.00,`0.00000,`0.03,`0.01'
].join('\n')

describe('WeChat Pay trade bill CSV', () => {
  test('reads the rows of the published sample, dated in Beijing time, amounts exact; stops at the summary', () => {
    const rows = parseWechatTradeBill(WECHAT_SAMPLE)
    expect(rows).toEqual([
      { kind: 'payment', at: '2021-01-28T09:07:11.000Z', outTradeNo: 'S20210128170702357723', vendorRef: '4200000925202101284997714292', amount: '0.01', status: 'paid' },
      { kind: 'payment', at: '2021-01-28T07:35:18.000Z', outTradeNo: 'S20210128153505214586', vendorRef: '4200000910202101282955148400', amount: '0.01', status: 'paid' },
      { kind: 'refund', at: '2021-01-28T10:00:00.000Z', outTradeNo: 'S20210128153505214586', vendorRef: '4200000910202101282955148400', refundNo: 'AS0001', amount: '0.01', status: 'refunded' }
    ])
  })

  test('CRLF line ends and a header with backticks read the same', () => {
    const [header, ...rest] = WECHAT_SAMPLE.split('\n')
    const crlf = [`\`${header.split(',').join(',`')}`, ...rest].join('\r\n')
    expect(parseWechatTradeBill(crlf).map((r) => r.outTradeNo)).toEqual(['S20210128170702357723', 'S20210128153505214586', 'S20210128153505214586'])
  })

  test('a file without the column we need, or a row that does not read, is refused rather than half read', () => {
    expect(() => parseWechatTradeBill(WECHAT_SAMPLE.replace('商户订单号', '订单号'))).toThrow(BillFormatError)
    expect(() => parseWechatTradeBill(WECHAT_SAMPLE.replace('`1.00%,`0.01,', '`1.00%,`abc,'))).toThrow(/no amount/)
    expect(() => parseWechatTradeBill(WECHAT_SAMPLE.replace('`2021-01-28 17:07:11', '`yesterday'))).toThrow(/row 2/)
  })

  test('an empty bill (a day without trades: header and summary) has no rows', () => {
    const lines = WECHAT_SAMPLE.split('\n')
    expect(parseWechatTradeBill([lines[0], lines[4], '`0,`0.00,`0.00,`0.00,`0.00000,`0.00,`0.00'].join('\n'))).toEqual([])
  })
})

const ALIPAY_DETAIL = [
  '#支付宝业务明细查询',
  '#账号：[20880211096256330156]',
  '#起始日期：[2019年09月16日 00:00:00]   终止日期：[2019年09月17日 00:00:00]',
  '#-----------------------------------------业务明细列表----------------------------------------',
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
  '2019091622001458860515315453\t,service_1568601259302\t,交易\t,下单测试,2019-09-16 10:55:16,2019-09-16 10:55:23,alipay_store\t,alipay_store\t,alipay\t,\t,*津水(602***@qq.com)\t,0.01,0.01,0.00,0.00,0.00,0.00,0.00,,0.00\t,0.00,\t,0.00,0.00,下单测试',
  '2019091622001458860515315453\t,service_1568601259302\t,退款\t,下单测试,2019-09-16 10:55:16,2019-09-16 10:56:48,alipay_store\t,alipay_store\t,alipay\t,\t,*津水(602***@qq.com)\t,-0.01,-0.01,0.00,0.00,0.00,0.00,0.00,,0.00\t,0.00,re_test_1568602607356\t,0.00,0.00,下单测试',
  '2019091622001465870515233238\t,20190916165659224L3VUQRL9\t,交易\t,千丁订单INSURANCE88100011909161658423172,2019-09-16 16:58:56,2019-09-16 16:58:58,\t,\t,\t,\t,*庚辰(182****01)\t,12.30,12.30,0.00,0.00,0.00,0.00,0.00,,0.00\t,0.00,\t,0.00,0.00,',
  '#-----------------------------------------业务明细列表结束------------------------------------',
  '#交易合计：2笔，商家实收共12.31元，商家优惠共0.00元',
  '#退款合计：1笔，商家实收退款共-0.01元，商家优惠退款共0.00元',
  '#导出时间：[2019年09月17日 05:46:49]'
].join('\r\n')

const ALIPAY_ROWS = [
  { kind: 'payment', at: '2019-09-16T02:55:23.000Z', outTradeNo: 'service_1568601259302', vendorRef: '2019091622001458860515315453', amount: '0.01', status: 'paid' },
  { kind: 'refund', at: '2019-09-16T02:56:48.000Z', outTradeNo: 'service_1568601259302', vendorRef: '2019091622001458860515315453', refundNo: 're_test_1568602607356', amount: '0.01', status: 'refunded' },
  { kind: 'payment', at: '2019-09-16T08:58:58.000Z', outTradeNo: '20190916165659224L3VUQRL9', vendorRef: '2019091622001465870515233238', amount: '12.30', status: 'paid' }
]

describe('Alipay trade bill zip of GBK CSV', () => {
  test('the detail: # lines skipped, tabs dropped, refunds positive with their request number, dated by 完成时间', () => {
    expect(parseAlipayDetail(ALIPAY_DETAIL)).toEqual(ALIPAY_ROWS)
  })

  test('the zip as Alipay serves it: GBK names and text, the summary file ignored', () => {
    const zip = zipFiles([
      { name: '20880211096256330156_20190916_业务明细.csv', data: gbkEncode(ALIPAY_DETAIL) },
      { name: '20880211096256330156_20190916_业务明细(汇总).csv', data: gbkEncode('#支付宝业务汇总查询\r\n门店编号,门店名称,交易订单总笔数\r\n合计,,2') }
    ])
    // The text really is GBK, not UTF-8: '支付宝' is D6 A7 B8 B6 B1 A6 there.
    expect(zlib.inflateRawSync(zip.subarray(30 + gbkEncode('20880211096256330156_20190916_业务明细.csv').length)).subarray(1, 7).toString('hex')).toBe('d6a7b8b6b1a6')
    expect(unzip(zip).map((e) => e.name)).toEqual(['20880211096256330156_20190916_业务明细.csv', '20880211096256330156_20190916_业务明细(汇总).csv'])
    expect(parseAlipayBillZip(zip)).toEqual(ALIPAY_ROWS)
  })

  test('a damaged zip, or one without a detail file, is refused', () => {
    const zip = zipFiles([{ name: 'a_业务明细.csv', data: gbkEncode(ALIPAY_DETAIL) }])
    const damaged = Buffer.from(zip)
    // A byte of the deflated detail (after the 30-byte local header and the name): inflate or the CRC fails.
    damaged[30 + gbkEncode('a_业务明细.csv').length + 20] ^= 0xff
    expect(() => parseAlipayBillZip(damaged)).toThrow(BillFormatError)
    expect(() => parseAlipayBillZip(Buffer.from('not a zip at all, just text'))).toThrow(/not a readable zip/)
    expect(() => parseAlipayBillZip(zipFiles([{ name: 'x_业务明细(汇总).csv', data: gbkEncode('#支付宝业务汇总查询\r\n') }]))).toThrow(/0 detail files/)
  })

  test('a row whose product name holds a comma shifts its columns: refused, not misread', () => {
    expect(() => parseAlipayDetail(ALIPAY_DETAIL.replace('千丁订单INSURANCE', '千丁,订单'))).toThrow(/detail row 4/)
  })
})

describe('Beijing days', () => {
  test('a day is [16:00 UTC the day before, 16:00 UTC); wall-clock text converts; only real dates pass', () => {
    expect(beijingDay('2026-11-28')).toEqual({ start: new Date('2026-11-27T16:00:00Z'), end: new Date('2026-11-28T16:00:00Z') })
    expect(beijingTimeToIso('2026-11-28 23:59:59')).toBe('2026-11-28T15:59:59.000Z')
    expect(isBillDate('2026-02-29')).toBe(false)
    expect(isBillDate('2028-02-29')).toBe(true)
    expect(isBillDate('2026-1-5')).toBe(false)
  })
})
