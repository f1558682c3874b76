/** After-sale: requests by state, one request in full, and the decision (approve = refund at once; reject with the reason the member reads). */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { AFTERSALE_STATUS } from '../../gateway/after-rows'
import type { StaffAfterSaleRow } from '../../gateway/staff-contract'
import type { ConsoleKey } from '../i18n'
import type { AfterSaleStore } from '../stores/aftersale-store'
import { useConsole } from './console-context'
import { Alert, PageHeading, SelectField, Status, TableRegion } from './controls'
import { formatDateTime, placeName } from './format'
import { Badge, Pager, TextArea } from './service-controls'

const STATUS_KEY: Record<number, ConsoleKey> = {
  0: 'aftersaleStatus.0',
  1: 'aftersaleStatus.1',
  2: 'aftersaleStatus.2',
  3: 'aftersaleStatus.3',
  4: 'aftersaleStatus.4'
}
const REASON_KEY: Record<string, ConsoleKey> = {
  'wrong-item': 'aftersaleReason.wrong-item',
  'missing-item': 'aftersaleReason.missing-item',
  quality: 'aftersaleReason.quality',
  late: 'aftersaleReason.late',
  'not-received': 'aftersaleReason.not-received',
  other: 'aftersaleReason.other'
}
const tone = (status: number) => (status === AFTERSALE_STATUS.SUBMITTED ? 'warn' : status === AFTERSALE_STATUS.REFUNDED ? 'good' : status === AFTERSALE_STATUS.REJECTED ? 'bad' : 'plain')

