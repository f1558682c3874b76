/**
 * The day report: a branch (or a shop's, or all of one's branches) and a business day, then its
 * figures in tables — sales, payments by method, refunds made that day, top goods, preparation
 * time per kitchen station — and Download CSV.
 */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { formatMoney } from '../../core/money'
import type { DayReportRefundRow, DayReportSummaryRow } from '../../gateway/report-contract'
import { pickText } from '../../i18n/text'
import type { ConsoleKey } from '../i18n'
import type { ConsoleStore } from '../stores/console-store'
import { shopPlace, TOP_GOODS, type DayReport, type ReportStore } from '../stores/report-store'
import { useConsole } from './console-context'
import { Alert, Field, PageHeading, SelectField, Status, TableRegion } from './controls'
import { formatDateTime, placeName } from './format'
import { branchChoices } from './service-controls'
import './report.css'

const METHOD_KEY: Record<string, ConsoleKey> = {
  cash: 'report.method.cash',
  card: 'report.method.card',
  other: 'report.method.other',
  balance: 'report.method.balance',
  sandbox: 'report.method.sandbox',
  wechatpay: 'report.method.wechatpay',
  alipay: 'report.method.alipay',
  coupon: 'report.method.coupon',
  '': 'report.method.none'
}

/** A payment method by name; a provider the console does not know is shown as the server names it. */
export function methodName(store: Pick<ConsoleStore, 't'>, provider: string): string {
  const key = METHOD_KEY[provider]
  return key ? store.t(key) : provider
}

/** '5 min 15 s', '42 s'. */
export function durationText(store: Pick<ConsoleStore, 't'>, seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  return s < 60 ? store.t('report.seconds', { s }) : store.t('report.minutes', { m: Math.floor(s / 60), s: s % 60 })
}

export const ReportPage = observer(function ReportPage() {
  const store = useConsole()
  const report = store.report
  const { t } = store
  useEffect(() => {
    void report.open()
  }, [report])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void report.show()
  }
  const shops = report.shops
  const branchCount = shops.reduce((n, s) => n + s.baseIds.length, 0)
  const options = [
    ...(branchCount > 1 ? [{ value: '', label: t('report.allBranches') }] : []),
    ...shops.filter((s) => s.baseIds.length > 1 && shops.length > 1).map((s) => ({ value: shopPlace(s.shopId), label: t('report.shopBranches', { shop: placeName(store.scope, s.shopId, '', store.locale) }) })),
    ...branchChoices(store.scope, store.locale)
  ]
  const data = report.report
  const summary = data?.table1[0]
  return (
    <div className='report'>
      <div className='page-head'>
        <PageHeading>{t('report.title')}</PageHeading>
        <button type='button' className='button' onClick={() => void report.exportCsv()} disabled={report.exporting || !summary}>
          {report.exporting ? t('common.working') : t('report.export')}
        </button>
      </div>
      <p className='hint'>{t('report.intro')}</p>
      <Status message={report.exported} />
      <Alert message={report.exportError} />
      <form className='filters report-filters' onSubmit={submit} noValidate aria-label={t('report.filters')}>
        <SelectField label={t('report.place')} value={report.place} onValue={(v) => report.setPlace(v)} options={options} />
        <Field label={t('report.day')} type='date' value={report.day} onValue={(v) => report.setDay(v)} error={report.dayError} required />
        <div className='actions filters-actions'>
          <button type='submit' className='button button-primary' disabled={report.loading}>
            {t('report.show')}
          </button>
          <button type='button' className='button' disabled={report.loading} onClick={() => void report.step(-1)}>
            {t('report.previousDay')}
          </button>
          <button type='button' className='button' disabled={report.loading} onClick={() => void report.step(1)}>
            {t('report.nextDay')}
          </button>
        </div>
      </form>
      <Alert message={report.error} />
      <p role='status' className='summary'>
        {report.loading ? t('report.loading') : summary ? t('report.shown', { day: summary.Day, places: placesText(store, summary) }) : ''}
      </p>
      {data && summary ? <Figures store={store} report={report} data={data} summary={summary} /> : null}
    </div>
  )
})

