/**
 * Front of house (issue 24 item 3): the counter's screen, a tablet in landscape first, a phone too.
 * The floor (every table: free, or its bill with what is due, a table paying in the app, the
 * kitchen's stage), the orders waiting at the counter, and the chosen table's bill: rounds with
 * their lines, payments, amount, paid, due; take a payment (cash with the change shown as it is
 * typed, card, other), close, move, merge, cancel a line with a reason (a manager's PIN for a
 * cashier). Live through the staff stream; the connection always in view.
 */
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, type FormEvent } from 'react'
import { toDecimal } from '../../core/money'
import { type CounterBillRow, type CounterOrderRow, type CounterTableRow } from '../../gateway/counter-contract'
import type { ConsoleKey } from '../i18n'
import { leftAfter, type CounterStore } from '../stores/counter-store'
import { useConsole } from './console-context'
import { Alert, Check, Field, PageHeading, SelectField, Status } from './controls'
import { formatDateTime, placeName } from './format'
import { Badge, TextArea } from './service-controls'
import './counter.css'

const SERVICE_KEY: Record<string, ConsoleKey> = { dinein: 'service.dinein', fastfood: 'service.fastfood', takeaway: 'service.takeaway', delivery: 'service.delivery' }
const CONNECTION_ICON: Record<string, string> = { idle: '○', connecting: '○', connected: '●', polling: '◐', reconnecting: '▲', signedOut: '■', refused: '■', stopped: '○' }
const ORDER_STATUS_KEY: Record<number, ConsoleKey> = { 0: 'counter.order.status.0', 1: 'counter.order.status.1', 5: 'counter.order.status.5' }

export const CounterPage = observer(function CounterPage() {
  const store = useConsole()
  const counter = store.counter
  useEffect(() => {
    void counter.start()
    return () => counter.stop()
  }, [counter])
  const { t } = store
  const branchOptions = counter.branches.map((b) => ({ value: b.baseId, label: `${placeName(store.scope, b.shopId, '', store.locale)}: ${placeName(store.scope, b.shopId, b.baseId, store.locale)}` }))
  const showing = counter.selectedTable || counter.selectedOrder
  return (
    <div className={showing ? 'foh foh-showing' : 'foh'}>
      <div className='foh-head'>
        <PageHeading focusKey='counter'>{t('counter.title')}</PageHeading>
        <Connection counter={counter} />
      </div>
      {counter.branches.length === 0 ? <p>{t('counter.noBranch')}</p> : null}
      {counter.branches.length > 1 ? (
        <div className='foh-toolbar'>
          <SelectField label={t('counter.branch')} value={counter.baseId} onValue={(v) => void counter.chooseBranch(v)} options={branchOptions} />
        </div>
      ) : null}
      <Status message={counter.notice} />
      <Alert message={counter.error} />
      <div className='foh-layout'>
        <div className='foh-floor'>
          <Tables counter={counter} />
          <Orders counter={counter} />
        </div>
        {counter.selectedTable ? <BillPanel counter={counter} table={counter.selectedTable} /> : null}
        {counter.selectedOrder ? <OrderPanel counter={counter} order={counter.selectedOrder} /> : null}
      </div>
    </div>
  )
})

const Connection = observer(function Connection({ counter }: { counter: CounterStore }) {
  const { t } = useConsole()
  const state = counter.connection
  return (
    <p className={`foh-connection foh-connection-${state}`} role='status'>
      <span aria-hidden='true' className='foh-connection-icon'>
        {CONNECTION_ICON[state] ?? '○'}
      </span>
      <span>{t(`counter.connection.${state}` as ConsoleKey)}</span>
    </p>
  )
})

