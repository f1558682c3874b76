/** Staff: the list, adding and changing a person (role, shops and branches, PIN, password), removing one with a reason. */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { LOCALES } from '../../gateway/contract'
import type { StaffRow } from '../../gateway/staff-contract'
import { HTML_LANG, LANGUAGE_NAMES } from '../i18n'
import type { ConsoleStore } from '../stores/console-store'
import { AREAS, type AreaCode } from '../stores/forms'
import { branchLabel } from '../stores/pair-store'
import type { StaffForm, StaffStore } from '../stores/staff-store'
import { useConsole } from './console-context'
import { Alert, Check, Field, PageHeading, SelectField, Status, TableRegion } from './controls'
import { placeName } from './format'

export const StaffPage = observer(function StaffPage() {
  const store = useConsole()
  const staff = store.staff
  useEffect(() => {
    void staff.load()
    return () => staff.cancel()
  }, [staff])
  if (staff.form) return <StaffFormView form={staff.form} />
  if (staff.removing) return <RemoveView row={staff.removing} />
  const { t } = store
  return (
    <>
      <div className='page-head'>
        <PageHeading focusKey='list'>{t('staff.title')}</PageHeading>
        {staff.assignableRoles.length ? (
          <button type='button' className='button button-primary' onClick={() => staff.startAdd()}>
            {t('staff.add')}
          </button>
        ) : null}
      </div>
      <Status message={staff.notice} />
      <Alert message={staff.error} />
      {staff.loading && !staff.loaded ? <p role='status'>{t('common.loading')}</p> : null}
      {staff.loaded && staff.rows.length === 0 ? <p>{t('staff.empty')}</p> : null}
      {staff.rows.length ? (
        <TableRegion label={t('staff.title')}>
          <table role='table' className='table'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('col.name')}</th>
                <th scope='col' role='columnheader'>{t('col.role')}</th>
                <th scope='col' role='columnheader'>{t('col.phone')}</th>
                <th scope='col' role='columnheader'>{t('col.where')}</th>
                <th scope='col' role='columnheader'>{t('col.signIn')}</th>
                <th scope='col' role='columnheader'>{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {staff.rows.map((row) => (
                <tr role='row' key={row.StaffID}>
                  <th scope='row' role='rowheader'>
                    {row.Name}
                    {row.StaffID === store.me?.StaffID ? <span className='muted'> {t('staff.you')}</span> : null}
                  </th>
                  <td role='cell' data-label={t('col.role')}>{t(`role.${row.Role}`)}</td>
                  <td role='cell' data-label={t('col.phone')} className='nowrap'>{row.Phone ? `+${row.AreaCode} ${row.Phone}` : ''}</td>
                  <td role='cell' data-label={t('col.where')} className='wrap'>{scopeText(store, row)}</td>
                  <td role='cell' data-label={t('col.signIn')}>{signInText(store, row)}</td>
                  <td role='cell' data-label={t('col.actions')} className='row-actions'>
                    {staff.mayManage(row) ? (
                      <>
                        <button type='button' className='button button-small' onClick={() => staff.startEdit(row)} aria-label={t('staff.editName', { name: row.Name })}>
                          {t('common.edit')}
                        </button>
                        <button type='button' className='button button-small button-danger' onClick={() => staff.startRemove(row)} aria-label={t('staff.removeName', { name: row.Name })}>
                          {t('common.remove')}
                        </button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </>
  )
})

function scopeText(store: ConsoleStore, row: StaffRow): string {
  const shops = row.ShopIDs.split(',').filter(Boolean)
  const bases = row.BaseIDs.split(',').filter(Boolean)
  if (!shops.length && !bases.length) return store.t('staff.everywhere')
  const names = shops.map((s) => placeName(store.scope, s, '', store.locale))
  for (const b of bases) {
    const shopId = store.scope.find((r) => r.BaseID === b)?.ShopID ?? ''
    names.push(placeName(store.scope, shopId, b, store.locale))
  }
  return names.join(store.t('common.listSeparator'))
}

function signInText(store: ConsoleStore, row: StaffRow): string {
  const ways: string[] = []
  if (String(row.HasPassword) === 'true') ways.push(store.t('staff.hasPassword'))
  if (String(row.HasPin) === 'true') ways.push(store.t('staff.hasPin'))
  return ways.length ? ways.join(store.t('common.listSeparator')) : store.t('staff.noSignIn')
}

const StaffFormView = observer(function StaffFormView({ form }: { form: StaffForm }) {
  const store = useConsole()
  const staff: StaffStore = store.staff
  const { t } = store
  const shops = store.scope.filter((r) => !r.BaseID)
  const bases = store.scope.filter((r) => r.BaseID && (form.shopIds.length === 0 || form.shopIds.includes(r.ShopID)))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void staff.save()
  }
  const errors = Object.values(form.errors).filter((e): e is string => Boolean(e))
  return (
    <div className='narrow'>
      <PageHeading focusKey={form.staffId || 'new'}>{form.adding ? t('staff.addTitle') : t('staff.editTitle', { name: form.name })}</PageHeading>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={staff.error || (errors.length ? t('error.checkFields') : '')} list={errors} />
        <Field label={t('field.name')} value={form.name} onValue={(v) => form.set('name', v)} error={form.errors.name} required autoComplete='off' />
        <div className='field-row'>
          <SelectField label={t('field.areaCode')} value={form.areaCode} onValue={(v) => form.setArea(v as AreaCode)} options={AREAS.map((a) => ({ value: a.code, label: t(a.label) }))} />
          <Field label={t('field.phone')} value={form.phone} onValue={(v) => form.set('phone', v)} error={form.errors.phone} type='tel' inputMode='numeric' autoComplete='off' required />
        </div>
        <fieldset>
          <legend>{t('staff.role')}</legend>
          <div className='checks'>
            {staff.assignableRoles.map((r) => (
              <Check key={r} type='radio' name='staff-role' label={`${t(`role.${r}`)} — ${t(`roleHint.${r}`)}`} checked={form.role === r} onChecked={(on) => on && form.setRole(r)} />
            ))}
          </div>
        </fieldset>
        {shops.length ? (
          <fieldset>
            <legend>{t('staff.shops')}</legend>
            <p className='hint'>{t('staff.shopsHint')}</p>
            <div className='checks'>
              {shops.map((s) => (
                <Check key={s.ShopID} label={placeName(store.scope, s.ShopID, '', store.locale)} checked={form.shopIds.includes(s.ShopID)} onChecked={(on) => form.toggleShop(s.ShopID, on)} />
              ))}
            </div>
          </fieldset>
        ) : null}
        {bases.length ? (
          <fieldset>
            <legend>{t('staff.branches')}</legend>
            <p className='hint'>{t('staff.branchesHint')}</p>
            <div className='checks'>
              {bases.map((b) => (
                <Check
                  key={b.BaseID}
                  label={branchLabel(placeName(store.scope, b.ShopID, '', store.locale), placeName(store.scope, b.ShopID, b.BaseID, store.locale), store)}
                  checked={form.baseIds.includes(b.BaseID)}
                  onChecked={(on) => form.toggleBase(b.BaseID, on)}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        <SelectField label={t('staff.locale')} value={form.locale} onValue={(v) => form.setLocale(v as typeof form.locale)} options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: HTML_LANG[l] }))} />
        <Field
          label={t('staff.pin')}
          hint={form.hasPin ? t('staff.keepHint') : t('staff.pinHint')}
          value={form.pin}
          onValue={(v) => form.setPin(v)}
          error={form.errors.pin}
          type='password'
          inputMode='numeric'
          autoComplete='off'
          maxLength={6}
        />
        <Field
          label={t('staff.password')}
          hint={form.hasPassword ? t('staff.keepHint') : t('staff.passwordHint', { min: 8 })}
          value={form.password}
          onValue={(v) => form.set('password', v)}
          error={form.errors.password}
          type='password'
          autoComplete='new-password'
        />
        <Field label={t('staff.reason')} hint={t('staff.reasonHint')} value={form.reason} onValue={(v) => form.set('reason', v)} autoComplete='off' />
        <div className='actions'>
          <button type='submit' className='button button-primary' disabled={staff.busy}>
            {staff.busy ? t('common.working') : t('common.save')}
          </button>
          <button type='button' className='button' onClick={() => staff.cancel()}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
})

const RemoveView = observer(function RemoveView({ row }: { row: StaffRow }) {
  const store = useConsole()
  const staff = store.staff
  const { t } = store
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void staff.confirmRemove()
  }
  return (
    <div className='narrow'>
      <PageHeading focusKey={`remove-${row.StaffID}`}>{t('staff.removeTitle', { name: row.Name })}</PageHeading>
      <p>{t('staff.removeBody')}</p>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={staff.removeError} />
        <Field label={t('field.reason')} hint={t('field.reasonHint')} value={staff.removeReason} onValue={(v) => staff.setRemoveReason(v)} required autoComplete='off' />
        <div className='actions'>
          <button type='submit' className='button button-danger' disabled={staff.busy}>
            {staff.busy ? t('common.working') : t('staff.removeConfirm')}
          </button>
          <button type='button' className='button' onClick={() => staff.cancelRemove()}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
})
