/** A paired device's PIN pad: choose yourself, type your PIN on the big keys or the keyboard. */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { PIN_MAX_DIGITS } from '../stores/pin-pad-store'
import { useConsole } from './console-context'
import { Alert, PageHeading } from './controls'
import { formatTime } from './format'

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9']

export const PinPadPage = observer(function PinPadPage() {
  const store = useConsole()
  const pad = store.pinPad
  const { t } = store
  useEffect(() => {
    void pad.load()
  }, [pad])
  // A keyboard types the PIN wherever focus is (the field itself handles its own keys). The field is
  // not focused by itself: on a tablet that would cover the keypad with the on-screen keyboard.
  useEffect(() => {
    if (!pad.chosenId) return
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null
      if (e.altKey || e.ctrlKey || e.metaKey || (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))) return
      if (/^\d$/.test(e.key)) pad.press(e.key)
      else if (e.key === 'Backspace') pad.backspace()
      else if (e.key === 'Enter' && target?.tagName !== 'BUTTON' && target?.tagName !== 'A') void pad.submit()
      else return
      e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [pad, pad.chosenId])
  const device = store.device
  const locked = pad.lockedUntil
  const chosen = pad.chosen
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void pad.submit()
  }
  return (
    <div className='pin-page'>
      <PageHeading focusKey={chosen ? chosen.StaffID : 'people'}>{chosen ? t('pin.enter', { name: chosen.Name }) : t('pin.title')}</PageHeading>
      {device ? <p className='lead'>{t('pin.device', { name: pad.device?.Name ?? device.name, kind: t(`kind.${pad.device?.Kind ?? device.kind}`) })}</p> : null}
      {locked ? (
        <div role='alert' className='alert'>
          <p>{t('pin.locked', { time: formatTime(locked, store.locale) })}</p>
        </div>
      ) : null}
      {!chosen ? (
        <>
          {pad.loading && !pad.loaded ? <p role='status'>{t('common.loading')}</p> : null}
          <Alert message={pad.error} />
          {pad.loaded && pad.people.length === 0 ? <p>{t('pin.nobody')}</p> : null}
          {pad.people.length ? (
            <ul className='people' aria-label={t('pin.choose')}>
              {pad.people.map((p) => (
                <li key={p.StaffID}>
                  <button type='button' className='person' onClick={() => pad.choose(p.StaffID)}>
                    <span className='person-name'>{p.Name}</span>
                    <span className='person-role'>{t(`role.${p.Role}`)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <form className='pin-form' onSubmit={submit} noValidate>
          {/* While locked, the lock's own words above say it (the server's repeat would say it twice). */}
          <Alert message={locked ? '' : pad.error} />
          <div className='field'>
            <label htmlFor='pin-input'>{t('field.pin')}</label>
            <input
              id='pin-input'
              className='pin-input'
              type='password'
              inputMode='numeric'
              autoComplete='off'
              maxLength={PIN_MAX_DIGITS}
              value={pad.pin}
              disabled={Boolean(locked)}
              onChange={(e) => pad.setPin(e.target.value)}
              aria-describedby='pin-count'
            />
            <p id='pin-count' className='hint' aria-live='polite'>
              {t('pin.digits', { n: pad.pin.length })}
            </p>
          </div>
          <div className='keypad'>
            {KEYS.map((k) => (
              <button key={k} type='button' className='key' onClick={() => pad.press(k)} disabled={Boolean(locked)}>
                {k}
              </button>
            ))}
            <button type='button' className='key key-small' onClick={() => pad.clear()} disabled={Boolean(locked)}>
              {t('pin.key.clear')}
            </button>
            <button type='button' className='key' onClick={() => pad.press('0')} disabled={Boolean(locked)}>
              0
            </button>
            <button type='button' className='key key-small' onClick={() => pad.backspace()} disabled={Boolean(locked)} aria-label={t('pin.key.back')}>
              ⌫
            </button>
          </div>
          <div className='actions'>
            <button type='submit' className='button button-primary' disabled={!pad.canSubmit}>
              {pad.submitting ? t('common.working') : t('pin.submit')}
            </button>
            <button type='button' className='button' onClick={() => pad.unchoose()}>
              {t('pin.otherPerson')}
            </button>
          </div>
        </form>
      )}
      <p className='pin-manager'>
        <a href='#/sign-in'>{t('pin.managerSignIn')}</a>
      </p>
    </div>
  )
})
