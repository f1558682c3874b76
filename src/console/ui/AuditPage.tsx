/** The audit log: filters, a paged table, Export CSV. */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import type { ConsoleStore } from '../stores/console-store'
import { actionLabel, actionText, KNOWN_ACTIONS, targetText } from './audit-actions'
import { useConsole } from './console-context'
import { Alert, Field, PageHeading, SelectField, Status, TableRegion } from './controls'
import { formatDateTime } from './format'

export const AuditPage = observer(function AuditPage() {
  const store = useConsole()
  const audit = store.audit
  const { t } = store
  useEffect(() => {
    void audit.open()
  }, [audit])
  const apply = (e: FormEvent) => {
    e.preventDefault()
    void audit.apply()
  }
  const actions = [...new Set([...KNOWN_ACTIONS, ...audit.seenActions])]
  return (
    <>
      <div className='page-head'>
        <PageHeading>{t('audit.title')}</PageHeading>
        <button type='button' className='button' onClick={() => void audit.exportCsv()} disabled={audit.exporting}>
          {audit.exporting ? t('common.working') : t('audit.export')}
        </button>
      </div>
      <Status message={audit.exported} />
      <Alert message={audit.exportError} />
      <form className='filters' onSubmit={apply} noValidate aria-label={t('audit.filters')}>
        <SelectField
          label={t('audit.action')}
          value={audit.draft.action}
          onValue={(v) => audit.setDraft('action', v)}
          options={[{ value: '', label: t('audit.anyAction') }, ...actions.map((a) => ({ value: a, label: actionLabel(store, a) }))]}
        />
        <SelectField
          label={t('audit.person')}
          value={audit.draft.staffId}
          onValue={(v) => audit.setDraft('staffId', v)}
          options={[{ value: '', label: t('audit.anyone') }, ...audit.personOptions.map((p) => ({ value: p.id, label: p.name }))]}
        />
        <Field label={t('audit.from')} type='date' value={audit.draft.from} onValue={(v) => audit.setDraft('from', v)} />
        <Field label={t('audit.to')} type='date' value={audit.draft.to} onValue={(v) => audit.setDraft('to', v)} error={audit.filterError} />
        <div className='actions filters-actions'>
          <button type='submit' className='button button-primary' disabled={audit.loading}>
            {t('audit.apply')}
          </button>
          <button type='button' className='button' onClick={() => void audit.reset()}>
            {t('audit.reset')}
          </button>
        </div>
      </form>
      <Alert message={audit.error} />
      <p role='status' className='summary'>
        {audit.loading ? t('common.loading') : audit.loaded ? t('audit.total', { n: audit.total }) : ''}
      </p>
      {audit.loaded && audit.rows.length === 0 && !audit.loading ? <p>{t('audit.empty')}</p> : null}
      {audit.rows.length ? (
        <TableRegion label={t('audit.title')}>
          <table role='table' className='table table-audit'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('col.at')}</th>
                <th scope='col' role='columnheader'>{t('col.action')}</th>
                <th scope='col' role='columnheader'>{t('col.person')}</th>
                <th scope='col' role='columnheader'>{t('col.target')}</th>
                <th scope='col' role='columnheader'>{t('col.reason')}</th>
                <th scope='col' role='columnheader'>{t('col.device')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {audit.rows.map((row) => (
                <tr role='row' key={row.AuditID}>
                  <td role='cell' data-label={t('col.at')} className='nowrap'>{formatDateTime(row.At, store.locale)}</td>
                  <td role='cell' data-label={t('col.action')}>{actionText(store, row)}</td>
                  <td role='cell' data-label={t('col.person')}>
                    {row.StaffName || '—'}
                    {row.Role ? <span className='muted'> · {roleText(store, row.Role)}</span> : null}
                  </td>
                  <td role='cell' data-label={t('col.target')} className='wrap'>{targetText(store, row, audit.people)}</td>
                  <td role='cell' data-label={t('col.reason')} className='wrap'>{row.Reason}</td>
                  <td role='cell' data-label={t('col.device')}>{row.DeviceName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {audit.pages > 1 ? (
        <nav className='pager' aria-label={t('audit.pager')}>
          <button type='button' className='button' onClick={() => void audit.previous()} disabled={!audit.hasPrevious || audit.loading}>
            {t('audit.prev')}
          </button>
          <span>{t('audit.page', { page: audit.page, pages: audit.pages })}</span>
          <button type='button' className='button' onClick={() => void audit.next()} disabled={!audit.hasNext || audit.loading}>
            {t('audit.next')}
          </button>
        </nav>
      ) : null}
    </>
  )
})

function roleText(store: ConsoleStore, role: string): string {
  return role === 'owner' || role === 'manager' || role === 'cashier' || role === 'kitchen' ? store.t(`role.${role}`) : role
}
