/** Devices: the paired shared devices, pairing this browser, unpairing one with a reason. */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import type { StaffDeviceRow } from '../../gateway/staff-contract'
import { useConsole } from './console-context'
import { Alert, Field, PageHeading, Status, TableRegion } from './controls'
import { formatDateTime, placeName } from './format'

export const DevicesPage = observer(function DevicesPage() {
  const store = useConsole()
  const devices = store.devices
  useEffect(() => {
    void devices.load()
    return () => devices.cancelRemove()
  }, [devices])
  if (devices.removing) return <UnpairView row={devices.removing} />
  const { t } = store
  const now = store.browser.now().getTime()
  return (
    <>
      <div className='page-head'>
        <PageHeading focusKey='list'>{t('devices.title')}</PageHeading>
        {store.device ? null : (
          <a className='button button-primary' href='#/pair'>
            {t('devices.pairThis')}
          </a>
        )}
      </div>
      <p className='hint'>{t('devices.intro')}</p>
      <Status message={devices.notice} />
      <Alert message={devices.error} />
      {devices.loading && !devices.loaded ? <p role='status'>{t('common.loading')}</p> : null}
      {devices.loaded && devices.rows.length === 0 ? <p>{t('devices.empty')}</p> : null}
      {devices.rows.length ? (
        <TableRegion label={t('devices.title')}>
          <table role='table' className='table'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('col.device')}</th>
                <th scope='col' role='columnheader'>{t('col.kind')}</th>
                <th scope='col' role='columnheader'>{t('col.where')}</th>
                <th scope='col' role='columnheader'>{t('col.pairedAt')}</th>
                <th scope='col' role='columnheader'>{t('col.lastSeen')}</th>
                <th scope='col' role='columnheader'>{t('col.locked')}</th>
                <th scope='col' role='columnheader'>{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {devices.rows.map((row) => {
                const locked = row.LockedUntil && new Date(row.LockedUntil).getTime() > now
                return (
                  <tr role='row' key={row.DeviceID}>
                    <th scope='row' role='rowheader'>
                      {row.Name}
                      {devices.isThisBrowser(row) ? <span className='muted'> {t('devices.thisOne')}</span> : null}
                    </th>
                    <td role='cell' data-label={t('col.kind')}>{t(`kind.${row.Kind}`)}</td>
                    <td role='cell' data-label={t('col.where')} className='wrap'>{row.BaseID ? placeName(store.scope, row.ShopID, row.BaseID, store.locale) : row.ShopID ? placeName(store.scope, row.ShopID, '', store.locale) : t('staff.everywhere')}</td>
                    <td role='cell' data-label={t('col.pairedAt')} className='wrap'>
                      {formatDateTime(row.PairedAt, store.locale)}
                      {devices.nameOf(row.PairedBy) ? <span className='muted'> · {devices.nameOf(row.PairedBy)}</span> : null}
                    </td>
                    <td role='cell' data-label={t('col.lastSeen')} className='wrap'>{formatDateTime(row.LastSeenAt, store.locale)}</td>
                    <td role='cell' data-label={t('col.locked')} className='wrap'>{locked ? formatDateTime(row.LockedUntil, store.locale) : t('devices.notLocked')}</td>
                    <td role='cell' data-label={t('col.actions')} className='row-actions'>
                      <button type='button' className='button button-small button-danger' onClick={() => devices.startRemove(row)} aria-label={t('devices.unpairName', { name: row.Name })}>
                        {t('devices.unpair')}
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </>
  )
})

const UnpairView = observer(function UnpairView({ row }: { row: StaffDeviceRow }) {
  const store = useConsole()
  const devices = store.devices
  const { t } = store
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void devices.confirmRemove()
  }
  return (
    <div className='narrow'>
      <PageHeading focusKey={`unpair-${row.DeviceID}`}>{t('devices.unpairTitle', { name: row.Name })}</PageHeading>
      <p>{t('devices.unpairBody')}</p>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={devices.removeError} />
        <Field label={t('field.reason')} hint={t('field.reasonHint')} value={devices.removeReason} onValue={(v) => devices.setRemoveReason(v)} required autoComplete='off' />
        <div className='actions'>
          <button type='submit' className='button button-danger' disabled={devices.busy}>
            {devices.busy ? t('common.working') : t('devices.unpair')}
          </button>
          <button type='button' className='button' onClick={() => devices.cancelRemove()}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
})
