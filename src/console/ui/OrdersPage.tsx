/** Orders: a list of the person's branches' orders with filters, an order's details, and moving it on or cancelling it (with a reason). */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { ORDER_STATUS, type OrderRow } from '../../gateway/order-rows'
import type { ConsoleKey } from '../i18n'
import { ORDER_STATUS_CHOICES, orderLabel, type OrderMove, type OrdersStore } from '../stores/orders-store'
import { useConsole } from './console-context'
import { Alert, Field, PageHeading, SelectField, Status, TableRegion } from './controls'
import { placeName } from './format'
import { Badge, branchChoices, Pager } from './service-controls'

const STATUS_KEY: Record<number, ConsoleKey> = {
  0: 'orderStatus.0',
  1: 'orderStatus.1',
  2: 'orderStatus.2',
  3: 'orderStatus.3',
  4: 'orderStatus.4',
  5: 'orderStatus.5'
}
const SERVICE_KEY: Record<string, ConsoleKey> = { dinein: 'service.dinein', fastfood: 'service.fastfood', takeaway: 'service.takeaway', delivery: 'service.delivery' }
const MOVE_KEY: Record<OrderMove, ConsoleKey> = { ready: 'orders.ready', complete: 'orders.complete', cancel: 'orders.cancel' }

const tone = (status: number) => (status === ORDER_STATUS.PAID || status === ORDER_STATUS.READY ? 'warn' : status === ORDER_STATUS.COMPLETED ? 'good' : status === ORDER_STATUS.CANCELLED || status === ORDER_STATUS.EXPIRED ? 'bad' : 'plain')

