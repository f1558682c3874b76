/** My account: who is signed in, and their own password and PIN. */
import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { LANGUAGE_NAMES } from '../i18n'
import { useConsole } from './console-context'
import { Alert, Field, PageHeading, Status } from './controls'

export const AccountPage = observer(function AccountPage() {
  const store = useConsole()
  const a = store.account
  const { t } = store
  const me = store.me
  if (!me) return null
  const savePassword = (e: FormEvent) => {
    e.preventDefault()
    void a.savePassword()
  }
  const savePin = (e: FormEvent) => {
    e.preventDefault()
    void a.savePin()
  }
  return (
    <>
      <PageHeading>{t('account.title')}</PageHeading>
      <dl className='facts'>
        <div>
          <dt>{t('field.name')}</dt>
          <dd>{me.Name}</dd>
        </div>
        <div>
          <dt>{t('account.role')}</dt>
          <dd>{t(`role.${store.role ?? 'cashier'}`)}</dd>
        </div>
        {me.DeviceName ? (
          <div>
            <dt>{t('account.device')}</dt>
            <dd>{me.DeviceName}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('account.language')}</dt>
          <dd>{LANGUAGE_NAMES[store.locale]}</dd>
        </div>
      </dl>
      <p className='hint'>{t('account.languageHint')}</p>
      <div className='cards'>
        <form className='form card' onSubmit={savePassword} noValidate aria-labelledby='password-title'>
          <h2 id='password-title'>{t('account.passwordTitle')}</h2>
          <Alert message={a.passwordError} />
          <Status message={a.passwordSaved ? t('account.passwordSaved') : ''} />
          <Field label={t('field.currentPassword')} hint={t('account.currentPasswordHint')} value={a.currentPassword} onValue={(v) => a.setPasswordField('currentPassword', v)} error={a.passwordErrors.currentPassword} type='password' autoComplete='current-password' />
          <Field label={t('field.newPassword')} hint={t('field.passwordHint', { min: 8 })} value={a.newPassword} onValue={(v) => a.setPasswordField('newPassword', v)} error={a.passwordErrors.newPassword} type='password' autoComplete='new-password' />
          <Field label={t('field.newPasswordAgain')} value={a.newPassword2} onValue={(v) => a.setPasswordField('newPassword2', v)} error={a.passwordErrors.newPassword2} type='password' autoComplete='new-password' />
          <div className='actions'>
            <button type='submit' className='button button-primary' disabled={a.saving !== ''}>
              {a.saving === 'password' ? t('common.working') : t('account.savePassword')}
            </button>
          </div>
        </form>
        <form className='form card' onSubmit={savePin} noValidate aria-labelledby='pin-title'>
          <h2 id='pin-title'>{t('account.pinTitle')}</h2>
          <p className='hint'>{t('account.pinHint')}</p>
          <Alert message={a.pinError} />
          <Status message={a.pinSaved ? t('account.pinSaved') : ''} />
          <Field label={t('field.newPin')} value={a.newPin} onValue={(v) => a.setPinField('newPin', v)} error={a.pinErrors.newPin} type='password' inputMode='numeric' autoComplete='off' maxLength={6} />
          <Field label={t('field.newPinAgain')} value={a.newPin2} onValue={(v) => a.setPinField('newPin2', v)} error={a.pinErrors.newPin2} type='password' inputMode='numeric' autoComplete='off' maxLength={6} />
          <div className='actions'>
            <button type='submit' className='button button-primary' disabled={a.saving !== ''}>
              {a.saving === 'pin' ? t('common.working') : t('account.savePin')}
            </button>
          </div>
        </form>
      </div>
    </>
  )
})
