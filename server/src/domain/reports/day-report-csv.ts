/**
 * The day report as CSV (docs/day-report.md "CSV"): one section after another (the summary,
 * payments by method, refunds, goods, preparation times), each with a title line and a header line,
 * in the caller's language. Text cells go through the audit log's csvCell (RFC 4180 quoting; a cell a
 * spreadsheet would run as a formula gets a leading apostrophe); numbers the report made itself are
 * written as plain numbers, so a spreadsheet can add them up (a negative net stays a number).
 * Times are on the enterprise's clock.
 */
import { formatWallClock, wallClockIn } from '../../../../src/core/wall-clock'
import type { Locale, LocalizedText } from '../../../../src/gateway/contract'
import { pickText } from '../../../../src/i18n/text'
import { csvCell } from '../staff/audit-log'
import type { DayReport, ReportBranch } from './day-report.service'

type TextKey =
  | 'title'
  | 'day'
  | 'branches'
  | 'currency'
  | 'madeAt'
  | 'summary'
  | 'figure'
  | 'count'
  | 'amount'
  | 'sales'
  | 'orderSales'
  | 'billSales'
  | 'refunds'
  | 'net'
  | 'netColumn'
  | 'coupons'
  | 'payments'
  | 'method'
  | 'refunded'
  | 'refundList'
  | 'time'
  | 'kind'
  | 'order'
  | 'pickup'
  | 'table'
  | 'orderDay'
  | 'branch'
  | 'cancel'
  | 'aftersale'
  | 'goods'
  | 'goodsName'
  | 'quantity'
  | 'unit'
  | 'lines'
  | 'stations'
  | 'station'
  | 'tickets'
  | 'average'
  | 'longest'
  | 'mainStation'
  | 'none'

const TEXT: Record<Locale, Record<TextKey, string>> = {
  en: {
    title: 'Day report',
    day: 'Business day',
    branches: 'Branches',
    currency: 'Currency',
    madeAt: 'Made at',
    summary: 'Summary',
    figure: 'Figure',
    count: 'Count',
    amount: 'Amount',
    sales: 'Sales',
    orderSales: 'Prepaid orders',
    billSales: 'Table bills settled',
    refunds: 'Refunds',
    net: 'Net (sales − refunds)',
    netColumn: 'Net',
    coupons: 'Coupon discounts',
    payments: 'Payments by method',
    method: 'Method',
    refunded: 'Refunded',
    refundList: 'Refunds made this day',
    time: 'Time',
    kind: 'Kind',
    order: 'Order',
    pickup: 'Pickup no.',
    table: 'Table',
    orderDay: 'Order’s day',
    branch: 'Branch',
    cancel: 'Order cancelled',
    aftersale: 'After-sale refund',
    goods: 'Goods sold',
    goodsName: 'Goods',
    quantity: 'Quantity',
    unit: 'Unit',
    lines: 'Order lines',
    stations: 'Preparation time by station',
    station: 'Station',
    tickets: 'Tickets bumped',
    average: 'Average (seconds)',
    longest: 'Longest (seconds)',
    mainStation: 'Kitchen (no station)',
    none: 'None'
  },
  'zh-CN': {
    title: '日结报表',
    day: '营业日',
    branches: '分店',
    currency: '货币',
    madeAt: '生成时间',
    summary: '概要',
    figure: '项目',
    count: '笔数',
    amount: '金额',
    sales: '销售',
    orderSales: '预付订单',
    billSales: '已结账的桌单',
    refunds: '退款',
    net: '净额（销售 − 退款）',
    netColumn: '净额',
    coupons: '优惠券折扣',
    payments: '按付款方式',
    method: '付款方式',
    refunded: '已退款',
    refundList: '当日退款',
    time: '时间',
    kind: '类型',
    order: '订单',
    pickup: '取餐号',
    table: '桌号',
    orderDay: '订单营业日',
    branch: '分店',
    cancel: '订单取消',
    aftersale: '售后退款',
    goods: '售出商品',
    goodsName: '商品',
    quantity: '数量',
    unit: '单位',
    lines: '订单行数',
    stations: '各工作站备餐时间',
    station: '工作站',
    tickets: '已完成单数',
    average: '平均（秒）',
    longest: '最长（秒）',
    mainStation: '厨房（未分工作站）',
    none: '无'
  },
  'zh-TW': {
    title: '日結報表',
    day: '營業日',
    branches: '分店',
    currency: '貨幣',
    madeAt: '產生時間',
    summary: '概要',
    figure: '項目',
    count: '筆數',
    amount: '金額',
    sales: '銷售',
    orderSales: '預付訂單',
    billSales: '已結賬的枱單',
    refunds: '退款',
    net: '淨額（銷售 − 退款）',
    netColumn: '淨額',
    coupons: '優惠券折扣',
    payments: '按付款方式',
    method: '付款方式',
    refunded: '已退款',
    refundList: '當日退款',
    time: '時間',
    kind: '類型',
    order: '訂單',
    pickup: '取餐號',
    table: '枱號',
    orderDay: '訂單營業日',
    branch: '分店',
    cancel: '訂單取消',
    aftersale: '售後退款',
    goods: '售出商品',
    goodsName: '商品',
    quantity: '數量',
    unit: '單位',
    lines: '訂單行數',
    stations: '各工作站備餐時間',
    station: '工作站',
    tickets: '已完成單數',
    average: '平均（秒）',
    longest: '最長（秒）',
    mainStation: '廚房（未分工作站）',
    none: '無'
  }
}

