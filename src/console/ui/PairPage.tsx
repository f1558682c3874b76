/** "Pair this device": a manager makes this browser a shared counter or kitchen device. */
import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { useConsole } from './console-context'
import { Alert, Check, Field, PageHeading, SelectField } from './controls'

export const PairPage = observer(function PairPage() {
  const store = useConsole()
  const pair = store.pair
  const { t } = store
  if (store.device) {
    return (
      <>
        <PageHeading>{t('pair.title')}</PageHeading>
        <p>{t('pair.already', { name: store.device.name })}</p>
        <p>
          <a href='#/devices'>{t('nav.devices')}</a>
        </p>
      </>
    )
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void pair.submit()
  }
  const options = pair.options
  return (
    <div className='narrow'>
      <PageHeading>{t('pair.title')}</PageHeading>
      <p className='lead'>{t('pair.intro')}</p>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={pair.error} />
        <Field label={t('pair.name')} hint={t('pair.nameHint')} value={pair.name} onValue={(v) => pair.setName(v)} error={pair.nameError} required autoComplete='off' />
        <fieldset>
          <legend>{t('pair.kind')}</legend>
          <div className='checks'>
            {pair.kinds.map((k) => (
              <Check key={k} type='radio' name='device-kind' label={t(`kind.${k}`)} checked={pair.kind === k} onChecked={(on) => on && pair.setKind(k)} />
            ))}
          </div>
        </fieldset>
        {options.length ? (
          <SelectField label={t('pair.where')} value={pair.selected?.value ?? ''} onValue={(v) => pair.setPlace(v)} options={options} error={pair.placeError} />
        ) : (
          <Alert message={t('pair.noPlace')} />
        )}
        <div className='actions'>
          <button type='submit' className='button button-primary' disabled={pair.submitting || options.length === 0}>
            {pair.submitting ? t('common.working') : t('pair.submit')}
          </button>
          <a className='button' href='#/devices'>
            {t('common.cancel')}
          </a>
        </div>
      </form>
    </div>
  )
})