function placesText(store: ConsoleStore, summary: DayReportSummaryRow): string {
  const ids = summary.BaseIDs.split(',').filter(Boolean)
  if (ids.length === 0) return '—'
  return ids
    .map((baseId) => {
      const row = store.scope.find((r) => r.BaseID === baseId)
      return row ? `${placeName(store.scope, row.ShopID, '', store.locale)}: ${placeName(store.scope, row.ShopID, baseId, store.locale)}` : baseId
    })
    .join(store.t('common.listSeparator'))
}

const Figures = observer(function Figures({ store, report, data, summary }: { store: ConsoleStore; report: ReportStore; data: DayReport; summary: DayReportSummaryRow }) {
  const { t } = store
  const money = (value: string) => formatMoney(value, summary.AmoPoint, summary.Currency)
  const branchOf = (shopId: string, baseId: string) => `${placeName(store.scope, shopId, '', store.locale)}: ${placeName(store.scope, shopId, baseId, store.locale)}`
  const several = summary.BaseIDs.split(',').filter(Boolean).length > 1
  const salesRows: { key: ConsoleKey; count: string; amount: string; strong?: boolean }[] = [
    { key: 'report.orderSales', count: String(summary.OrderSales), amount: summary.OrderSalesAmount },
    { key: 'report.billSales', count: String(summary.BillSales), amount: summary.BillSalesAmount },
    { key: 'report.salesTotal', count: String(summary.Sales), amount: summary.SalesAmount, strong: true },
    { key: 'report.refunds', count: String(summary.Refunds), amount: summary.RefundAmount },
    { key: 'report.net', count: '', amount: summary.NetAmount, strong: true },
    { key: 'report.coupons', count: String(summary.CouponOrders), amount: summary.CouponAmount }
  ]
  const payments = data.table2
  return (
    <>
      <section className='section'>
        <h2>{t('report.sales')}</h2>
        <p className='hint'>{t('report.salesNote')}</p>
        <TableRegion label={t('report.sales')}>
          <table role='table' className='table report-table'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('report.figure')}</th>
                <th scope='col' role='columnheader' className='num'>{t('report.count')}</th>
                <th scope='col' role='columnheader' className='num'>{t('report.amount')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {salesRows.map((row) => (
                <tr role='row' key={row.key} className={row.strong ? 'report-strong' : undefined}>
                  <th scope='row' role='rowheader'>{t(row.key)}</th>
                  <td role='cell' data-label={t('report.count')} className='num'>{row.count}</td>
                  <td role='cell' data-label={t('report.amount')} className='num'>{money(row.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </section>

      <section className='section'>
        <h2>{t('report.payments')}</h2>
        {payments.length === 0 ? (
          <p>{t('report.noPayments')}</p>
        ) : (
          <TableRegion label={t('report.payments')}>
            <table role='table' className='table report-table'>
              <thead role='rowgroup'>
                <tr role='row'>
                  <th scope='col' role='columnheader'>{t('report.method')}</th>
                  <th scope='col' role='columnheader' className='num'>{t('report.payCount')}</th>
                  <th scope='col' role='columnheader' className='num'>{t('report.amount')}</th>
                  <th scope='col' role='columnheader' className='num'>{t('report.refundCount')}</th>
                  <th scope='col' role='columnheader' className='num'>{t('report.refunded')}</th>
                  <th scope='col' role='columnheader' className='num'>{t('report.netColumn')}</th>
                </tr>
              </thead>
              <tbody role='rowgroup'>
                {payments.map((p) => (
                  <tr role='row' key={p.Provider}>
                    <th scope='row' role='rowheader'>{methodName(store, p.Provider)}</th>
                    <td role='cell' data-label={t('report.payCount')} className='num'>{p.Payments}</td>
                    <td role='cell' data-label={t('report.amount')} className='num'>{money(p.Amount)}</td>
                    <td role='cell' data-label={t('report.refundCount')} className='num'>{p.Refunds}</td>
                    <td role='cell' data-label={t('report.refunded')} className='num'>{money(p.RefundAmount)}</td>
                    <td role='cell' data-label={t('report.netColumn')} className='num'>{money(p.NetAmount)}</td>
                  </tr>
                ))}
                <tr role='row' className='report-strong'>
                  <th scope='row' role='rowheader'>{t('report.total')}</th>
                  <td role='cell' data-label={t('report.payCount')} className='num'>{payments.reduce((n, p) => n + p.Payments, 0)}</td>
                  <td role='cell' data-label={t('report.amount')} className='num'>{money(summary.SalesAmount)}</td>
                  <td role='cell' data-label={t('report.refundCount')} className='num'>{summary.Refunds}</td>
                  <td role='cell' data-label={t('report.refunded')} className='num'>{money(summary.RefundAmount)}</td>
                  <td role='cell' data-label={t('report.netColumn')} className='num'>{money(summary.NetAmount)}</td>
                </tr>
              </tbody>
            </table>
          </TableRegion>
        )}
        {payments.some((p) => p.Provider === '') ? <p className='hint'>{t('report.notRecordedNote')}</p> : null}
      </section>

      <section className='section'>
        <h2>{t('report.refundList')}</h2>
        {data.table3.length === 0 ? (
          <p>{t('report.noRefunds')}</p>
        ) : (
          <TableRegion label={t('report.refundList')}>
            <table role='table' className='table report-table'>
              <thead role='rowgroup'>
                <tr role='row'>
                  <th scope='col' role='columnheader'>{t('report.order')}</th>
                  <th scope='col' role='columnheader'>{t('report.time')}</th>
                  <th scope='col' role='columnheader'>{t('report.kind')}</th>
                  {several ? <th scope='col' role='columnheader'>{t('report.branch')}</th> : null}
                  <th scope='col' role='columnheader'>{t('report.method')}</th>
                  <th scope='col' role='columnheader' className='num'>{t('report.amount')}</th>
                </tr>
              </thead>
              <tbody role='rowgroup'>
                {data.table3.map((r, i) => (
                  <tr role='row' key={`${r.OrderID}-${r.At}-${r.Provider}-${i}`}>
                    <th scope='row' role='rowheader'>
                      {r.PickupNo ? `#${r.PickupNo}` : r.OrderID}
                      {refundOrderSub(store, r, summary.Day) ? <span className='row-sub'>{refundOrderSub(store, r, summary.Day)}</span> : null}
                    </th>
                    <td role='cell' data-label={t('report.time')}>{formatDateTime(r.At, store.locale)}</td>
                    <td role='cell' data-label={t('report.kind')}>{t(r.Kind === 'cancel' ? 'report.kind.cancel' : 'report.kind.aftersale')}</td>
                    {several ? <td role='cell' data-label={t('report.branch')} className='wrap'>{branchOf(r.ShopID, r.BaseID)}</td> : null}
                    <td role='cell' data-label={t('report.method')}>{methodName(store, r.Provider)}</td>
                    <td role='cell' data-label={t('report.amount')} className='num'>{money(r.Amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>

      <section className='section'>
        <h2>{t('report.goods')}</h2>
        {report.goodsCount === 0 ? (
          <p>{t('report.noGoods')}</p>
        ) : (
          <>
            <div className='segments' role='group' aria-label={t('report.goodsOrder')}>
              {(['qua', 'amount'] as const).map((order) => (
                <button key={order} type='button' className={report.goodsOrder === order ? 'segment segment-on' : 'segment'} aria-pressed={report.goodsOrder === order} onClick={() => report.setGoodsOrder(order)}>
                  {t(order === 'qua' ? 'report.byQua' : 'report.byAmount')}
                </button>
              ))}
            </div>
            <TableRegion label={t('report.goods')}>
              <table role='table' className='table report-table'>
                <thead role='rowgroup'>
                  <tr role='row'>
                    <th scope='col' role='columnheader' className='num'>{t('report.rank')}</th>
                    <th scope='col' role='columnheader'>{t('report.goodsName')}</th>
                    <th scope='col' role='columnheader' className='num'>{t('report.quantity')}</th>
                    <th scope='col' role='columnheader' className='num'>{t('report.amount')}</th>
                    <th scope='col' role='columnheader' className='num'>{t('report.lines')}</th>
                  </tr>
                </thead>
                <tbody role='rowgroup'>
                  {report.goods.map((g, i) => (
                    <tr role='row' key={g.GoodsID}>
                      <td role='cell' data-label={t('report.rank')} className='num'>{i + 1}</td>
                      <th scope='row' role='rowheader' className='wrap'>{pickText(g.Names, store.locale, g.GoodsID)}</th>
                      <td role='cell' data-label={t('report.quantity')} className='num'>
                        {g.Qua}
                        {pickText(g.Units, store.locale) ? ` ${pickText(g.Units, store.locale)}` : ''}
                      </td>
                      <td role='cell' data-label={t('report.amount')} className='num'>{money(g.Amount)}</td>
                      <td role='cell' data-label={t('report.lines')} className='num'>{g.Lines}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
            {report.goodsCount > TOP_GOODS ? (
              <p>
                <button type='button' className='button' aria-expanded={report.allGoods} onClick={() => report.toggleAllGoods()}>
                  {report.allGoods ? t('report.showTopGoods', { n: TOP_GOODS }) : t('report.showAllGoods', { n: report.goodsCount })}
                </button>
              </p>
            ) : null}
          </>
        )}
      </section>

      <section className='section'>
        <h2>{t('report.stations')}</h2>
        <p className='hint'>{t('report.stationsNote')}</p>
        {data.table5.length === 0 ? (
          <p>{t('report.noStations')}</p>
        ) : (
          <TableRegion label={t('report.stations')}>
            <table role='table' className='table report-table'>
              <thead role='rowgroup'>
                <tr role='row'>
                  <th scope='col' role='columnheader'>{t('report.station')}</th>
                  {several ? <th scope='col' role='columnheader'>{t('report.branch')}</th> : null}
                  <th scope='col' role='columnheader' className='num'>{t('report.tickets')}</th>
                  <th scope='col' role='columnheader' className='num'>{t('report.average')}</th>
                  <th scope='col' role='columnheader' className='num'>{t('report.longest')}</th>
                </tr>
              </thead>
              <tbody role='rowgroup'>
                {data.table5.map((s) => (
                  <tr role='row' key={`${s.BaseID}-${s.StationID}`}>
                    <th scope='row' role='rowheader'>{s.StationID === '' ? t('report.mainStation') : s.StationName}</th>
                    {several ? <td role='cell' data-label={t('report.branch')} className='wrap'>{branchOf(s.ShopID, s.BaseID)}</td> : null}
                    <td role='cell' data-label={t('report.tickets')} className='num'>{s.Tickets}</td>
                    <td role='cell' data-label={t('report.average')} className='num'>{durationText(store, s.AverageSeconds)}</td>
                    <td role='cell' data-label={t('report.longest')} className='num'>{durationText(store, s.LongestSeconds)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>
    </>
  )
})

/** Under the pickup number: the order's id (when the number stands for it), its table and, for an earlier day's order, that day. */
function refundOrderSub(store: ConsoleStore, r: DayReportRefundRow, day: string): string {
  const parts = r.PickupNo ? [r.OrderID] : []
  if (r.TableName) parts.push(store.t('report.table', { table: r.TableName }))
  if (r.OrderDay && r.OrderDay !== day) parts.push(store.t('report.orderedOn', { day: r.OrderDay }))
  return parts.join(' · ')
}