export const AfterSalePage = observer(function AfterSalePage() {
  const store = useConsole()
  const aftersale = store.aftersale
  useEffect(() => {
    void aftersale.open()
    return () => aftersale.back()
  }, [aftersale])
  if (aftersale.selected) return <RequestView aftersale={aftersale} row={aftersale.selected} />
  const { t } = store
  return (
    <>
      <div className='page-head'>
        <PageHeading focusKey='list'>{t('aftersale.title')}</PageHeading>
      </div>
      <p className='hint'>{t('aftersale.intro')}</p>
      <Status message={aftersale.notice} />
      <Alert message={aftersale.detailError} />
      <form className='filters' onSubmit={(e) => e.preventDefault()} aria-label={t('list.filters')}>
        <SelectField
          label={t('aftersale.status')}
          value={aftersale.status}
          onValue={(v) => void aftersale.setStatus(v)}
          options={[{ value: '', label: t('aftersale.anyStatus') }, ...[0, 3, 2, 4, 1].map((s) => ({ value: String(s), label: t(STATUS_KEY[s]) }))]}
        />
      </form>
      <Alert message={aftersale.error} />
      <p role='status' className='summary'>
        {aftersale.loading ? t('common.loading') : aftersale.loaded ? t('aftersale.total', { n: aftersale.total }) : ''}
      </p>
      {aftersale.loaded && !aftersale.loading && aftersale.rows.length === 0 ? <p>{t('aftersale.empty')}</p> : null}
      {aftersale.rows.length ? (
        <TableRegion label={t('aftersale.title')}>
          <table role='table' className='table'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('col.order')}</th>
                <th scope='col' role='columnheader'>{t('col.status')}</th>
                <th scope='col' role='columnheader'>{t('col.member')}</th>
                <th scope='col' role='columnheader'>{t('aftersale.asked')}</th>
                <th scope='col' role='columnheader'>{t('aftersale.reason')}</th>
                <th scope='col' role='columnheader'>{t('col.placed')}</th>
                <th scope='col' role='columnheader'>{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {aftersale.rows.map((row) => (
                <tr role='row' key={row.AfterSaleID}>
                  <th scope='row' role='rowheader'>
                    {row.PickupNo ? `#${row.PickupNo} ` : ''}
                    <span className='muted'>{row.SheetID}</span>
                  </th>
                  <td role='cell' data-label={t('col.status')}>
                    <Badge text={t(STATUS_KEY[row.Status] ?? 'aftersaleStatus.0')} tone={tone(row.Status)} />
                  </td>
                  <td role='cell' data-label={t('col.member')} className='wrap'>{[row.MemberName, row.MemberMaskedPhone].filter(Boolean).join(' ')}</td>
                  <td role='cell' data-label={t('aftersale.asked')} className='nowrap'>{row.Amount}</td>
                  <td role='cell' data-label={t('aftersale.reason')} className='wrap'>{t(REASON_KEY[row.Reason] ?? 'aftersaleReason.other')}</td>
                  <td role='cell' data-label={t('col.placed')} className='nowrap'>{row.CreatedDate}</td>
                  <td role='cell' data-label={t('col.actions')} className='row-actions'>
                    <button type='button' className='button button-small' onClick={() => void aftersale.show(row.AfterSaleID)}>
                      {row.Status === AFTERSALE_STATUS.SUBMITTED ? t('aftersale.decide') : t('aftersale.open')}
                      <span className='visually-hidden'> {row.SheetID}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      <Pager
        page={aftersale.page}
        pages={aftersale.pages}
        loading={aftersale.loading}
        label={t('list.pager')}
        previous={t('list.prev')}
        next={t('list.next')}
        pageText={t('list.page', { page: aftersale.page, pages: aftersale.pages })}
        onPrevious={() => void aftersale.previous()}
        onNext={() => void aftersale.next()}
      />
    </>
  )
})

const RequestView = observer(function RequestView({ aftersale, row }: { aftersale: AfterSaleStore; row: StaffAfterSaleRow }) {
  const store = useConsole()
  const { t } = store
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void aftersale.confirmDecision()
  }
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
        <PageHeading focusKey={`request-${row.AfterSaleID}-${aftersale.deciding ?? ''}`}>
          {aftersale.deciding === 'approve'
            ? t('aftersale.approveTitle', { amount: row.Amount })
            : aftersale.deciding === 'reject'
              ? t('aftersale.rejectTitle')
              : t('aftersale.requestTitle', { order: row.PickupNo ? `#${row.PickupNo}` : row.SheetID })}
        </PageHeading>
        <button type='button' className='button' onClick={() => aftersale.back()}>
          {t('list.back')}
        </button>
      </div>
      <Status message={aftersale.notice} />
      <dl className='facts'>
        <div>
          <dt>{t('col.status')}</dt>
          <dd>
            <Badge text={t(STATUS_KEY[row.Status] ?? 'aftersaleStatus.0')} tone={tone(row.Status)} />
          </dd>
        </div>
        {fact('col.order', row.SheetID)}
        {fact('col.branch', placeName(store.scope, row.ShopID, row.BaseID, store.locale))}
        {fact('col.member', [row.MemberName, row.MemberMaskedPhone].filter(Boolean).join(' '))}
        {fact('aftersale.orderPaid', row.OrderPaidAmount)}
        {fact('aftersale.asked', row.Amount)}
        {fact('aftersale.whatFor', row.WholeOrder ? t('aftersale.wholeOrder') : t('aftersale.someLines'))}
        {fact('aftersale.reason', t(REASON_KEY[row.Reason] ?? 'aftersaleReason.other'))}
        {fact('col.placed', row.CreatedDate)}
        {fact('aftersale.decidedAt', row.DecidedDate)}
        {Number(row.RefundedAmount) ? fact('aftersale.refunded', row.RefundedAmount) : null}
        {fact('aftersale.shopNote', row.ShopNote)}
      </dl>
      {row.Content ? (
        <section className='section' aria-labelledby='as-words'>
          <h2 id='as-words'>{t('aftersale.memberSays')}</h2>
          <p className='review-text'>{row.Content}</p>
        </section>
      ) : null}
      {row.Images.length ? (
        <section className='section' aria-labelledby='as-photos'>
          <h2 id='as-photos'>{t('aftersale.photos')}</h2>
          <ul className='photos'>
            {row.Images.map((image, i) => (
              <li key={image.FileID}>
                <a href={image.Url} target='_blank' rel='noreferrer'>
                  <img src={image.ThumbUrl} alt={t('aftersale.photoAlt', { n: i + 1, total: row.Images.length })} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {aftersale.lines.length ? (
        <section className='section'>
          <h2>{t('aftersale.lines')}</h2>
          <TableRegion label={t('aftersale.lines')}>
            <table role='table' className='table'>
              <thead role='rowgroup'>
                <tr role='row'>
                  <th scope='col' role='columnheader'>{t('col.goods')}</th>
                  <th scope='col' role='columnheader'>{t('col.quantity')}</th>
                  <th scope='col' role='columnheader'>{t('col.amount')}</th>
                </tr>
              </thead>
              <tbody role='rowgroup'>
                {aftersale.lines.map((line) => (
                  <tr role='row' key={line.LineNo}>
                    <th scope='row' role='rowheader' className='wrap'>{line.GoodsName}</th>
                    <td role='cell' data-label={t('col.quantity')}>{line.Qua}</td>
                    <td role='cell' data-label={t('col.amount')}>{line.Amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </section>
      ) : null}
      {aftersale.refunds.length ? (
        <section className='section' aria-labelledby='as-refunds'>
          <h2 id='as-refunds'>{t('aftersale.refunds')}</h2>
          <ul>
            {aftersale.refunds.map((f) => (
              <li key={`${f.PayID}-${f.RefundRef}`}>
                {t('aftersale.refundLine', { amount: f.Amount, way: f.Provider === 'balance' ? t('aftersale.toBalance') : f.Provider, at: formatDateTime(f.CreatedAt, store.locale) })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {aftersale.canDecide && !aftersale.deciding ? (
        <div className='actions section'>
          <button type='button' className='button button-primary' onClick={() => aftersale.startDecision('approve')}>
            {t('aftersale.approve')}
          </button>
          <button type='button' className='button button-danger' onClick={() => aftersale.startDecision('reject')}>
            {t('aftersale.reject')}
          </button>
        </div>
      ) : null}
      {aftersale.deciding ? (
        <form className='form section narrow' onSubmit={submit} noValidate>
          <p>{aftersale.deciding === 'approve' ? t('aftersale.approveBody', { amount: row.Amount }) : t('aftersale.rejectBody')}</p>
          <Alert message={aftersale.decideError} />
          <TextArea
            label={aftersale.deciding === 'approve' ? t('aftersale.note') : t('aftersale.rejectReason')}
            hint={aftersale.deciding === 'approve' ? t('aftersale.noteHint') : t('aftersale.rejectReasonHint')}
            value={aftersale.text}
            onValue={(v) => aftersale.setText(v)}
            required={aftersale.deciding === 'reject'}
            rows={3}
          />
          <div className='actions'>
            <button type='submit' className={aftersale.deciding === 'approve' ? 'button button-primary' : 'button button-danger'} disabled={aftersale.busy}>
              {aftersale.busy ? t('common.working') : aftersale.deciding === 'approve' ? t('aftersale.approveConfirm', { amount: row.Amount }) : t('aftersale.rejectConfirm')}
            </button>
            <button type='button' className='button' onClick={() => aftersale.stopDecision()}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </>
  )
})