export const OrdersPage = observer(function OrdersPage() {
  const store = useConsole()
  const orders = store.orders
  useEffect(() => {
    void orders.open()
    return () => orders.back()
  }, [orders])
  if (orders.cancelling) return <CancelView orders={orders} row={orders.cancelling} />
  if (orders.selected) return <OrderView orders={orders} row={orders.selected} />
  const { t } = store
  const apply = (e: FormEvent) => {
    e.preventDefault()
    void orders.apply()
  }
  return (
    <>
      <div className='page-head'>
        <PageHeading focusKey='list'>{t('orders.title')}</PageHeading>
      </div>
      <p className='hint'>{t('orders.intro')}</p>
      <Status message={orders.notice} />
      <Alert message={orders.moveError || orders.detailError} />
      <form className='filters' onSubmit={apply} noValidate aria-label={t('list.filters')}>
        <SelectField label={t('orders.branch')} value={orders.draft.baseId} onValue={(v) => orders.setDraft('baseId', v)} options={[{ value: '', label: t('orders.allBranches') }, ...branchChoices(store.scope, store.locale)]} />
        <SelectField
          label={t('orders.status')}
          value={orders.draft.status}
          onValue={(v) => orders.setDraft('status', v)}
          options={[{ value: '', label: t('orders.anyStatus') }, ...ORDER_STATUS_CHOICES.map((s) => ({ value: String(s), label: t(STATUS_KEY[s]) }))]}
        />
        <Field label={t('orders.day')} hint={t('orders.dayHint')} type='date' value={orders.draft.day} onValue={(v) => orders.setDraft('day', v)} />
        <div className='actions filters-actions'>
          <button type='submit' className='button button-primary' disabled={orders.loading}>
            {t('list.apply')}
          </button>
          <button type='button' className='button' onClick={() => void orders.reset()}>
            {t('list.reset')}
          </button>
        </div>
      </form>
      <Alert message={orders.error} />
      <p role='status' className='summary'>
        {orders.loading ? t('common.loading') : orders.loaded ? t('orders.total', { n: orders.total }) : ''}
      </p>
      {orders.loaded && !orders.loading && orders.rows.length === 0 ? <p>{t('orders.empty')}</p> : null}
      {orders.rows.length ? (
        <TableRegion label={t('orders.title')}>
          <table role='table' className='table'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('col.order')}</th>
                <th scope='col' role='columnheader'>{t('col.status')}</th>
                <th scope='col' role='columnheader'>{t('col.branch')}</th>
                <th scope='col' role='columnheader'>{t('col.service')}</th>
                <th scope='col' role='columnheader'>{t('col.amount')}</th>
                <th scope='col' role='columnheader'>{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {orders.rows.map((row) => (
                <tr role='row' key={row.SheetID}>
                  <th scope='row' role='rowheader'>
                    {row.PickupNo ? `#${row.PickupNo}` : '—'}
                    <span className='muted'> {row.SheetID}</span>
                    <span className='row-sub'>{row.CreatedDate}</span>
                  </th>
                  <td role='cell' data-label={t('col.status')}>
                    <Badge text={t(STATUS_KEY[row.Status] ?? 'orderStatus.0')} tone={tone(row.Status)} />
                  </td>
                  <td role='cell' data-label={t('col.branch')} className='wrap'>{placeName(store.scope, row.ShopID, row.BaseID, store.locale) || row.BaseName}</td>
                  <td role='cell' data-label={t('col.service')}>{t(SERVICE_KEY[row.ServiceType] ?? 'service.takeaway')}{row.TableName ? ` · ${row.TableName}` : ''}</td>
                  <td role='cell' data-label={t('col.amount')} className='nowrap'>{row.Amount}</td>
                  <td role='cell' data-label={t('col.actions')} className='row-actions row-actions-wrap'>
                    <button type='button' className='button button-small' onClick={() => void orders.show(row.SheetID)}>
                      {t('orders.details')}
                      <span className='visually-hidden'> {orderLabel(row)}</span>
                    </button>
                    <Moves orders={orders} row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      <Pager
        page={orders.page}
        pages={orders.pages}
        loading={orders.loading}
        label={t('list.pager')}
        previous={t('list.prev')}
        next={t('list.next')}
        pageText={t('list.page', { page: orders.page, pages: orders.pages })}
        onPrevious={() => void orders.previous()}
        onNext={() => void orders.next()}
      />
    </>
  )
})

const Moves = observer(function Moves({ orders, row }: { orders: OrdersStore; row: OrderRow }) {
  const { t } = useConsole()
  return (
    <>
      {orders.movesOf(row).map((move) => (
        <button
          key={move}
          type='button'
          className={move === 'cancel' ? 'button button-small button-danger' : 'button button-small'}
          disabled={orders.busy !== ''}
          onClick={() => (move === 'cancel' ? orders.startCancel(row) : void orders.move(row, move))}
        >
          {orders.busy === row.SheetID && move !== 'cancel' ? t('common.working') : t(MOVE_KEY[move])}
          <span className='visually-hidden'> {orderLabel(row)}</span>
        </button>
      ))}
    </>
  )
})

const OrderView = observer(function OrderView({ orders, row }: { orders: OrdersStore; row: OrderRow }) {
  const store = useConsole()
  const { t } = store
  const fact = (label: ConsoleKey, value: string) =>
    value ? (
      <div key={label}>
        <dt>{t(label)}</dt>
        <dd>{value}</dd>
      </div>
    ) : null
  return (
    <>
      <div className='page-head'>
        <PageHeading focusKey={`order-${row.SheetID}`}>{t('orders.orderTitle', { order: orderLabel(row) })}</PageHeading>
        <button type='button' className='button' onClick={() => orders.back()}>
          {t('list.back')}
        </button>
      </div>
      <Status message={orders.notice} />
      <Alert message={orders.moveError} />
      <dl className='facts'>
        <div>
          <dt>{t('col.status')}</dt>
          <dd>
            <Badge text={t(STATUS_KEY[row.Status] ?? 'orderStatus.0')} tone={tone(row.Status)} />
          </dd>
        </div>
        {fact('col.branch', placeName(store.scope, row.ShopID, row.BaseID, store.locale) || row.BaseName)}
        {fact('col.service', `${t(SERVICE_KEY[row.ServiceType] ?? 'service.takeaway')}${row.TableName ? ` · ${row.TableName}` : ''}`)}
        {fact('orders.appointed', row.AppointedTime || t('orders.asap'))}
        {fact('col.placed', row.CreatedDate)}
        {fact('orders.paidAt', row.PaidDate)}
        {fact('orders.readyAt', row.ReadyDate)}
        {fact('orders.completedAt', row.CompletedDate)}
        {fact('orders.cancelledAt', row.CancelledDate)}
        {fact('orders.goodsAmount', row.GoodsAmount)}
        {Number(row.BagFee) ? fact('orders.bagFee', row.BagFee) : null}
        {Number(row.Freight) ? fact('orders.freight', row.Freight) : null}
        {row.CardID ? fact('orders.coupon', `${row.CouponName} −${row.CouponAmount}`) : null}
        {fact('col.amount', row.Amount)}
        {fact('orders.paid', row.PaidAmount)}
        {Number(row.RefundedAmount) ? fact('orders.refunded', row.RefundedAmount) : null}
        {fact('orders.contact', [row.Contact, row.Phone].filter(Boolean).join(' '))}
        {fact('orders.address', row.Address)}
        {fact('orders.remarks', row.Remarks)}
      </dl>
      <div className='actions'>
        <Moves orders={orders} row={row} />
      </div>
      <section className='section'>
        <h2>{t('orders.lines')}</h2>
        <TableRegion label={t('orders.lines')}>
          <table role='table' className='table'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('col.goods')}</th>
                <th scope='col' role='columnheader'>{t('col.quantity')}</th>
                <th scope='col' role='columnheader'>{t('col.amount')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {orders.lines.map((line) => (
                <tr role='row' key={`${line.RoundNo}-${line.LineNo}`}>
                  <th scope='row' role='rowheader' className='wrap'>
                    {line.GoodsName}
                    {line.SkuName ? ` (${line.SkuName})` : ''}
                    {[line.RemarkText, line.AddOnText, line.BomText].filter(Boolean).map((text) => (
                      <span key={text} className='muted'>
                        <br />
                        {text}
                      </span>
                    ))}
                  </th>
                  <td role='cell' data-label={t('col.quantity')}>{line.Qua}{line.Unit ? ` ${line.Unit}` : ''}</td>
                  <td role='cell' data-label={t('col.amount')} className='nowrap'>{line.Amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </section>
    </>
  )
})

const CancelView = observer(function CancelView({ orders, row }: { orders: OrdersStore; row: OrderRow }) {
  const { t } = useConsole()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void orders.confirmCancel()
  }
  return (
    <div className='narrow'>
      <PageHeading focusKey={`cancel-${row.SheetID}`}>{t('orders.cancelTitle', { order: orderLabel(row) })}</PageHeading>
      <p>{orders.cancelRefunds ? t('orders.cancelRefundBody', { amount: row.PaidAmount }) : t('orders.cancelBody')}</p>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={orders.cancelError} />
        <Field label={t('field.reason')} hint={t('orders.cancelReasonHint')} value={orders.cancelReason} onValue={(v) => orders.setCancelReason(v)} required autoComplete='off' />
        <div className='actions'>
          <button type='submit' className='button button-danger' disabled={orders.busy !== ''}>
            {orders.busy ? t('common.working') : orders.cancelRefunds ? t('orders.cancelRefund') : t('orders.cancel')}
          </button>
          <button type='button' className='button' onClick={() => orders.stopCancel()}>
            {t('orders.keep')}
          </button>
        </div>
      </form>
    </div>
  )
})
