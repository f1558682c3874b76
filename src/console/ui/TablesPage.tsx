/**
 * Tables and QR codes: a shop's tables by branch and area; adding in bulk ('A01–A12'), renaming,
 * removing, a new QR code with a reason; the printable QR sheet (A4 PDF) of the shop or a branch.
 */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { LOCALES, type Locale } from '../../gateway/contract'
import type { StaffTableRow } from '../../gateway/staff-contract'
import { HTML_LANG, LANGUAGE_NAMES } from '../i18n'
import { namesOf } from '../stores/setup-forms'
import type { TablesView } from '../stores/tables-store'
import { useConsole } from './console-context'
import { Alert, Field, PageHeading, SelectField, Status, TableRegion } from './controls'
import { NamesFields, ProblemsAlert } from './setup-controls'

export const TablesPage = observer(function TablesPage() {
  const store = useConsole()
  const tables = store.tables
  useEffect(() => {
    void tables.load()
    return () => tables.back()
  }, [tables])
  const view = tables.view
  return view.kind === 'list' ? <ListView /> : <ActionView view={view} />
})

const ListView = observer(function ListView() {
  const store = useConsole()
  const tables = store.tables
  const { t } = store
  const addSubmit = (e: FormEvent) => {
    e.preventDefault()
    void tables.addTables()
  }
  const sheetSubmit = (e: FormEvent) => {
    e.preventDefault()
    void tables.downloadSheet()
  }
  return (
    <>
      <PageHeading focusKey='list'>{t('tables.title')}</PageHeading>
      <Status message={tables.notice} />
      <Alert message={tables.error} />
      {tables.shops.length === 0 ? <p>{t('tables.noShop')}</p> : null}
      {tables.shops.length > 0 ? (
        <div className='filters'>
          {tables.shops.length > 1 ? (
            <SelectField label={t('tables.shop')} value={tables.shopId} onValue={(v) => void tables.chooseShop(v)} options={tables.shops.map((s) => ({ value: s.shopId, label: tables.nameOf(s.names, s.shopId) }))} />
          ) : null}
          <SelectField
            label={t('tables.branch')}
            value={tables.baseId}
            onValue={(v) => tables.chooseBranch(v)}
            options={[{ value: '', label: t('tables.allBranches') }, ...tables.branches.map((b) => ({ value: b.baseId, label: tables.nameOf(b.names, b.baseId) }))]}
          />
        </div>
      ) : null}
      {tables.loading && !tables.loaded ? <p role='status'>{t('common.loading')}</p> : null}
      {tables.loaded && tables.shopId && tables.groups.length === 0 ? <p>{t('tables.empty')}</p> : null}
      {tables.groups.map((group, i) => {
        const title = group.area ? t('tables.groupArea', { branch: tables.branchName(group.baseId), area: group.area }) : tables.branchName(group.baseId)
        return (
          <section key={`${group.baseId}/${group.area}`} className='section' aria-labelledby={`tables-group-${i}`}>
            <h2 id={`tables-group-${i}`}>
              {title} <span className='muted'>{t('tables.count', { n: group.tables.length })}</span>
            </h2>
            <TableRegion label={title}>
              <table role='table' className='table'>
                <thead role='rowgroup'>
                  <tr role='row'>
                    <th scope='col' role='columnheader'>{t('tables.col.code')}</th>
                    <th scope='col' role='columnheader'>{t('tables.col.name')}</th>
                    <th scope='col' role='columnheader'>{t('tables.col.link')}</th>
                    <th scope='col' role='columnheader'>{t('col.actions')}</th>
                  </tr>
                </thead>
                <tbody role='rowgroup'>
                  {group.tables.map((row) => (
                    <TableRowView key={row.TableID} row={row} />
                  ))}
                </tbody>
              </table>
            </TableRegion>
          </section>
        )
      })}
      {tables.shopId ? (
        <div className='cards'>
          <form className='card form' onSubmit={addSubmit} noValidate aria-labelledby='tables-add'>
            <h2 id='tables-add'>{t('tables.add')}</h2>
            <SelectField label={t('tables.branch')} value={tables.addBase} onValue={(v) => tables.setAdd('addBase', v)} options={tables.branches.map((b) => ({ value: b.baseId, label: tables.nameOf(b.names, b.baseId) }))} />
            <Field label={t('tables.pattern')} value={tables.addPattern} onValue={(v) => tables.setAdd('addPattern', v)} hint={t('tables.patternHint')} error={tables.addError || undefined} autoComplete='off' />
            <Field label={t('tables.area')} value={tables.addArea} onValue={(v) => tables.setAdd('addArea', v)} hint={t('tables.areaHint')} autoComplete='off' />
            <div className='actions'>
              <button type='submit' className='button button-primary' disabled={tables.busy}>
                {tables.busy ? t('common.working') : t('tables.addButton')}
              </button>
            </div>
          </form>
          <form className='card form' onSubmit={sheetSubmit} noValidate aria-labelledby='tables-sheet'>
            <h2 id='tables-sheet'>{t('tables.sheet')}</h2>
            <p className='hint'>{tables.baseId ? t('tables.sheetBranch', { branch: tables.branchName(tables.baseId) }) : t('tables.sheetShop')}</p>
            <SelectField label={t('tables.sheetLanguage')} value={tables.sheetLocale} onValue={(v) => tables.setSheetLocale(v as Locale)} options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: HTML_LANG[l] }))} />
            <div className='actions'>
              <button type='submit' className='button' disabled={tables.busy}>
                {tables.busy ? t('common.working') : t('tables.sheetButton')}
              </button>
            </div>
          </form>
        </div>
      ) : null}
    </>
  )
})