const Tables = observer(function Tables({ counter }: { counter: CounterStore }) {
  const { t } = useConsole()
  return (
    <section className='foh-section' aria-labelledby='foh-tables-title'>
      <div className='foh-section-head'>
        <h2 id='foh-tables-title'>{t('counter.tables')}</h2>
        <p className='muted foh-count'>{t('counter.tablesCount', { n: counter.tables.length, open: counter.openBills })}</p>
        <div className='segments foh-filter' role='group' aria-label={t('counter.filter.label')}>
          {(['all', 'open'] as const).map((f) => (
            <button key={f} type='button' className={counter.filter === f ? 'segment segment-on' : 'segment'} aria-pressed={counter.filter === f} onClick={() => counter.setFilter(f)}>
              {t(`counter.filter.${f}`)}
            </button>
          ))}
        </div>
      </div>
      {counter.loading && !counter.loaded ? <p className='loading'>{t('common.loading')}</p> : null}
      {counter.loaded && counter.shownTables.length === 0 ? <p>{counter.filter === 'open' ? t('counter.noOpenBills') : t('counter.noTables')}</p> : null}
      <ul className='foh-tables'>
        {counter.shownTables.map((table) => (
          <li key={table.TableID}>
            <TableButton counter={counter} table={table} />
          </li>
        ))}
      </ul>
    </section>
  )
})

const TableButton = observer(function TableButton({ counter, table }: { counter: CounterStore; table: CounterTableRow }) {
  const { t } = useConsole()
  const bill = table.Bill
  const selected = counter.selectedTableId === table.TableID
  const classes = ['foh-table', bill ? 'foh-table-open' : 'foh-table-free']
  if (selected) classes.push('foh-table-selected')
  if (bill?.KitchenStage === 'ready') classes.push('foh-table-ready')
  return (
    <button type='button' className={classes.join(' ')} aria-pressed={selected} onClick={() => counter.selectTable(table.TableID)}>
      <span className='foh-table-name'>{table.TableName}</span>
      {table.Area ? <span className='foh-table-area'>{table.Area}</span> : null}
      {bill && bill.RoundCount === 0 ? <span className='foh-table-meta'>{t('counter.emptyBill')}</span> : null}
      {bill && bill.RoundCount > 0 ? (
        <>
          <span className='foh-table-due'>{toDecimal(bill.Due).isPositive() ? t('counter.due', { amount: counter.money(bill.Due) }) : t('counter.paidUp')}</span>
          <span className='foh-table-meta'>
            {t('counter.rounds', { n: bill.RoundCount })}
            {bill.KitchenStage ? ` · ${t(`counter.stage.${bill.KitchenStage}`)}` : ''}
          </span>
          {bill.SettlementID ? <span className='foh-table-paying'>{t('counter.paying')}</span> : null}
        </>
      ) : null}
      {!bill ? <span className='foh-table-meta'>{t('counter.free')}</span> : null}
      {table.InService === 0 ? <span className='foh-table-meta'>{t('counter.removedTable')}</span> : null}
    </button>
  )
})

