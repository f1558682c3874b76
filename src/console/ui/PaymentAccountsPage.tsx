/**
 * Payment accounts (owners and managers): per shop, the merchant account at each payment provider
 * this server runs, which takes payments, which is the default; a form to add or change one. The
 * sandbox is marked as no real money wherever it shows.
 */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import type { PaymentAccountRow } from '../../gateway/staff-contract'
import type { PaymentAccountsStore } from '../stores/payment-accounts-store'
import { useConsole } from './console-context'
import { Alert, Check, Field, PageHeading, SelectField, Status, TableRegion } from './controls'

export const PaymentAccountsPage = observer(function PaymentAccountsPage() {
  const store = useConsole()
  const accounts = store.paymentAccounts
  useEffect(() => {
    void accounts.load()
  }, [accounts])
  const { t } = store
  return (
    <>
      <PageHeading>{t('payAccounts.title')}</PageHeading>
      <p className='lead'>{t('payAccounts.intro')}</p>
      <Status message={accounts.notice} />
      <Alert message={accounts.error} />
      {accounts.loading && !accounts.loaded ? <p role='status'>{t('common.loading')}</p> : null}
      {accounts.shops.length > 1 ? (
        <div className='narrow'>
          <SelectField label={t('payAccounts.shop')} value={accounts.shopId} onValue={(v) => void accounts.selectShop(v)} options={accounts.shops.map((s) => ({ value: s.shopId, label: accounts.shopName(s.shopId) }))} />
        </div>
      ) : null}
      {accounts.shopId ? <AccountList accounts={accounts} /> : null}
      {accounts.shopId && accounts.providers.length ? <AccountFormView accounts={accounts} /> : null}
    </>
  )
})

const AccountList = observer(function AccountList({ accounts }: { accounts: PaymentAccountsStore }) {
  const { t } = useConsole()
  const label = t('payAccounts.list', { shop: accounts.shopName() })
  return (
    <section className='section'>
      <h2 id='pay-accounts-list'>{label}</h2>
      {accounts.loaded && accounts.accounts.length === 0 ? <p>{t('payAccounts.none')}</p> : null}
      {accounts.accounts.length ? (
        <TableRegion label={label}>
          <table role='table' className='table'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('payAccounts.col.provider')}</th>
                <th scope='col' role='columnheader'>{t('payAccounts.col.name')}</th>
                <th scope='col' role='columnheader'>{t('payAccounts.col.number')}</th>
                <th scope='col' role='columnheader'>{t('payAccounts.col.state')}</th>
                <th scope='col' role='columnheader'>{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {accounts.accounts.map((a: PaymentAccountRow) => (
                <tr role='row' key={a.Provider}>
                  <th scope='row' role='rowheader'>
                    {accounts.providerName(a.Provider)}
                    {a.RealMoney === 0 ? <span className='pill pill-warning'> {t('payAccounts.testMoney')}</span> : null}
                  </th>
                  <td role='cell' data-label={t('payAccounts.col.name')}>{a.AccountName}</td>
                  <td role='cell' data-label={t('payAccounts.col.number')} className='wrap'>{a.AccountNo}</td>
                  <td role='cell' data-label={t('payAccounts.col.state')} className='wrap'>
                    {a.Enabled ? t('payAccounts.enabled') : <span className='muted'>{t('payAccounts.disabled')}</span>}
                    {a.Default ? <strong> · {t('payAccounts.default')}</strong> : null}
                    {a.Running ? null : <span className='field-error'> {t('payAccounts.notRunning')}</span>}
                  </td>
                  <td role='cell' data-label={t('col.actions')} className='row-actions'>
                    <button type='button' className='button button-small' onClick={() => accounts.edit(a)} aria-label={`${t('common.edit')} ${accounts.providerName(a.Provider)}`}>
                      {t('common.edit')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </section>
  )
})

const AccountFormView = observer(function AccountFormView({ accounts }: { accounts: PaymentAccountsStore }) {
  const { t } = useConsole()
  const form = accounts.form
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void accounts.save()
  }
  return (
    <form className='form narrow card pay-account-form' onSubmit={submit} noValidate aria-labelledby='pay-accounts-form'>
      <h2 id='pay-accounts-form'>{t('payAccounts.add')}</h2>
      <p className='hint'>{t('payAccounts.formIntro')}</p>
      <SelectField
        label={t('payAccounts.provider')}
        value={form.provider}
        onValue={(v) => form.set('provider', v)}
        options={accounts.providers.map((p) => ({ value: p.Provider, label: accounts.providerName(p.Provider) }))}
        error={form.errors.provider}
      />
      {accounts.isSandbox ? (
        <p className='status status-warning' role='note'>
          {t('payAccounts.sandboxWarning')}
        </p>
      ) : null}
      <Field label={t('payAccounts.accountName')} value={form.accountName} onValue={(v) => form.set('accountName', v)} error={form.errors.accountName} autoComplete='off' />
      <Field label={t('payAccounts.accountNo')} hint={t('payAccounts.accountNoHint')} value={form.accountNo} onValue={(v) => form.set('accountNo', v)} error={form.errors.accountNo} autoComplete='off' />
      <Check label={t('payAccounts.enable')} checked={form.enabled} onChecked={(on) => form.setFlag('enabled', on)} />
      <Check label={t('payAccounts.makeDefault')} checked={form.makeDefault} onChecked={(on) => form.setFlag('makeDefault', on)} />
      <Field label={t('field.reason')} value={form.reason} onValue={(v) => form.set('reason', v)} hint={t('staff.reasonHint')} autoComplete='off' />
      <div className='actions'>
        <button type='submit' className='button button-primary' disabled={accounts.busy}>
          {accounts.busy ? t('common.working') : t('payAccounts.save')}
        </button>
      </div>
    </form>
  )
})