/** Payment methods by provider name; another provider is shown by its name. */
const PROVIDERS: Record<string, LocalizedText> = {
  cash: { 'zh-CN': '现金', 'zh-TW': '現金', en: 'Cash' },
  card: { 'zh-CN': '银行卡', 'zh-TW': '銀行卡', en: 'Card' },
  other: { 'zh-CN': '其他', 'zh-TW': '其他', en: 'Other' },
  balance: { 'zh-CN': '会员余额', 'zh-TW': '會員餘額', en: 'Member balance' },
  sandbox: { 'zh-CN': '沙盒（测试）', 'zh-TW': '沙盒（測試）', en: 'Sandbox (test)' },
  wechatpay: { 'zh-CN': '微信支付', 'zh-TW': '微信支付', en: 'WeChat Pay' },
  alipay: { 'zh-CN': '支付宝', 'zh-TW': '支付寶', en: 'Alipay' },
  coupon: { 'zh-CN': '代金券', 'zh-TW': '代金券', en: 'Voucher' },
  '': { 'zh-CN': '未记录付款', 'zh-TW': '未記錄付款', en: 'No payment recorded' }
}

export function providerName(provider: string, locale: Locale): string {
  const names = PROVIDERS[provider]
  return names ? names[locale] : provider
}

/** A number the report made ('12.50', '-3.00', 7): written as it is. Anything else is text. */
const number = (value: string | number): string => {
  const text = String(value)
  return /^-?\d+(\.\d+)?$/.test(text) ? text : csvCell(text)
}

export function dayReportCsv(report: DayReport, locale: Locale): string {
  const t = TEXT[locale]
  const lines: string[] = []
  const row = (...cells: string[]) => lines.push(cells.join(','))
  const text = (value: string) => csvCell(value)
  const at = (iso: string) => formatWallClock(wallClockIn(report.timeZone, new Date(iso)))
  const branchName = (baseId: string) => {
    const b = report.branches.find((x: ReportBranch) => x.baseId === baseId)
    return b ? `${pickText(b.shopNames, locale, b.shopId)}: ${pickText(b.names, locale, b.baseId)}` : baseId
  }
  const s = report.summary

  row(text(t.title))
  row(text(t.day), text(s.Day))
  row(text(t.branches), text(report.branches.map((b) => branchName(b.baseId)).join(' / ') || t.none))
  row(text(t.currency), text(s.Currency))
  row(text(t.madeAt), text(at(s.MadeAt)))
  row()

  row(text(t.summary))
  row(text(t.figure), text(t.count), text(t.amount))
  row(text(t.sales), number(s.Sales), number(s.SalesAmount))
  row(text(t.orderSales), number(s.OrderSales), number(s.OrderSalesAmount))
  row(text(t.billSales), number(s.BillSales), number(s.BillSalesAmount))
  row(text(t.refunds), number(s.Refunds), number(s.RefundAmount))
  row(text(t.net), '', number(s.NetAmount))
  row(text(t.coupons), number(s.CouponOrders), number(s.CouponAmount))
  row()

  row(text(t.payments))
  row(text(t.method), text(t.count), text(t.amount), text(t.refunds), text(t.refunded), text(t.netColumn))
  for (const p of report.payments) row(text(providerName(p.Provider, locale)), number(p.Payments), number(p.Amount), number(p.Refunds), number(p.RefundAmount), number(p.NetAmount))
  row()

  row(text(t.refundList))
  row(text(t.time), text(t.kind), text(t.order), text(t.pickup), text(t.table), text(t.orderDay), text(t.branch), text(t.method), text(t.amount))
  for (const r of report.refunds) {
    row(text(at(r.At)), text(r.Kind === 'cancel' ? t.cancel : t.aftersale), text(r.OrderID), text(r.PickupNo), text(r.TableName), text(r.OrderDay), text(branchName(r.BaseID)), text(providerName(r.Provider, locale)), number(r.Amount))
  }
  row()

  row(text(t.goods))
  row(text(t.goodsName), text(t.quantity), text(t.unit), text(t.amount), text(t.lines))
  for (const g of report.goods) row(text(pickText(g.Names, locale, g.GoodsID)), number(g.Qua), text(pickText(g.Units, locale)), number(g.Amount), number(g.Lines))
  row()

  row(text(t.stations))
  row(text(t.branch), text(t.station), text(t.tickets), text(t.average), text(t.longest))
  for (const st of report.stations) {
    row(text(branchName(st.BaseID)), text(st.StationID === '' ? t.mainStation : st.StationName), number(st.Tickets), number(st.AverageSeconds), number(st.LongestSeconds))
  }
  return lines.join('\r\n') + '\r\n'
}