const Orders = observer(function Orders({ counter }: { counter: CounterStore }) {
  const { t } = useConsole()
  const orders = counter.waitingOrders
  return (
    <section className='foh-section' aria-labelledby='foh-orders-title'>
      <div className='foh-section-head'>
        <h2 id='foh-orders-title'>{t('counter.orders')}</h2>
        <p className='muted foh-count'>{t('counter.ordersCount', { n: orders.length })}</p>
      </div>
      {counter.loaded && orders.length === 0 ? <p>{t('counter.ordersEmpty')}</p> : null}
      <ul className='foh-orders'>
        {orders.map((order) => (
          <li key={order.OrderID}>
            <button type='button' className={counter.selectedOrderId === order.OrderID ? 'foh-order foh-order-selected' : 'foh-order'} aria-pressed={counter.selectedOrderId === order.OrderID} onClick={() => counter.selectOrder(order.OrderID)}>
              <span className='foh-order-name'>{counter.labelOfOrder(order)}</span>
              <span className='foh-order-meta'>
                {t(SERVICE_KEY[order.ServiceType] ?? 'service.takeaway')}
                {order.TableName ? ` · ${order.TableName}` : ''} · {counter.money(order.Amount)}
              </span>
              <Badge text={t(ORDER_STATUS_KEY[order.Status] ?? 'counter.order.status.0')} tone={order.Status === 0 ? 'warn' : order.Status === 5 ? 'good' : 'plain'} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
})

/** Moves the focus to a panel's heading when it opens (a screen reader starts reading there). */
function useFocusOnOpen(key: string) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    ref.current?.focus({ preventScroll: false })
  }, [key])
  return ref
}

const BillPanel = observer(function BillPanel({ counter, table }: { counter: CounterStore; table: CounterTableRow }) {
  const store = useConsole()
  const { t } = store
  const heading = useFocusOnOpen(`${table.TableID}|${counter.panel ?? ''}`)
  const bill = table.Bill
  const label = counter.labelOfTable(table)
  return (
    <section className='foh-panel' aria-labelledby='foh-panel-title'>
      <div className='foh-panel-head'>
        <h2 id='foh-panel-title' ref={heading} tabIndex={-1}>
          {label}
        </h2>
        <button type='button' className='button button-small' onClick={() => counter.deselect()}>
          {t('counter.back')}
        </button>
      </div>
      {!bill ? <p>{t('counter.bill.none')}</p> : null}
      {bill ? (
        <>
          <p className='muted'>{t('counter.bill.opened', { time: formatDateTime(bill.OpenedAt, store.locale) })}</p>
          <Totals counter={counter} bill={bill} />
          {bill.SettlementID ? <p className='foh-note'>{t('counter.bill.payingNote')}</p> : null}
          <Alert message={counter.actionError} />
          {counter.panel === 'pay' ? <PayForm counter={counter} label={label} /> : null}
          {counter.panel === 'close' ? <CloseForm counter={counter} bill={bill} /> : null}
          {counter.panel === 'move' || counter.panel === 'merge' ? <MoveForm counter={counter} /> : null}
          {counter.panel === 'cancel' ? <CancelForm counter={counter} /> : null}
          {counter.panel === null ? (
            <div className='actions foh-actions'>
              <button type='button' className='button button-primary' onClick={() => counter.openPanel('pay')} disabled={!toDecimal(bill.Due).isPositive()}>
                {t('counter.action.pay')}
              </button>
              <button type='button' className='button' onClick={() => counter.openPanel('close')}>
                {t('counter.action.close')}
              </button>
              <button type='button' className='button' onClick={() => counter.openPanel('move')}>
                {t('counter.action.move')}
              </button>
              <button type='button' className='button' onClick={() => counter.openPanel('merge')}>
                {t('counter.action.merge')}
              </button>
            </div>
          ) : null}
          <Rounds counter={counter} bill={bill} />
          <Payments counter={counter} bill={bill} />
        </>
      ) : null}
    </section>
  )
})

const Totals = observer(function Totals({ counter, bill }: { counter: CounterStore; bill: Pick<CounterBillRow, 'Amount' | 'PaidAmount' | 'Due'> }) {
  const { t } = useConsole()
  return (
    <dl className='foh-totals'>
      <div>
        <dt>{t('counter.bill.amount')}</dt>
        <dd>{counter.money(bill.Amount)}</dd>
      </div>
      <div>
        <dt>{t('counter.bill.paid')}</dt>
        <dd>{counter.money(bill.PaidAmount)}</dd>
      </div>
      <div className='foh-totals-due'>
        <dt>{t('counter.bill.due')}</dt>
        <dd>{counter.money(bill.Due)}</dd>
      </div>
    </dl>
  )
})

const Rounds = observer(function Rounds({ counter, bill }: { counter: CounterStore; bill: CounterBillRow }) {
  const { t } = useConsole()
  return (
    <div className='foh-rounds'>
      <h3>{t('counter.bill.rounds')}</h3>
      {bill.Rounds.map((round) => (
        <section key={round.RoundID} className='foh-round' aria-label={t('counter.bill.round', { n: round.RoundNo })}>
          <div className='foh-round-head'>
            <h4>{t('counter.bill.round', { n: round.RoundNo })}</h4>
            {round.KitchenStage ? <Badge text={t(`counter.stage.${round.KitchenStage}`)} tone={round.KitchenStage === 'ready' ? 'good' : 'warn'} /> : null}
            <span className='foh-round-amount'>{counter.money(round.Amount)}</span>
          </div>
          <ul className='foh-lines'>
            {round.Lines.map((line) => {
              const cancelled = line.Cancelled === 1
              const name = [line.GoodsName, line.SkuName].filter(Boolean).join(' · ')
              return (
                <li key={line.LineNo} className={cancelled ? 'foh-line foh-line-cancelled' : 'foh-line'}>
                  <span className='foh-line-qua'>
                    {line.Qua}
                    {line.Unit ? ` ${line.Unit}` : ''}
                  </span>
                  <span className='foh-line-name'>
                    {cancelled ? <s>{name}</s> : name}
                    {cancelled ? <span className='foh-line-tag'> {t('counter.line.cancelled')}</span> : null}
                    {[line.RemarkText, line.AddOnText, line.BomText].filter(Boolean).length ? <span className='foh-line-sub'>{[line.RemarkText, line.AddOnText, line.BomText].filter(Boolean).join('; ')}</span> : null}
                  </span>
                  <span className='foh-line-amount'>{counter.money(line.Amount)}</span>
                  {!cancelled ? (
                    <button type='button' className='button button-small foh-line-cancel' onClick={() => counter.openCancel(round.RoundID, line.LineNo)}>
                      {t('counter.line.cancel')}
                      <span className='visually-hidden'> {t('counter.line.cancelOf', { goods: name, n: round.RoundNo })}</span>
                    </button>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </div>
  )
})

const Payments = observer(function Payments({ counter, bill }: { counter: CounterStore; bill: CounterBillRow }) {
  const store = useConsole()
  const { t } = store
  return (
    <div className='foh-payments'>
      <h3>{t('counter.bill.payments')}</h3>
      {bill.Payments.length === 0 ? <p className='muted'>{t('counter.bill.noPayments')}</p> : null}
      <ul>
        {bill.Payments.map((p) => (
          <li key={p.PayID}>
            <span>{methodName(t, p.Method)}</span> <strong>{counter.money(p.Amount)}</strong>
            {p.Method === 'cash' && p.Tendered ? <span className='muted'> · {t('counter.bill.tenderedChange', { tendered: counter.money(p.Tendered), change: counter.money(p.Change) })}</span> : null}
            <span className='muted'>
              {' '}
              · {formatDateTime(p.At, store.locale)}
              {p.StaffName ? ` · ${p.StaffName}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
})

function methodName(t: (key: ConsoleKey, params?: Record<string, string | number>) => string, method: string): string {
  return ['cash', 'card', 'other', 'balance', 'coupon'].includes(method) ? t(`counter.method.${method}` as ConsoleKey) : method
}

const PayForm = observer(function PayForm({ counter, label }: { counter: CounterStore; label: string }) {
  const { t } = useConsole()
  const form = counter.pay
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void counter.recordPayment()
  }
  const change = counter.change
  return (
    <form className='foh-form' onSubmit={submit} noValidate aria-label={t('counter.pay.title', { label })}>
      <h3>{t('counter.pay.title', { label })}</h3>
      <fieldset className='checks foh-methods'>
        <legend>{t('counter.pay.method')}</legend>
        {counter.payMethods.map((m) => (
          <Check key={m} type='radio' name='foh-method' label={t(`counter.method.${m}`)} checked={form.method === m} onChecked={() => counter.setPay('method', m)} />
        ))}
      </fieldset>
      {form.method === 'balance' || form.method === 'coupon' ? (
        <Field
          label={t(form.method === 'balance' ? 'counter.pay.memberCode' : 'counter.pay.voucherCode')}
          hint={t(form.method === 'balance' ? 'counter.pay.memberCodeHint' : 'counter.pay.voucherCodeHint')}
          autoComplete='off'
          value={form.code}
          onValue={(v) => counter.setPay('code', v)}
        />
      ) : null}
      {form.method !== 'coupon' ? (
        <Field label={t('counter.pay.amount')} hint={t('counter.pay.amountHint', { due: counter.money(counter.due) })} inputMode='decimal' autoComplete='off' value={form.amount} onValue={(v) => counter.setPay('amount', v)} />
      ) : null}
      {form.method === 'cash' ? (
        <>
          <Field label={t('counter.pay.tendered')} hint={t('counter.pay.tenderedHint')} inputMode='decimal' autoComplete='off' value={form.tendered} onValue={(v) => counter.setPay('tendered', v)} />
          <p className='foh-change' role='status'>
            <span>{t('counter.pay.change')}</span> <strong>{change === null ? '—' : counter.money(change)}</strong>
          </p>
        </>
      ) : null}
      {form.method !== 'coupon' ? <p className='muted'>{t('counter.pay.left', { amount: counter.money(leftAfter(counter.due, form.amount)) })}</p> : null}
      {form.method === 'cash' || form.method === 'card' || form.method === 'other' ? <Field label={t('counter.pay.note')} value={form.note} onValue={(v) => counter.setPay('note', v)} maxLength={200} /> : null}
      <div className='actions'>
        <button type='submit' className='button button-primary' disabled={counter.busy}>
          {t('counter.pay.submit')}
        </button>
        <button type='button' className='button' onClick={() => counter.closePanel()}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
})

const Approval = observer(function Approval({ counter, value, onApprover, onPin }: { counter: CounterStore; value: { approverId: string; pin: string }; onApprover: (v: string) => void; onPin: (v: string) => void }) {
  const { t } = useConsole()
  if (counter.voidsAlone) return null
  return (
    <fieldset className='foh-approval'>
      <legend>{t('counter.approval.legend')}</legend>
      <p className='hint'>{t('counter.approval.hint')}</p>
      {counter.approvers.length === 0 ? <p className='foh-note'>{t('counter.approval.none')}</p> : null}
      <SelectField
        label={t('counter.approval.who')}
        value={value.approverId}
        onValue={onApprover}
        options={[{ value: '', label: t('counter.approval.choose') }, ...counter.approvers.map((a) => ({ value: a.StaffID, label: `${a.Name} (${t(`role.${a.Role}` as ConsoleKey)})` }))]}
      />
      <Field label={t('counter.approval.pin')} type='password' inputMode='numeric' autoComplete='off' maxLength={6} value={value.pin} onValue={onPin} />
    </fieldset>
  )
})

const CloseForm = observer(function CloseForm({ counter, bill }: { counter: CounterStore; bill: CounterBillRow }) {
  const { t } = useConsole()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void counter.closeBill()
  }
  const due = counter.closeNeedsReason
  return (
    <form className='foh-form' onSubmit={submit} noValidate aria-label={t('counter.close.title')}>
      <h3>{t('counter.close.title')}</h3>
      <p className={due ? 'foh-note foh-note-bad' : 'foh-note'}>{due ? t('counter.close.dueWarning', { due: counter.money(bill.Due) }) : t('counter.close.paidInFull')}</p>
      {due ? (
        <>
          <TextArea label={t('counter.close.reason')} value={counter.close.reason} onValue={(v) => counter.setClose('reason', v)} rows={2} required />
          <Approval counter={counter} value={counter.close} onApprover={(v) => counter.setClose('approverId', v)} onPin={(v) => counter.setClose('pin', v)} />
        </>
      ) : null}
      <div className='actions'>
        <button type='submit' className={due ? 'button button-danger' : 'button button-primary'} disabled={counter.busy}>
          {t('counter.close.submit')}
        </button>
        <button type='button' className='button' onClick={() => counter.closePanel()}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
})

const MoveForm = observer(function MoveForm({ counter }: { counter: CounterStore }) {
  const { t } = useConsole()
  const merge = counter.panel === 'merge'
  const choices = merge ? counter.billTables : counter.freeTables
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void counter.moveOrMerge()
  }
  return (
    <form className='foh-form' onSubmit={submit} noValidate aria-label={t(merge ? 'counter.merge.title' : 'counter.move.title')}>
      <h3>{t(merge ? 'counter.merge.title' : 'counter.move.title')}</h3>
      <p className='hint'>{t(merge ? 'counter.merge.hint' : 'counter.move.hint')}</p>
      {choices.length === 0 ? (
        <p className='foh-note'>{t(merge ? 'counter.merge.none' : 'counter.move.none')}</p>
      ) : (
        <SelectField
          label={t(merge ? 'counter.merge.into' : 'counter.move.to')}
          value={counter.target}
          onValue={(v) => counter.setTarget(v)}
          options={choices.map((c) => ({ value: c.TableID, label: c.Bill ? `${c.TableName} · ${t('counter.due', { amount: counter.money(c.Bill.Due) })}` : `${c.TableName}${c.Area ? ` · ${c.Area}` : ''}` }))}
        />
      )}
      <div className='actions'>
        <button type='submit' className='button button-primary' disabled={counter.busy || choices.length === 0}>
          {t(merge ? 'counter.merge.submit' : 'counter.move.submit')}
        </button>
        <button type='button' className='button' onClick={() => counter.closePanel()}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
})

const CancelForm = observer(function CancelForm({ counter }: { counter: CounterStore }) {
  const { t } = useConsole()
  const found = counter.cancelLine
  if (!found) return null
  const { line, round } = found
  const name = [line.GoodsName, line.SkuName].filter(Boolean).join(' · ')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void counter.cancelLineNow()
  }
  const sent = line.SentQua !== '' && toDecimal(line.SentQua).isPositive()
  return (
    <form className='foh-form' onSubmit={submit} noValidate aria-label={t('counter.cancel.title', { goods: name })}>
      <h3>{t('counter.cancel.title', { goods: name })}</h3>
      <p className='muted'>{t('counter.cancel.which', { n: round.RoundNo, qua: line.Qua, unit: line.Unit, amount: counter.money(line.Amount) })}</p>
      {sent ? <p className='foh-note'>{t('counter.cancel.sentNote')}</p> : null}
      <Field label={t('counter.cancel.remains')} hint={t('counter.cancel.remainsHint', { qua: line.Qua })} inputMode='decimal' autoComplete='off' value={counter.cancel.remains} onValue={(v) => counter.setCancel('remains', v)} />
      <TextArea label={t('counter.cancel.reason')} value={counter.cancel.reason} onValue={(v) => counter.setCancel('reason', v)} rows={2} required />
      {sent ? <Approval counter={counter} value={counter.cancel} onApprover={(v) => counter.setCancel('approverId', v)} onPin={(v) => counter.setCancel('pin', v)} /> : null}
      <div className='actions'>
        <button type='submit' className='button button-danger' disabled={counter.busy}>
          {t('counter.cancel.submit')}
        </button>
        <button type='button' className='button' onClick={() => counter.closePanel()}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
})

const OrderPanel = observer(function OrderPanel({ counter, order }: { counter: CounterStore; order: CounterOrderRow }) {
  const store = useConsole()
  const { t } = store
  const heading = useFocusOnOpen(`${order.OrderID}|${counter.panel ?? ''}`)
  const label = counter.labelOfOrder(order)
  return (
    <section className='foh-panel' aria-labelledby='foh-panel-title'>
      <div className='foh-panel-head'>
        <h2 id='foh-panel-title' ref={heading} tabIndex={-1}>
          {label}
        </h2>
        <button type='button' className='button button-small' onClick={() => counter.deselect()}>
          {t('counter.back')}
        </button>
      </div>
      <p className='muted'>
        {t(SERVICE_KEY[order.ServiceType] ?? 'service.takeaway')}
        {order.TableName ? ` · ${order.TableName}` : ''} · {formatDateTime(order.CreatedAt, store.locale)}
      </p>
      <p>
        <Badge text={t(ORDER_STATUS_KEY[order.Status] ?? 'counter.order.status.0')} tone={order.Status === 0 ? 'warn' : order.Status === 5 ? 'good' : 'plain'} />
        {order.KitchenStage ? ` ${t(`counter.stage.${order.KitchenStage}`)}` : ''}
      </p>
      <Totals counter={counter} bill={order} />
      {order.Remarks ? <p>{t('counter.order.remarks', { text: order.Remarks })}</p> : null}
      <Alert message={counter.actionError} />
      {counter.panel === 'pay' ? <PayForm counter={counter} label={label} /> : null}
      {counter.panel === null && order.Status === 0 ? (
        <div className='actions foh-actions'>
          <button type='button' className='button button-primary' onClick={() => counter.openPanel('pay')}>
            {t('counter.action.pay')}
          </button>
        </div>
      ) : null}
      <ul className='foh-lines'>
        {order.Lines.map((line) => (
          <li key={line.LineNo} className='foh-line'>
            <span className='foh-line-qua'>
              {line.Qua}
              {line.Unit ? ` ${line.Unit}` : ''}
            </span>
            <span className='foh-line-name'>
              {[line.GoodsName, line.SkuName].filter(Boolean).join(' · ')}
              {[line.RemarkText, line.AddOnText, line.BomText].filter(Boolean).length ? <span className='foh-line-sub'>{[line.RemarkText, line.AddOnText, line.BomText].filter(Boolean).join('; ')}</span> : null}
            </span>
            <span className='foh-line-amount'>{counter.money(line.Amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
})
