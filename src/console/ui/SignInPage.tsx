/** Sign in: phone and password, or phone and an SMS code (owners and managers). */
import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { AREAS, type AreaCode } from '../stores/forms'
import type { SignInMethod } from '../stores/sign-in-store'
import { useConsole } from './console-context'
import { Alert, Field, PageHeading, SelectField, Status } from './controls'

export const SignInPage = observer(function SignInPage() {
  const store = useConsole()
  const s = store.signIn
  const { t } = store
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void (s.method === 'password' ? s.passwordLogin() : s.smsLogin())
  }
  const method = (m: SignInMethod, label: string) => (
    <button type='button' className={s.method === m ? 'segment segment-on' : 'segment'} aria-pressed={s.method === m} onClick={() => s.setMethod(m)}>
      {label}
    </button>
  )
  return (
    <div className='narrow'>
      <PageHeading>{t('signIn.title')}</PageHeading>
      <p className='lead'>{t('signIn.intro')}</p>
      <div className='segments' role='group' aria-label={t('signIn.methods')}>
        {method('password', t('signIn.byPassword'))}
        {method('sms', t('signIn.bySms'))}
      </div>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={s.error} />
        <div className='field-row'>
          <SelectField label={t('field.areaCode')} value={s.areaCode} onValue={(v) => s.setArea(v as AreaCode)} options={AREAS.map((a) => ({ value: a.code, label: t(a.label) }))} />
          <Field label={t('field.phone')} value={s.phone} onValue={(v) => s.set('phone', v)} error={s.errors.phone} type='tel' inputMode='numeric' autoComplete='tel-national' required />
        </div>
        {s.method === 'password' ? (
          <Field label={t('field.password')} value={s.password} onValue={(v) => s.set('password', v)} error={s.errors.password} type='password' autoComplete='current-password' required />
        ) : (
          <>
            <div className='actions'>
              <button type='button' className='button' onClick={() => void s.sendCode()} disabled={s.sending || s.countdown > 0}>
                {s.countdown > 0 ? t('signIn.resendIn', { s: s.countdown }) : s.sentTo ? t('signIn.sendAgain') : t('signIn.sendCode')}
              </button>
            </div>
            <Status message={s.sentTo ? t('signIn.codeSent', { phone: s.sentTo }) : ''} />
            <Field label={t('field.code')} value={s.code} onValue={(v) => s.set('code', v)} error={s.errors.code} inputMode='numeric' autoComplete='one-time-code' required />
          </>
        )}
        <div className='actions'>
          <button type='submit' className='button button-primary' disabled={s.submitting}>
            {s.submitting ? t('common.working') : t('signIn.submit')}
          </button>
        </div>
      </form>
      {store.device ? (
        <p>
          <a href='#/pin'>{t('signIn.usePinPad', { name: store.device.name })}</a>
        </p>
      ) : (
        <p className='hint'>{t('signIn.deviceHint')}</p>
      )}
    </div>
  )
})