const TableRowView = observer(function TableRowView({ row }: { row: StaffTableRow }) {
  const store = useConsole()
  const tables = store.tables
  const { t } = store
  const name = tables.nameOf(namesOf(row.Names), row.Code)
  return (
    <tr role='row'>
      <th scope='row' role='rowheader' className='nowrap'>
        {row.Code}
      </th>
      <td role='cell' data-label={t('tables.col.name')}>{name}</td>
      <td role='cell' data-label={t('tables.col.link')} className='wrap'>
        {row.EntryUrl ? (
          <a href={row.EntryUrl} target='_blank' rel='noreferrer' aria-label={t('tables.openLink', { name })}>
            {t('tables.link')}
          </a>
        ) : (
          t('tables.noCode')
        )}
      </td>
      <td role='cell' data-label={t('col.actions')} className='row-actions'>
        <button type='button' className='button button-small' onClick={() => tables.startRename(row)} aria-label={t('tables.renameName', { name })}>
          {t('tables.rename')}
        </button>
        <button type='button' className='button button-small' onClick={() => tables.startRotate(row)} aria-label={t('tables.rotateName', { name })}>
          {t('tables.rotate')}
        </button>
        <button type='button' className='button button-small button-danger' onClick={() => tables.startRemove(row)} aria-label={t('tables.removeName', { name })}>
          {t('common.remove')}
        </button>
      </td>
    </tr>
  )
})

const ActionView = observer(function ActionView({ view }: { view: Exclude<TablesView, { kind: 'list' }> }) {
  const store = useConsole()
  const tables = store.tables
  const { t } = store
  const name = tables.nameOf(namesOf(view.table.Names), view.table.Code)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void tables.confirm()
  }
  const title = view.kind === 'rename' ? t('tables.renameTitle', { name }) : view.kind === 'rotate' ? t('tables.rotateTitle', { name }) : t('tables.removeTitle', { name })
  return (
    <div className='narrow'>
      <PageHeading focusKey={`${view.kind}-${view.table.TableID}`}>{title}</PageHeading>
      {view.kind === 'rotate' ? <p>{t('tables.rotateBody')}</p> : null}
      {view.kind === 'remove' ? <p>{t('tables.removeBody')}</p> : null}
      <form className='form' onSubmit={submit} noValidate>
        <ProblemsAlert message={tables.error} problems={tables.problems} />
        {view.kind === 'rename' ? (
          <>
            <div className='field-row'>
              <Field label={t('tables.col.code')} value={view.code} onValue={(v) => tables.setField('code', v)} hint={t('tables.codeHint')} autoComplete='off' />
              <Field label={t('tables.area')} value={view.area} onValue={(v) => tables.setField('area', v)} autoComplete='off' />
            </div>
            <NamesFields legend={t('tables.names')} hint={t('tables.namesHint')} names={view.names} onName={(l, v) => tables.setName(l, v)} max={200} />
          </>
        ) : null}
        <Field
          label={t('field.reason')}
          value={view.reason}
          onValue={(v) => tables.setField('reason', v)}
          hint={view.kind === 'rename' ? t('staff.reasonHint') : t('field.reasonHint')}
          required={view.kind !== 'rename'}
          autoComplete='off'
        />
        <div className='actions'>
          <button type='submit' className={view.kind === 'remove' ? 'button button-danger' : 'button button-primary'} disabled={tables.busy}>
            {tables.busy ? t('common.working') : view.kind === 'rename' ? t('common.save') : view.kind === 'rotate' ? t('tables.rotateConfirm') : t('tables.removeConfirm')}
          </button>
          <button type='button' className='button' onClick={() => tables.back()}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
})
