/** /console/#/setup?token=…: the owner's account and the enterprise, from the one-time setup link. */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { LOCALES } from '../../gateway/contract'
import { pickText } from '../../i18n/text'
import { HTML_LANG, LANGUAGE_NAMES } from '../i18n'
import { AREAS, type AreaCode } from '../stores/forms'
import { CURRENCIES, TIME_ZONES } from '../stores/setup-store'
import { useConsole } from './console-context'
import { Alert, Check, Field, PageHeading, SelectField } from './controls'

export const SetupPage = observer(function SetupPage() {
  const store = useConsole()
  const setup = store.setup
  const { t } = store
  const token = store.route.query.token ?? ''
  useEffect(() => {
    void setup.check(token)
  }, [setup, token])

  if (setup.status === 'idle' || setup.status === 'checking') {
    return (
      <>
        <PageHeading>{t('setup.title')}</PageHeading>
        <p role='status'>{t('setup.checking')}</p>
      </>
    )
  }
  if (setup.status === 'missing' || setup.status === 'invalid' || setup.status === 'failed') {
    return (
      <>
        <PageHeading focusKey={setup.status}>{t(setup.status === 'failed' ? 'setup.title' : 'setup.invalid.title')}</PageHeading>
        {setup.status === 'failed' ? (
          <>
            <Alert message={setup.error} />
            <button type='button' className='button' onClick={() => void setup.check(token)}>
              {t('common.retry')}
            </button>
          </>
        ) : (
          <div role='alert' className='alert'>
            <p>{t(setup.status === 'missing' ? 'setup.missingToken' : 'setup.invalid.body')}</p>
          </div>
        )}
        <p>
          <a href='#/sign-in'>{t('setup.toSignIn')}</a>
        </p>
      </>
    )
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    void setup.submit()
  }
  return (
    <>
      <PageHeading>{setup.existingEntId ? t('setup.ownerTitle') : t('setup.title')}</PageHeading>
      <p className='lead'>{setup.existingEntId ? t('setup.ownerIntro', { name: pickText(setup.existingNames ?? undefined, store.locale, setup.existingEntId) }) : t('setup.intro')}</p>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={setup.error || (setup.errorList.length ? t('error.checkFields') : '')} list={setup.errorList} />
        <fieldset>
          <legend>{t('setup.owner')}</legend>
          <Field label={t('setup.ownerName')} value={setup.ownerName} onValue={(v) => setup.set('ownerName', v)} error={setup.errors.ownerName} autoComplete='name' required />
          <div className='field-row'>
            <SelectField
              label={t('field.areaCode')}
              value={setup.areaCode}
              onValue={(v) => setup.setArea(v as AreaCode)}
              options={AREAS.map((a) => ({ value: a.code, label: t(a.label) }))}
            />
            <Field label={t('field.phone')} value={setup.phone} onValue={(v) => setup.set('phone', v)} error={setup.errors.phone} type='tel' inputMode='numeric' autoComplete='tel-national' required />
          </div>
          <Field
            label={t('field.password')}
            hint={t('field.passwordHint', { min: 8 })}
            value={setup.password}
            onValue={(v) => setup.set('password', v)}
            error={setup.errors.password}
            type='password'
            autoComplete='new-password'
            required
          />
          <Field label={t('field.passwordAgain')} value={setup.password2} onValue={(v) => setup.set('password2', v)} error={setup.errors.password2} type='password' autoComplete='new-password' required />
        </fieldset>
        {setup.existingEntId ? null : (
        <>
        <fieldset aria-describedby={setup.errors.entNames ? 'ent-names-error' : 'ent-names-hint'}>
          <legend>{t('setup.enterprise')}</legend>
          <p id='ent-names-hint' className='hint'>
            {t('setup.entNamesHint')}
          </p>
          {LOCALES.map((l) => (
            <Field key={l} label={t(`setup.entName.${l}`)} value={setup.entNames[l]} onValue={(v) => setup.setEntName(l, v)} lang={HTML_LANG[l]} aria-invalid={setup.errors.entNames ? true : undefined} />
          ))}
          {setup.errors.entNames ? (
            <p id='ent-names-error' className='field-error'>
              {setup.errors.entNames}
            </p>
          ) : null}
          <div className='field-row'>
            <SelectField label={t('setup.currency')} value={setup.currency} onValue={(v) => setup.setCurrency(v)} options={CURRENCIES.map((c) => ({ value: c.value, label: t(c.label) }))} />
            <SelectField label={t('setup.timeZone')} value={setup.timeZone} onValue={(v) => setup.setTimeZone(v)} options={TIME_ZONES.map((z) => ({ value: z.value, label: t(z.label) }))} />
          </div>
        </fieldset>
        <fieldset aria-describedby={setup.errors.languages ? 'languages-error' : undefined}>
          <legend>{t('setup.languages')}</legend>
          <div className='checks'>
            {LOCALES.map((l) => (
              <Check key={l} label={LANGUAGE_NAMES[l]} lang={HTML_LANG[l]} checked={setup.languages.includes(l)} onChecked={(on) => setup.toggleLanguage(l, on)} />
            ))}
          </div>
          {setup.errors.languages ? (
            <p id='languages-error' className='field-error'>
              {setup.errors.languages}
            </p>
          ) : null}
          {setup.languages.length > 1 ? (
            <SelectField
              label={t('setup.defaultLanguage')}
              value={setup.defaultLanguage}
              onValue={(v) => setup.setDefaultLanguage(v as typeof setup.defaultLanguage)}
              options={setup.languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: HTML_LANG[l] }))}
            />
          ) : null}
        </fieldset>
        </>
        )}
        <div className='actions'>
          <button type='submit' className='button button-primary' disabled={setup.submitting}>
            {setup.submitting ? t('common.working') : t('setup.submit')}
          </button>
        </div>
      </form>
    </>
  )
})
